import type { ReactNode } from 'react';
import { PageContainer } from './page-container';

/** The band at the top of every dark-header page: the page's one h1 and an optional intro. */
export function PageHeader({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden border-b border-white/5 bg-[radial-gradient(50rem_20rem_at_15%_0%,rgb(247_181_56/0.12),transparent_70%),linear-gradient(180deg,#0d1424,#05070d)]">
      <PageContainer className="py-14 sm:py-20">
        {eyebrow ? (
          <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-accent-300 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-mist-300">{children}</div> : null}
      </PageContainer>
    </div>
  );
}
