import { zodResolver } from '@hookform/resolvers/zod';
import {
  consoleOrderRefundRequest,
  formatUsd,
  parseUsdCents,
  refundOverRemainingMessage,
  type ConsoleOrder,
  type ConsoleOrderRefundPlan,
  type ConsoleOrderRefundRequest,
} from '@questfield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RadioGroup } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { refundPlanQueryOptions } from '../api/get-refund-plan';
import { useRefundOrder } from '../api/refund-order';
import { commonCopy } from '../copy/common';
import { ordersCopy } from '../copy/orders';
import { useReauthRetry } from './reauth-dialog';
import { DialogShell } from '@/components/ui/dialog';
import { Field, FormError, SubmitButton, TextareaField } from '@/components/ui/form';
import { RetryAlert } from '@/components/ui/retry-alert';
import { failureText } from '@/lib/api-client';

/** The order a refund is for, and the button that asked (the focus goes back to it). */
export type RefundTarget = {
  orderNumber: string;
  /** What the order cost, or for a retry what the refund turned down returns. */
  amount: string;
  /** The processor turned the last refund down: ask it again (the credits are back already). */
  retry: boolean;
  returnFocus: HTMLElement;
};

/** The reason every refund needs, checked with the server's own words. */
const reasonForm = consoleOrderRefundRequest.pick({ reason: true });

/** Where the money goes (ADR 0056). */
type Destination = 'card' | 'credits';
const DESTINATIONS: Destination[] = ['card', 'credits'];

/** '17.99' for 1799 cents: what the amount field starts with. */
const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/** The amount field's cents, or why they cannot be refunded (the server's words past the rest). */
function amountOf(text: string, remainingCents: number): { cents: number } | { error: string } {
  const cents = parseUsdCents(text);
  if (cents === undefined) return { error: ordersCopy.amountInvalid };
  if (cents < 1) return { error: ordersCopy.amountTooSmall };
  if (cents > remainingCents) return { error: refundOverRemainingMessage(remainingCents) };
  return { cents };
}

/** Refund to card, or as credits: a Radix radio group, each choice with what it means. */
function DestinationChoice({
  value,
  onChange,
}: {
  value: Destination;
  onChange: (destination: Destination) => void;
}) {
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-semibold text-mist-100">
        {ordersCopy.destinationLabel}
      </p>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={value}
        onValueChange={(chosen) => onChange(chosen === 'credits' ? 'credits' : 'card')}
        className="flex flex-col gap-2"
      >
        {DESTINATIONS.map((destination) => (
          <div
            key={destination}
            className="flex items-start gap-3 rounded-xl border border-white/15 p-3 text-sm text-white has-[[data-state=checked]]:border-accent-400"
          >
            <RadioGroup.Item
              id={`${labelId}-${destination}`}
              value={destination}
              aria-describedby={`${labelId}-${destination}-hint`}
              className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-white/40"
            >
              <RadioGroup.Indicator className="size-2 rounded-full bg-accent-400" />
            </RadioGroup.Item>
            <span>
              <label
                htmlFor={`${labelId}-${destination}`}
                className="block cursor-pointer font-semibold"
              >
                {ordersCopy.destinations[destination]}
              </label>
              <span id={`${labelId}-${destination}-hint`} className="block text-mist-300">
                {ordersCopy.destinationHints[destination]}
              </span>
            </span>
          </div>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** What the refund takes back from whom, and the Game Passes that stop working. */
function RefundPlan({ plan }: { plan: ConsoleOrderRefundPlan }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="text-sm font-semibold text-white">
        {ordersCopy.takeBackHeading}
      </h3>
      {plan.takeBack.length === 0 ? (
        <p className="mt-1 text-sm text-mist-300">{ordersCopy.nothingToTake}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-mist-100">
          {plan.takeBack.map((player) => (
            <li key={player.playerId}>
              {ordersCopy.takeBack(player.username, player.credits)}
              {player.missing > 0 ? (
                <span className="block text-amber-300">
                  {player.username} {ordersCopy.spent(player.balance, player.missing)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {plan.passes > 0 ? (
        <p className="mt-2 text-sm text-mist-100">{ordersCopy.passes(plan.passes)}</p>
      ) : null}
      {plan.creditsAdded > 0 ? (
        <p className="mt-2 text-sm text-mist-100">{ordersCopy.creditsAdded(plan.creditsAdded)}</p>
      ) : null}
    </section>
  );
}

/**
 * An admin's refund of one order, all that is left of it or an amount (ADR 0056), to the card or
 * as credits, confirmed here after seeing what exactly that refund takes back (the server's
 * plan for the amount and choice shown), with the reason the player is mailed (an empty one is
 * refused here, and the focus goes to it; an amount past what is left names the rest). Credits
 * already spent must be accepted as lost (the box), or the server refuses with how many. When
 * the server asks for the password and a code first, the reauth dialog does, then sends the
 * refund once more under the same request key, so it is never made twice. The focus goes back
 * to the row's button, or to its order number once the button has gone (the order is refunded);
 * the outcome is the screen's notice.
 */
export function RefundDialog({
  target,
  onClose,
  onRefunded,
}: {
  target: RefundTarget;
  onClose: () => void;
  /** The order after; the words for a refund of part or as credits (null: a full refund). */
  onRefunded: (order: ConsoleOrder, partMessage: string | null) => void;
}) {
  const { orderNumber, retry } = target;
  const whole = useQuery({ ...refundPlanQueryOptions(orderNumber), enabled: !retry });
  const remainingCents = whole.data?.remainingCents;
  const [amountText, setAmountText] = useState<string | null>(null);
  const shownAmount =
    amountText ?? (remainingCents === undefined ? '' : dollarsText(remainingCents));
  const [destination, setDestination] = useState<Destination>('card');
  const asCredits = destination === 'credits';
  const amount = remainingCents === undefined ? null : amountOf(shownAmount, remainingCents);
  const cents = amount !== null && 'cents' in amount ? amount.cents : undefined;
  const plan = useQuery({
    ...refundPlanQueryOptions(orderNumber, { amountCents: cents, asCredits }),
    enabled: !retry && cents !== undefined,
    placeholderData: keepPreviousData,
  });
  // A new key whenever the refund meant changes; the same one for a resend of the same refund.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const amountId = useId();
  const refund = useRefundOrder();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const reauth = useReauthRetry(confirmRef, ordersCopy.reauthText);
  const [leaveShortfall, setLeaveShortfall] = useState(false);
  const form = useForm({ resolver: zodResolver(reasonForm), defaultValues: { reason: '' } });
  const missing = plan.data?.missing ?? 0;
  const planShown = plan.isSuccess && !plan.isPlaceholderData;
  const amountError = amount !== null && 'error' in amount ? amount.error : undefined;

  /** The refund the dialog means: all of an untouched order to the card is the full refund. */
  function requestOf(reason: string, amountCents: number): ConsoleOrderRefundRequest {
    const full = whole.data !== undefined && amountCents === whole.data.remainingCents;
    // Nothing refunded of it yet: what is left is what was paid.
    const untouched = whole.data !== undefined && formatUsd(amountCents) === target.amount;
    if (full && untouched && !asCredits) return { orderNumber, leaveShortfall, reason };
    return { orderNumber, leaveShortfall, reason, amountCents, asCredits, requestKey };
  }

  const changed = () => {
    setRequestKey(crypto.randomUUID());
    refund.reset();
  };

  const confirm = form.handleSubmit(({ reason }) => {
    if (refund.isPending) return;
    if (!retry && cents === undefined) {
      setAmountText(shownAmount);
      document.getElementById(amountId)?.focus();
      return;
    }
    // What is confirmed is what the plan on screen says.
    if (!retry && !planShown) return;
    const body: ConsoleOrderRefundRequest =
      retry || cents === undefined
        ? { orderNumber, leaveShortfall, reason }
        : requestOf(reason, cents);
    reauth.send((onError) =>
      refund.mutate(body, {
        onSuccess: ({ order, outcome }) => {
          const part = body.amountCents !== undefined;
          onRefunded(order, part ? ordersCopy.partRefunded(orderNumber, outcome) : null);
          onClose();
        },
        onError,
      }),
    );
  });
  const ready = retry || whole.isSuccess;

  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={ordersCopy.dialogTitle(orderNumber)}
      description={
        retry
          ? ordersCopy.retryDescription(target.amount)
          : ordersCopy.dialogDescription(target.amount)
      }
      closeLabel={commonCopy.closeDialog}
      busy={refund.isPending}
      onClosed={() => {
        const back = target.returnFocus.isConnected
          ? target.returnFocus
          : document.getElementById(orderAnchorId(orderNumber));
        back?.focus();
      }}
    >
      {retry ? null : whole.isPending ? (
        <p role="status" className="mt-5 text-sm text-mist-300">
          {ordersCopy.planLoading}
        </p>
      ) : whole.isError ? (
        <RetryAlert
          message={failureText(whole.error, ordersCopy.planFailed)}
          retryLabel={commonCopy.retry}
          retrying={whole.isFetching}
          onRetry={() => void whole.refetch()}
          className="mt-5"
        />
      ) : null}
      {ready ? (
        <form
          noValidate
          className="mt-5 flex flex-col gap-4"
          onSubmit={(event) => void confirm(event)}
        >
          {retry || remainingCents === undefined ? null : (
            <>
              <Field
                id={amountId}
                label={ordersCopy.amountLabel}
                hint={ordersCopy.amountHint(`$${dollarsText(remainingCents)}`)}
                inputMode="decimal"
                autoComplete="off"
                value={shownAmount}
                error={amountText === null ? undefined : amountError}
                aria-invalid={amountText !== null && amountError !== undefined}
                onChange={(event) => {
                  setAmountText(event.target.value);
                  changed();
                }}
              />
              <DestinationChoice
                value={destination}
                onChange={(chosen) => {
                  setDestination(chosen);
                  changed();
                }}
              />
              <p className="text-xs text-mist-300">{ordersCopy.partNote}</p>
              {plan.isError && !plan.isFetching ? (
                <RetryAlert
                  message={failureText(plan.error, ordersCopy.planFailed)}
                  retryLabel={commonCopy.retry}
                  retrying={plan.isFetching}
                  onRetry={() => void plan.refetch()}
                />
              ) : plan.data === undefined ? null : (
                <div aria-busy={!planShown}>
                  <RefundPlan plan={plan.data} />
                  {planShown ? null : (
                    <p role="status" className="mt-1 text-xs text-mist-300">
                      {ordersCopy.planUpdating}
                    </p>
                  )}
                </div>
              )}
            </>
          )}
          {missing > 0 ? (
            <label className="flex items-start gap-3 text-sm text-white">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0"
                checked={leaveShortfall}
                onChange={(event) => {
                  setLeaveShortfall(event.target.checked);
                  // The refusal it answers is settled by the choice.
                  refund.reset();
                }}
              />
              {ordersCopy.leaveShortfall(missing)}
            </label>
          ) : null}
          <TextareaField
            label={ordersCopy.reasonLabel}
            hint={ordersCopy.reasonHint}
            rows={3}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <FormError>
            {refund.isError && !reauth.asking
              ? failureText(refund.error, ordersCopy.refundFailed)
              : null}
          </FormError>
          <SubmitButton ref={confirmRef} pending={refund.isPending}>
            {retry ? ordersCopy.retryConfirm : ordersCopy.confirm}
          </SubmitButton>
        </form>
      ) : null}
      {reauth.dialog}
    </DialogShell>
  );
}

/** The id of an order's number in the list: where the focus goes once its button has gone. */
export const orderAnchorId = (orderNumber: string) => `order-${orderNumber}`;
