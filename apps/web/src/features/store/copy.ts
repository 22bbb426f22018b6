import { BRAND_NAME } from '@questfield/contract';

/** Copy of this feature; the spec's own texts come from the contract's MESSAGES. */
export const storeCopy = {
  heading: 'Store',
  intro: `Tickets to ${BRAND_NAME} events and official merchandise, all in one place.`,
  eventsHeading: 'Events',
  merchandiseHeading: 'Merchandise',
} as const;
