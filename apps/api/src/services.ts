/**
 * Every service of the API, built once per app from its infrastructure. Route registrars
 * receive these; a module reaches another module only through its service here. Each service
 * names the services it is made from, and the wiring checks that order when the app starts.
 */
import type { VenueDetails } from '@questfield/contract';
import type { Env } from './config/env';
import type { Executor } from './db/client';
import type { Infra } from './infra';
import { createMailer } from './integrations/email/mailer';
import { createMailRenderer, type RenderMail } from './integrations/email/templates';
import { createAudit } from './lib/audit';
import { wiring } from './lib/wiring';
import { createBookingsService } from './modules/bookings/bookings.service';
import { seatBookedRenderer } from './modules/bookings/confirmation-mail';
import { createCancellationService } from './modules/bookings/cancellation.service';
import { createPartiesService } from './modules/bookings/parties.service';
import { createWaitlistService } from './modules/bookings/waitlist.service';
import { createRemindersService } from './modules/bookings/reminders.service';
import { createAccountDeletionService } from './modules/accounts/account-deletion.service';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuditLogService } from './modules/audit-log/audit-log.service';
import { createPasswords } from './modules/accounts/password';
import { createPasswordConfirmation } from './modules/accounts/password-confirmation';
import { createAuthLimits } from './modules/accounts/auth-limits';
import { createRecoveryService } from './modules/accounts/recovery.service';
import { createSessionService } from './modules/accounts/sessions.service';
import { createCodesService } from './modules/codes/codes.service';
import { createCreditsService } from './modules/credits/credits.service';
import { createGamesService } from './modules/games/games.service';
import { createHealthService } from './modules/health/health.service';
import { createCodeAttempts } from './modules/limits/code-attempts';
import { createLimiter } from './modules/limits/limits.service';
import { createOperatorService } from './modules/operator/operator.service';
import { createApprovalsService } from './modules/operator/approvals.service';
import { createAccountAdminService } from './modules/accounts/account-admin.service';
import { createCodeCommands } from './modules/codes/code-commands';
import { createCreditAdjustmentsService } from './modules/credits/credit-adjustments.service';
import { createSeatAdminService } from './modules/bookings/seat-admin.service';
import { createScheduleAdminService } from './modules/bookings/schedule-admin.service';
import { createGameMessageService } from './modules/bookings/game-message.service';
import { createOrderAdminService } from './modules/orders/order-admin.service';
import { createSettingsCommands } from './modules/settings/settings-commands';
import { createPlayerPageService } from './modules/operator/player-page.service';
import { createReportService } from './modules/operator/report.service';
import { createTodayService } from './modules/operator/today.service';
import { createOrdersService } from './modules/orders/orders.service';
import { createPartnershipsService } from './modules/partnerships/partnerships.service';
import { createRetentionService } from './modules/retention/retention.service';
import { createSettingsService, readVenueDetails } from './modules/settings/settings.service';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';

/**
 * Every mail's renderer, for the infrastructure's email dispatcher and the dev mailbox: a seat's
 * confirmation is the bookings module's, with the venue's settings.
 */
export function mailRendererFor(env: Env): RenderMail {
  return createMailRenderer({ seatBooked: seatBookedRenderer(env) });
}

/**
 * How the infrastructure reads the venue's details for the mails it renders: the settings
 * module's, as stored now.
 */
export function venueReaderFor(env: Env): (db: Executor) => Promise<VenueDetails> {
  return (db) => readVenueDetails(db, env);
}

/** The services of an app or of the operator's command line, built from `infra`. */
export function createServices(infra: Infra) {
  return (
    wiring()
      .add('audit', [], () => createAudit(infra.clock))
      .add('settings', [], () => createSettingsService(infra))
      .add('limiter', ['settings'], ({ settings }) =>
        createLimiter({ ...infra, venueLimitFor: settings.venueLimitFor }),
      )
      .add('authLimits', ['limiter'], ({ limiter }) =>
        createAuthLimits({ limiter, clock: infra.clock }),
      )
      .add('passwords', [], () => createPasswords(infra.env))
      .add('mailer', [], () => createMailer(infra))
      .add('sessions', [], () => createSessionService(infra))
      .add('credits', [], () => createCreditsService(infra))
      .add('accounts', ['sessions', 'authLimits', 'passwords', 'audit'], (needs) =>
        createAccountsService({ ...infra, ...needs }),
      )
      .add('confirmPassword', ['authLimits', 'passwords', 'audit'], (needs) =>
        createPasswordConfirmation({ ...infra, ...needs }),
      )
      .add('auditLog', [], () => createAuditLogService(infra))
      .add(
        'twoFactor',
        ['sessions', 'authLimits', 'confirmPassword', 'audit', 'auditLog'],
        (needs) => createTwoFactorService({ ...infra, ...needs }),
      )
      .add(
        'recovery',
        ['sessions', 'authLimits', 'passwords', 'audit', 'mailer', 'accounts'],
        ({ accounts, ...needs }) =>
          createRecoveryService({ ...infra, ...needs, signIn: accounts.startSession }),
      )
      .add('health', [], () => createHealthService(infra))
      .add('codeAttempts', ['limiter', 'audit'], (needs) => createCodeAttempts(needs))
      .add('codes', ['credits', 'codeAttempts', 'audit'], (needs) =>
        createCodesService({ ...infra, ...needs }),
      )
      .add(
        'waitlist',
        ['credits', 'settings', 'accounts', 'mailer', 'audit', 'sessions'],
        (needs) => createWaitlistService({ ...infra, ...needs }),
      )
      .add(
        'bookings',
        [
          'sessions',
          'accounts',
          'mailer',
          'credits',
          'codeAttempts',
          'settings',
          'audit',
          'waitlist',
        ],
        (needs) => createBookingsService({ ...infra, ...needs }),
      )
      .add(
        'cancellation',
        ['credits', 'settings', 'accounts', 'mailer', 'audit', 'waitlist', 'bookings'],
        (needs) => createCancellationService({ ...infra, ...needs }),
      )
      .add('parties', ['credits', 'settings', 'accounts', 'mailer', 'audit', 'bookings'], (needs) =>
        createPartiesService({ ...infra, ...needs }),
      )
      .add(
        'orders',
        ['credits', 'cancellation', 'codes', 'accounts', 'mailer'],
        ({ cancellation, ...needs }) =>
          createOrdersService({ ...infra, ...needs, seats: cancellation }),
      )
      .add('games', ['bookings'], ({ bookings }) =>
        createGamesService({ ...infra, seats: bookings }),
      )
      .add('partnerships', ['limiter', 'mailer', 'audit'], (needs) =>
        createPartnershipsService({ ...infra, ...needs }),
      )
      .add(
        'accountDeletion',
        [
          'sessions',
          'confirmPassword',
          'twoFactor',
          'credits',
          'bookings',
          'games',
          'mailer',
          'audit',
        ],
        (needs) => createAccountDeletionService({ ...infra, ...needs }),
      )
      .add('reminders', ['accounts', 'mailer'], (needs) =>
        createRemindersService({ ...infra, ...needs }),
      )
      .add(
        'retention',
        ['sessions', 'recovery', 'limiter', 'accountDeletion', 'reminders'],
        (needs) => createRetentionService(needs),
      )
      .add('accountAdmin', ['accounts', 'accountDeletion', 'twoFactor', 'auditLog'], (needs) =>
        createAccountAdminService({ ...infra, ...needs }),
      )
      .add('codeAdmin', ['codes', 'auditLog', 'settings'], (needs) =>
        createCodeCommands({ ...infra, ...needs }),
      )
      .add(
        'approvals',
        ['accounts', 'auditLog', 'credits', 'codeAdmin', 'settings'],
        ({ codeAdmin, ...needs }) =>
          createApprovalsService({ ...infra, ...needs, codeCommands: codeAdmin }),
      )
      .add(
        'creditAdjustments',
        ['credits', 'settings', 'auditLog', 'accountAdmin', 'approvals'],
        ({ approvals, ...needs }) =>
          createCreditAdjustmentsService({
            ...infra,
            ...needs,
            askApproval: (grant, admin) => approvals.ask({ kind: 'grant', ...grant }, admin),
          }),
      )
      .add('seatAdmin', ['accountAdmin', 'bookings', 'cancellation', 'auditLog'], (needs) =>
        createSeatAdminService({ ...infra, ...needs }),
      )
      .add(
        'scheduleAdmin',
        ['settings', 'bookings', 'cancellation', 'waitlist', 'auditLog'],
        (needs) => createScheduleAdminService({ ...infra, ...needs }),
      )
      .add('gameMessages', ['limiter', 'accounts', 'mailer', 'auditLog'], (needs) =>
        createGameMessageService({ ...infra, ...needs }),
      )
      .add('orderAdmin', ['orders', 'auditLog'], (needs) => createOrderAdminService(needs))
      .add('settingsAdmin', ['settings', 'auditLog'], (needs) => createSettingsCommands(needs))
      .add(
        'operator',
        [
          'accounts',
          'credits',
          'bookings',
          'accountAdmin',
          'creditAdjustments',
          'seatAdmin',
          'scheduleAdmin',
          'gameMessages',
          'orderAdmin',
          'settingsAdmin',
          'codeAdmin',
        ],
        (needs) => createOperatorService({ ...infra, ...needs }),
      )
      .add(
        'playerPage',
        [
          'accounts',
          'twoFactor',
          'credits',
          'bookings',
          'orders',
          'codes',
          'games',
          'creditAdjustments',
        ],
        ({ creditAdjustments, ...needs }) =>
          createPlayerPageService({
            ...infra,
            ...needs,
            creditLimit: creditAdjustments.creditLimit,
          }),
      )
      .add('reports', ['bookings', 'credits', 'orders', 'codes'], (needs) =>
        createReportService({ ...infra, ...needs }),
      )
      .add('today', ['bookings', 'waitlist', 'orders', 'mailer'], (needs) =>
        createTodayService({ ...infra, ...needs }),
      )
      // The accounts module's parts its services share; no route reaches them.
      .build(['authLimits', 'passwords', 'confirmPassword', 'codeAttempts'])
  );
}

export type Services = ReturnType<typeof createServices>;
