/**
 * Account deletion (privacy policy: "ask us to delete your account and personal information";
 * ADR 0018). The player confirms with the password, under the password-update limits; then one
 * transaction removes what is theirs and scrubs the account row instead of deleting it, because
 * the ledger (append-only) and the orders must stay for the accounts the law requires:
 *
 * - sessions, recovery codes, reset tokens and an operator's two-factor set-up go; the password hash goes with the row's scrub,
 *   which also voids every trusted-device token (they are HMACs over the hash);
 * - seats on games that have not started are given up (the seat is free again), the open
 *   seats of the parties the player leads with them, and the game results go, so the
 *   leaderboards no longer show the player; a party's guest seat gives its credits back to
 *   the leader who paid for it (ADR 0065);
 * - the balance is forfeited: one `account_deleted` posting takes it to zero (no refund);
 * - the row keeps its id and `deleted_at`; email and username become `deleted-<id>` (free
 *   again for a new sign-up), names and phone blank;
 * - a confirmation goes to the address the account had, from a server template.
 *
 * Orders stay, tied to the scrubbed row. A payment that completes afterwards (a webhook, the
 * reconciler) still marks its order paid and posts to the row, but mails no one.
 */
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import { fail } from '../../lib/app-error';
import type { Audit } from '../../lib/audit';
import type { BookingsService } from '../bookings/bookings.service';
import type { CreditsService } from '../credits/credits.service';
import type { GamesService } from '../games/games.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import type { RequestMeta } from './accounts.service';
import * as repo from './accounts.repository';
import * as recoveryRepo from './recovery.repository';
import type { ConfirmPassword } from './password-confirmation';
import type { SessionService } from './sessions.service';
import { purgeSessionsOfDeleted } from './sessions.repository';

type AccountDeletionDeps = Pick<Infra, 'db' | 'transaction' | 'clock'> & {
  sessions: SessionService;
  confirmPassword: ConfirmPassword;
  twoFactor: Pick<TwoFactorService, 'forget'>;
  credits: Pick<CreditsService, 'lock' | 'post'>;
  bookings: Pick<BookingsService, 'releaseFutureSeats'>;
  games: Pick<GamesService, 'forgetPlayer' | 'refreshBoards' | 'purgeResultsOfDeleted'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  audit: Audit;
};

export function createAccountDeletionService(deps: AccountDeletionDeps) {
  const { db, transaction, clock, sessions, credits, bookings, games, mailer } = deps;

  /** Everything the module comment lists, in one transaction; what it removed, for the log. */
  async function erase(user: repo.UserRow) {
    return transaction(async (tx) => {
      // The balance's lock first: the deletes below touch rows that refer to the user.
      const balance = await credits.lock(tx, user.id);
      const seats = await bookings.releaseFutureSeats(tx, user.id);
      const results = await games.forgetPlayer(tx, user.id);
      const signedOut = await sessions.revokeAll(tx, user.id);
      await recoveryRepo.deleteRecoveryOf(tx, user.id);
      await deps.twoFactor.forget(tx, user.id);
      if (balance > 0) {
        const forfeit = { type: 'account' as const, id: user.id };
        await credits.post(tx, {
          userId: user.id,
          delta: -balance,
          reason: 'account_deleted',
          source: forfeit,
        });
      }
      // Conditional on the row being live: of two deletions at once, one goes through.
      if (!(await repo.anonymiseUser(tx, user.id, clock.now()))) fail('UNAUTHENTICATED');
      await mailer.queue(tx, user.email, mailDraft('account_deleted', { username: user.username }));
      return { seats, results, sessions: signedOut, forfeited: balance };
    });
  }

  /** `erase`, then the boards and the mail that follow a committed deletion. */
  async function eraseAndNotify(user: repo.UserRow) {
    const removed = await erase(user);
    games.refreshBoards();
    mailer.wake();
    return removed;
  }

  return {
    /** Deletes the session player's account once `password` confirms it (see above). */
    async deleteAccount(userId: string, password: string, meta: RequestMeta): Promise<void> {
      const user = await deps.confirmPassword(userId, password, meta, 'account.delete');
      const removed = await eraseAndNotify(user);
      deps.audit(meta, 'account.deleted', { userId, ...removed });
    },

    /**
     * The same deletion asked by an operator (`npm run admin -- users delete`), e.g. for a child's
     * account a parent reported (privacy policy); the operator's terminal shows what went.
     */
    async deleteForOperator(userId: string) {
      const user = (await repo.findUserById(db, userId)) ?? fail('OPERATOR_ACCOUNT_NOT_FOUND');
      return eraseAndNotify(user);
    },

    /**
     * Deletes one batch each of what deleted accounts may still hold because a request raced
     * their deletion (a sign-in, a recovery request, a game result); how many rows went.
     */
    async purgeLeftovers(limit: number): Promise<number> {
      return (
        (await purgeSessionsOfDeleted(db, limit)) +
        (await recoveryRepo.purgeRecoveryOfDeleted(db, limit)) +
        (await games.purgeResultsOfDeleted(limit))
      );
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
