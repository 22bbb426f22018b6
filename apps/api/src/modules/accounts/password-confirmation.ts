/**
 * The signed-in account's password asked again before something that cannot be undone or that
 * opens more (deleting the account, setting up two-factor, an operator moving money), under the
 * password-check limits so a session left open cannot be used to guess it.
 */
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { Audit } from '../../lib/audit';
import type { RequestMeta } from './accounts.service';
import * as repo from './accounts.repository';
import type { AuthLimits } from './auth-limits';
import type { Passwords } from './password';

type Deps = Pick<Infra, 'db'> & {
  authLimits: Pick<AuthLimits, 'passwordCheck' | 'settle' | 'checkAdmitted'>;
  passwords: Pick<Passwords, 'step'>;
  audit: Audit;
};

export function createPasswordConfirmation({ db, authLimits, passwords, audit }: Deps) {
  /** The account of `userId` when `password` is its own; `event` names the log lines. */
  return async function confirmPassword(
    userId: string,
    password: string,
    meta: RequestMeta,
    event: string,
  ): Promise<repo.UserRow> {
    // One password step of the address (password.ts): its limits, lookup and check.
    return passwords.step(meta, async (work) => {
      const admission = await authLimits.passwordCheck(userId, meta.ip);
      if (!admission.allowed) {
        audit(meta, `${event}.throttled`, { userId, reason: admission.reason }, 'warn');
        fail('RATE_LIMITED');
      }
      const user = await repo.findUserById(db, userId);
      if (user === undefined) fail('UNAUTHENTICATED');
      const matches = await authLimits.checkAdmitted(admission.attempt, () =>
        work.verify(user.passwordHash, password),
      );
      if (!matches) {
        audit(meta, `${event}.wrong_password`, { userId }, 'warn');
        fail('PASSWORD_INCORRECT');
      }
      await authLimits.settle(admission.attempt, true);
      return user;
    });
  };
}

export type ConfirmPassword = ReturnType<typeof createPasswordConfirmation>;
