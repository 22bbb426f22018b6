import type { PublicUser } from '@questfield/contract';
import type { Account } from './accounts.repository';

/** A user as every answer shows it: both id spellings of the spec, codes as objects. */
export function toPublicUser(account: Account): PublicUser {
  return {
    id: account.id,
    userId: account.id,
    username: account.username,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone,
    credits: account.credits,
    redeemedCodes: account.redeemedCodes.map((code) => ({ code })),
    reminderEmails: account.reminderEmails,
  };
}
