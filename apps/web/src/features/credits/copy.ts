import type { LedgerReason } from '@questfield/contract';

/** Copy of the credits feature (the dashboard's balance and credit history). */
export const creditsCopy = {
  yourCredits: 'Your Credits',
  creditsUnit: 'credits',
  joinSession: 'Join a Session',
  historyHeading: 'Credit history',
  historyEmpty: 'No credit activity yet. Credits you buy, redeem or spend will appear here.',
  historyError: 'We could not load your credit history.',
  loadMoreError: 'We could not load older entries. Please try again.',
  retry: 'Try again',
  loadMore: 'Load more',
  loading: 'Loading credit history…',
  balanceAfter: (balance: number) => `Balance ${balance}`,
  signedOutHeading: 'Sign in to see your credits',
  signedOutText: 'Your balance and every credit you buy, redeem or spend show here.',
  signIn: 'Sign In',
  order: (orderNumber: string) => `Order ${orderNumber}`,
  reasons: {
    purchase: 'Credits purchased',
    redeem: 'Code redeemed',
    book: 'Session booked',
    join: 'Session joined',
    refund: 'Refund',
    admin: 'Adjustment by Questfield',
    account_deleted: 'Forfeited with the deleted account',
    cancel: 'Seat cancelled',
  } satisfies Record<LedgerReason, string>,
} as const;
