import { API_ROUTES, type ConsoleOrdersFilter } from '@questfield/contract';

/**
 * The address of the filtered orders' CSV: a plain link, so the browser downloads the file the
 * server names (its session cookie goes with it, like the console's other reads).
 */
export function ordersExportHref(filter: ConsoleOrdersFilter): string {
  const query = new URLSearchParams(filter).toString();
  return query === ''
    ? API_ROUTES.consoleOrdersExport.path
    : `${API_ROUTES.consoleOrdersExport.path}?${query}`;
}
