/** Copy of this feature; the spec's own texts come from the contract's MESSAGES. */
export const soundtrackCopy = {
  intro: 'Every Game Pack comes with seven digital music soundtracks to keep the quest going.',
} as const;
