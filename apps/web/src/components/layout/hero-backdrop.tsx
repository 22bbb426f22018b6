import { useId } from 'react';
import { cn } from '@/utils/cn';

/**
 * The one background treatment of the site, behind the top of every page (heroes, page
 * headers, the statement pages): two glows and the maze pattern, fading into the page. Drawn
 * with gradients and an inline SVG so nothing is downloaded; dark enough everywhere that
 * text over it keeps AA contrast. Purely decorative: hidden from assistive technology and
 * from pointer events.
 */
export function HeroBackdrop({ className }: { className?: string }) {
  const patternId = `maze-${useId().replace(/:/g, '')}`;
  const fadeId = `${patternId}-fade`;
  const maskId = `${patternId}-mask`;

  return (
    <div
      aria-hidden="true"
      className={cn('pointer-events-none absolute inset-0 overflow-hidden', className)}
    >
      <div className="absolute inset-0 bg-[radial-gradient(60rem_32rem_at_75%_-10%,rgb(247_181_56/0.22),transparent_60%),radial-gradient(50rem_40rem_at_-10%_110%,rgb(67_97_238/0.28),transparent_60%),linear-gradient(180deg,#0a0f1c_0%,#05070d_100%)]" />
      <svg className="absolute inset-0 size-full opacity-40" xmlns="http://www.w3.org/2000/svg">
        <defs>
          <pattern id={patternId} width="56" height="56" patternUnits="userSpaceOnUse">
            <path
              d="M0 28h20v28M28 0v12h28M36 28h20M28 28v16h-8M44 40v16"
              fill="none"
              stroke="#3b4f7c"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
          </pattern>
          <radialGradient id={fadeId} cx="70%" cy="35%" r="65%">
            <stop offset="0" stopColor="#fff" stopOpacity="1" />
            <stop offset="1" stopColor="#fff" stopOpacity="0" />
          </radialGradient>
          <mask id={maskId}>
            <rect width="100%" height="100%" fill={`url(#${fadeId})`} />
          </mask>
        </defs>
        <rect width="100%" height="100%" fill={`url(#${patternId})`} mask={`url(#${maskId})`} />
      </svg>
      <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-ink-950" />
    </div>
  );
}
