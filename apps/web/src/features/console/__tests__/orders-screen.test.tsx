import {
  API_ROUTES,
  refundShortfallMessage,
  type ConsoleOrder,
  type ConsoleOrderRefundPlan,
  type ConsoleSession,
} from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { mockApi, testConsoleSession, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const LIST = API_ROUTES.consoleOrders.path;
const PLAN = API_ROUTES.consoleOrderRefundPlan.path;
const REFUND = API_ROUTES.consoleOrderRefund.path;
const REAUTH = API_ROUTES.consoleReauth.path;
const EXPORT = API_ROUTES.consoleOrdersExport.path;
const PLAYER_ID = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90';

const order = (overrides: Partial<ConsoleOrder> = {}): ConsoleOrder => ({
  id: '6f1c1a52-1b8e-4d53-9a55-0d3f3f1c0a01',
  orderNumber: 'QF-7K3M9X2P4D',
  status: 'paid',
  flag: null,
  amount: '$17.99',
  credits: 16,
  lines: [{ sku: 'credits-16', quantity: 1, label: 'Purchase 16 Credits', includes: [] }],
  createdAt: '2026-06-01T16:02:00.000Z',
  player: { id: PLAYER_ID, username: 'zelda', deleted: false },
  provider: 'test',
  providerPaymentId: 'PAY123',
  refund: null,
  refundedCents: 0,
  remainingCents: 1799,
  ...overrides,
});
const refundedOrder = order({
  status: 'refunded',
  refund: {
    amount: '$17.99',
    status: 'completed',
    providerRefundId: 'REF456',
    failureCode: null,
    shortfallCredits: 0,
    fromDashboard: false,
    createdAt: '2026-06-01T16:10:00.000Z',
  },
});
/** The full refund's outcome, as the server answers it. */
const FULL = {
  amount: '$17.99',
  asCredits: false,
  creditsAdded: 0,
  takenBack: 16,
  status: 'completed',
  failureCode: null,
} as const;
const plan = (balance = 16): ConsoleOrderRefundPlan => ({
  orderNumber: 'QF-7K3M9X2P4D',
  amount: '$17.99',
  takeBack: [
    { playerId: PLAYER_ID, username: 'zelda', credits: 16, balance, missing: 16 - balance },
  ],
  passes: 0,
  missing: 16 - balance,
  amountCents: 1799,
  remainingCents: 1799,
  creditsAdded: 0,
});

function openOrders(
  role: ConsoleSession['role'],
  answers: Record<string, (body: Record<string, unknown>) => MockAnswer> = {},
  path = '/operator/orders',
) {
  let current = [order()];
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role }) }),
    [LIST]: () => ({ body: { orders: current, nextCursor: null } }),
    [PLAN]: () => ({ body: plan() }),
    [REFUND]: () => {
      current = [refundedOrder];
      return { body: { order: refundedOrder, outcome: FULL } };
    },
    ...answers,
  });
  const { router } = renderApp(path);
  return Object.assign(api, { router });
}
const sentTo = (api: ReturnType<typeof mockApi>, path: string) =>
  api.sent.filter((request) => request.path === path).map((request) => request.body);
const REASON = 'Bought by mistake';
/** Types the reason the refund mail gives the player. */
const giveReason = (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
  user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);

describe("the console's orders", () => {
  it('lists orders for staff, without refunds, and narrows them by status', async () => {
    const user = userEvent.setup();
    const api = openOrders('staff');
    const table = await screen.findByRole('table', { name: 'Every order, newest first' });
    const row = within(table).getAllByRole('row')[1] ?? expect.fail('no row');
    expect(row).toHaveTextContent('QF-7K3M9X2P4D');
    expect(row).toHaveTextContent('Purchase 16 Credits');
    expect(row).toHaveTextContent('$17.99');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('PAY123');
    expect(within(row).getByRole('link', { name: 'Open the page of zelda' })).toHaveAttribute(
      'href',
      `/operator/players/${PLAYER_ID}`,
    );
    expect(within(table).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    await waitFor(() => expect(sentTo(api, LIST)).toEqual([{}, { status: 'refunded' }]));
  });

  it('narrows by flag from the address and keeps every filter there, for the CSV too', async () => {
    const user = userEvent.setup();
    const api = openOrders('staff', {}, '/operator/orders?flag=disputed');
    await screen.findByRole('table', { name: 'Every order, newest first' });
    const flag = screen.getByRole('combobox', { name: 'Flag' });
    expect(flag).toHaveDisplayValue('Disputed');
    const csv = () => screen.getByRole('link', { name: /as CSV$/ });
    expect(csv()).toHaveAttribute('href', `${EXPORT}?flag=disputed`);
    expect(csv()).toHaveAttribute('download');
    expect(csv()).toHaveTextContent('Download CSV');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await waitFor(() =>
      expect(api.router.state.location.search).toBe('?flag=disputed&status=paid'),
    );
    expect(csv()).toHaveAttribute('href', `${EXPORT}?status=paid&flag=disputed`);
    await user.selectOptions(flag, 'Any flag');
    await waitFor(() => expect(api.router.state.location.search).toBe('?flag=any&status=paid'));
    expect(csv()).toHaveAttribute('href', `${EXPORT}?status=paid&flag=any`);
    await user.selectOptions(flag, 'Flagged or not');
    await waitFor(() => expect(api.router.state.location.search).toBe('?status=paid'));
    expect(csv()).toHaveAttribute('href', `${EXPORT}?status=paid`);
    expect(sentTo(api, LIST)).toEqual([
      { flag: 'disputed' },
      { status: 'paid', flag: 'disputed' },
      { status: 'paid', flag: 'any' },
      { status: 'paid' },
    ]);
  });

  it('ignores a flag it does not know in the address, and reaches the filters by keyboard', async () => {
    const user = userEvent.setup();
    const api = openOrders('staff', {}, '/operator/orders?flag=chargeback');
    await screen.findByRole('table', { name: 'Every order, newest first' });
    expect(screen.getByRole('combobox', { name: 'Flag' })).toHaveDisplayValue('Flagged or not');
    expect(screen.getByRole('link', { name: /as CSV$/ })).toHaveAttribute('href', EXPORT);
    expect(sentTo(api, LIST)).toEqual([{}]);
    // Native controls in the order they read: status, flag, day, then the file.
    screen.getByRole('combobox', { name: 'Status' }).focus();
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Flag' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Day')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: /as CSV$/ })).toHaveFocus();
  });

  it('refunds for an admin after showing what it takes back; the focus stays on the order', async () => {
    const user = userEvent.setup();
    const api = openOrders('admin');
    await user.click(await screen.findByRole('button', { name: 'Refund QF-7K3M9X2P4D' }));
    const dialog = await findDialog('Refund QF-7K3M9X2P4D');
    expect(dialog).toHaveAccessibleDescription(
      '$17.99 goes back to the card, and what the order gave is taken back.',
    );
    expect(await within(dialog).findByText('16 credits from zelda')).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await giveReason(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));

    await waitForDialogToClose();
    expect(
      await screen.findByText(
        'QF-7K3M9X2P4D is refunded: the money is back on the card and the credits are taken back.',
      ),
    ).toHaveAttribute('role', 'status');
    const table = screen.getByRole('table', { name: 'Every order, newest first' });
    await waitFor(() => expect(table).toHaveTextContent('Money back on the card'));
    await waitFor(() => expect(within(table).getByText('QF-7K3M9X2P4D')).toHaveFocus());
    expect(sentTo(api, REFUND)).toEqual([
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: false, reason: REASON },
    ]);
  });

  it('asks why before a refund: the focus goes to the reason, and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = openOrders('admin');
    await user.click(await screen.findByRole('button', { name: 'Refund QF-7K3M9X2P4D' }));
    const dialog = await findDialog('Refund QF-7K3M9X2P4D');
    await within(dialog).findByText('16 credits from zelda');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAccessibleDescription(
      'The player reads it in the mail about the refund; the audit log keeps it.',
    );
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining(
        'Say why: the player is told in the refund mail, and the audit log keeps it.',
      ),
    );
    expect(sentTo(api, REFUND)).toEqual([]);
    await user.type(reason, REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));
    await waitForDialogToClose();
    expect(sentTo(api, REFUND)).toEqual([
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: false, reason: REASON },
    ]);
  });

  it('says how many credits were spent, and refunds anyway only when the admin ticks it', async () => {
    const user = userEvent.setup();
    const api = openOrders('admin', {
      [PLAN]: () => ({ body: plan(6) }),
      [REFUND]: (body) =>
        body.leaveShortfall === true
          ? { body: { order: refundedOrder, outcome: FULL } }
          : {
              status: 409,
              body: { code: 'REFUND_SHORTFALL', message: refundShortfallMessage(10) },
            },
    });
    await user.click(await screen.findByRole('button', { name: 'Refund QF-7K3M9X2P4D' }));
    const dialog = await findDialog('Refund QF-7K3M9X2P4D');
    expect(
      await within(dialog).findByText('zelda has 6 credits: 10 credits already spent'),
    ).toBeVisible();
    await giveReason(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refundShortfallMessage(10));
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Refund anyway: seats not yet played come back first, then the balance goes to zero (10 credits already spent)',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));
    await waitForDialogToClose();
    expect(sentTo(api, REFUND)).toEqual([
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: false, reason: REASON },
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: true, reason: REASON },
    ]);
  });

  it('asks for the password and a code first when the server wants them', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = openOrders('admin', {
      [REFUND]: () => {
        tries += 1;
        return tries === 1
          ? refusal('REAUTH_REQUIRED')
          : { body: { order: refundedOrder, outcome: FULL } };
      },
      [REAUTH]: () => ({
        body: testConsoleSession({ role: 'admin', reauthUntil: '2026-06-01T12:15:00.000Z' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund QF-7K3M9X2P4D' }));
    const dialog = await findDialog('Refund QF-7K3M9X2P4D');
    await within(dialog).findByText('16 credits from zelda');
    await giveReason(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));
    const confirm = await findDialog('Confirm it is you');
    await user.type(within(confirm).getByLabelText('Password'), 'violet-lantern-orbit-42');
    await user.type(within(confirm).getByLabelText('6-digit code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitForDialogToClose();
    expect(sentTo(api, REFUND)).toEqual([
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: false, reason: REASON },
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: false, reason: REASON },
    ]);
    expect(sentTo(api, REAUTH)).toEqual([{ password: 'violet-lantern-orbit-42', code: '123456' }]);
  });

  it('refunds part of an order as credits after showing what that amount takes back', async () => {
    const user = userEvent.setup();
    const partPlan = (body: Record<string, unknown>): ConsoleOrderRefundPlan => {
      const cents = typeof body.amountCents === 'number' ? body.amountCents : 1799;
      const taken = Math.floor((16 * cents) / 1799);
      return {
        ...plan(),
        amount: `$${(cents / 100).toFixed(2)}`,
        amountCents: cents,
        takeBack: [
          { playerId: PLAYER_ID, username: 'zelda', credits: taken, balance: 16, missing: 0 },
        ],
        creditsAdded: body.asCredits === true ? taken : 0,
      };
    };
    const outcome = { ...FULL, amount: '$5.00', asCredits: true, creditsAdded: 4, takenBack: 4 };
    const api = openOrders('admin', {
      [PLAN]: (body) => ({ body: partPlan(body) }),
      [REFUND]: () => ({
        body: { order: order({ refundedCents: 500, remainingCents: 1299 }), outcome },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund QF-7K3M9X2P4D' }));
    const dialog = await findDialog('Refund QF-7K3M9X2P4D');
    const amount = await within(dialog).findByRole('textbox', { name: 'Amount to refund' });
    expect(amount).toHaveValue('17.99');
    expect(amount).toHaveAccessibleDescription('Up to $17.99, what is left of this order.');
    expect(await within(dialog).findByText('16 credits from zelda')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '5.00');
    expect(await within(dialog).findByText('4 credits from zelda')).toBeVisible();
    const toCard = within(dialog).getByRole('radio', { name: /Refund to card/ });
    expect(toCard).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Refund as credits/ }));
    expect(
      await within(dialog).findByText('4 credits added to the buyer instead of the money.'),
    ).toBeVisible();
    await giveReason(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));
    await waitForDialogToClose();
    expect(
      await screen.findByText(
        '$5.00 of QF-7K3M9X2P4D is refunded as 4 credits; 4 credits taken back.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(sentTo(api, PLAN)).toContainEqual({
      orderNumber: 'QF-7K3M9X2P4D',
      amountCents: 500,
      asCredits: true,
    });
    expect(sentTo(api, REFUND)).toEqual([
      {
        orderNumber: 'QF-7K3M9X2P4D',
        leaveShortfall: false,
        reason: REASON,
        amountCents: 500,
        asCredits: true,
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('says what is wrong with the amount on its field, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = openOrders('admin');
    await user.click(await screen.findByRole('button', { name: 'Refund QF-7K3M9X2P4D' }));
    const dialog = await findDialog('Refund QF-7K3M9X2P4D');
    const amount = await within(dialog).findByRole('textbox', { name: 'Amount to refund' });
    await giveReason(user, dialog);
    for (const [typed, said] of [
      ['20.00', 'Only $17.99 is left to refund of this order.'],
      ['five', 'Enter an amount in dollars and cents, like 12.50.'],
      ['0', 'Enter an amount of at least $0.01.'],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(amount).toHaveAccessibleDescription(expect.stringContaining(said));
      await user.click(within(dialog).getByRole('button', { name: 'Refund Order' }));
      await waitFor(() => expect(amount).toHaveFocus());
    }
    expect(sentTo(api, REFUND)).toEqual([]);
  });

  /**
   * Lists `turnedDown` alone, checks the table says `shown` of it, and opens its Retry dialog.
   */
  async function openRetry(
    user: ReturnType<typeof userEvent.setup>,
    turnedDown: ConsoleOrder,
    shown: string,
  ) {
    const api = openOrders('admin', {
      [LIST]: () => ({ body: { orders: [turnedDown], nextCursor: null } }),
    });
    const table = await screen.findByRole('table', { name: 'Every order, newest first' });
    expect(table).toHaveTextContent(shown);
    await user.click(
      within(table).getByRole('button', { name: 'Retry the refund of QF-7K3M9X2P4D' }),
    );
    return { api, dialog: await findDialog('Refund QF-7K3M9X2P4D') };
  }

  it('retries a refund the processor turned down, without asking for a plan', async () => {
    const user = userEvent.setup();
    const turnedDown = order({
      status: 'refunded',
      flag: 'refund_failed',
      refund: { ...(refundedOrder.refund ?? expect.fail()), status: 'failed', failureCode: 'X' },
    });
    const { api, dialog } = await openRetry(user, turnedDown, 'Refund turned down');
    await giveReason(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Ask Again' }));
    await waitForDialogToClose();
    expect(sentTo(api, PLAN)).toEqual([]);
    expect(sentTo(api, REFUND)).toEqual([
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: false, reason: REASON },
    ]);
  });

  it('retries a refund of part turned down, for its own amount', async () => {
    const user = userEvent.setup();
    const partTurnedDown = order({
      flag: 'refund_failed',
      refundedCents: 500,
      remainingCents: 1299,
      refund: {
        ...(refundedOrder.refund ?? expect.fail()),
        amount: '$5.00',
        status: 'failed',
        providerRefundId: null,
        failureCode: 'REFUND_DECLINED',
      },
    });
    const { api, dialog } = await openRetry(user, partTurnedDown, '$5.00 refunded');
    expect(dialog).toHaveTextContent('Ask it again to return $5.00');
    await giveReason(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Ask Again' }));
    await waitForDialogToClose();
    expect(sentTo(api, PLAN)).toEqual([]);
    // No amount and no key: the server asks again for the refund that waits, not for more.
    expect(sentTo(api, REFUND)).toEqual([
      { orderNumber: 'QF-7K3M9X2P4D', leaveShortfall: false, reason: REASON },
    ]);
  });

  it('says the orders could not be loaded, not that none matches', async () => {
    openOrders('staff', { [LIST]: () => refusal('INTERNAL') });
    await findRetryAlert('The orders could not be loaded.');
    expect(screen.queryByText('No orders match these filters.')).not.toBeInTheDocument();
  });
});
