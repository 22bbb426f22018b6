import { BRAND_NAME, GAME_PASS_CREDITS } from '@questfield/contract';

/**
 * Copy of the packs feature (/promo and /hostpack); the spec's own texts ('Play Now for
 * $17.99', 'Pre-order now') come from the contract's MESSAGES.
 */
export const packsCopy = {
  promoEyebrow: 'Special promotion',
  promoHeading: 'Game Pack',
  promoTagline:
    'Everything your crew needs for the quest: a Game Pass, seven digital soundtracks and two lanyards in every pack.',
  playNowNote: (credits: number) => `${credits} credits, ready to book your first sessions.`,

  gamePackHeading: 'Choose your Game Packs',
  gamePackIntro: `Buy one for yourself or a box for the whole team. Each Game Pass redeems once for ${GAME_PASS_CREDITS} credits.`,
  quantityLegend: 'How many Game Packs',
  quantityOption: (quantity: number) => `x${quantity}`,
  quantityName: (quantity: number) => (quantity === 1 ? '1 Game Pack' : `${quantity} Game Packs`),
  save: (percent: number) => `Save ${percent}%`,
  standardPrice: 'Standard price',
  /** The full price the discount is measured against (39.99 × quantity). */
  instead: (price: string) => `instead of ${price}`,
  includesHeading: 'What you get',
  buyNow: 'Buy Now',
  buyLabel: (item: string, price: string) => `Buy Now: ${item} for ${price}`,
  promotionHeading: 'Promotion',
  promotionNote: 'After checkout you receive a 10% coupon code for a future Game Pack.',

  hostPackEyebrow: 'For venues and organisers',
  hostPackHeading: 'Host Pack',
  hostPackTagline: `Run ${BRAND_NAME} nights at your own venue: the host kit to welcome teams and keep the quest moving.`,
  hostPackShipping: 'Pre-orders are charged today and shipped first when the packs are ready.',
  preorderDialogTitle: 'Pre-order your Host Pack',
  preorderDialogText: 'One pack per order, charged now, shipped as soon as the packs are ready.',
  hostPackCardTitle: 'Host Pack',
  hostPackCardText: `The kit for hosting ${BRAND_NAME} events at your own venue, reserved for you.`,
  preorder: 'Pre-order',
  preorderLabel: (price: string) => `Pre-order: Host Pack for ${price}`,
  close: 'Close',
} as const;
