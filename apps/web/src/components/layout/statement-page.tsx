import type { ReactNode } from 'react';
import { HeroBackdrop } from './hero-backdrop';
import { Art } from '@/components/ui/art';
import { PageContainer } from './page-container';
import { typeScale } from '@/components/ui/type-scale';
import { cn } from '@/utils/cn';

/**
 * A page that says one thing (not found, coming soon): the page's backdrop, the message on
 * the left and its illustration beside it, so the art never sits behind the text. On a
 * phone the art follows the message.
 */
export function StatementPage({
  eyebrow,
  title,
  text,
  action,
  art,
}: {
  eyebrow?: string;
  title: string;
  text: string;
  action?: ReactNode;
  /** The illustration's URL (decorative). */
  art: string;
}) {
  return (
    <div className="relative isolate flex flex-1 items-center overflow-hidden py-16 sm:py-24">
      <HeroBackdrop />
      <PageContainer className="relative grid items-center gap-10 md:grid-cols-2">
        <div>
          {eyebrow ? <p className={cn('mb-3', typeScale.eyebrow)}>{eyebrow}</p> : null}
          <h1 className={typeScale.page}>{title}</h1>
          <p className="mt-4 max-w-xl text-lg text-mist-100">{text}</p>
          {action ? <div className="mt-8">{action}</div> : null}
        </div>
        <Art src={art} eager className="mx-auto w-full max-w-xs md:max-w-md" />
      </PageContainer>
    </div>
  );
}
