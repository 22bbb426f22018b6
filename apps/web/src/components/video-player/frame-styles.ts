/**
 * The player's frame, picture and controls bar, shared with the placeholder shown while the
 * player's code loads: the same box before and after, so nothing on the page moves.
 */
export const FRAME_CLASS =
  'flex w-full flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-950 shadow-2xl shadow-black/40';

export const PICTURE_CLASS = 'relative aspect-video w-full bg-black';

/** A fixed height: on a phone the progress bar's row (28 px) over the buttons' (48 px). */
export const CONTROLS_BAR_CLASS = 'h-19 shrink-0 sm:h-13';
