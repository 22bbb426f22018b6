/**
 * Every service of the API, built once per app from its infrastructure. Route registrars
 * receive these; a module reaches another module only through its service here.
 */
import type { Infra } from './infra';
import { createMailer } from './integrations/email/mailer';
import { createAudit } from './lib/audit';
import { createBookingsService } from './modules/bookings/bookings.service';
import { createCancellationService } from './modules/bookings/cancellation.service';
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
import { createPlayerPageService } from './modules/operator/player-page.service';
import { createReportService } from './modules/operator/report.service';
import { createOrdersService } from './modules/orders/orders.service';
import { createPartnershipsService } from './modules/partnerships/partnerships.service';
import { createRetentionService } from './modules/retention/retention.service';
import { createSettingsService } from './modules/settings/settings.service';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';

export function createServices(infra: Infra) {
  const audit = createAudit(infra.clock);
  const settings = createSettingsService(infra);
  const limiter = createLimiter({ ...infra, venueLimitFor: settings.venueLimitFor });
  const authLimits = createAuthLimits({ limiter, clock: infra.clock });
  const passwords = createPasswords(infra.env);
  const mailer = createMailer(infra);
  const sessions = createSessionService(infra);
  const credits = createCreditsService(infra);
  const accounts = createAccountsService({ ...infra, sessions, authLimits, passwords, audit });
  const confirmPassword = createPasswordConfirmation({ ...infra, authLimits, passwords, audit });
  const auditLog = createAuditLogService(infra);
  const twoFactor = createTwoFactorService({
    ...infra,
    sessions,
    authLimits,
    confirmPassword,
    audit,
    auditLog,
  });
  const recovery = createRecoveryService({
    ...infra,
    sessions,
    authLimits,
    passwords,
    audit,
    mailer,
    signIn: accounts.startSession,
  });
  const health = createHealthService(infra);
  const codeAttempts = createCodeAttempts({ limiter, audit });
  const codes = createCodesService({ ...infra, credits, codeAttempts, audit });
  const waitlist = createWaitlistService({ ...infra, credits, settings, accounts, mailer, audit });
  const bookings = createBookingsService({
    ...infra,
    sessions,
    accounts,
    mailer,
    credits,
    codeAttempts,
    settings,
    audit,
    waitlist,
  });
  const cancellation = createCancellationService({
    ...infra,
    credits,
    settings,
    accounts,
    mailer,
    audit,
    waitlist,
    bookings,
  });
  const orders = createOrdersService({
    ...infra,
    credits,
    seats: cancellation,
    codes,
    accounts,
    mailer,
  });
  const games = createGamesService(infra);
  const partnerships = createPartnershipsService({ ...infra, limiter, mailer, audit });
  const accountDeletion = createAccountDeletionService({
    ...infra,
    sessions,
    confirmPassword,
    twoFactor,
    credits,
    bookings,
    games,
    mailer,
    audit,
  });
  const reminders = createRemindersService({ ...infra, accounts, mailer });
  const retention = createRetentionService({
    sessions,
    recovery,
    limiter,
    accountDeletion,
    reminders,
  });
  const operator = createOperatorService({
    ...infra,
    auditLog,
    accounts,
    accountDeletion,
    codes,
    credits,
    bookings,
    cancellation,
    settings,
    orders,
    twoFactor,
  });
  const playerPage = createPlayerPageService({
    ...infra,
    accounts,
    twoFactor,
    credits,
    bookings,
    orders,
    codes,
    games,
    creditLimit: operator.creditLimit,
  });
  const reports = createReportService({ ...infra, bookings, credits, orders, codes });
  return {
    audit,
    limiter,
    mailer,
    sessions,
    credits,
    accounts,
    twoFactor,
    recovery,
    accountDeletion,
    retention,
    reminders,
    health,
    codes,
    orders,
    bookings,
    cancellation,
    waitlist,
    games,
    partnerships,
    settings,
    auditLog,
    operator,
    playerPage,
    reports,
  };
}

export type Services = ReturnType<typeof createServices>;
