/** User-facing texts of the spec (§2, §4, §5, §8) that are not API error bodies. */
export const MESSAGES = {
  notFoundHeading: "This doesn't look right... ",
  notFoundText: 'This page was moved or does not exist.',
  comingSoonHeading: 'COMING SOON... ',
  comingSoonText: 'This feature is on its way soon!',
  soundtrackHeading: 'MY SOUNDTRACKS',
  soundtrackEmpty: 'Your collection of soundtracks will appear here.',
  storeEventsEmpty: 'More events coming soon',
  storeMerchEmpty: 'Merchandise coming soon',
  videoPageFailed: 'Sorry... This video failed to load or does not exist anymore.',
  videoLoadError: 'Error loading video',
  videoPlayError: 'Error playing video',
  communityPageFailed: 'This page failed to load.',
  multiplayerDisabled: 'Multiplayer is temporarily disabled. Check back later for updates.',
  experienceStartsIn: 'Experience starts in',
  copyright: '© 2025 | All Rights Reserved',
  /** At the top of every page of a staging site (UNSAFE_STAGING_TEST_PAYMENTS). */
  testSiteNotice:
    'Test site: payments take test cards only and nothing bought here is real. Do not enter a real card.',

  recoveryRequested: 'If the email exists in our system, you will receive a recovery code shortly.',
  recoveryCodeSent: (email: string) => `Recovery code sent to ${email}`,
  passwordUpdated: 'Password updated successfully',
  loggedOut: 'You have been logged out.',
  accountDeleted: 'Your account has been deleted.',
  settingsUpdated: 'Successfully updated information.',
  /** Game reminders turned off by a reminder mail's unsubscribe link (ADR 0033). */
  remindersUnsubscribed:
    'You will no longer get game reminder emails. You can turn them back on in Account Settings.',
  eventRegistered: (time: string) => `Event registered at ${time}`,
  creditPackPaid: (credits: number) =>
    `Payment successful! ${credits} credits have been added to your account. You will receive a confirmation email shortly.`,
  itemPaid:
    'Payment successful! Your purchase has been completed. You will receive a confirmation email shortly.',
  paymentFailedPrefix: 'Payment failed. ',
  /** The quick buy of /promo: 'Play Now for $17.99'. */
  playNowFor: (price: string) => `Play Now for ${price}`,
  preorderNow: 'Pre-order now',

  // Client-side validation (spec §5; min length per product.md)
  enterNewPassword: 'Please enter a new password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  enterEmail: 'Please enter your email address.',
  enterRecoveryCode: 'Please enter your recovery code.',
  dateInputNotValid: 'Date input not valid.',
} as const;
