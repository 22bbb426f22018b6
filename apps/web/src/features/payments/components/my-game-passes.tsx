import type { PublicGamePass } from '@questfield/contract';
import { Link } from 'react-router';
import { useOrders } from '../hooks/use-orders';
import { OrdersError, OrdersSkeleton } from './orders-query-state';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { EmptyState } from '@/components/ui/empty-state';
import { TicketIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { paths } from '@/config/paths';
import { paymentsCopy } from '@/features/payments/copy';
import { cn } from '@/utils/cn';

/** The passes of each Game Pack order, in the order the server lists them (newest first). */
function byOrder(passes: readonly PublicGamePass[]): [string, PublicGamePass[]][] {
  const groups = new Map<string, PublicGamePass[]>();
  for (const pass of passes) {
    const group = groups.get(pass.orderNumber);
    if (group) group.push(pass);
    else groups.set(pass.orderNumber, [pass]);
  }
  return [...groups];
}

function GamePass({ pass }: { pass: PublicGamePass }) {
  return (
    <li
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border px-3 py-2.5',
        pass.redeemed ? 'border-white/5 bg-white/[0.02]' : 'border-accent-400/25 bg-accent-400/5',
      )}
    >
      <code
        className={cn(
          'font-mono text-sm font-semibold tracking-wider',
          pass.redeemed ? 'text-mist-400 line-through' : 'text-white',
        )}
      >
        {pass.code}
      </code>
      <span className={cn('text-xs', pass.redeemed ? 'text-mist-400' : 'text-emerald-300')}>
        {pass.redeemed ? (
          pass.redeemedAt ? (
            <>
              {paymentsCopy.redeemed} <ClockTime at={pass.redeemedAt} date="short" />
            </>
          ) : (
            paymentsCopy.redeemed
          )
        ) : (
          paymentsCopy.notRedeemed
        )}
      </span>
    </li>
  );
}

/**
 * 'My Game Passes': each code with its Game Pack order and whether it was redeemed, from the
 * same Orders/List answer as 'My Orders'.
 */
export function MyGamePasses({ userId }: { userId: string }) {
  const orders = useOrders(userId);
  const passes = orders.data?.gamePasses ?? [];
  const groups = byOrder(passes);

  return (
    <Panel heading={paymentsCopy.myGamePassesHeading}>
      {orders.isPending ? <OrdersSkeleton label={paymentsCopy.gamePassesLoading} /> : null}
      {orders.isError && !orders.data ? (
        <OrdersError retrying={orders.isFetching} onRetry={() => void orders.refetch()} />
      ) : null}
      {orders.isSuccess && passes.length === 0 ? (
        <EmptyState icon={<TicketIcon />} className="mt-4">
          {paymentsCopy.gamePassesEmpty}{' '}
          <Link to={paths.promo.path} className="font-semibold text-accent-300 underline">
            {paymentsCopy.getGamePacks}
          </Link>
        </EmptyState>
      ) : null}
      {groups.length > 0 ? (
        <>
          <p className="mt-2 text-sm text-mist-300">{paymentsCopy.gamePassesIntro}</p>
          {groups.map(([orderNumber, group]) => (
            <section key={orderNumber} aria-label={paymentsCopy.gamePassOrder(orderNumber)}>
              <h3 className="mt-5 flex flex-wrap items-baseline justify-between gap-x-3 text-sm font-semibold text-mist-100">
                <span>{paymentsCopy.gamePassOrder(orderNumber)}</span>
                <span className="font-normal text-mist-400">
                  {paymentsCopy.gamePassCount(group.length)}
                </span>
              </h3>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
                {group.map((pass) => (
                  <GamePass key={pass.code} pass={pass} />
                ))}
              </ul>
            </section>
          ))}
          <Link
            to={paths.experienceCard.path}
            className={buttonStyles({ variant: 'secondary', className: 'mt-5' })}
          >
            {paymentsCopy.redeemGamePass}
          </Link>
        </>
      ) : null}
    </Panel>
  );
}
