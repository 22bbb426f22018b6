/**
 * Names of the browser-side state of spec §3 and the session cookie. Kept free of zod so the
 * web's first script can import it without the schemas.
 */

/** The spec's §3 local-storage keys: a display cache written from server answers (ADR 0003). */
export const STORAGE_KEYS = {
  isLoggedIn: 'isLoggedIn',
  credits: 'credits',
  username: 'username',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  userdata: 'userdata',
  userId: 'userId',
  id: 'id',
  appname: 'appname',
  appversion: 'appversion',
  redeemedCodes: 'redeemedCodes',
  gamedata: 'gamedata',
} as const;

/** The spec's §3 purchase intents (kept in sessionStorage), resumed after sign-in within 5 minutes. */
export const PURCHASE_INTENT_KEYS = {
  pendingGamePack: 'pendingGamePack',
  pendingQuickBuy: 'pendingQuickBuy',
  pendingPreorder: 'pendingPreorder',
} as const;

/** Session cookie name; `__Host-` needs https, so plain-http development drops the prefix. */
export const SESSION_COOKIE = { secure: '__Host-qf_session', insecure: 'qf_session' } as const;

/**
 * The header the web client sends on every state-changing API call (security.md W25). A page on
 * another site cannot set a custom header without a CORS preflight, which the API never grants.
 */
export const CSRF_HEADER = { name: 'x-requested-with', value: 'XMLHttpRequest' } as const;

/** The product's application identifier sent at sign-up (spec §9). */
export const SIGN_UP_APP_ID = 'questfield-web';
