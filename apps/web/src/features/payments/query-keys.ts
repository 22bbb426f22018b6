/**
 * Query keys this feature reads or refreshes, kept apart from the checkout (whose contract
 * module brings zod) so that pages listing orders load no schema code. Two belong to other
 * features (features never import each other): the session of features/accounts and the credit
 * history of features/credits. The payments tests check they still match.
 */
export const SESSION_QUERY_KEY = ['session'] as const;
export const CREDIT_HISTORY_QUERY_KEY = ['credit-history'] as const;
export const ORDERS_QUERY_KEY = ['orders'] as const;
