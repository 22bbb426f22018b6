import { NavLink } from 'react-router';
import type { AppPath } from '@/config/paths';
import { cn } from '@/utils/cn';

/**
 * Links of the header and the menu. NavLink marks the current page with aria-current="page";
 * Home matches only "/" itself.
 */
export function NavItems({
  items,
  layout,
  onNavigate,
}: {
  items: readonly AppPath[];
  layout: 'bar' | 'menu';
  onNavigate?: () => void;
}) {
  return (
    <ul
      className={cn(
        layout === 'bar' ? 'flex flex-wrap items-center gap-x-1 gap-y-1' : 'flex flex-col gap-1',
      )}
    >
      {items.map((item) => (
        <li key={item.path}>
          <NavLink
            to={item.path}
            end={item.path === '/'}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'relative block font-medium transition-colors',
                layout === 'bar'
                  ? 'rounded-full px-3 py-2 text-sm whitespace-nowrap'
                  : 'rounded-xl px-4 py-3 text-lg',
                !isActive && 'text-mist-300 hover:bg-white/10 hover:text-white',
                isActive && layout === 'bar' && 'bg-white/10 text-white',
                isActive && layout === 'menu' && 'bg-accent-400/10 text-accent-300',
              )
            }
          >
            {({ isActive }) => (
              <>
                {item.label}
                {isActive && layout === 'bar' ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-3 -bottom-px h-0.5 rounded-full bg-accent-400"
                  />
                ) : null}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
