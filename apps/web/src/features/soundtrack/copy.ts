import { GAME_PACK_SOUNDTRACK_COUNT } from '@questfield/contract';

/** Copy of this feature; the spec's own texts come from the contract's MESSAGES. */
export const soundtrackCopy = {
  intro: 'Every Game Pack comes with seven digital music soundtracks to keep the quest going.',
  ownedHeading: 'Game Pack soundtracks',
  ownedIntro: `The ${GAME_PACK_SOUNDTRACK_COUNT} soundtracks that came with your Game Pack.`,
  trackNumber: (number: number) => `Track ${number}`,
  loading: 'Loading your soundtracks…',
  loadError: 'We could not load your soundtracks.',
  retry: 'Try again',
} as const;
