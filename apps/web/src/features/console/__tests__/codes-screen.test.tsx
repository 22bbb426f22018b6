import {
  API_ROUTES,
  type BatchCode,
  type CodeBatchSummary,
  type ConsoleSession,
} from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { mockApi, testConsoleSession, testUser } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const BATCHES = API_ROUTES.consoleCodeBatches.path;
const BATCH = API_ROUTES.consoleCodeBatch.path;
const CREATE = API_ROUTES.consoleCodeBatchCreate.path;
const REVOKE = API_ROUTES.consoleCodeRevoke.path;
const REVOKE_BATCH = API_ROUTES.consoleCodeBatchRevoke.path;
const REAUTH = API_ROUTES.consoleReauth.path;
const BATCH_ID = '5d7c2f1e-0b3a-4c8d-9e6f-1a2b3c4d5e6f';
const PLAYER_ID = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90';

const summary = (overrides: Partial<CodeBatchSummary> = {}): CodeBatchSummary => ({
  id: BATCH_ID,
  name: 'Summer fair',
  kind: 'promo',
  credits: 5,
  count: 3,
  expires: '2026-06-30',
  createdAt: '2026-06-01T16:00:00.000Z',
  createdBy: { id: 'a1', username: 'ada' },
  revokedAt: null,
  codes: { unredeemed: 2, redeemed: 1, expired: 0, revoked: 0 },
  redemptions: 3,
  ...overrides,
});

const code = (id: string, overrides: Partial<BatchCode> = {}): BatchCode => ({
  id,
  label: `Promo code …${id.slice(0, 4).toUpperCase()}`,
  state: 'unredeemed',
  revocable: true,
  redemptions: 0,
  lastRedemption: null,
  revokedAt: null,
  ...overrides,
});
const redeemed = code('7b7b0000-0000-4000-8000-000000000001', {
  label: 'Promo code …7B7B',
  state: 'redeemed',
  redemptions: 3,
  lastRedemption: {
    player: { id: PLAYER_ID, username: 'grace' },
    at: '2026-06-01T17:30:00.000Z',
  },
});
const open = code('c0de0000-0000-4000-8000-000000000002', { label: 'Promo code …C0DE' });

function openConsole(
  path: string,
  role: ConsoleSession['role'],
  answers: Parameters<typeof mockApi>[0] = {},
) {
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role }) }),
    [BATCHES]: () => ({ body: { batches: [summary()], nextCursor: null } }),
    ...answers,
  });
  renderApp(path);
  return api;
}

const sentTo = (api: ReturnType<typeof mockApi>, path: string) =>
  api.sent.filter((request) => request.path === path).map((request) => request.body);

describe("the console's code batches", () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the batches with their codes by state for staff, a page at a time, without the form', async () => {
    const user = userEvent.setup();
    const api = openConsole('/operator/codes', 'staff', {
      [BATCHES]: (body) =>
        body.after === 'next'
          ? { body: { batches: [summary({ id: 'b2', name: 'Spring' })], nextCursor: null } }
          : { body: { batches: [summary()], nextCursor: 'next' } },
    });
    const table = await screen.findByRole('table', { name: 'Code batches, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Batch',
      'Kind',
      'Credits',
      'Codes',
      'Unredeemed',
      'Redeemed',
      'Expired',
      'Revoked',
      'Last day',
      'Made',
    ]);
    const row = within(table).getByRole('row', { name: /Summer fair/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Promo',
      '5',
      '3',
      '2',
      '1',
      '0',
      '0',
      'Jun 30, 2026',
      expect.stringMatching(/, by ada$/),
    ]);
    expect(within(row).getByRole('link', { name: 'Open the batch Summer fair' })).toHaveAttribute(
      'href',
      `/operator/codes/${BATCH_ID}`,
    );
    expect(screen.queryByRole('region', { name: 'New batch' })).not.toBeInTheDocument();
    expect(screen.getByText('Only admins make and revoke codes.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('row', { name: /Spring/ })).toBeVisible();
    expect(sentTo(api, BATCHES)).toEqual([{}, { after: 'next' }]);
  });

  it('makes a batch for an admin through the password check, then offers its CSV once', async () => {
    const user = userEvent.setup();
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    let tries = 0;
    const made = {
      outcome: 'created',
      batch: summary({ name: 'Spring, 2027', count: 2, credits: 16, kind: 'game-pass' }),
      codes: ['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'].map((issued) => ({
        code: issued,
        kind: 'game-pass',
        credits: 16,
        expires: null,
      })),
    };
    const api = openConsole('/operator/codes', 'admin', {
      [CREATE]: () => {
        tries += 1;
        return tries === 1 ? refusal('REAUTH_REQUIRED') : { body: made };
      },
      [REAUTH]: () => ({ body: testConsoleSession({ role: 'admin' }) }),
    });
    const form = await screen.findByRole('region', { name: 'New batch' });
    const create = within(form).getByRole('button', { name: 'Create Batch' });
    await user.click(create);
    expect(within(form).getByText('Name the batch.')).toBeVisible();
    expect(within(form).getByText('Enter 1 to 10,000 codes.')).toBeVisible();
    expect(sentTo(api, CREATE)).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Spring, 2027');
    await user.click(
      within(form).getByRole('radio', { name: 'Game Pass: one player redeems each code, once.' }),
    );
    await user.type(within(form).getByLabelText('Codes'), '2');
    await user.click(create);

    const dialog = await findDialog('Confirm it is you');
    expect(dialog).toHaveAccessibleDescription(
      'Making codes needs your password and a current code again (every 15 minutes).',
    );
    await user.type(within(dialog).getByLabelText('Password'), 'violet-lantern-orbit-42');
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const result = await screen.findByRole('heading', { name: 'Spring, 2027: 2 codes made' });
    await waitFor(() => expect(result).toHaveFocus());
    const batch = { name: 'Spring, 2027', kind: 'game-pass', count: 2, credits: 16 };
    expect(sentTo(api, CREATE)).toEqual([batch, batch]);
    // The list is read again with the new batch.
    await waitFor(() => expect(sentTo(api, BATCHES)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('questfield-codes-spring-2027.csv');
    const csv = decodeURIComponent(saved[0]?.href.split(',').slice(1).join(',') ?? '');
    expect(csv.split('\n')).toEqual([
      'code,batch,kind,credits,expires',
      'AAAA-BBBB-CCCC,"Spring, 2027",game-pass,16,',
      'DDDD-EEEE-FFFF,"Spring, 2027",game-pass,16,',
      '',
    ]);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('AAAA-BBBB-CCCC')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('says a large batch waits for a second admin, and comes back to the form after Done', async () => {
    const user = userEvent.setup();
    const batch = { name: 'Launch night', kind: 'promo', count: 101, credits: 10 };
    openConsole('/operator/codes', 'admin', {
      [CREATE]: () => ({
        body: {
          outcome: 'pending',
          approval: {
            id: '0a000000-0000-4000-8000-000000000002',
            action: { kind: 'batch', batch },
            state: 'pending',
            requestedBy: { id: '0b000000-0000-4000-8000-0000000000a1', username: 'ada' },
            requestedAt: '2026-06-01T16:00:00.000Z',
            expiresAt: '2026-06-02T16:00:00.000Z',
            decidedBy: null,
            decidedAt: null,
          },
        },
      }),
    });
    const form = await screen.findByRole('region', { name: 'New batch' });
    await user.type(within(form).getByLabelText('Name'), batch.name);
    await user.type(within(form).getByLabelText('Codes'), '101');
    await user.clear(within(form).getByLabelText('Credits each'));
    await user.type(within(form).getByLabelText('Credits each'), '10');
    await user.click(within(form).getByRole('button', { name: 'Create Batch' }));
    const heading = await screen.findByRole('heading', {
      name: 'Launch night: waiting for a second admin',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(form).toHaveTextContent('The batch holds 1,010 credits in all');
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveFocus());
  });

  it('says a taken name and a past last day at their fields', async () => {
    const user = userEvent.setup();
    let answer = refusal('CODE_BATCH_NAME_TAKEN');
    openConsole('/operator/codes', 'admin', { [CREATE]: () => answer });
    const form = await screen.findByRole('region', { name: 'New batch' });
    const name = within(form).getByLabelText('Name');
    await user.type(name, 'Summer fair');
    await user.type(within(form).getByLabelText('Codes'), '5');
    await user.click(within(form).getByRole('button', { name: 'Create Batch' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'How you find the batch again; no other batch may have it. A code batch already has this name.',
      ),
    );
    expect(name).toHaveFocus();

    answer = refusal('OPERATOR_DATE_PAST');
    await user.clear(name);
    await user.type(name, 'Later');
    await user.click(within(form).getByRole('button', { name: 'Create Batch' }));
    const lastDay = within(form).getByLabelText('Last day');
    await waitFor(() => expect(lastDay).toHaveFocus());
    expect(lastDay).toHaveAccessibleDescription(
      "Optional: the last day the codes work, on the venue's calendar. That day has already passed.",
    );
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a batch's codes by state with who redeemed them, the state in the address", async () => {
    const user = userEvent.setup();
    const api = openConsole(`/operator/codes/${BATCH_ID}`, 'staff', {
      [BATCH]: (body) => ({
        body: {
          batch: summary(),
          state: body.state ?? null,
          codes: body.state === 'redeemed' ? [redeemed] : [redeemed, open],
          nextCursor: null,
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Summer fair', level: 2 })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Codes of Summer fair, by label' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'State', 'Redeemed by', 'When']);
    const row = within(table).getByRole('row', { name: /7B7B/ });
    expect(within(row).getByText('Redeemed')).toBeVisible();
    expect(within(row).getByText('and 2 other players')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Open the page of grace' })).toHaveAttribute(
      'href',
      `/operator/players/${PLAYER_ID}`,
    );
    expect(within(row).getByRole('time')).toHaveAttribute('dateTime', '2026-06-01T17:30:00.000Z');
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'Redeemed');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(sentTo(api, BATCH)).toEqual([
      { batchId: BATCH_ID },
      { batchId: BATCH_ID, state: 'redeemed' },
    ]);
  });

  it('revokes a code and the batch for an admin, saying so and keeping the focus in place', async () => {
    const user = userEvent.setup();
    let current = summary();
    let codes = [redeemed, open];
    const api = openConsole(`/operator/codes/${BATCH_ID}`, 'admin', {
      [BATCH]: () => ({ body: { batch: current, state: null, codes, nextCursor: null } }),
      [REVOKE]: () => {
        codes = [redeemed, { ...open, state: 'revoked', revocable: false }];
        current = summary({ codes: { unredeemed: 1, redeemed: 1, expired: 0, revoked: 1 } });
        return { body: { label: open.label } };
      },
      [REVOKE_BATCH]: () => {
        current = summary({
          revokedAt: '2026-06-01T18:00:00.000Z',
          codes: { unredeemed: 0, redeemed: 1, expired: 0, revoked: 2 },
        });
        return { body: { batch: current, revoked: 2 } };
      },
    });
    const table = await screen.findByRole('table', { name: 'Codes of Summer fair, by label' });
    await user.click(within(table).getByRole('button', { name: 'Revoke Promo code …C0DE' }));
    const dialog = await findDialog('Revoke Promo code …C0DE?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Revoke Promo code …C0DE' })).toHaveFocus(),
    );
    await waitForDialogToClose();

    await user.click(screen.getByRole('button', { name: 'Revoke Promo code …C0DE' }));
    const again = await findDialog('Revoke Promo code …C0DE?');
    await user.click(within(again).getByRole('button', { name: 'Revoke Code' }));
    expect(
      await screen.findByText('Promo code …C0DE is revoked: it can no longer be redeemed.'),
    ).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(within(table).getByRole('rowheader', { name: 'Promo code …C0DE' })).toHaveFocus(),
    );
    await waitForDialogToClose();
    expect(
      screen.queryByRole('button', { name: 'Revoke Promo code …C0DE' }),
    ).not.toBeInTheDocument();
    expect(sentTo(api, REVOKE)).toEqual([{ codeId: open.id }]);

    // The batch: its promo code redeemed by some is still open to others, so 2 codes stop.
    const revokeSection = screen.getByRole('region', { name: 'Revoke the batch' });
    await user.click(within(revokeSection).getByRole('button', { name: 'Revoke Batch…' }));
    expect(revokeSection).toHaveTextContent(
      'Revoke Summer fair? Its 2 codes that can still be redeemed stop working.',
    );
    await user.click(within(revokeSection).getByRole('button', { name: 'Revoke Batch' }));
    expect(
      await screen.findByText('Summer fair is revoked: 2 codes can no longer be redeemed.'),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Revoke the batch' })).not.toBeInTheDocument();
    expect(sentTo(api, REVOKE_BATCH)).toEqual([{ batchId: BATCH_ID }]);
  });

  it('says when a batch does not exist', async () => {
    openConsole(`/operator/codes/${BATCH_ID}`, 'staff', {
      [BATCH]: () => refusal('CODE_BATCH_NOT_FOUND'),
    });
    expect(await screen.findByText('No code batch has this id.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'All batches' })).toHaveAttribute(
      'href',
      '/operator/codes',
    );
  });

  it('says the batches could not be loaded, not that there is none', async () => {
    openConsole('/operator/codes', 'staff', { [BATCHES]: () => refusal('INTERNAL') });
    await findRetryAlert('The batches could not be loaded.');
    expect(screen.queryByText('No code batch yet.')).not.toBeInTheDocument();
  });

  it('says a batch could not be loaded, not that it does not exist or has no code', async () => {
    openConsole(`/operator/codes/${BATCH_ID}`, 'staff', { [BATCH]: () => refusal('INTERNAL') });
    await findRetryAlert('The batch could not be loaded.');
    expect(screen.queryByText('No code batch has this id.')).not.toBeInTheDocument();
    expect(screen.queryByText('No code in this state.')).not.toBeInTheDocument();
  });
});
