import type { OrderStatus } from '@questfield/contract';

/** Copy of the payments feature; the spec's own texts come from the contract's MESSAGES. */
export const paymentsCopy = {
  /** Spec §2: 'Purchase n Credits'. */
  purchaseTitle: (label: string) => `Purchase ${label}`,
  /** Spec §2: 'Total: $price'. */
  total: (price: string) => `Total: ${price}`,
  pay: 'Pay',
  cancel: 'Cancel',
  close: 'Close',
  processing: 'Processing your payment…',
  /** After an attempt that got no clear answer: the next Pay sends the very same purchase. */
  retryHint:
    'No clear answer came back, so the payment may still go through. Press Pay to try again: the same purchase is sent, and you will not be charged twice.',
  successDismiss: 'Dismiss',

  cardFieldsLegend: 'Card details',
  cardNumberLabel: 'Card number',
  expiryLabel: 'Expiry date',
  expiryPlaceholder: 'MM/YY',
  cvvLabel: 'CVV',
  postalCodeLabel: 'Postal code',
  enterCardNumber: 'Please enter your card number.',
  enterExpiry: 'Please enter the expiry date as MM/YY.',
  enterCvv: 'Please enter the security code.',
  enterPostalCode: 'Please enter the postal code.',
  testModeNote:
    'Test mode, no card is charged: 4111 1111 1111 1111 with any future date pays, 4000 0000 0000 0002 is declined.',

  cardFormLoading: 'Loading the card form…',
  cardFormUnavailable:
    'The card form could not be loaded. Please close this window and try again in a moment.',
  /** Spec §5: a Square application id with neither the production nor the sandbox prefix. */
  invalidApplicationId: "The Payment 'applicationId' option is not in the correct format.",
  cardEntryInvalid: 'Please check your card details.',

  // The dashboard's 'My Game Passes' and 'My Orders' (one Orders/List answer for both).
  myGamePassesHeading: 'My Game Passes',
  myOrdersHeading: 'My Orders',
  gamePassesLoading: 'Loading your Game Passes…',
  ordersLoading: 'Loading your orders…',
  ordersError: 'We could not load your orders.',
  retry: 'Try again',
  gamePassesEmpty:
    'No Game Passes yet. Every Game Pack you buy adds one here, redeemable once for 16 credits.',
  getGamePacks: 'Get Game Packs',
  redeemGamePass: 'Redeem a Game Pass',
  gamePassesIntro: 'Each code redeems once for 16 credits on the Experience Card page.',
  gamePassOrder: (orderNumber: string) => `Game Pack order ${orderNumber}`,
  gamePassCount: (count: number) => (count === 1 ? '1 Game Pass' : `${count} Game Passes`),
  redeemed: 'Redeemed',
  notRedeemed: 'Not redeemed yet',
  ordersEmpty:
    'No orders yet. The credit packs, Game Packs and pre-orders you buy will appear here.',
  orderHeading: (orderNumber: string) => `Order ${orderNumber}`,
  orderItems: 'Items',
  orderAmount: 'Amount',
  orderStatus: 'Status',
  orderDate: 'Date',
  orderIncludes: (includes: string) => `With ${includes}`,
  orderStatuses: {
    paid: 'Paid',
    pending: 'Pending',
    failed: 'Failed',
    refunded: 'Refunded',
  } satisfies Record<OrderStatus, string>,
} as const;
