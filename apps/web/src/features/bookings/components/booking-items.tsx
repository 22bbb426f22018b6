import { formatUsd, GAME_PACK_CARD_PRICE_CENTS } from '@questfield/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { bookingsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';
import { Art } from '@/components/ui/art';
import gamePackArt from '@/assets/art/game-pack.svg';
import mazeArt from '@/assets/art/maze.svg';
import { BOOK_SESSION_HASH, paths } from '@/config/paths';
import { onDemand } from '@/lib/on-demand';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';
import { typeScale } from '@/components/ui/type-scale';
import { isFreshIntent } from '@/utils/intent-freshness';

/** The modal, Radix and the date picker load when 'Join' is first pressed (or hovered). */
const BookingDialog = onDemand(() => import('./booking-dialog'));

/** The items of the booking section (spec §2): id 1 books, the others tell more. */
const ITEMS = [
  {
    id: 1,
    title: bookingsCopy.multiplayerTitle,
    price: bookingsCopy.multiplayerPrice,
    description: bookingsCopy.multiplayerDescription,
    art: mazeArt,
    backdrop:
      'bg-[radial-gradient(24rem_12rem_at_80%_0%,rgb(247_181_56/0.35),transparent_70%),radial-gradient(20rem_14rem_at_0%_100%,rgb(67_97_238/0.45),transparent_70%),linear-gradient(135deg,#121b30,#0a0f1c)]',
  },
  {
    id: 2,
    title: bookingsCopy.gamePackTitle,
    price: formatUsd(GAME_PACK_CARD_PRICE_CENTS),
    description: bookingsCopy.gamePackDescription,
    art: gamePackArt,
    backdrop:
      'bg-[radial-gradient(24rem_12rem_at_20%_0%,rgb(67_97_238/0.4),transparent_70%),radial-gradient(20rem_14rem_at_100%_100%,rgb(247_181_56/0.3),transparent_70%),linear-gradient(135deg,#0a0f1c,#121b30)]',
  },
] as const;

/**
 * The item cards of the booking section (spec §2): image, title, price, a description of at
 * most 3 lines, and 'Join' for item 1 (the booking modal) or 'Learn More' (/promo). A visitor's
 * 'Join' opens sign-in first; once signed in (within 5 minutes), the modal opens. Focus returns
 * to 'Join' when the modal closes, except after 'Buy Credits' (`onBuyCredits` places it).
 */
export function BookingItems({
  signedIn,
  userId,
  credits,
  onBuyCredits,
}: {
  /** The route's view of the session: a signed-in player, or the cached copy while it loads. */
  signedIn: boolean;
  /** The player (their waitlist places), null for a visitor. */
  userId: string | null;
  /** The player's balance (the session's). */
  credits: number;
  /** After 'Buy Credits' has closed the modal: the page shows (and focuses) its credit packs. */
  onBuyCredits: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Counts the openings (0 until the first): a fresh modal, today's slots, each time.
  const [opened, setOpened] = useState(0);
  const [statusChanges, setStatusChanges] = useState(0);
  const joinRef = useRef<HTMLButtonElement>(null);
  // A visitor's 'Join' (the booking intent), kept in memory while they sign in: sign-in is a
  // dialog of this page. It lasts as long as a purchase intent does.
  const joinIntentAt = useRef<number | null>(null);
  const buyingCredits = useRef(false);
  const { hash } = useLocation();
  const navigate = useNavigate();

  const openModal = () => {
    buyingCredits.current = false;
    setOpened((count) => count + 1);
    setOpen(true);
  };

  useEffect(() => {
    const onStatusChanged = () => setStatusChanges((count) => count + 1);
    window.addEventListener(WINDOW_EVENTS.loginStatusChanged, onStatusChanged);
    return () => window.removeEventListener(WINDOW_EVENTS.loginStatusChanged, onStatusChanged);
  }, []);

  // After a sign-in (the event, then the session the route reads), a fresh 'Join' resumes.
  useEffect(() => {
    if (statusChanges === 0 || !signedIn || joinIntentAt.current === null) return;
    const fresh = isFreshIntent(joinIntentAt.current);
    joinIntentAt.current = null;
    if (fresh) {
      // The modal's focus returns to 'Join' on close, as if it had been pressed now.
      joinRef.current?.focus();
      openModal();
    }
  }, [statusChanges, signedIn]);

  // A "Book a session" link (bookSessionLink) opens the modal as 'Join' would, once: the hash
  // is dropped first, so going back or reloading does not open it again. The focus goes to
  // 'Join' so that the modal gives it back there on close.
  useEffect(() => {
    if (hash !== BOOK_SESSION_HASH || !signedIn) return;
    joinRef.current?.focus();
    void Promise.resolve(navigate({ hash: '' }, { replace: true })).then(openModal);
  }, [hash, signedIn, navigate]);

  const preload = () => {
    if (signedIn) BookingDialog.preload();
  };

  return (
    <>
      <ul aria-label={bookingsCopy.itemsLabel} className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6">
        {ITEMS.map((item) => (
          <li
            key={item.id}
            className="flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-850/80 shadow-xl shadow-black/20"
          >
            <div
              aria-hidden="true"
              className={`relative flex h-36 items-center justify-center overflow-hidden sm:h-44 ${item.backdrop}`}
            >
              <Art src={item.art} className="relative h-full w-auto" />
            </div>
            <div className="flex flex-1 flex-col p-5 sm:p-6">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h3 className={typeScale.card}>{item.title}</h3>
                <p className="text-lg font-bold text-accent-300 tabular-nums">{item.price}</p>
              </div>
              <p className="mt-3 line-clamp-3 text-mist-300">{item.description}</p>
              <div className="mt-auto pt-5">
                {item.id === 1 ? (
                  <button
                    ref={joinRef}
                    type="button"
                    aria-haspopup="dialog"
                    aria-label={bookingsCopy.joinLabel}
                    className={buttonStyles({ size: 'lg', className: 'w-full sm:w-auto sm:px-10' })}
                    onPointerEnter={preload}
                    onFocus={preload}
                    onClick={() => {
                      if (signedIn) {
                        openModal();
                        return;
                      }
                      joinIntentAt.current = Date.now();
                      dispatchWindowEvent(WINDOW_EVENTS.openSignIn);
                    }}
                  >
                    {bookingsCopy.join}
                  </button>
                ) : (
                  <Link
                    to={paths.promo.path}
                    aria-label={bookingsCopy.learnMoreLabel}
                    className={buttonStyles({
                      variant: 'secondary',
                      size: 'lg',
                      className: 'w-full sm:w-auto',
                    })}
                  >
                    {bookingsCopy.learnMore}
                    <ArrowRightIcon />
                  </Link>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {opened > 0 ? (
        <BookingDialog
          key={opened}
          open={open}
          onOpenChange={setOpen}
          userId={userId}
          credits={credits}
          onBuyCredits={() => {
            buyingCredits.current = true;
            setOpen(false);
          }}
          onClosed={() => {
            if (buyingCredits.current) {
              buyingCredits.current = false;
              onBuyCredits();
            } else {
              joinRef.current?.focus();
            }
          }}
        />
      ) : null}
    </>
  );
}
