/**
 * What operators do to accounts, from the console (by id) and the command line (`users …`,
 * by email, through the operator's commands) alike: a role changed, two-factor reset, the
 * account deleted, every session ended. Each change and its audit row commit together where
 * the change is one transaction; a deletion's row follows it (its transaction is the
 * deletion's own). Whom an operator may act on is checked here (operator-reach.ts).
 */
import type { Role } from '@questfield/contract';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import type { AccountDeletionService } from './account-deletion.service';
import type { AccountsService } from './accounts.service';
import { checkReach } from './operator-reach';

type AccountAdminDeps = Pick<Infra, 'db'> & {
  accounts: Pick<AccountsService, 'find' | 'setRole' | 'signOutEverywhere'>;
  accountDeletion: Pick<AccountDeletionService, 'deleteForOperator'>;
  twoFactor: Pick<TwoFactorService, 'reset'>;
  auditLog: Pick<AuditLogService, 'record'>;
};

export function createAccountAdminService(deps: AccountAdminDeps) {
  const { db, accounts, accountDeletion, twoFactor, auditLog } = deps;

  /** The live account an operator acts on, by id. */
  async function player(playerId: string) {
    return (await accounts.find(playerId)) ?? fail('PLAYER_NOT_FOUND');
  }

  return {
    player,

    /**
     * Gives the account `role`: the change and its audit row (the role before and after, also
     * when it was the same) commit together, and a change signs the account out everywhere. An
     * operator in the console never changes their own role (so the last admin cannot lock
     * themselves out).
     */
    async changeRole(userId: string, role: Role, actor: OperatorActor) {
      if (actor.kind === 'operator' && actor.userId === userId) fail('OWN_ROLE_LOCKED');
      await player(userId);
      const done = await accounts.setRole(userId, role, (tx, previous) =>
        auditLog.record(tx, actor, {
          action: 'users.set-role',
          targetUserId: userId,
          before: { role: previous },
          after: { role },
        }),
      );
      return { role, ...done };
    },

    /** Removes the account's two-factor set-up (a lost phone) and signs it out, audited with it. */
    resetTwoFactor: (userId: string, actor: OperatorActor) =>
      twoFactor.reset(userId, (tx) =>
        auditLog.record(tx, actor, {
          action: 'two-factor.reset',
          targetUserId: userId,
          before: { enabled: true },
          after: { enabled: false },
        }),
      ),

    /**
     * Deletes the account as the player's own deletion does, without the password, then its
     * audit row; the seats given up and the credits forfeited. An operator in the console never
     * deletes their own account.
     */
    async deleteAccount(userId: string, actor: OperatorActor) {
      if (actor.kind === 'operator' && actor.userId === userId) fail('OWN_ACCOUNT_UNDELETABLE');
      await player(userId);
      const deleted = await accountDeletion.deleteForOperator(userId);
      const { seats, results, sessions, forfeited } = deleted;
      // What the deletion took, by count: nothing that names the player, whose data is gone.
      await auditLog.record(db, actor, {
        action: 'users.delete',
        targetUserId: userId,
        before: { balance: forfeited, seats, results, sessions },
        after: { deleted: true },
      });
      return { seats, forfeited };
    },

    /**
     * Ends every sign-in session of a live account (staff: a player's, or their own); audited
     * with how many ended.
     */
    async signOutEverywhere(userId: string, actor: OperatorActor): Promise<number> {
      checkReach(actor, await player(userId), true);
      return accounts.signOutEverywhere(userId, (tx, signedOut) =>
        auditLog.record(tx, actor, {
          action: 'users.sign-out-everywhere',
          targetUserId: userId,
          before: { sessions: signedOut },
          after: { sessions: 0 },
        }),
      );
    },
  };
}

export type AccountAdminService = ReturnType<typeof createAccountAdminService>;
