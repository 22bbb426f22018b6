import { placeholderCopy } from '@/config/content';
import { cn } from '@/utils/cn';
import { SparkIcon } from './icons';

/** Marks a place where a feature will appear, with one honest sentence about it. */
export function PlaceholderNotice({
  children,
  className,
}: {
  children: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-dashed border-accent-400/40 bg-accent-400/[0.06] p-5 sm:flex-row sm:items-center sm:gap-4 sm:p-6',
        className,
      )}
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-400/15 text-accent-300">
        <SparkIcon />
      </span>
      <div>
        <p className="text-xs font-semibold tracking-[0.18em] text-accent-300 uppercase">
          {placeholderCopy.badge}
        </p>
        <p className="mt-1 text-base text-mist-100">{children}</p>
      </div>
    </div>
  );
}
