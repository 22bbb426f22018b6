import type { ReactNode } from 'react';
import { HeroBackdrop } from './hero-backdrop';
import { PageContainer } from './page-container';
import { Art } from '@/components/ui/art';
import { typeScale } from '@/components/ui/type-scale';
import { cn } from '@/utils/cn';

/**
 * The band at the top of every dark-header page: the page's one h1 and an optional intro, on
 * the backdrop every page has, with the page's illustration beside them.
 */
export function PageHeader({
  title,
  eyebrow,
  art,
  children,
}: {
  title: string;
  eyebrow?: string;
  /** The page's illustration, beside the title from tablet width up (decorative). */
  art?: string;
  children?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden border-b border-white/5">
      <HeroBackdrop />
      <PageContainer className="relative flex items-center justify-between gap-10 py-14 sm:py-20">
        <div>
          {eyebrow ? <p className={cn('mb-3', typeScale.eyebrow)}>{eyebrow}</p> : null}
          <h1 className={typeScale.page}>{title}</h1>
          {children ? <div className="mt-4 max-w-2xl text-lg text-mist-300">{children}</div> : null}
        </div>
        {art ? (
          // Lazy: a phone, where it is hidden, never downloads it.
          <Art src={art} className="-my-10 hidden w-64 shrink-0 md:block lg:w-80" />
        ) : null}
      </PageContainer>
    </div>
  );
}
