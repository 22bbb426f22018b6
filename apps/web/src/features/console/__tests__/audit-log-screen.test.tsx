import { API_ROUTES, type AuditEntry, type ConsoleSession } from '@questfield/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRetryAlert } from '@/testing/answers';
import { mockApi, testUser, testConsoleSession } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const LOG = API_ROUTES.consoleAuditLog.path;
const EXPORT = API_ROUTES.consoleAuditLogExport.path;
const PLAYER_ID = '6f1c1a52-1b8e-4d53-9a55-0d3f3f1c0a01';
const ADMIN_ID = '6f1c1a52-1b8e-4d53-9a55-0d3f3f1c0a02';

const session = (role: ConsoleSession['role']) => testConsoleSession({ role });

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-06-01T16:02:00.000Z',
  actor: { kind: 'command_line', id: null, label: 'command line', role: null, ip: '' },
  action: 'users.grant-credits',
  player: { id: PLAYER_ID, username: 'grace' },
  subject: '',
  before: { balance: 0 },
  after: { balance: 4 },
  reason: 'Outage refund',
  ...overrides,
});
const byAdmin = entry(7, {
  actor: { kind: 'operator', id: ADMIN_ID, label: 'ada', role: 'admin', ip: '203.0.113.7' },
  action: 'users.set-role',
  before: { role: 'player' },
  after: { role: 'staff' },
  reason: '',
});

function renderLog(role: ConsoleSession['role'], pages: Record<string, unknown>[]) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: session(role) }),
    [LOG]: (body) => {
      const page = pages.find(
        (candidate) => JSON.stringify(candidate.for) === JSON.stringify(body),
      );
      return page
        ? { body: page.answer }
        : { status: 500, body: { code: 'INTERNAL', message: 'no' } };
    },
    [EXPORT]: () => ({ body: { entries: [byAdmin, entry(6)], truncated: false, csv: '' } }),
  });
}

describe('the audit log screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each action with its operator, player and change, and pages by cursor', async () => {
    const user = userEvent.setup();
    renderLog('staff', [
      { for: {}, answer: { entries: [byAdmin], nextCursor: 7 } },
      { for: { before: 7 }, answer: { entries: [entry(6)], nextCursor: null } },
    ]);
    renderApp('/operator/audit-log');

    const table = await screen.findByRole('table', { name: 'Operator actions, newest first' });
    const first = within(table).getAllByRole('row')[1] ?? expect.fail('no row');
    expect(within(first).getByRole('button', { name: 'Show only ada' })).toBeVisible();
    expect(first).toHaveTextContent('admin');
    expect(first).toHaveTextContent('203.0.113.7');
    expect(first).toHaveTextContent('Role changed');
    expect(first).toHaveTextContent('role: "player" → "staff"');
    // Staff cannot export (the server refuses them too).
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const second = (await within(table).findAllByRole('row'))[2] ?? expect.fail('no second row');
    expect(second).toHaveTextContent('command line');
    expect(second).toHaveTextContent('Credits granted');
    expect(second).toHaveTextContent('balance: 0 → 4');
    expect(second).toHaveTextContent('Outage refund');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("narrows by action and by a row's player, and clears the player again", async () => {
    const user = userEvent.setup();
    const api = renderLog('staff', [
      { for: {}, answer: { entries: [byAdmin, entry(6)], nextCursor: null } },
      { for: { action: 'users.grant-credits' }, answer: { entries: [entry(6)], nextCursor: null } },
      {
        for: { action: 'users.grant-credits', playerId: PLAYER_ID },
        answer: { entries: [entry(6)], nextCursor: null },
      },
    ]);
    renderApp('/operator/audit-log');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Action'), 'Credits granted');
    await user.click(await screen.findByRole('button', { name: 'Show only grace' }));
    expect(await screen.findByText('Player: grace')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear the player filter' }));
    expect(screen.queryByText('Player: grace')).not.toBeInTheDocument();
    expect(
      api.sent.filter((request) => request.path === LOG).map((request) => request.body),
    ).toEqual([
      {},
      { action: 'users.grant-credits' },
      { action: 'users.grant-credits', playerId: PLAYER_ID },
      // Back to a filter seen before: asked again, as the log may have grown.
      { action: 'users.grant-credits' },
    ]);
  });

  it('exports what the filter matches as CSV for an admin', async () => {
    const user = userEvent.setup();
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    renderLog('admin', [{ for: {}, answer: { entries: [byAdmin], nextCursor: null } }]);
    renderApp('/operator/audit-log');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^questfield-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = decodeURIComponent(saved[0]?.href.split(',').slice(1).join(',') ?? '');
    expect(csv.split('\n')).toEqual([
      'at,operator,role,address,action,player,subject,before,after,reason',
      '2026-06-01T16:02:00.000Z,ada,admin,203.0.113.7,users.set-role,grace,,"{""role"":""player""}","{""role"":""staff""}",',
      '2026-06-01T16:02:00.000Z,command line,,,users.grant-credits,grace,,"{""balance"":0}","{""balance"":4}",Outage refund',
      '',
    ]);
  });

  it('says the audit log could not be loaded, not that no action matches', async () => {
    // No page is given: the server fails every read.
    renderLog('staff', []);
    renderApp('/operator/audit-log');
    await findRetryAlert('The audit log could not be loaded.');
    expect(screen.queryByText('No operator action matches.')).not.toBeInTheDocument();
  });
});
