import type { ReactNode } from 'react';
import { consoleCopy } from '../copy/console';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageTitle } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The console's page: its title and heading, then what the console shows now. */
export function ConsoleFrame({ children }: { children: ReactNode }) {
  useDocumentTitle(pageTitle(consoleCopy.title));
  return (
    <>
      <PageHeader title={consoleCopy.title} eyebrow={consoleCopy.eyebrow} />
      <PageContainer className="flex flex-col gap-6 py-10 sm:py-14">{children}</PageContainer>
    </>
  );
}
