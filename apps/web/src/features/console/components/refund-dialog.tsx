import { zodResolver } from '@hookform/resolvers/zod';
import {
  consoleOrderRefundRequest,
  type ConsoleOrder,
  type ConsoleOrderRefundPlan,
} from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { refundPlanQueryOptions } from '../api/get-refund-plan';
import { useRefundOrder } from '../api/refund-order';
import { commonCopy } from '../copy/common';
import { ordersCopy } from '../copy/orders';
import { useReauthRetry } from './reauth-dialog';
import { DialogShell } from '@/components/ui/dialog';
import { FormError, SubmitButton, TextareaField } from '@/components/ui/form';
import { RetryAlert } from '@/components/ui/retry-alert';
import { failureText } from '@/lib/api-client';

/** The order a refund is for, and the button that asked (the focus goes back to it). */
export type RefundTarget = {
  orderNumber: string;
  amount: string;
  /** The processor turned the last refund down: ask it again (the credits are back already). */
  retry: boolean;
  returnFocus: HTMLElement;
};

/** The reason every refund needs, checked with the server's own words. */
const reasonForm = consoleOrderRefundRequest.pick({ reason: true });

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
    </section>
  );
}

/**
 * An admin's full refund of one order, confirmed here after seeing what it takes back, with the
 * reason the player is mailed (an empty one is refused here, and the focus goes to it). Credits
 * already spent must be accepted as lost (the box), or the server refuses with how many. When
 * the server asks for the password and a code first, the reauth dialog does, then sends the
 * refund once more. The focus goes back to the row's button, or to its order number once the
 * button has gone (the order is refunded).
 */
export function RefundDialog({
  target,
  onClose,
  onRefunded,
}: {
  target: RefundTarget;
  onClose: () => void;
  onRefunded: (order: ConsoleOrder) => void;
}) {
  const { orderNumber, retry } = target;
  const plan = useQuery({ ...refundPlanQueryOptions(orderNumber), enabled: !retry });
  const refund = useRefundOrder();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const reauth = useReauthRetry(confirmRef, ordersCopy.reauthText);
  const [leaveShortfall, setLeaveShortfall] = useState(false);
  const form = useForm({ resolver: zodResolver(reasonForm), defaultValues: { reason: '' } });
  const missing = plan.data?.missing ?? 0;

  const confirm = form.handleSubmit(({ reason }) => {
    if (refund.isPending) return;
    reauth.send((onError) =>
      refund.mutate(
        { orderNumber, leaveShortfall, reason },
        {
          onSuccess: ({ order }) => {
            onRefunded(order);
            onClose();
          },
          onError,
        },
      ),
    );
  });
  const ready = retry || plan.isSuccess;

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
      {retry ? null : plan.isPending ? (
        <p role="status" className="mt-5 text-sm text-mist-300">
          {ordersCopy.planLoading}
        </p>
      ) : plan.isError ? (
        <RetryAlert
          message={failureText(plan.error, ordersCopy.planFailed)}
          retryLabel={commonCopy.retry}
          retrying={plan.isFetching}
          onRetry={() => void plan.refetch()}
          className="mt-5"
        />
      ) : (
        <RefundPlan plan={plan.data} />
      )}
      {ready ? (
        <form
          noValidate
          className="mt-5 flex flex-col gap-4"
          onSubmit={(event) => void confirm(event)}
        >
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
