import { CONTACT } from '@questfield/contract';

/** Copy of this feature; the spec's own texts come from the contract's MESSAGES. */
export const esportsCopy = {
  heading: 'Esports',
  intro: 'Find your squad, watch the action live and never miss a promotion.',
  groupChat: {
    title: "Join the players' group chat",
    body: 'Meet other players, form teams and hear about new quests first.',
    newTab: '(opens in a new tab)',
  },
  livestream: { title: 'Watch the livestream', body: 'Follow live sessions as they happen.' },
  promotions: { title: 'Special promotions', body: 'Game Pack offers and limited deals.' },
  email: {
    title: 'Email us',
    body: `Questions about tournaments? Write to ${CONTACT.supportEmail}.`,
  },
} as const;
