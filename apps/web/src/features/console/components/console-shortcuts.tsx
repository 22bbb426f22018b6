import { Fragment, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { frameCopy } from '../copy/frame';
import { useShortcuts, type Shortcuts } from '../hooks/use-shortcuts';
import type { ConsoleNavItem } from './console-nav';
import { MAIN_CONTENT_ID } from '@/components/layout/app-layout';
import { DialogShell } from '@/components/ui/dialog';
import { consolePaths } from '@/config/paths';

/** The search field of the screen shown (the players' search), if it has one. */
const screenSearch = () =>
  document.querySelector<HTMLInputElement>(`#${MAIN_CONTENT_ID} [role="search"] input`);

/** What the dialog lists, as the keys to press and what they do. */
function shortcutList(items: readonly ConsoleNavItem[]): [keys: string[], does: string][] {
  return [
    ...items.map((item): [string[], string] => [['g', item.key], frameCopy.goTo(item.label)]),
    [['['], frameCopy.previousDay],
    [[']'], frameCopy.nextDay],
    [['/'], frameCopy.focusSearch],
    [['?'], frameCopy.openHelp],
  ];
}

const kbdClass =
  'inline-flex min-w-7 justify-center rounded-md border border-white/20 bg-white/5 px-1.5 py-0.5 font-mono text-sm text-white';

/**
 * The console's keyboard shortcuts for the day's moves: `g` and a screen's key goes there, `/`
 * to the players' search, `?` opens the dialog that lists them (`[` and `]` step the venue day,
 * on that screen). The venue day's own are that screen's (useShortcuts).
 */
export function ConsoleShortcuts({
  items,
  helpOpen,
  onHelpOpenChange,
}: {
  items: readonly ConsoleNavItem[];
  helpOpen: boolean;
  onHelpOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // After `/` away from a screen with a search: the players' search, once its screen shows.
  const searchNext = useRef(false);
  useEffect(() => {
    if (!searchNext.current) return;
    searchNext.current = false;
    screenSearch()?.focus();
  }, [pathname]);

  const shortcuts: Shortcuts = {
    ...Object.fromEntries(
      items.map((item) => [`g ${item.key}`, () => void navigate(consolePaths[item.screen])]),
    ),
    '/': () => {
      const field = screenSearch();
      if (field) return field.focus();
      searchNext.current = true;
      void navigate(consolePaths.players);
    },
    '?': () => onHelpOpenChange(true),
  };
  useShortcuts(shortcuts);

  return (
    <DialogShell
      open={helpOpen}
      onOpenChange={onHelpOpenChange}
      title={frameCopy.shortcutsTitle}
      description={frameCopy.shortcutsIntro}
      closeLabel={frameCopy.shortcutsClose}
    >
      <dl className="mt-5 grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm">
        {shortcutList(items).map(([keys, does]) => (
          <Fragment key={does}>
            <dt className="whitespace-nowrap text-mist-300">
              {keys.map((key, index) => (
                <Fragment key={key}>
                  {index > 0 ? ` ${frameCopy.then} ` : null}
                  <kbd className={kbdClass}>{key}</kbd>
                </Fragment>
              ))}
            </dt>
            <dd className="text-mist-100">{does}</dd>
          </Fragment>
        ))}
      </dl>
    </DialogShell>
  );
}
