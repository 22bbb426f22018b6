import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/**
 * A box that scrolls when its content is long (a mail's text, a list of players): the keyboard
 * can reach it to scroll it (axe's scrollable-region-focusable), and it is named for whoever
 * lands there. The height limit comes in `className` (e.g. max-h-48).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('overflow-y-auto rounded-md focus-visible:outline-2', className)}
    >
      {children}
    </div>
  );
}
