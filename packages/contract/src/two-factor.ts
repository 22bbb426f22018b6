/**
 * Operators' two-factor sign-in (TOTP, RFC 6238) and the checks the console's routes need: a
 * staff or admin session opens the console only once it has passed a code, and moves money
 * only within OPERATOR_REAUTH_MS of giving the password and a code again.
 */
import { z } from 'zod';
import { deleteAccountRequest } from './accounts';
import { userMessage } from './user-message';

/** The authenticator apps' defaults (SHA-1, 6 digits, 30 s), which every app reads. */
export const TOTP = { issuer: 'Questfield', digits: 6, periodSeconds: 30 } as const;
/** One-time recovery codes handed out when two-factor is turned on. */
export const TWO_FACTOR_RECOVERY_CODES = 10;
/** How long a password-and-code check covers money moves (refunds, grants, code batches). */
export const OPERATOR_REAUTH_MS = 15 * 60_000;
/** An operator's session ends after this long without a request (a player's after 7 days). */
export const OPERATOR_IDLE_MS = 12 * 60 * 60_000;

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, userMessage('Enter the 6-digit code from your authenticator app.'));
/** XXXXX-XXXXX in Crockford base 32; dashes, spaces and case are forgiven. */
const recoveryCode = z
  .string()
  .trim()
  .min(1, userMessage('Enter one of your recovery codes.'))
  .max(32);

/** Where the console's session stands; the console reads it before showing anything else. */
export const consoleSessionResponse = z.object({
  username: z.string(),
  role: z.enum(['staff', 'admin']),
  /** The account has two-factor turned on (set up and confirmed with a first code). */
  twoFactorEnabled: z.boolean(),
  /** This session has passed a code (or a recovery code) since it signed in. */
  twoFactorPassed: z.boolean(),
  /** Until when money may move without asking for the password and a code again. */
  reauthUntil: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});

/** Setting up asks for the password, so a session left open cannot enrol someone else's phone. */
export const twoFactorSetupRequest = deleteAccountRequest;
export const twoFactorSetupResponse = z.object({
  /** Base 32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  uri: z.string(),
});

export const twoFactorCodeRequest = z.strictObject({ code: totpCode });
export const twoFactorEnableResponse = z.object({
  recoveryCodes: z.array(z.string()).length(TWO_FACTOR_RECOVERY_CODES),
});

export const twoFactorRecoveryRequest = z.strictObject({ recoveryCode });
/** Either a current code or one of the recovery codes. */
export const twoFactorVerifyRequest = z.union([twoFactorCodeRequest, twoFactorRecoveryRequest]);

export const reauthRequest = z.strictObject({
  password: deleteAccountRequest.shape.password,
  code: totpCode,
});

export type ConsoleSession = z.infer<typeof consoleSessionResponse>;
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequest>;
