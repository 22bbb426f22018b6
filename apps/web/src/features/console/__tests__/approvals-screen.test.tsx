import {
  API_ROUTES,
  ERRORS,
  type ApprovalRequest,
  type ConsoleApprovals,
  type ConsoleSession,
} from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { mockApi, testConsoleSession, testUser } from '@/testing/mock-api';
import { findDialog, renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const LIST = API_ROUTES.consoleApprovals.path;
const DECIDE = API_ROUTES.consoleApprovalDecide.path;
const REAUTH = API_ROUTES.consoleReauth.path;

const request = (id: string, overrides: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id,
  action: {
    kind: 'grant',
    player: { id: '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90', username: 'bob' },
    credits: 600,
    reason: 'Tournament prizes',
  },
  state: 'pending',
  requestedBy: { id: '1b0c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', username: 'grace' },
  requestedAt: '2026-06-01T16:00:00.000Z',
  expiresAt: '2026-06-02T16:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  ...overrides,
});
const GRANT_ID = '0a000000-0000-4000-8000-000000000001';
const BATCH_ID = '0a000000-0000-4000-8000-000000000002';
const OWN_ID = '0a000000-0000-4000-8000-000000000003';
const LAPSED_ID = '0a000000-0000-4000-8000-000000000004';
const batch = { name: 'Launch night', kind: 'promo' as const, count: 101, credits: 10 };

const listed: ConsoleApprovals = {
  pending: [
    request(GRANT_ID),
    request(BATCH_ID, { action: { kind: 'batch', batch } }),
    request(OWN_ID, {
      action: { kind: 'grant', player: null, credits: 700, reason: 'Refund by hand' },
      requestedBy: { id: '0b000000-0000-4000-8000-0000000000a1', username: 'ada' },
    }),
    request(LAPSED_ID, {
      state: 'expired',
      action: { kind: 'grant', player: null, credits: 800, reason: 'Late' },
    }),
  ],
  decided: [
    request('0a000000-0000-4000-8000-000000000005', {
      state: 'refused',
      decidedBy: { id: '0b000000-0000-4000-8000-0000000000a1', username: 'ada' },
      decidedAt: '2026-06-01T17:00:00.000Z',
    }),
  ],
};

function openApprovals(role: ConsoleSession['role'], answers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role }) }),
    [LIST]: () => ({ body: listed }),
    ...answers,
  });
  renderApp('/operator/approvals');
  return api;
}

const sentTo = (api: ReturnType<typeof mockApi>, path: string) =>
  api.sent.filter((sent) => sent.path === path).map((sent) => sent.body);
const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('article') as HTMLElement;

describe("the console's approvals", () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists what waits, with the choices the viewer has, and the latest decided', async () => {
    openApprovals('admin');
    const grant = await card('Grant 600 credits to bob');
    expect(grant).toHaveTextContent('Asked by grace');
    expect(grant).toHaveTextContent('Reason: Tournament prizes');
    expect(within(grant).getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(within(grant).getByRole('button', { name: 'Refuse' })).toBeVisible();
    await card('Batch “Launch night”: 101 codes (Promo) of 10 credits each, 1,010 credits in all');

    // One's own request is withdrawn, not approved; a lapsed one offers nothing.
    const own = await card('Grant 700 credits to a deleted account');
    expect(own).toHaveTextContent('Your request: another admin approves or refuses it.');
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Withdraw' })).toBeVisible();
    const lapsed = await card('Grant 800 credits to a deleted account');
    expect(lapsed).toHaveTextContent('Lapsed: nobody decided in time.');
    expect(within(lapsed).queryByRole('button')).not.toBeInTheDocument();

    const decided = screen.getByRole('table', { name: 'The latest decided requests' });
    expect(within(decided).getByRole('rowheader')).toHaveTextContent('Grant 600 credits to bob');
    expect(within(decided).getAllByRole('cell')[1]).toHaveTextContent('Refused');
  });

  it('approves a grant after the password check, says what it did and brings the focus back', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = openApprovals('admin', {
      [LIST]: () => ({
        body: tries < 2 ? listed : { ...listed, pending: listed.pending.slice(1) },
      }),
      [DECIDE]: () => {
        tries += 1;
        return tries === 1
          ? refusal('REAUTH_REQUIRED')
          : {
              body: {
                approval: request(GRANT_ID, { state: 'approved' }),
                done: { kind: 'grant', balance: 600 },
              },
            };
      },
      [REAUTH]: () => ({ body: testConsoleSession({ role: 'admin' }) }),
    });
    const grant = await card('Grant 600 credits to bob');
    await user.click(within(grant).getByRole('button', { name: 'Approve' }));
    const dialog = await findDialog('Confirm it is you');
    expect(dialog).toHaveAccessibleDescription(
      'Deciding a request needs your password and a current code again (every 15 minutes).',
    );
    await user.type(within(dialog).getByLabelText('Password'), 'violet-lantern-orbit-42');
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Approved: 600 credits granted to bob; the balance is 600 credits.'),
    ).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Waiting for a second admin' })).toHaveFocus(),
    );
    const decision = { approvalId: GRANT_ID, decision: 'approve' };
    expect(sentTo(api, DECIDE)).toEqual([decision, decision]);
    // The list is read again, without it.
    expect(sentTo(api, LIST).length).toBeGreaterThan(1);
    expect(grant).not.toBeInTheDocument();
  });

  it('hands the approving admin the codes of a batch to download', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    openApprovals('admin', {
      [DECIDE]: () => ({
        body: {
          approval: request(BATCH_ID, { action: { kind: 'batch', batch }, state: 'approved' }),
          done: {
            kind: 'batch',
            created: {
              batch: {
                id: '5d7c2f1e-0b3a-4c8d-9e6f-1a2b3c4d5e6f',
                ...batch,
                count: 1,
                expires: null,
                createdAt: '2026-06-01T18:00:00.000Z',
                createdBy: { id: 'a1', username: 'ada' },
                revokedAt: null,
                codes: { unredeemed: 1, redeemed: 0, expired: 0, revoked: 0 },
                redemptions: 0,
              },
              codes: [{ code: 'AAAA-BBBB-CCCC', kind: 'promo', credits: 10, expires: null }],
            },
          },
        },
      }),
    });
    const asked = await card(
      'Batch “Launch night”: 101 codes (Promo) of 10 credits each, 1,010 credits in all',
    );
    await user.click(within(asked).getByRole('button', { name: 'Approve' }));
    const heading = await screen.findByRole('heading', { name: 'Launch night: 1 code made' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText('Approved: the batch “Launch night” is made. Download its codes now.'),
    ).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toEqual(['questfield-codes-launch-night.csv']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('heading', { name: 'Launch night: 1 code made' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Waiting for a second admin' })).toHaveFocus();
  });

  it('says when another admin decided first', async () => {
    const user = userEvent.setup();
    let lists = 0;
    openApprovals('admin', {
      [DECIDE]: () => refusal('APPROVAL_NOT_PENDING'),
      // Read again, the list no longer has it.
      [LIST]: () => {
        lists += 1;
        return { body: lists === 1 ? listed : { ...listed, pending: listed.pending.slice(1) } };
      },
    });
    const grant = await card('Grant 600 credits to bob');
    await user.click(within(grant).getByRole('button', { name: 'Refuse' }));
    expect(
      await screen.findByText(ERRORS.APPROVAL_NOT_PENDING.message, { selector: '[role=status]' }),
    ).toBeVisible();
    await waitFor(() => expect(grant).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Waiting for a second admin' })).toHaveFocus();
  });

  it('is no screen of staff’s', async () => {
    const api = openApprovals('staff');
    expect(await screen.findByRole('link', { name: 'Today' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Approvals' })).toBeNull();
    expect(sentTo(api, LIST)).toEqual([]);
  });

  it('says the requests could not be loaded, not that nothing waits', async () => {
    openApprovals('admin', { [LIST]: () => refusal('INTERNAL') });
    await findRetryAlert('The requests could not be loaded.');
    expect(screen.queryByText('Nothing is waiting.')).not.toBeInTheDocument();
    expect(screen.queryByText('No request has been decided yet.')).not.toBeInTheDocument();
  });
});
