/**
 * The only module that reads process.env. Everything is validated once at boot, so a bad
 * setting stops the server with a message naming the variable instead of failing later.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  CONTACT,
  DEFAULT_DISTRICT_NAME,
  DEFAULT_GROUP_CHAT_URL,
  DEFAULT_VENUE_TIMEZONE,
} from '@questfield/contract';

export type EnvSource = Record<string, string | undefined>;

/** Square's web-sdk accepts only these application id prefixes (spec §5, security.md W7). */
const SQUARE_APP_ID_PREFIXES = {
  sandbox: 'sandbox-sq0idb-',
  production: 'sq0idp-',
} as const;

/**
 * A public placeholder channel; operators set their own LIVESTREAM_EMBED_URL.
 * @internal Exported for tests.
 */
export const DEFAULT_LIVESTREAM_EMBED_URL =
  'https://www.youtube-nocookie.com/embed/live_stream?channel=UCquestfieldLive';
/** @internal Exported for tests. */
export const DEFAULT_MAIL_FROM = 'Questfield <hello@questfield.example>';
const HTTPS_RULE = 'must be an https:// URL';
const DEV_APP_SECRET = 'questfield-development-secret-not-for-production-use';
const APP_SECRET_MIN_LENGTH = 32;

/** Variables whose values must never be echoed back in an error message. */
const SECRET_VARIABLES = new Set([
  'APP_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'SQUARE_ACCESS_TOKEN',
  'SQUARE_WEBHOOK_SIGNATURE_KEY',
]);

export type EnvIssue = { variable: string; problem: string; value?: string };

export class EnvError extends Error {
  constructor(readonly issues: EnvIssue[]) {
    super(formatEnvIssues(issues));
    this.name = 'EnvError';
  }
}

function formatEnvIssues(issues: EnvIssue[]): string {
  const lines = issues.map((issue) => {
    const shown = issue.value === undefined ? '' : ` (got ${JSON.stringify(issue.value)})`;
    return `  - ${issue.variable}: ${issue.problem}${shown}`;
  });
  return `Invalid configuration, fix these environment variables:\n${lines.join('\n')}`;
}

/** The text server.ts prints before exiting with status 1. */
export function formatEnvError(error: EnvError): string {
  return error.message;
}

// Empty strings count as unset: `FOO=` in a shell or an .env file means "use the default".
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const PORT_RULE = 'must be a whole number from 0 to 65535';
const port = (fallback: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, PORT_RULE)
      .pipe(z.coerce.number<string>().max(65535, PORT_RULE))
      .default(fallback),
  );

const ORIGIN_RULE = 'must be an http(s) origin with no path, e.g. https://app.example.com';

/** An origin like `https://app.example.com`; a single trailing slash is forgiven. */
const origin = optionalText.pipe(
  z
    .string()
    .transform((value) => value.replace(/\/$/, ''))
    .pipe(
      z
        .url({ protocol: /^https?$/, abort: true, error: ORIGIN_RULE })
        .refine((value) => new URL(value).origin === value, ORIGIN_RULE),
    )
    .optional(),
);

/** A URL whose scheme is one of `schemes`. */
const urlOf = (schemes: string[], message: string) =>
  z.url({ protocol: new RegExp(`^(${schemes.join('|')})$`), error: message });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const TRUST_PROXY_RULE =
  'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8, or loopback)';
/** Names proxy-addr (Fastify's trustProxy) accepts for well-known ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address in X-Forwarded-For (security.md W22): unset
 * means none (the socket's peer is the client). `true` is refused on purpose: trusting every hop
 * lets any client pick its own address and so its own rate-limit bucket.
 */
const trustProxy = optionalText.pipe(
  z
    .string()
    .transform((value, ctx) => {
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
      return z.NEVER;
    })
    .optional(),
);

const IPV6_PREFIX_RULE = 'must be a prefix length from 1 to 128 (e.g. 64)';
const SEAT_STREAMS_RULE = 'must be a whole number from 1 to 100000 (e.g. 500)';

/** On unless set to false or 0. */
const onByDefault = optionalText.pipe(
  z
    .stringbool({
      truthy: ['true', '1'],
      falsy: ['false', '0'],
      error: 'must be one of true, false, 1, 0',
    })
    .default(true),
);

/** Every variable, written once: its parsing, default and message. */
const variables = z
  .object({
    NODE_ENV: optionalText.pipe(
      z
        .enum(['development', 'production', 'test'], {
          error: 'must be development, production or test',
        })
        .default('development'),
    ),
    HOST: optionalText.pipe(z.string().default('127.0.0.1')),
    TRUST_PROXY: trustProxy,
    IPV6_LIMIT_PREFIX: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, IPV6_PREFIX_RULE)
        .pipe(z.coerce.number<string>().min(1, IPV6_PREFIX_RULE).max(128, IPV6_PREFIX_RULE))
        .default(64),
    ),
    SEAT_STREAMS_PER_PROCESS: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,6}$/, SEAT_STREAMS_RULE)
        .pipe(z.coerce.number<string>().min(1, SEAT_STREAMS_RULE).max(100_000, SEAT_STREAMS_RULE))
        .default(500),
    ),
    PORT: port(3000),
    GAME_PORT: port(3100),
    DATA_DIR: optionalText.pipe(z.string().default('.data')),
    DATABASE_URL: optionalText.pipe(
      urlOf(['postgres', 'postgresql'], 'must be a postgres:// or postgresql:// URL').optional(),
    ),
    // No default here: outside production it is `test`; in production it must be chosen.
    PAYMENT_PROVIDER: optionalText.pipe(
      z.enum(['test', 'square'], { error: 'must be test or square' }).optional(),
    ),
    UNSAFE_STAGING_TEST_PAYMENTS: optionalText.pipe(
      z
        .stringbool({ truthy: ['true'], falsy: ['false'], error: 'must be true or false' })
        .default(false),
    ),
    SQUARE_ACCESS_TOKEN: optionalText,
    SQUARE_APPLICATION_ID: optionalText,
    SQUARE_LOCATION_ID: optionalText,
    SQUARE_WEBHOOK_SIGNATURE_KEY: optionalText,
    SMTP_URL: optionalText.pipe(
      urlOf(['smtp', 'smtps'], 'must be an smtp:// or smtps:// URL').optional(),
    ),
    MAIL_FROM: optionalText.pipe(z.string().default(DEFAULT_MAIL_FROM)),
    PARTNERSHIP_EMAIL: optionalText.pipe(
      z.email({ error: 'must be an email address' }).default(CONTACT.partnersEmail),
    ),
    MULTIPLAYER_ENABLED: onByDefault,
    PUBLIC_ORIGIN: origin,
    GAME_ORIGIN: origin,
    LIVESTREAM_EMBED_URL: optionalText.pipe(
      urlOf(['https'], HTTPS_RULE).default(DEFAULT_LIVESTREAM_EMBED_URL),
    ),
    GROUP_CHAT_URL: optionalText.pipe(urlOf(['https'], HTTPS_RULE).default(DEFAULT_GROUP_CHAT_URL)),
    APP_SECRET: optionalText.pipe(
      z
        .string()
        .min(APP_SECRET_MIN_LENGTH, `must be at least ${APP_SECRET_MIN_LENGTH} characters long`)
        .optional(),
    ),
    LOG_LEVEL: optionalText.pipe(
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          error: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
    LOG_FORMAT: optionalText.pipe(
      z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
    ),
    DISTRICT_NAME: optionalText.pipe(z.string().default(DEFAULT_DISTRICT_NAME)),
    RESULTS_HOSTS: optionalText.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
        .refine(
          (hosts) => hosts.every((host) => /^[a-z0-9.-]+(:\d{1,5})?$/.test(host)),
          'must be a comma-separated list of host names (e.g. results.example.com)',
        )
        .optional(),
    ),
    CLOCK_FILE: optionalText,
    VENUE_TIMEZONE: optionalText.pipe(
      z
        .string()
        .refine(isTimeZone, 'must be an IANA time zone, e.g. America/New_York')
        .default(DEFAULT_VENUE_TIMEZONE),
    ),
  })
  .superRefine((vars, ctx) => {
    if (vars.NODE_ENV === 'production') checkProduction(vars, ctx);
    if (vars.PAYMENT_PROVIDER !== 'square') return;
    for (const name of ['SQUARE_ACCESS_TOKEN', 'SQUARE_LOCATION_ID'] as const) {
      if (vars[name] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when PAYMENT_PROVIDER=square',
        });
      }
    }
    const appId = vars.SQUARE_APPLICATION_ID;
    if (appId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SQUARE_APPLICATION_ID'],
        message: 'is required when PAYMENT_PROVIDER=square',
      });
    } else if (squareEnvironmentOf(appId) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['SQUARE_APPLICATION_ID'],
        message: `must start with ${SQUARE_APP_ID_PREFIXES.sandbox} (sandbox) or ${SQUARE_APP_ID_PREFIXES.production} (production)`,
      });
    }
  });

type Variables = z.output<typeof variables>;

const MAKE_SECRET = 'generate one with: openssl rand -base64 32 (or openssl rand -hex 32)';
/** 32 random bytes written as hex (64 digits) or base64/base64url (43 characters and up). */
const HEX_SECRET = /^[0-9a-fA-F]{64,}$/;
const BASE64_SECRET = /^[A-Za-z0-9+/_-]{43,}={0,2}$/;
/** A run this long seen twice: a phrase typed again, which 32 random bytes never show. */
const REPEATED_RUN = /(.{8,}).*\1/s;
/**
 * Orders a typed "secret" walks: the base64 alphabet, and the keyboard's rows (case folded).
 * Two characters next to each other in one of them are a step of a walk.
 */
const TYPED_ORDERS = [
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  '1234567890-',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
];

/** Whether a and b sit side by side in one of the typed orders, either way round. */
function sideBySide(a: string, b: string): boolean {
  return TYPED_ORDERS.some((order) => {
    const at = (c: string) => order.indexOf(order === TYPED_ORDERS[0] ? c : c.toLowerCase());
    const [i, j] = [at(a), at(b)];
    return i >= 0 && j >= 0 && Math.abs(i - j) === 1;
  });
}

/**
 * Whether the secret's text walks an order: in random text about 1 neighbour in 10 is such a
 * step, so half of them (a chance below 1 in 10^10) is an alphabet or a keyboard row typed.
 */
function walksAnOrder(secret: string): boolean {
  const text = secret.replace(/=+$/, '');
  let steps = 0;
  for (let i = 1; i < text.length; i += 1) if (sideBySide(text[i - 1]!, text[i]!)) steps += 1;
  return steps * 2 >= text.length - 1;
}

/**
 * Whether the decoded bytes show a pattern 32 random bytes do not: fewer than 16 distinct
 * values (about 30 expected), or one difference between neighbours seen 8 times (a counter;
 * about 0.1 expected, so 8 is a chance below 1 in 10^9).
 */
function bytesPatterned(bytes: Buffer): boolean {
  if (new Set(bytes).size < 16) return true;
  const steps = new Map<number, number>();
  for (let i = 1; i < bytes.length; i += 1) {
    const step = (bytes[i]! - bytes[i - 1]! + 256) % 256;
    steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  return Math.max(...steps.values()) >= 8;
}

function decodedSecret(secret: string): Buffer {
  return HEX_SECRET.test(secret) ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'base64');
}

/**
 * Why a production APP_SECRET is refused, or null: it keys sessions, codes and tickets.
 * @internal Exported for tests.
 */
export function appSecretProblem(secret: string | undefined): string | null {
  if (secret === undefined) return `is required in production: ${MAKE_SECRET}`;
  if (secret === DEV_APP_SECRET) return `is the public development secret: ${MAKE_SECRET}`;
  if (!HEX_SECRET.test(secret) && !BASE64_SECRET.test(secret)) {
    return `must be at least 32 random bytes written as hex or base64: ${MAKE_SECRET}`;
  }
  if (REPEATED_RUN.test(secret) || walksAnOrder(secret) || bytesPatterned(decodedSecret(secret))) {
    return `is not random enough: ${MAKE_SECRET}`;
  }
  return null;
}

const STAGING_OPT_IN = 'UNSAFE_STAGING_TEST_PAYMENTS=true';

/** Payments that take test cards: the offline provider, or Square's sandbox (security.md W7). */
function takesTestCards(vars: Pick<Variables, 'PAYMENT_PROVIDER' | 'SQUARE_APPLICATION_ID'>) {
  if (vars.PAYMENT_PROVIDER !== 'square') return true;
  return squareEnvironmentOf(vars.SQUARE_APPLICATION_ID ?? '') === 'sandbox';
}

/**
 * What production refuses to start with: development defaults that would give away credits
 * (test cards), forge sessions and codes (a weak secret) or move the clock.
 */
function checkProduction(vars: Variables, ctx: z.RefinementCtx): void {
  const issue = (variable: keyof Variables, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  const secretProblem = appSecretProblem(vars.APP_SECRET);
  if (secretProblem !== null) issue('APP_SECRET', secretProblem);
  if (vars.CLOCK_FILE !== undefined) issue('CLOCK_FILE', 'is for tests only');
  if (vars.PAYMENT_PROVIDER === undefined) {
    issue('PAYMENT_PROVIDER', 'is required in production: square (test takes test cards)');
  } else if (takesTestCards(vars) && !vars.UNSAFE_STAGING_TEST_PAYMENTS) {
    const what = vars.PAYMENT_PROVIDER === 'test' ? 'test' : 'a Square sandbox application';
    issue(
      'PAYMENT_PROVIDER',
      `is ${what}, which takes test cards and grants credits for nothing: use Square production credentials, or set ${STAGING_OPT_IN} on a staging site`,
    );
  }
}

export const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Production settings that work but leave players exposed: said loudly at every start. */
function productionWarnings(vars: Variables, publicOrigin: string): string[] {
  const warnings: string[] = [];
  const url = new URL(publicOrigin);
  if (url.protocol === 'http:') {
    const where = LOOPBACK_HOSTS.has(url.hostname) ? ' (fine on this machine only)' : '';
    warnings.push(
      `PUBLIC_ORIGIN is http${where}: session cookies are not Secure and no HSTS is sent. Serve the app over https and set PUBLIC_ORIGIN to its https origin.`,
    );
  }
  if (vars.PAYMENT_PROVIDER === 'square' && vars.SQUARE_WEBHOOK_SIGNATURE_KEY === undefined) {
    warnings.push(
      'SQUARE_WEBHOOK_SIGNATURE_KEY is not set: refunds and chargebacks made in Square never reach Questfield. Subscribe the webhook and set its signature key.',
    );
  }
  if (vars.SMTP_URL === undefined) {
    warnings.push(
      'SMTP_URL is not set: recovery codes and receipts are never emailed. Set SMTP_URL.',
    );
  }
  return warnings;
}

function squareEnvironmentOf(applicationId: string): 'sandbox' | 'production' | null {
  if (applicationId.startsWith(SQUARE_APP_ID_PREFIXES.sandbox)) return 'sandbox';
  if (applicationId.startsWith(SQUARE_APP_ID_PREFIXES.production)) return 'production';
  return null;
}

function paymentSettings(vars: Variables) {
  if (vars.PAYMENT_PROVIDER !== 'square') return { provider: 'test' } as const;
  // superRefine guarantees these are present and well-formed.
  const applicationId = vars.SQUARE_APPLICATION_ID ?? '';
  return {
    provider: 'square',
    environment: squareEnvironmentOf(applicationId) ?? 'sandbox',
    accessToken: vars.SQUARE_ACCESS_TOKEN ?? '',
    applicationId,
    locationId: vars.SQUARE_LOCATION_ID ?? '',
    webhookSignatureKey: vars.SQUARE_WEBHOOK_SIGNATURE_KEY ?? null,
  } as const;
}

/**
 * The variables turned into the settings the app reads. DATA_DIR comes out as written;
 * loadEnv anchors a relative one to its `cwd`.
 */
const envSchema = variables.transform((vars) => {
  const publicOrigin = vars.PUBLIC_ORIGIN ?? `http://localhost:${vars.PORT}`;
  const isProduction = vars.NODE_ENV === 'production';
  const warnings = isProduction ? productionWarnings(vars, publicOrigin) : [];
  // Reached only with the opt-in (checkProduction): every page then says so.
  const testSite = isProduction && takesTestCards(vars);
  if (testSite) {
    warnings.push(
      `${STAGING_OPT_IN}: this production server takes test cards and every page says it is a test site. Never on the live site.`,
    );
  }
  if (vars.APP_SECRET === undefined && vars.NODE_ENV === 'development') {
    warnings.push('APP_SECRET is not set: using the fixed development secret.');
  }
  if (vars.CLOCK_FILE !== undefined) {
    warnings.push(
      `CLOCK_FILE is set: the server's clock follows the offset in ${vars.CLOCK_FILE}.`,
    );
  }
  const devMailbox = vars.NODE_ENV !== 'production' && vars.SMTP_URL === undefined;
  if (devMailbox) {
    warnings.push(
      `The dev mailbox is on: mail is not sent but shown at ${publicOrigin}/dev/mailbox to this machine. Set SMTP_URL to send it.`,
    );
  }
  return {
    nodeEnv: vars.NODE_ENV,
    isProduction,
    /** A production build that takes test cards (a staging site): every page says so. */
    testSite,
    host: vars.HOST,
    /** Fastify's trustProxy: false (no proxy), a hop count, or the proxies' addresses. */
    trustProxy: vars.TRUST_PROXY ?? false,
    /**
     * Per-address limits count an IPv6 client by this many leading bits (a /64 is one
     * subscriber's network, and each device in it picks its own addresses at will).
     */
    ipv6LimitPrefix: vars.IPV6_LIMIT_PREFIX,
    seatStreamsPerProcess: vars.SEAT_STREAMS_PER_PROCESS,
    port: vars.PORT,
    gamePort: vars.GAME_PORT,
    /** Folder of the embedded database (PGlite); unused when `databaseUrl` is set. */
    dataDir: vars.DATA_DIR,
    databaseUrl: vars.DATABASE_URL ?? null,
    payment: paymentSettings(vars),
    /** null: mails stay in the dev mailbox. */
    smtpUrl: vars.SMTP_URL ?? null,
    /** The dev mailbox is served (outside production, without SMTP, to loopback only). */
    devMailbox,
    mailFrom: vars.MAIL_FROM,
    /** The company contact every partnership application is sent to (security.md W24). */
    partnershipEmail: vars.PARTNERSHIP_EMAIL,
    multiplayerEnabled: vars.MULTIPLAYER_ENABLED,
    publicOrigin,
    gameOrigin: vars.GAME_ORIGIN ?? `http://localhost:${vars.GAME_PORT}`,
    livestreamUrl: vars.LIVESTREAM_EMBED_URL,
    groupChatUrl: vars.GROUP_CHAT_URL,
    appSecret: vars.APP_SECRET ?? DEV_APP_SECRET,
    logLevel: vars.LOG_LEVEL,
    /** null: pretty on a development terminal, JSON otherwise (lib/logger.ts logFormatOf). */
    logFormat: vars.LOG_FORMAT ?? null,
    districtName: vars.DISTRICT_NAME,
    venueTimezone: vars.VENUE_TIMEZONE,
    /** Hosts besides PUBLIC_ORIGIN's that /game may send players to after a game (https). */
    resultsHosts: vars.RESULTS_HOSTS ?? [],
    /** A file moving the server's clock (lib/clock.ts fileOffsetClock); tests only. */
    clockFile: vars.CLOCK_FILE ?? null,
    /** Non-fatal remarks the server logs once at start (e.g. the dev secret is in use). */
    warnings,
  };
});

export type Env = z.output<typeof envSchema>;
export type NodeEnv = Env['nodeEnv'];
export type LogLevel = Env['logLevel'];
export type LogFormat = NonNullable<Env['logFormat']>;
export type PaymentSettings = Env['payment'];

function toIssues(error: z.ZodError, source: EnvSource): EnvIssue[] {
  return error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? 'environment');
    const raw = source[variable];
    const showValue = raw !== undefined && raw !== '' && !SECRET_VARIABLES.has(variable);
    return showValue
      ? { variable, problem: issue.message, value: raw }
      : { variable, problem: issue.message };
  });
}

/**
 * Validates the environment and returns the typed settings, or throws an EnvError listing
 * every bad variable at once. `cwd` anchors a relative DATA_DIR (the repo root under `npm start`).
 */
export function loadEnv(source: EnvSource = process.env, cwd: string = process.cwd()): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new EnvError(toIssues(parsed.error, source));
  return { ...parsed.data, dataDir: path.resolve(cwd, parsed.data.dataDir) };
}
