/**
 * Request and response bodies of the accounts calls (spec §3, §7; security.md W1–W4, W16–W22).
 * Requests are strict: an unknown field (credits, recoveryCode, …) is refused, never ignored.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, RECOVERY_CODE_LENGTH } from './constants';
import { ERRORS } from './errors';
import { passwordLengthProblem } from './password-policy';
import { publicUser } from './schemas';
import { userMessage } from './user-message';

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
/** @internal Exported for tests. */
export const USERNAME_RULE = userMessage(
  'Usernames are 3 to 30 letters, digits, dots, dashes or underscores.',
);
export const EMAIL_MAX_LENGTH = 254;

/**
 * What an account may do: play (every account), or also run the platform. Staff read the
 * console and act on bookings and slots; an admin may do everything staff may, and more.
 */
export const ROLES = ['player', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Whether an account of `role` may use what needs `needed` (admin ⊃ staff ⊃ player). */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}
/** RFC 5321 §4.5.3.1.1: the part before the @ has at most 64 octets. */
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
const NAME_MAX_LENGTH = 60;
const INVALID_EMAIL = userMessage('Please enter a valid email address.');

/**
 * Characters a name must not hold: controls (C0, DEL, C1), lone surrogates, line and paragraph
 * separators, bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and
 * zero-width characters (U+200B–U+200D, U+2060, U+FEFF). They hide or reorder what others see.
 */
const UNSAFE_NAME_CHARACTER =
  /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/u;
/** @internal Exported for tests. */
export const NAME_CHARACTERS_RULE = userMessage(
  'Names cannot contain control, invisible or text-direction characters.',
);

/** Trimmed, normalised to NFC, and free of the characters above (checked before anything else). */
const nameText = () =>
  z
    .string()
    .trim()
    .normalize('NFC')
    .refine((value) => !UNSAFE_NAME_CHARACTER.test(value), {
      message: NAME_CHARACTERS_RULE,
      abort: true,
    });

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL)
  .refine((value) => value.lastIndexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));
const username = nameText().regex(USERNAME_PATTERN, USERNAME_RULE);
/** Length and commonness are checked by the server's password policy, with the spec's wording. */
const password = z.string().max(PASSWORD_MAX_LENGTH * 4, userMessage('Password is too long.'));
const personName = nameText().max(
  NAME_MAX_LENGTH,
  userMessage(`Names are at most ${NAME_MAX_LENGTH} characters.`),
);

/**
 * A new password as the forms check it before sending: not blank, then the length rule the
 * server applies (password-policy.ts). The server also refuses common passwords.
 */
export function newPasswordField(blankMessage: string) {
  return z.string().superRefine((value, context) => {
    if (value === '') {
      context.addIssue({ code: 'custom', message: blankMessage });
      return;
    }
    const problem = passwordLengthProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: ERRORS[problem].message });
  });
}

export const signUpRequest = z.strictObject({
  username,
  email,
  password,
  /** The product's fixed application identifier (spec §9); informational only. */
  appid: z.string().max(64).optional(),
});

/** The sign-up form: the request's fields, with the password rule checked before sending. */
export const signUpForm = signUpRequest.omit({ appid: true }).extend({
  password: newPasswordField(userMessage('Please enter a password.')),
});

export const loginRequest = z.strictObject({
  /** An email address or a username (spec §7). */
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

/** Users/SignInWithResetToken: the reset token a verified recovery code answered. */
export const resetTokenSignInRequest = z.strictObject({
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  resetToken: z.string().min(1).max(256),
});

/** 'Too many sign-in attempts. Try again in 5 minutes, or …': LOGIN_THROTTLED with its wait. */
export function loginThrottledMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds <= 60 ? '' : 's'}`;
  return `Too many sign-in attempts. Try again in ${wait}, or sign in with a code sent to your email.`;
}

/** Users/Delete: the session's own account, confirmed with its password. */
export const deleteAccountRequest = z.strictObject({
  password: z
    .string()
    .min(1, userMessage('Please enter your password.'))
    .max(PASSWORD_MAX_LENGTH * 4),
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
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
export type ResetTokenSignInRequest = z.infer<typeof resetTokenSignInRequest>;
