/** The names the spec leaves blank (product.md), kept in one place. */
export const CONTACT = {
  supportEmail: 'hello@questfield.example',
  partnersEmail: 'partners@questfield.example',
  /** A number range Ofcom reserves for drama, so it reaches no one. */
  phone: '+44 20 7946 0321',
} as const;

export const ARK_OF_ANSWERS = 'Ark of Answers';
export const DEFAULT_DISTRICT_NAME = 'Old Mill District';
export const DEFAULT_VENUE_TIMEZONE = 'America/New_York';

/** The players' group chat (spec §2 /esports); operators set GROUP_CHAT_URL. */
export const DEFAULT_GROUP_CHAT_URL = 'https://chat.questfield.example/players';
