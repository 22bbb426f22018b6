/**
 * Game reminders (ADR 0033): the mails 24 hours and 1 hour before a game, which players turn off
 * in Account Settings or with the unsubscribe link every reminder carries (RFC 8058 one-click).
 */
import { z } from 'zod';

/** Users/ReminderEmails: whether the session's player gets reminder mails. */
export const reminderEmailsRequest = z.strictObject({ enabled: z.boolean() });
export type ReminderEmailsRequest = z.infer<typeof reminderEmailsRequest>;

/**
 * Users/UnsubscribeReminders' query string: the token of the mail's link, which names the player
 * (no session: mail providers post it, RFC 8058).
 */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });

/** The query parameter of the unsubscribe link and page: `/unsubscribe?token=…`. */
export const UNSUBSCRIBE_TOKEN_PARAM = 'token';

/**
 * Users/UnsubscribeReminders' body: what RFC 8058 has mail providers post (as a form), and what
 * the unsubscribe page sends too (as JSON). Other fields a provider adds are ignored.
 */
export const oneClickUnsubscribeRequest = z.object({
  'List-Unsubscribe': z.literal('One-Click'),
});
