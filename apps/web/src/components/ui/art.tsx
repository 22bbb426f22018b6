import { cn } from '@/utils/cn';

/**
 * A decorative illustration from `assets/art` (ADR 0017): a cached file of its own, never
 * inlined into the scripts; `alt=""` because the text beside it says the same; width and
 * height set (every piece is drawn in a 480×360 frame) so nothing shifts while it loads.
 * Lazy unless it is at the top of the page.
 */
export function Art({
  src,
  className,
  eager = false,
}: {
  src: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src}
      alt=""
      width={480}
      height={360}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('h-auto', className)}
    />
  );
}
