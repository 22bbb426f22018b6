/** Copy of /livestream (spec §2: the embedded live channel player). */
export const livestreamCopy = {
  heading: 'Live Streaming',
  intro: 'Watch Questfield sessions as they happen on the live channel player.',
  playerTitle: 'Live channel player',
  connecting: 'Connecting to the live channel…',
  offlineHeading: 'The live channel is not available right now',
  offlineText:
    'We could not reach the live channel player. Check your connection, or try again in a moment.',
  retry: 'Try again',
  openChannel: 'Open the channel in a new tab',
  watchPromo: 'Watch the Game Pack promo',
} as const;
