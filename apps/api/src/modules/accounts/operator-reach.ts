/**
 * Whom a console operator may act on (docs/operations.md, "What operators can do to each
 * other"): nobody moves their own credits or seats (another admin does, or the command line
 * with its audit row), and staff act on players only, never on a colleague's or an admin's
 * account. `own` allows the operator's own account (signing themselves out). The command line
 * acts on anyone.
 */
import type { Role } from '@questfield/contract';
import { fail } from '../../lib/app-error';
import type { OperatorActor } from '../audit-log/audit-log.service';

export function checkReach(
  actor: OperatorActor,
  target: { id: string; role: Role },
  own = false,
): void {
  if (actor.kind !== 'operator') return;
  if (actor.userId === target.id) {
    if (!own) fail('OPERATOR_OWN_ACCOUNT');
  } else if (actor.role === 'staff' && target.role !== 'player') {
    fail('OPERATOR_TARGET_NOT_PLAYER');
  }
}
