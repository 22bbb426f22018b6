/**
 * Business constants of the spec (§9) and product.md, in one place for web, api and game.
 * Money is always integer US cents; credits are integers.
 */

export const APP_NAME = 'questfield';
export const APP_VERSION = '1.0.0';
export const BRAND_NAME = 'Questfield';

/**
 * A game is one 30-minute multiplayer play of a slot, booked or joined by access code. ("Session"
 * in our code means only the sign-in session; the spec's texts keep their own wording.)
 */
export const GAME_COST_CREDITS = 2;
export const SLOT_CAPACITY = 25;
export const GAME_LENGTH_MINUTES = 30;
/** Game access and Go to Game window: start to start + 30 minutes. */
export const GAME_WINDOW_MS = 1_800_000;
export const EVENT_LOOKBACK_HOURS = 24;
export const COUNTDOWN_TICK_MS = 1_000;
/** How often the game frame takes focus back, so the keys reach the game. */
export const GAME_FRAME_FOCUS_INTERVAL_MS = 1_000;
/** A purchase intent stored before sign-in is resumed only within this window. */
export const PURCHASE_INTENT_WINDOW_MS = 300_000;

export const REDEEM_CODE_CREDITS = 16;

export const RECOVERY_CODE_LENGTH = 6;
export const RECOVERY_CODE_TTL_MS = 10 * 60_000;
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/** product.md raises the spec's 6 to 8 (OWASP ASVS 5, 6.2.1). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const VIDEO_SEEK_STEP_SECONDS = 10;
export const LEADERBOARD_SIZE = 10;
export const ELIGIBILITY_MIN_AGE = 13;

export const GAME_PACK_MAX_QTY = 50;

/** The API refuses larger request bodies (413). */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

/** Effective date of the Terms & Conditions and the Privacy Policy. */
export const LEGAL_EFFECTIVE_DATE = 'May 7, 2025';
