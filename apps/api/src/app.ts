/**
 * Builds the API (and the built SPA) as a Fastify instance without listening, so tests drive it
 * with `app.inject()` and server.ts decides where it listens.
 */
import fastifySse from '@fastify/sse';
import {
  isConsolePath,
  MAX_REQUEST_BODY_BYTES,
  MESSAGES,
  pageNameOf,
  SEAT_STREAM,
} from '@questfield/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import { createInfra } from './infra';
import { enforceRouteTable, isApiPath } from './lib/api-route';
import type { BackgroundTasks } from './lib/background-tasks';
import { systemClock, type Clock } from './lib/clock';
import type { EmailDispatcher, MailTransport } from './integrations/email/dispatcher';
import type { PaymentProvider } from './integrations/payments/provider';
import { httpTimeouts } from './lib/http-timeouts';
import { createLogger, type Logger } from './lib/logger';
import type { ZodApp } from './lib/zod-app';
import { API_MODULES, type ApiModule } from './modules';
import {
  frameworkErrorHandler,
  registerErrorHandler,
  registerNotFoundHandler,
  type PageFallback,
} from './plugins/errors';
import { registerProxyWarning } from './plugins/proxy-warning';
import { registerRequestGuards } from './plugins/request-guards';
import {
  registerRequestLog,
  requestLogLevel,
  withoutFastifyRequestLines,
} from './plugins/request-log';
import { registerSessions } from './plugins/session';
import {
  apiSecurityHeaders,
  appCspDirectives,
  registerSecurityHeaders,
} from './plugins/security-headers';
import { hasIndexHtml, registerStaticSite } from './plugins/spa';
import { createOrderReconciler, type OrderReconciler } from './modules/orders/order-reconciler';
import { createRetentionJob, type RetentionJob } from './modules/retention/retention-job';
import { createReminderJob, type ReminderJob } from './modules/bookings/reminder-job';
import { createWaitlistJob, type WaitlistJob } from './modules/bookings/waitlist-job';
import { createServices, mailRendererFor, venueReaderFor } from './services';

export type BuildAppDeps = {
  env: Env;
  db: Pick<DatabaseHandle, 'db' | 'ping' | 'listen'>;
  clock?: Clock;
  /** Defaults to a pino logger at env.logLevel with secrets redacted. */
  logger?: Logger;
  /** The built web app (apps/web/dist); skipped when absent or not built. */
  webDistDir?: string | null;
  /** Stand-in modules of the test suite (routes under /api/test/, see testRoute()). */
  testModules?: readonly ApiModule[];
  /** Replaces the SMTP transport the email dispatcher builds from SMTP_URL. */
  mailTransport?: MailTransport;
  /** Replaces the payment provider PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
  /** Opens the operator route to the command line holding this token (server.ts). */
  operatorToken?: string | null;
  /** How long a request may take to arrive (lib/http-timeouts.ts); tests shorten it. */
  requestTimeoutMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Started by server.ts after listening; stopped when the app closes. */
    emailDispatcher: EmailDispatcher;
    /** Settles stale pending orders while the server listens; stopped when the app closes. */
    orderReconciler: OrderReconciler;
    /** Deletes what the product no longer keeps, hourly while the server listens. */
    retentionJob: RetentionJob;
    /** Queues the game reminders due, every minute while the server listens. */
    reminderJob: ReminderJob;
    /** Passes lapsed waitlist offers on and clears closed lines, every 30 s while listening. */
    waitlistJob: WaitlistJob;
    /** Work requests left running after their answer; tests await `settled()`. */
    backgroundTasks: BackgroundTasks;
  }
}

export type App = ZodApp;

async function registerSpa(app: ZodApp, webDistDir: string | null | undefined, env: Env) {
  if (!hasIndexHtml(webDistDir)) return null;
  return registerStaticSite(app, {
    root: webDistDir,
    exclude: isApiPath,
    // The console is index.html: the app renders it in the browser, for operators only.
    pageOf: (url) => pageNameOf(url) ?? (isConsolePath(url) ? 'index' : undefined),
    pageNotice: env.testSite ? MESSAGES.testSiteNotice : undefined,
  });
}

/** Fastify's typings take a hop count only as a function: trust the `hops` nearest proxies. */
function trustProxyOption(setting: Env['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export async function buildApp(deps: BuildAppDeps): Promise<App> {
  const { env } = deps;
  // Typed as Fastify's base logger so the instance type matches the one routes are written for.
  const loggerInstance: FastifyBaseLogger = deps.logger ?? createLogger({ level: env.logLevel });
  const app: ZodApp = Fastify({
    loggerInstance,
    // Behind a proxy, request.ip is the client it names, not the proxy (W22, TRUST_PROXY).
    trustProxy: trustProxyOption(env.trustProxy),
    // The largest legitimate body (a partnership application) is far smaller.
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    ...httpTimeouts(deps.requestTimeoutMs),
    frameworkErrors: frameworkErrorHandler(apiSecurityHeaders({ origin: env.publicOrigin })),
    // One line per request instead, without the query string (plugins/request-log.ts).
    logController: withoutFastifyRequestLines(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: Fastify's text/plain parser would let a cross-site HTML form post a body.
  app.removeContentTypeParser('text/plain');

  const testModules = deps.testModules ?? [];
  const registerModule = enforceRouteTable(app, { testRoutes: testModules.length > 0 });
  registerErrorHandler(app);
  registerRequestLog(app, requestLogLevel(env.nodeEnv));
  registerSecurityHeaders(app, {
    directives: appCspDirectives(env),
    origin: env.publicOrigin,
    denyFraming: true,
    isApiPath,
  });
  registerRequestGuards(app, env);
  registerProxyWarning(app, env);

  const infra = createInfra({
    env,
    db: deps.db,
    clock: deps.clock ?? systemClock,
    logger: loggerInstance,
    renderMail: mailRendererFor(env),
    readVenue: venueReaderFor(env),
    mailTransport: deps.mailTransport,
    paymentProvider: deps.paymentProvider,
  });
  const { emailDispatcher, background } = infra;
  app.decorate('emailDispatcher', emailDispatcher);
  app.decorate('backgroundTasks', background);
  // Before the database closes (server.ts closes it after app.close()).
  app.addHook('onClose', async () => background.settled());
  // Runs inside app.close(), so server.ts closes the database only after the last pass.
  app.addHook('onClose', async () => emailDispatcher.stop());
  const services = createServices(infra);
  const reconciler = createOrderReconciler({ orders: services.orders, logger: loggerInstance });
  app.decorate('orderReconciler', reconciler);
  // Only a listening server settles orders in the background; inject()-driven tests call
  // orderReconciler.runOnce() themselves.
  app.addHook('onListen', async () => reconciler.start());
  app.addHook('onClose', async () => reconciler.stop());
  const retentionJob = createRetentionJob({
    retention: services.retention,
    logger: loggerInstance,
  });
  app.decorate('retentionJob', retentionJob);
  app.addHook('onListen', async () => retentionJob.start());
  app.addHook('onClose', async () => retentionJob.stop());
  const reminderJob = createReminderJob({ reminders: services.reminders, logger: loggerInstance });
  app.decorate('reminderJob', reminderJob);
  app.addHook('onListen', async () => reminderJob.start());
  app.addHook('onClose', async () => reminderJob.stop());
  const waitlistJob = createWaitlistJob({ waitlist: services.waitlist, logger: loggerInstance });
  app.decorate('waitlistJob', waitlistJob);
  app.addHook('onListen', async () => waitlistJob.start());
  app.addHook('onClose', async () => waitlistJob.stop());
  // Before the server waits for open requests: the console's held day requests answer now.
  app.addHook('preClose', async () => services.bookings.stopWatching());
  // …and the players' offer streams end.
  app.addHook('preClose', async () => services.waitlist.offerSignals.stop());
  await registerSessions(app, env, services.sessions);
  // Before the routes: it wraps the handler of every route declared with `sse`.
  await app.register(fastifySse, { heartbeatInterval: SEAT_STREAM.heartbeatMs });
  const context = { env, services, operatorToken: deps.operatorToken ?? null };
  for (const [module, register] of API_MODULES) {
    await registerModule(module, () => register(app, context));
  }
  for (const register of testModules) await registerModule(null, () => register(app, context));

  const pageFallback: PageFallback | null = await registerSpa(app, deps.webDistDir, env);
  registerNotFoundHandler(app, pageFallback);
  return app;
}
