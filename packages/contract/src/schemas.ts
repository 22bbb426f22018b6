/** Response shapes shared by the API and its clients. Request schemas live beside them. */
import { z } from 'zod';
import { APP_NAME, APP_VERSION } from './constants';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** Public, non-secret runtime settings the SPA reads once at start. */
export const publicConfig = z.object({
  appname: z.literal(APP_NAME),
  appversion: z.literal(APP_VERSION),
  gameOrigin: z.string(),
  /** Hosts (besides the app's own origin) /game may send the player to after a game, https only. */
  resultsHosts: z.array(z.string()),
  livestreamUrl: z.string(),
  groupChatUrl: z.string(),
  multiplayerEnabled: z.boolean(),
  paymentProvider: z.enum(['test', 'square']),
  squareApplicationId: z.string().nullable(),
  squareLocationId: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** One mail of the dev mailbox (GET /api/dev/mailbox), newest first. */
const devMailboxEntry = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files sent with the mail (a game's .ics), their content as text. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), content: z.string() }),
  ),
  /** Headers beyond the usual ones (List-Unsubscribe). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type DevMailboxEntry = z.infer<typeof devMailboxEntry>;
export const devMailboxResponse = z.array(devMailboxEntry);

const redeemedCode = z.object({ code: z.string() });

/** A user as every API response shows it: never a hash, a recovery code or a token. */
export const publicUser = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  credits: z.number().int().nonnegative(),
  redeemedCodes: z.array(redeemedCode),
  /** Whether the player gets the mails 24 hours and 1 hour before a game (ADR 0033). */
  reminderEmails: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;
