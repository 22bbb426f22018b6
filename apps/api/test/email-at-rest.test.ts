/**
 * Mail that carries a secret (a recovery code, Game Pass codes) leaves it nowhere in the
 * database: bodies are sealed while queued, blanked once sent, and finished rows are deleted a
 * day later (security.md W18, R14; ADR 0006). Only the mail handed to the transport has it.
 */
import { randomUUID } from 'node:crypto';
import { formatUsd, priceCents, SANDBOX_NONCES } from '@questfield/contract';
import { sql } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { emailOutbox } from '../src/db/schema';
import { FINISHED_TTL_MS, type MailTransport } from '../src/integrations/email/dispatcher';
import { createMailSeal } from '../src/integrations/email/mail-seal';
import { mailDraft } from '../src/integrations/email/templates';
import { mailRendererFor } from '../src/services';
import { createSealedBox } from '../src/lib/sealed-box';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { latestRecoveryCode, openedMails } from './helpers/outbox';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';
import { asToken } from './helpers/tokens';

type Clock = { advance(ms: number): void };

/** Every row of every table, as text. */
async function databaseText(db: Database): Promise<string> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const rows = await Promise.all(
    tables.map(({ schema, name }) =>
      queryRows<{ row: string }>(
        db,
        sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      ),
    ),
  );
  return rows
    .flat()
    .map(({ row }) => row)
    .join('\n');
}

describe(`secrets of queued mail at rest [${dbKind}]`, () => {
  let t: TestApp;
  let player: SignedUp;
  const delivered: SendMailOptions[] = [];
  const transport = {
    sendMail: async (mail: SendMailOptions) => {
      delivered.push(mail);
      return {};
    },
    close: () => undefined,
  } as unknown as MailTransport;
  const db = () => t.database.handle.db;

  async function buyGamePasses(quantity: number): Promise<string[]> {
    const body = {
      items: [{ id: 'game-pack', qty: quantity }],
      total: formatUsd(priceCents('game-pack', quantity)),
      paymentToken: SANDBOX_NONCES.ok,
      sku: 'game-pack',
      quantity,
    };
    const headers = { 'idempotency-key': randomUUID() };
    const paid = await postJson(t.app, 'squareCheckout', body, { cookie: player.cookie, headers });
    expect(paid.statusCode).toBe(200);
    const list = await postJson(t.app, 'ordersList', {}, { cookie: player.cookie });
    return jsonOf<{ gamePasses: { code: string }[] }>(list).gamePasses.map((pass) => pass.code);
  }

  /** No secret in any table (as a token of its own: see asToken). */
  async function expectNoneAtRest(secrets: string[]) {
    const text = await databaseText(db());
    for (const secret of secrets) expect(text).not.toMatch(asToken(secret));
  }

  beforeEach(async () => {
    delivered.length = 0;
    t = await createTestApp({ mailTransport: transport });
    player = await signUp(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  it('keeps no recovery or Game Pass code readable in any table; the sent mail has them', async () => {
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    const passes = await buyGamePasses(2);
    expect(passes).toHaveLength(2);
    const secrets = [await latestRecoveryCode(t, player.email), ...passes];

    await expectNoneAtRest(secrets);
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 2 });
    const sentText = delivered.map((mail) => `${String(mail.text)}\n${String(mail.html)}`);
    for (const secret of secrets) expect(sentText.join('\n')).toContain(secret);

    await expectNoneAtRest(secrets);
    expect(await openedMails(t)).toEqual([
      expect.objectContaining({ status: 'sent', draft: '', textBody: '', htmlBody: '' }),
      expect.objectContaining({ status: 'sent', draft: '', textBody: '', htmlBody: '' }),
    ]);
  });

  it('deletes finished mail a day after it was queued, and keeps younger mail', async () => {
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    await t.app.emailDispatcher.runOnce();
    (t.clock as unknown as Clock).advance(FINISHED_TTL_MS - 1_000);
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 1, purged: 0 });
    (t.clock as unknown as Clock).advance(2_000);
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ purged: 1 });
    expect(await db().select().from(emailOutbox)).toHaveLength(1);
  });

  it('gives up, without sending, a draft no template of this version renders', async () => {
    const box = createSealedBox(t.env.appSecret, 'email-outbox');
    const drafts = [
      { template: 'retired_template', draft: box.seal('{"username":"ada"}') },
      { template: 'seat_booked', draft: box.seal('{"username":"ada"}') },
      { template: 'recovery_code', draft: box.seal('not json') },
    ];
    await db()
      .insert(emailOutbox)
      .values(
        drafts.map((row) => ({ ...row, toAddress: player.email, nextAttemptAt: t.clock.now() })),
      );
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 0, failed: 3 });
    expect(delivered).toEqual([]);
    const reasons = await db().select({ lastError: emailOutbox.lastError }).from(emailOutbox);
    expect(reasons.map((row) => row.lastError)).toEqual(
      Array(3).fill('sealed under another APP_SECRET, or its draft no longer renders'),
    );
  });

  it('gives up, without sending, a mail sealed under another APP_SECRET', async () => {
    const draft = mailDraft('recovery_code', { username: player.username, code: '123456' });
    const render = mailRendererFor(t.env);
    const foreign = createMailSeal('another-secret-0123456789-abcdefghijklmnop', render).seal(
      draft,
    );
    await db()
      .insert(emailOutbox)
      .values({ toAddress: player.email, ...foreign, nextAttemptAt: t.clock.now() });
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 0, failed: 1 });
    expect(delivered).toEqual([]);
    expect(await openedMails(t)).toEqual([
      expect.objectContaining({ status: 'failed', draft: '', textBody: '', htmlBody: '' }),
    ]);
  });
});
