/**
 * The operator's settings commands (`multiplayer`, `settings` (the staff grant limit, the
 * money limits, the cancellation cut-off, the waitlist's hold, the no-show grace, the venue's
 * details), `venues`; the console's settings screen runs the same): each change
 * and its audit row, with the values before and after, commit together under the setting's row
 * lock (settings.service.ts).
 */
import type { OperatorCommand, OperatorResultOf } from '@questfield/contract';
import type { Transaction } from '../../db/client';
import { LIMITS } from '../accounts/auth-limits';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import { CODE_LIMITS } from '../limits/code-attempts';
import type { SettingsService, VenueNetworks } from './settings.service';

type Command<C extends OperatorCommand['command']> = Extract<OperatorCommand, { command: C }>;
type VenueCommand = Command<'venues add' | 'venues remove' | 'venues limit'>;
/** The command line's settings commands, and the console's settings changes. */
export type SettingsCommand = Command<
  | 'multiplayer'
  | 'settings show'
  | 'settings staff-credit-limit'
  | 'settings money-limits'
  | 'settings cancel-cutoff'
  | 'settings waitlist-hold'
  | 'settings no-show-grace'
  | 'settings venue'
  | 'venues list'
  | VenueCommand['command']
>;

/** The per-address limits a venue network raises, as every other address has them. */
const ORDINARY_LIMITS = {
  signUpsPer10Minutes: LIMITS.signUpPerIp10Min,
  signUpsPerDay: LIMITS.signUpPerIpPerDay,
  codesPerMinute: CODE_LIMITS.perIpPerMinute,
};

export function createSettingsCommands({
  settings,
  auditLog,
}: {
  settings: SettingsService;
  auditLog: Pick<AuditLogService, 'record'>;
}) {
  async function showSettings(): Promise<OperatorResultOf<'settings show'>> {
    const current = await settings.current();
    const { venue } = current;
    const { multiplayer, staffCreditLimit, moneyLimits, cancelCutoffMinutes } = current;
    const { waitlistHoldMinutes, noShowGraceMinutes, venues } = current;
    return {
      command: 'settings show',
      multiplayer,
      staffCreditLimit,
      moneyLimits,
      cancelCutoffMinutes,
      waitlistHoldMinutes,
      noShowGraceMinutes,
      venueLimit: venues.limit,
      venueNetworks: venues.networks,
      venue,
      ordinaryLimits: ORDINARY_LIMITS,
    };
  }

  async function switchMultiplayer(
    command: Command<'multiplayer'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'multiplayer'>> {
    if (command.state === 'status') {
      const enabled = await settings.multiplayerEnabled();
      return { command: command.command, enabled, changed: false };
    }
    const enabled = command.state === 'on';
    await settings.setMultiplayer(enabled, (tx, before) =>
      auditLog.record(tx, actor, {
        action: 'settings.multiplayer',
        subject: 'multiplayer',
        before: { enabled: before },
        after: { enabled },
      }),
    );
    return { command: command.command, enabled, changed: true };
  }

  async function setStaffCreditLimit(
    { limit }: Command<'settings staff-credit-limit'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'settings staff-credit-limit'>> {
    const before = await settings.setStaffCreditLimit(limit, (tx, was) =>
      auditLog.record(tx, actor, {
        action: 'settings.staff-credit-limit',
        subject: 'staff credit limit',
        before: { limit: was },
        after: { limit },
      }),
    );
    return { command: 'settings staff-credit-limit', limit, before };
  }

  /** The money limits named in the command changed, the others kept; audited as a whole. */
  async function setMoneyLimits(
    { command, ...changed }: Command<'settings money-limits'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'settings money-limits'>> {
    const before = await settings.setMoneyLimits(changed, (tx, was, after) =>
      auditLog.record(tx, actor, {
        action: 'settings.money-limits',
        subject: 'money limits',
        before: was,
        after,
      }),
    );
    return { command, limits: { ...before, ...changed }, before };
  }

  async function setCancelCutoff(
    { minutes }: Command<'settings cancel-cutoff'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'settings cancel-cutoff'>> {
    const before = await settings.setCancelCutoff(minutes, (tx, was) =>
      auditLog.record(tx, actor, {
        action: 'settings.cancel-cutoff',
        subject: 'cancellation cut-off',
        before: { minutes: was },
        after: { minutes },
      }),
    );
    return { command: 'settings cancel-cutoff', minutes, before };
  }

  async function setWaitlistHold(
    { minutes }: Command<'settings waitlist-hold'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'settings waitlist-hold'>> {
    const before = await settings.setWaitlistHold(minutes, (tx, was) =>
      auditLog.record(tx, actor, {
        action: 'settings.waitlist-hold',
        subject: 'waitlist hold',
        before: { minutes: was },
        after: { minutes },
      }),
    );
    return { command: 'settings waitlist-hold', minutes, before };
  }

  async function setNoShowGrace(
    { minutes }: Command<'settings no-show-grace'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'settings no-show-grace'>> {
    const before = await settings.setNoShowGrace(minutes, (tx, was) =>
      auditLog.record(tx, actor, {
        action: 'settings.no-show-grace',
        subject: 'no-show grace',
        before: { minutes: was },
        after: { minutes },
      }),
    );
    return { command: 'settings no-show-grace', minutes, before };
  }

  /** The venue's details named in the command changed, the others kept; audited as a whole. */
  async function setVenue(
    { command, ...changed }: Command<'settings venue'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'settings venue'>> {
    const before = await settings.setVenue(changed, (tx, was, after) =>
      auditLog.record(tx, actor, {
        action: 'settings.venue',
        subject: 'venue details',
        before: was,
        after,
      }),
    );
    return { command, venue: { ...before, ...changed }, before };
  }

  /** A venue network listed or taken off (its range the subject), or their limit changed. */
  async function changeVenues(command: VenueCommand, actor: OperatorActor) {
    const record = (tx: Transaction, subject: string, before: unknown, after: unknown) =>
      auditLog.record(tx, actor, { action: 'settings.venue-networks', subject, before, after });
    /** The network `list` holds and `other` does not. */
    const onlyIn = (list: VenueNetworks, other: VenueNetworks) =>
      list.networks.find(({ range }) => !other.networks.some((kept) => kept.range === range));
    switch (command.command) {
      case 'venues add': {
        const { network, limit } = await settings.addVenueNetwork(command, (tx, before, after) => {
          const added = onlyIn(after, before);
          return record(
            tx,
            added?.range ?? '',
            { listed: false },
            { listed: true, name: added?.name },
          );
        });
        return { command: command.command, ...network, limit };
      }
      case 'venues remove': {
        const removed = await settings.removeVenueNetwork(command.range, (tx, before, after) => {
          const gone = onlyIn(before, after);
          return record(
            tx,
            gone?.range ?? '',
            { listed: true, name: gone?.name },
            { listed: false },
          );
        });
        return { command: command.command, ...removed };
      }
      case 'venues limit': {
        const { limit } = command;
        const before = await settings.setVenueLimit(limit, (tx, was) =>
          record(tx, 'venue limit', { limit: was.limit }, { limit }),
        );
        return { command: command.command, limit, before };
      }
    }
  }

  const listVenues = async (): Promise<OperatorResultOf<'venues list'>> => ({
    command: 'venues list',
    networks: (await settings.current()).venues.networks,
  });

  return {
    showSettings,

    /** Runs one settings command for `actor`, who is named in its audit row. */
    run(command: SettingsCommand, actor: OperatorActor) {
      switch (command.command) {
        case 'multiplayer':
          return switchMultiplayer(command, actor);
        case 'settings show':
          return showSettings();
        case 'settings staff-credit-limit':
          return setStaffCreditLimit(command, actor);
        case 'settings money-limits':
          return setMoneyLimits(command, actor);
        case 'settings cancel-cutoff':
          return setCancelCutoff(command, actor);
        case 'settings waitlist-hold':
          return setWaitlistHold(command, actor);
        case 'settings no-show-grace':
          return setNoShowGrace(command, actor);
        case 'settings venue':
          return setVenue(command, actor);
        case 'venues list':
          return listVenues();
        case 'venues add':
        case 'venues remove':
        case 'venues limit':
          return changeVenues(command, actor);
      }
    },
  };
}

export type SettingsCommandsService = ReturnType<typeof createSettingsCommands>;
