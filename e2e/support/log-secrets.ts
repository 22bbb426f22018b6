// R25 (security.md) over the whole browser suite: the server's log of the run must carry no
// password, session id, card nonce, reset token or code. The patterns match the secrets the
// suite itself uses, and any secret field a log line would show without redaction.
import { SANDBOX_NONCES } from '@questfield/contract';

const PATTERNS: [name: string, pattern: RegExp][] = [
  // newPlayer() in accounts.ts, with -new after a reset; the demo player's.
  ['a test player password', /Quest-[0-9a-f]{8}-maze/],
  ['the demo password', /questfield-demo/],
  ['a session cookie', /qf_session=[\w-]{16,}/],
  ['a card nonce', new RegExp(Object.values(SANDBOX_NONCES).join('|'))],
  [
    'a secret field',
    /"(password|newPassword|currentPassword|resetToken|recoveryCode|paymentToken|sourceId|cookie|authorization)":"(?!\[Redacted\])/i,
  ],
];

/** The names of the kinds of secret found in `log` (none when it is clean). */
export function secretsInLog(log: string): string[] {
  return PATTERNS.filter(([, pattern]) => pattern.test(log)).map(([name]) => name);
}
