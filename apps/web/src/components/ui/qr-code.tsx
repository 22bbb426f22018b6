import { create } from 'qrcode';
import { useMemo } from 'react';
import { cn } from '@/utils/cn';

/** Modules of white margin around the code, as scanners expect. */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code, drawn as one SVG path (no image URL, so the page's CSP needs nothing
 * more), black on white whatever the theme, since scanners read dark modules on light. An image
 * named `label`: the console's two-factor key, a party's invite link. `className` sizes it.
 */
export function QrCode({
  text,
  label,
  className = 'size-52',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const { size, path } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const cells: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) {
          cells.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
        }
      }
    }
    return { size: modules.size + 2 * QUIET_ZONE, path: cells.join('') };
  }, [text]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cn('shrink-0 rounded-lg bg-white', className)}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
