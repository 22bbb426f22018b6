/**
 * Copy of the codes feature (the redeem modal on / and /experience-card); the spec's own texts
 * (every refusal, 'Redeem failed') come from the contract's ERRORS, and the success line is the
 * server's own message.
 */
export const codesCopy = {
  close: 'Close',
  // The redeem modal of the Purchase Credits section (spec §2, §5)
  redeemCode: 'Redeem Code',
  redeemTitle: 'Redeem Code',
  redeemDescription: 'Enter a promo or gift code to add its credits to your account.',
  codeLabel: 'Code',
  codeHint: 'Letters and numbers; spaces and dashes are optional.',
  redeem: 'Redeem',
  // /experience-card
  cardFormHeading: 'Enter your code',
  cardCodeLabel: 'Experience card or Game Pass code',
  // The dialog after a redeemed card (spec §5)
  gamePassRedeemedTitle: 'Game Pass Redeemed',
  joinGame: 'Join Game',
} as const;
