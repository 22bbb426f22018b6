import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageTitle, paths } from '@/config/paths';
import { UnsubscribeReminders } from '@/features/accounts/components/unsubscribe-reminders';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A reminder mail's unsubscribe link (ADR 0033): one button that turns game reminders off. */
export default function UnsubscribeRoute() {
  useDocumentTitle(pageTitle(paths.unsubscribe.label));
  return (
    <>
      <PageHeader title={paths.unsubscribe.label} />
      <PageContainer className="py-10 sm:py-14">
        <UnsubscribeReminders />
      </PageContainer>
    </>
  );
}
