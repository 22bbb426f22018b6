import type { OrderStatus, PublicOrder } from '@questfield/contract';
import { useOrders } from '../hooks/use-orders';
import { OrdersError, OrdersSkeleton } from './orders-query-state';
import { ClockTime } from '@/components/ui/clock-time';
import { EmptyState } from '@/components/ui/empty-state';
import { TagIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { paymentsCopy } from '@/features/payments/copy';
import { cn } from '@/utils/cn';

const STATUS_STYLES: Record<OrderStatus, string> = {
  paid: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
  pending: 'border-accent-400/40 bg-accent-400/10 text-accent-300',
  failed: 'border-red-400/40 bg-red-500/10 text-red-200',
  refunded: 'border-white/20 bg-white/5 text-mist-300',
};

function Order({ order }: { order: PublicOrder }) {
  const includes = order.lines.flatMap((line) => line.includes);
  return (
    <li className="py-4">
      <h3 className="font-semibold text-white">{paymentsCopy.orderHeading(order.orderNumber)}</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-mist-400">{paymentsCopy.orderItems}</dt>
        <dd className="text-mist-100">
          {order.lines.map((line) => line.label).join(', ')}
          {includes.length > 0 ? (
            <span className="block text-mist-400">
              {paymentsCopy.orderIncludes(includes.join(', '))}
            </span>
          ) : null}
        </dd>
        <dt className="text-mist-400">{paymentsCopy.orderAmount}</dt>
        <dd className="font-semibold text-white tabular-nums">{order.amount}</dd>
        <dt className="text-mist-400">{paymentsCopy.orderStatus}</dt>
        <dd>
          <span
            className={cn(
              'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold',
              STATUS_STYLES[order.status],
            )}
          >
            {paymentsCopy.orderStatuses[order.status]}
          </span>
        </dd>
        <dt className="text-mist-400">{paymentsCopy.orderDate}</dt>
        <dd className="text-mist-100">
          <ClockTime at={order.createdAt} date="short" />
        </dd>
      </dl>
    </li>
  );
}

/** 'My Orders': number, items, amount, status and date of each order, newest first. */
export function MyOrders({ userId }: { userId: string }) {
  const orders = useOrders(userId);
  const list = orders.data?.orders ?? [];

  return (
    <Panel heading={paymentsCopy.myOrdersHeading}>
      {orders.isPending ? <OrdersSkeleton label={paymentsCopy.ordersLoading} /> : null}
      {orders.isError && !orders.data ? (
        <OrdersError retrying={orders.isFetching} onRetry={() => void orders.refetch()} />
      ) : null}
      {orders.isSuccess && list.length === 0 ? (
        <EmptyState icon={<TagIcon />} className="mt-4">
          {paymentsCopy.ordersEmpty}
        </EmptyState>
      ) : null}
      {list.length > 0 ? (
        <ul className="mt-2 divide-y divide-white/10">
          {list.map((order) => (
            <Order key={order.orderNumber} order={order} />
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
