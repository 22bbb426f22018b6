/**
 * Query keys more than one feature reads or refreshes (features never import each other): the
 * session user of features/accounts, the credit history of features/credits and the orders of
 * features/payments, the player's games (booked or joined: the countdown, /game, the
 * dashboard), the leaderboards of features/leaderboard (stale once /game sees a run
 * finish), and the player's parties (the dashboard's, stale after any seat taken or given back:
 * a booking, a claim, a cancel; ADR 0065). Each feature keys its queries with these; nothing
 * else spells them.
 */
export const SESSION_QUERY_KEY = ['session'] as const;
export const CREDIT_HISTORY_QUERY_KEY = ['credit-history'] as const;
export const ORDERS_QUERY_KEY = ['orders'] as const;
export const USER_EVENTS_QUERY_KEY = ['user-events'] as const;
export const LEADERBOARD_QUERY_KEY = ['leaderboard'] as const;
export const PARTIES_QUERY_KEY = ['parties'] as const;
