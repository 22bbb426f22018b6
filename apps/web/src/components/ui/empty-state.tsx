import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

export function EmptyState({
  icon,
  children,
  className,
}: {
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-4 rounded-2xl border border-white/10 bg-ink-850/70 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-white/5 text-accent-300 ring-1 ring-white/10 [&>svg]:size-7">
        {icon}
      </span>
      <p className="max-w-sm text-base text-mist-300">{children}</p>
    </div>
  );
}
