/**
 * The window events of spec §2 and §4. Pages and the header dispatch them; the auth feature
 * listens. Their names are part of the product's public behaviour, so they never change.
 */
export const WINDOW_EVENTS = {
  openSignIn: 'openSignIn',
  openSignUp: 'openSignUp',
  loginStatusChanged: 'loginStatusChanged',
} as const;

export type WindowEventName = (typeof WINDOW_EVENTS)[keyof typeof WINDOW_EVENTS];
