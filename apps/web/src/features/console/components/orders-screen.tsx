import {
  formatUsd,
  ORDER_FLAG_FILTERS,
  ORDER_STATUSES,
  ORDERS_EXPORT_MAX,
  type ConsoleOrder,
  type ConsoleOrdersFilter,
  type OrderFlagFilter,
  type OrderStatus,
} from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { ordersExportHref } from '../api/export-orders';
import { ordersQueryOptions } from '../api/get-orders';
import { commonCopy, tableText } from '../copy/common';
import { ordersCopy } from '../copy/orders';
import { useFilterParams } from '../hooks/use-filter-params';
import { DayFilter, SelectFilter } from './list-filters';
import { orderAnchorId, RefundDialog, type RefundTarget } from './refund-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { StatusNotice } from '@/components/ui/status-notice';
import { consolePaths } from '@/config/paths';

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '');
const isFlag = (value: string | null): value is OrderFlagFilter =>
  (ORDER_FLAG_FILTERS as readonly string[]).includes(value ?? '');

/**
 * The list's filter, kept in the page's address (`?status=paid&flag=disputed&day=2026-11-29`,
 * `flag=any` for every flagged order), so a link opens the filtered list; a value the screen
 * does not know is ignored rather than sent.
 */
function useOrdersFilter() {
  const { params, set } = useFilterParams();
  const status = params.get('status');
  const flag = params.get('flag');
  const day = params.get('day');
  const filter: ConsoleOrdersFilter = {
    ...(isStatus(status) ? { status } : {}),
    ...(isFlag(flag) ? { flag } : {}),
    ...(day ? { day } : {}),
  };
  return { filter, set };
}

/** The filtered orders as a CSV file, downloaded by the browser from the server. */
function DownloadCsv({ filter }: { filter: ConsoleOrdersFilter }) {
  return (
    <div className="flex flex-col gap-1.5">
      <a
        href={ordersExportHref(filter)}
        download
        aria-label={ordersCopy.downloadLabel}
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        {ordersCopy.download}
      </a>
      <p className="max-w-xs text-xs text-mist-300">{ordersCopy.downloadNote(ORDERS_EXPORT_MAX)}</p>
    </div>
  );
}

/** What became of the order: its status, why it waits for an operator, and its refund. */
function OrderState({ order }: { order: ConsoleOrder }) {
  const { refund } = order;
  return (
    <>
      <span className="text-white">{ordersCopy.statusNames[order.status]}</span>
      {order.flag === null ? null : (
        <span className="block text-xs font-semibold text-amber-300">
          {ordersCopy.flagNames[order.flag]}
        </span>
      )}
      {order.status === 'paid' && order.refundedCents > 0 ? (
        <span className="block text-xs text-mist-300">
          {ordersCopy.partlyRefunded(formatUsd(order.refundedCents))}
        </span>
      ) : null}
      {refund === null ? null : (
        <span className="block text-xs text-mist-300">
          {ordersCopy.refundNames[refund.status]}
          {refund.fromDashboard ? ` (${ordersCopy.fromDashboard})` : ''}
        </span>
      )}
    </>
  );
}

/**
 * Refund for a paid order, retry for a refund the processor turned down (in full or of part of
 * the order: the one the row shows); else nothing.
 */
function RefundButton({
  order,
  onRefund,
}: {
  order: ConsoleOrder;
  onRefund: (target: RefundTarget) => void;
}) {
  const { refund } = order;
  const retry = refund?.status === 'failed';
  if (order.status !== 'paid' && !retry) return null;
  return (
    <button
      type="button"
      className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      aria-label={
        retry ? ordersCopy.retryLabel(order.orderNumber) : ordersCopy.refundLabel(order.orderNumber)
      }
      onClick={(event) =>
        onRefund({
          orderNumber: order.orderNumber,
          // A retry returns the money of the refund turned down, all or part of the order's.
          amount: retry ? refund.amount : order.amount,
          retry,
          returnFocus: event.currentTarget,
        })
      }
    >
      {retry ? ordersCopy.retryRefund : ordersCopy.refund}
    </button>
  );
}

function OrderRow({
  order,
  onRefund,
}: {
  order: ConsoleOrder;
  onRefund: ((target: RefundTarget) => void) | null;
}) {
  return (
    <tr className="align-top">
      <td className="py-3 pr-4 whitespace-nowrap text-mist-300">
        <ClockTime at={order.createdAt} date="short" />
      </td>
      <td className="py-3 pr-4">
        <span
          id={orderAnchorId(order.orderNumber)}
          tabIndex={-1}
          className="font-mono whitespace-nowrap text-white"
        >
          {order.orderNumber}
        </span>
        {order.lines.map((line) => (
          <span key={line.sku} className="block text-xs text-mist-300">
            {line.label}
          </span>
        ))}
      </td>
      <td className="py-3 pr-4">
        {order.player.deleted ? (
          <span className="text-mist-300">{ordersCopy.deleted}</span>
        ) : (
          <Link
            to={generatePath(consolePaths.player, { playerId: order.player.id })}
            aria-label={commonCopy.playerLink(order.player.username)}
            className="font-semibold text-accent-300 underline-offset-4 hover:underline"
          >
            {order.player.username}
          </Link>
        )}
      </td>
      <td className="py-3 pr-4 text-white tabular-nums">{order.amount}</td>
      <td className="py-3 pr-4">
        <OrderState order={order} />
      </td>
      <td className="w-48 py-3 pr-4 font-mono text-xs break-all text-mist-300">
        {order.providerPaymentId ?? '—'}
        {order.refund?.providerRefundId ? (
          <span className="block">{order.refund.providerRefundId}</span>
        ) : null}
      </td>
      {onRefund === null ? null : (
        <td className="py-3">
          <RefundButton order={order} onRefund={onRefund} />
        </td>
      )}
    </tr>
  );
}

/** Every order, newest first, by status, flag and day, and as CSV; admins refund from a row. */
export function OrdersScreen({ canRefund }: { canRefund: boolean }) {
  const { filter, set } = useOrdersFilter();
  const list = useInfiniteQuery(ordersQueryOptions(filter));
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? [];
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Panel heading={ordersCopy.heading}>
      <p className="mt-2 text-mist-300">{ordersCopy.intro}</p>
      <div className="mt-5 flex flex-wrap items-end gap-4">
        <SelectFilter
          label={ordersCopy.statusFilter}
          allLabel={ordersCopy.allStatuses}
          options={ORDER_STATUSES.map(
            (status) => [status, ordersCopy.statusNames[status]] as const,
          )}
          value={filter.status}
          onChange={(status) => set({ status })}
        />
        <SelectFilter
          label={ordersCopy.flagFilter}
          allLabel={ordersCopy.allFlags}
          options={ORDER_FLAG_FILTERS.map(
            (flag) => [flag, ordersCopy.flagFilterNames[flag]] as const,
          )}
          value={filter.flag}
          onChange={(flag) => set({ flag })}
        />
        <DayFilter
          label={commonCopy.dayFilter}
          value={filter.day}
          onChange={(day) => set({ day })}
        />
        <DownloadCsv filter={filter} />
      </div>
      <PagedTable
        query={list}
        rowCount={orders.length}
        caption={ordersCopy.caption}
        columns={canRefund ? [...ordersCopy.columns, ordersCopy.actionColumn] : ordersCopy.columns}
        text={tableText({
          loading: ordersCopy.loading,
          failed: ordersCopy.failed,
          empty: ordersCopy.empty,
        })}
        minWidth="min-w-[54rem]"
      >
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} onRefund={canRefund ? setTarget : null} />
        ))}
      </PagedTable>
      {target === null ? null : (
        <RefundDialog
          target={target}
          onClose={() => setTarget(null)}
          onRefunded={(order, partMessage) => {
            const { refund } = order;
            setNotice(
              partMessage ??
                ordersCopy.refunded(
                  order.orderNumber,
                  refund?.status ?? 'pending',
                  refund?.failureCode ?? null,
                ),
            );
          }}
        />
      )}
      <StatusNotice
        message={notice}
        dismissLabel={ordersCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    </Panel>
  );
}
