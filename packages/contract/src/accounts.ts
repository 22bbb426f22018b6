/**
 * Request and response bodies of the accounts calls (spec §3, §7; security.md W1–W4, W16–W22).
 * Requests are strict: an unknown field (credits, recoveryCode, …) is refused, never ignored.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, RECOVERY_CODE_LENGTH } from './constants';
import { publicUser } from './schemas';
import { userMessage } from './user-message';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const USERNAME_RULE = userMessage(
  'Usernames are 3 to 30 letters, digits, dots, dashes or underscores.',
);
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 60;

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, userMessage('Please enter a valid email address.'))
  .pipe(z.email(userMessage('Please enter a valid email address.')));
const username = z.string().trim().regex(USERNAME_PATTERN, USERNAME_RULE);
/** Length and commonness are checked by the server's password policy, with the spec's wording. */
const password = z.string().max(PASSWORD_MAX_LENGTH * 4, userMessage('Password is too long.'));
const personName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, userMessage(`Names are at most ${NAME_MAX_LENGTH} characters.`));

export const signUpRequest = z.strictObject({
  username,
  email,
  password,
  /** The product's fixed application identifier (spec §9); informational only. */
  appid: z.string().max(64).optional(),
});

export const loginRequest = z.strictObject({
  /** An e-mail address or a username (spec §7). */
  email: z
    .string()
    .trim()
    .min(1, userMessage('Please enter your email or username.'))
    .max(EMAIL_MAX_LENGTH),
  password: z
    .string()
    .min(1, userMessage('Please enter your password.'))
    .max(PASSWORD_MAX_LENGTH * 4),
});

export const emptyRequest = z.strictObject({});

/** Only these fields; `id`, when sent, must be the session user's own. */
export const updateUserRequest = z.strictObject({
  id: z.string().max(64).optional(),
  username: username.optional(),
  firstName: personName.optional(),
  lastName: personName.optional(),
});

export const getByNameOrEmailRequest = z.strictObject({ email: z.string().trim().max(254) });

export const requestRecoveryCodeRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, userMessage('Please enter your email address.'))
    .max(EMAIL_MAX_LENGTH),
});

export const verifyRecoveryCodeRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, userMessage('Please enter your email address.'))
    .max(EMAIL_MAX_LENGTH),
  code: z
    .string()
    .trim()
    .min(1, userMessage('Please enter your recovery code.'))
    .max(RECOVERY_CODE_LENGTH, userMessage('Invalid or expired recovery code. Please try again.')),
});

export const updatePasswordRequest = z.strictObject({
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  password,
  resetToken: z.string().min(1).max(256),
});

/** Login, Me and GetByNameOrEmail answer a list whose first element is the user (spec §7). */
export const userListResponse = z.array(publicUser);
/** Users/Create answers `{ data: [user] }` (spec §7). */
export const signUpResponse = z.object({ data: z.array(publicUser) });
export const messageResponse = z.object({ message: z.string() });
export const verifyRecoveryCodeResponse = z.object({
  valid: z.literal(true),
  resetToken: z.string(),
});

export type SignUpRequest = z.infer<typeof signUpRequest>;
export type LoginRequest = z.infer<typeof loginRequest>;
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;
export type VerifyRecoveryCodeResponse = z.infer<typeof verifyRecoveryCodeResponse>;
