import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_CHAT_URL } from '@questfield/contract';
import {
  DEFAULT_LIVESTREAM_EMBED_URL,
  DEFAULT_MAIL_FROM,
  appSecretProblem,
  EnvError,
  formatEnvError,
  loadEnv,
  type EnvSource,
} from '../src/config/env';

function issuesOf(source: EnvSource): EnvError['issues'] {
  try {
    loadEnv(source, '/srv/questfield');
  } catch (error) {
    if (error instanceof EnvError) return error.issues;
    throw error;
  }
  throw new Error('expected loadEnv to fail');
}

function variablesOf(source: EnvSource): string[] {
  return issuesOf(source).map((issue) => issue.variable);
}

/** What `openssl rand -hex 32` prints. */
const STRONG_SECRET = 'c854b0f85d0017c74fe592a683f8003433d1b18e26f1d78a0c3eb916455a2195';

const SQUARE: EnvSource = {
  PAYMENT_PROVIDER: 'square',
  SQUARE_ACCESS_TOKEN: 'EAAA-token',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-abc123',
  SQUARE_LOCATION_ID: 'L123',
};
const SQUARE_LIVE: EnvSource = {
  ...SQUARE,
  SQUARE_APPLICATION_ID: 'sq0idp-live',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'sig',
};

describe('loadEnv', () => {
  it('gives working defaults for an empty environment', () => {
    const env = loadEnv({}, '/srv/questfield');
    expect(env).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      host: '127.0.0.1',
      port: 3000,
      gamePort: 3100,
      dataDir: path.resolve('/srv/questfield', '.data'),
      databaseUrl: null,
      payment: { provider: 'test' },
      smtpUrl: null,
      mailFrom: DEFAULT_MAIL_FROM,
      multiplayerEnabled: true,
      seatStreamsPerProcess: 500,
      publicOrigin: 'http://localhost:3000',
      gameOrigin: 'http://localhost:3100',
      livestreamUrl: DEFAULT_LIVESTREAM_EMBED_URL,
      groupChatUrl: DEFAULT_GROUP_CHAT_URL,
      logLevel: 'info',
      logFormat: null,
      districtName: 'Old Mill District',
      venueTimezone: 'America/New_York',
      resultsHosts: [],
      clockFile: null,
    });
    expect(env.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(env.warnings.join(' ')).toMatch(/APP_SECRET/);
  });

  it('derives the default origins from the ports', () => {
    const env = loadEnv({ PORT: '8080', GAME_PORT: '8181' });
    expect(env.publicOrigin).toBe('http://localhost:8080');
    expect(env.gameOrigin).toBe('http://localhost:8181');
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: ' ', NODE_ENV: '' }).port).toBe(3000);
  });

  it('reads every variable', () => {
    const env = loadEnv(
      {
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PORT: '80',
        GAME_PORT: '81',
        DATA_DIR: '/var/lib/questfield',
        DATABASE_URL: 'postgres://u:p@db:5432/questfield',
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        MAIL_FROM: 'Q <q@example.com>',
        MULTIPLAYER_ENABLED: '0',
        PUBLIC_ORIGIN: 'https://play.example.com/',
        GAME_ORIGIN: 'https://game.example.com',
        LIVESTREAM_EMBED_URL: 'https://player.example.com/live?x=1',
        GROUP_CHAT_URL: 'https://chat.example.com/players',
        APP_SECRET: STRONG_SECRET,
        TRUST_PROXY: '2',
        SEAT_STREAMS_PER_PROCESS: '2000',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'pretty',
        DISTRICT_NAME: 'Harbour Quarter',
        VENUE_TIMEZONE: 'Europe/London',
        RESULTS_HOSTS: 'results.example.com, Scores.example.org:8443',
        ...SQUARE,
        SQUARE_APPLICATION_ID: 'sq0idp-live',
        SQUARE_WEBHOOK_SIGNATURE_KEY: 'sig',
      },
      '/srv',
    );
    expect(env).toMatchObject({
      isProduction: true,
      host: '0.0.0.0',
      trustProxy: 2,
      seatStreamsPerProcess: 2000,
      port: 80,
      gamePort: 81,
      dataDir: '/var/lib/questfield',
      databaseUrl: 'postgres://u:p@db:5432/questfield',
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      multiplayerEnabled: false,
      publicOrigin: 'https://play.example.com',
      gameOrigin: 'https://game.example.com',
      groupChatUrl: 'https://chat.example.com/players',
      logLevel: 'warn',
      logFormat: 'pretty',
      districtName: 'Harbour Quarter',
      venueTimezone: 'Europe/London',
      resultsHosts: ['results.example.com', 'scores.example.org:8443'],
      payment: {
        provider: 'square',
        environment: 'production',
        applicationId: 'sq0idp-live',
        locationId: 'L123',
        accessToken: 'EAAA-token',
        webhookSignatureKey: 'sig',
      },
      warnings: [],
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('MULTIPLAYER_ENABLED=%s is %s', (value, expected) => {
    expect(loadEnv({ MULTIPLAYER_ENABLED: value }).multiplayerEnabled).toBe(expected);
  });

  it('treats an empty MULTIPLAYER_ENABLED as unset (on)', () => {
    expect(loadEnv({ MULTIPLAYER_ENABLED: '' }).multiplayerEnabled).toBe(true);
  });

  it('accepts port 0 and anchors a relative DATA_DIR to cwd', () => {
    const env = loadEnv({ PORT: '0', DATA_DIR: 'var/db' }, '/srv/questfield');
    expect(env.port).toBe(0);
    expect(env.dataDir).toBe(path.resolve('/srv/questfield', 'var/db'));
  });

  it('detects the Square environment from the application id', () => {
    expect(loadEnv(SQUARE).payment).toMatchObject({ environment: 'sandbox' });
  });
});

describe('loadEnv rejects bad settings, naming each variable', () => {
  it.each<[string, EnvSource]>([
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '0x50' }],
    ['PORT', { PORT: '80.5' }],
    ['GAME_PORT', { GAME_PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: 'stripe' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['MULTIPLAYER_ENABLED', { MULTIPLAYER_ENABLED: 'yes' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'https://play.example.com/app' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'play.example.com' }],
    ['GAME_ORIGIN', { GAME_ORIGIN: 'ftp://game.example.com' }],
    ['GAME_ORIGIN', { GAME_ORIGIN: 'https://game.example.com/?x=1' }],
    ['LIVESTREAM_EMBED_URL', { LIVESTREAM_EMBED_URL: 'http://insecure.example.com/live' }],
    ['GROUP_CHAT_URL', { GROUP_CHAT_URL: 'chat.example.com/players' }],
    ['APP_SECRET', { APP_SECRET: 'short' }],
    ['APP_SECRET', { NODE_ENV: 'production', ...SQUARE_LIVE }],
    [
      'APP_SECRET',
      {
        NODE_ENV: 'production',
        APP_SECRET: 'questfield-development-secret-not-for-production-use',
        ...SQUARE_LIVE,
      },
    ],
    ['APP_SECRET', { NODE_ENV: 'production', ...SQUARE_LIVE, APP_SECRET: 'x'.repeat(64) }],
    ['APP_SECRET', { NODE_ENV: 'production', ...SQUARE_LIVE, APP_SECRET: '12'.repeat(32) }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '127.0.0.1, proxy.example.com' }],
    ['SEAT_STREAMS_PER_PROCESS', { SEAT_STREAMS_PER_PROCESS: '0' }],
    ['SEAT_STREAMS_PER_PROCESS', { SEAT_STREAMS_PER_PROCESS: '-5' }],
    ['SEAT_STREAMS_PER_PROCESS', { SEAT_STREAMS_PER_PROCESS: 'unlimited' }],
    ['SEAT_STREAMS_PER_PROCESS', { SEAT_STREAMS_PER_PROCESS: '1000000' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'fancy' }],
    ['VENUE_TIMEZONE', { VENUE_TIMEZONE: 'Mars/Olympus_Mons' }],
    ['RESULTS_HOSTS', { RESULTS_HOSTS: 'https://results.example.com' }],
    ['SQUARE_APPLICATION_ID', { ...SQUARE, SQUARE_APPLICATION_ID: 'sq0idb-wrong-prefix' }],
    ['SQUARE_APPLICATION_ID', { ...SQUARE, SQUARE_APPLICATION_ID: undefined }],
    ['SQUARE_ACCESS_TOKEN', { ...SQUARE, SQUARE_ACCESS_TOKEN: undefined }],
    ['SQUARE_LOCATION_ID', { ...SQUARE, SQUARE_LOCATION_ID: '' }],
    [
      'CLOCK_FILE',
      {
        NODE_ENV: 'production',
        APP_SECRET: STRONG_SECRET,
        ...SQUARE_LIVE,
        CLOCK_FILE: 'clock.json',
      },
    ],
  ])('%s', (variable, source) => {
    expect(variablesOf(source)).toEqual([variable]);
  });

  it('lists every bad variable at once, with the reason, in one message', () => {
    const source = { PORT: 'x', LOG_LEVEL: 'loud', VENUE_TIMEZONE: 'Nowhere' };
    let message = '';
    try {
      loadEnv(source);
    } catch (error) {
      if (error instanceof EnvError) message = formatEnvError(error);
    }
    expect(message).toMatch(/^Invalid configuration/);
    expect(message).toMatch(/PORT: must be a whole number from 0 to 65535 \(got "x"\)/);
    expect(message).toMatch(/LOG_LEVEL: must be one of/);
    expect(message).toMatch(/VENUE_TIMEZONE: must be an IANA time zone/);
  });

  it('shows the value of a variable that is not secret', () => {
    expect(issuesOf({ LOG_LEVEL: 'loud' })).toEqual([
      { variable: 'LOG_LEVEL', problem: expect.stringMatching(/^must be one of/), value: 'loud' },
    ]);
  });

  it('never echoes a secret value', () => {
    const issues = issuesOf({
      APP_SECRET: 'too-short-secret',
      DATABASE_URL: 'mysql://u:pw@h/db',
      SMTP_URL: 'http://u:smtppw@mail',
    });
    expect(issues.map((issue) => issue.variable).sort()).toEqual([
      'APP_SECRET',
      'DATABASE_URL',
      'SMTP_URL',
    ]);
    expect(JSON.stringify(issues)).not.toMatch(/too-short-secret|pw@h|smtppw/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless set', () => {
    expect(loadEnv({}).trustProxy).toBe(false);
  });

  it.each([
    ['1', 1],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback, 10.0.0.0/8,::1', ['loopback', '10.0.0.0/8', '::1']],
  ])('reads %j', (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

describe('production settings', () => {
  const PRODUCTION: EnvSource = {
    NODE_ENV: 'production',
    APP_SECRET: STRONG_SECRET,
    ...SQUARE_LIVE,
    PUBLIC_ORIGIN: 'https://play.example.com',
    SMTP_URL: 'smtps://mailer:pw@smtp.example.com',
  };

  it('starts quietly when every setting is sound', () => {
    expect(loadEnv(PRODUCTION).warnings).toEqual([]);
  });

  it('warns loudly about an http origin and a missing SMTP_URL', () => {
    const { warnings } = loadEnv({
      ...PRODUCTION,
      PUBLIC_ORIGIN: 'http://play.example.com',
      SMTP_URL: '',
    });
    expect(warnings).toEqual([
      expect.stringMatching(/^PUBLIC_ORIGIN is http: session cookies are not Secure/),
      expect.stringMatching(/^SMTP_URL is not set/),
    ]);
  });
});

describe('production never takes test cards unless a staging site says so', () => {
  const BASE: EnvSource = {
    NODE_ENV: 'production',
    APP_SECRET: STRONG_SECRET,
    PUBLIC_ORIGIN: 'https://play.example.com',
    SMTP_URL: 'smtps://mailer:pw@smtp.example.com',
  };

  it.each<[string, EnvSource]>([
    ['unset', {}],
    ['test', { PAYMENT_PROVIDER: 'test' }],
    ["Square's sandbox", SQUARE],
    [
      'test, with the opt-in misspelt',
      { PAYMENT_PROVIDER: 'test', UNSAFE_STAGING_TEST_PAYMENTS: 'yes' },
    ],
  ])('refuses PAYMENT_PROVIDER %s', (_name, payments) => {
    const issues = issuesOf({ ...BASE, ...payments });
    expect(issues.map((issue) => issue.variable)).toContain(
      payments.UNSAFE_STAGING_TEST_PAYMENTS === undefined
        ? 'PAYMENT_PROVIDER'
        : 'UNSAFE_STAGING_TEST_PAYMENTS',
    );
  });

  it('starts a live site with Square production credentials, not as a test site', () => {
    const env = loadEnv({ ...BASE, ...SQUARE_LIVE });
    expect(env.payment).toMatchObject({ provider: 'square', environment: 'production' });
    expect(env.testSite).toBe(false);
    expect(env.warnings).toEqual([]);
  });

  it.each<[string, EnvSource]>([
    ['test', { PAYMENT_PROVIDER: 'test' }],
    ["Square's sandbox", SQUARE],
  ])('starts a staging site on %s with the opt-in, and says so', (_name, payments) => {
    const env = loadEnv({ ...BASE, ...payments, UNSAFE_STAGING_TEST_PAYMENTS: 'true' });
    expect(env.testSite).toBe(true);
    expect(env.warnings).toContainEqual(
      expect.stringMatching(/^UNSAFE_STAGING_TEST_PAYMENTS=true/),
    );
  });

  it('keeps the offline provider the default outside production', () => {
    expect(loadEnv({}).payment).toEqual({ provider: 'test' });
    expect(loadEnv({}).testSite).toBe(false);
  });

  it('warns when Square runs without its webhook key', () => {
    const env = loadEnv({ ...BASE, ...SQUARE_LIVE, SQUARE_WEBHOOK_SIGNATURE_KEY: '' });
    expect(env.warnings).toEqual([
      expect.stringMatching(/^SQUARE_WEBHOOK_SIGNATURE_KEY is not set/),
    ]);
  });
});

describe('a production APP_SECRET is 32 random bytes', () => {
  it.each([
    'Password123Password123Password123',
    'questfield-production-secret-2026',
    'Password123Password123Password123Password123',
    'correct-horse-battery-staple-correct-horse-battery',
    'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop',
    // Issue 40: well-formed, no run typed twice, yet nothing random in them.
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq',
    'qwertyuiopasdfghjklzxcvbnmQWERTYUIOPASDFGHJK',
    '1234567890qwertyuiopasdfghjklzxcvbnmQAZWSXED',
    'zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJIH',
    '0123456789abcdef0123456789ABCDEFfedcba9876543210',
    'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  ])('refuses %j', (secret) => {
    expect(appSecretProblem(secret)).toMatch(/openssl rand -base64 32/);
  });

  it.each([
    ['openssl rand -hex 32', STRONG_SECRET],
    ['openssl rand -base64 32', 'q3Jx0M9vF2kLw8Zt1bN5yR7eH4uC6aP0sD2gV9iO1nE='],
    ['base64url', 'q3Jx0M9vF2kLw8Zt1bN5yR7eH4uC6aP0sD2gV9iO1nE'],
  ])('accepts what %s prints', (_tool, secret) => {
    expect(appSecretProblem(secret)).toBeNull();
  });

  it('accepts every one of 2,000 fresh random secrets in each encoding', () => {
    const refused = [];
    for (let i = 0; i < 2000; i += 1) {
      const bytes = randomBytes(32);
      for (const secret of [bytes.toString('hex'), bytes.toString('base64')]) {
        if (appSecretProblem(secret) !== null) refused.push(secret);
      }
    }
    expect(refused).toEqual([]);
  });

  it('names the variable and how to make one when production refuses it', () => {
    const secret = 'qwertyuiopasdfghjklzxcvbnmQWERTYUIOPASDFGHJK';
    const issues = issuesOf({ NODE_ENV: 'production', ...SQUARE_LIVE, APP_SECRET: secret });
    expect(issues).toContainEqual({
      variable: 'APP_SECRET',
      problem:
        'is not random enough: generate one with: openssl rand -base64 32 (or openssl rand -hex 32)',
    });
  });
});
