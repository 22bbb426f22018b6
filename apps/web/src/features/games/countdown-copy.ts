/**
 * The words of the countdown, which every page's header carries (kept apart from the rest of the
 * feature's copy so that the first script stays small).
 */
export const countdownCopy = {
  /** Read after a countdown's label, for its hh:mm:ss. */
  timerUnits: '(hours, minutes, seconds)',
  goToGame: 'Go to Game',
} as const;
