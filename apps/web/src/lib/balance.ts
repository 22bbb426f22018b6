import type {
  CancelRegistrationResponse,
  RegisterEventResponse,
  UserEvent,
} from '@questfield/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  CREDIT_HISTORY_QUERY_KEY,
  ORDERS_QUERY_KEY,
  PARTIES_QUERY_KEY,
  SESSION_QUERY_KEY,
  USER_EVENTS_QUERY_KEY,
} from './query-keys';
import { writeGameData } from './game-data';
import { writeStoredUser, type SessionUser } from './session';

/**
 * An answer that moved the player's balance (a purchase, a redeemed code): the balance the
 * server answered becomes the session user's at once (the header's Credits, the dashboard and
 * the local-storage mirror read it), with `change` for anything else the answer implies; the
 * credit history and the orders are asked again. Without a session user yet, it is asked for.
 */
export function applyBalance(
  client: QueryClient,
  credits: number,
  change: (user: SessionUser) => SessionUser = (user) => user,
): void {
  void client.cancelQueries({ queryKey: SESSION_QUERY_KEY });
  const user = client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
  if (user) {
    const updated = change({ ...user, credits });
    writeStoredUser(updated);
    client.setQueryData(SESSION_QUERY_KEY, updated);
  } else {
    void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }
  void client.invalidateQueries({ queryKey: CREDIT_HISTORY_QUERY_KEY });
  void client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
}

/**
 * A seat taken (booked on /, joined on /game, or a party's seat claimed on /invite): the game
 * data is kept for /game and the game frame, the balance is applied as above, and the player's
 * games (the header countdown, /game, the dashboard) and parties are asked again.
 */
export function applySeat(client: QueryClient, answer: RegisterEventResponse): void {
  writeGameData(answer.gamedata);
  applyBalance(client, answer.credits);
  void client.invalidateQueries({ queryKey: USER_EVENTS_QUERY_KEY });
  void client.invalidateQueries({ queryKey: PARTIES_QUERY_KEY });
}

/**
 * A seat given back (My Sessions, or a party's open seat by its leader): the balance is applied
 * as above, the seat leaves every cached list of the player's games at once, and they and the
 * player's parties are asked again. Null (a refusal): only asked again.
 */
export function applySeatGivenBack(
  client: QueryClient,
  answer: CancelRegistrationResponse | null,
): void {
  if (answer !== null) {
    applyBalance(client, answer.credits);
    client.setQueriesData<UserEvent[]>({ queryKey: USER_EVENTS_QUERY_KEY }, (games) =>
      games?.filter((game) => game.registrationId !== answer.registrationId),
    );
  }
  void client.invalidateQueries({ queryKey: USER_EVENTS_QUERY_KEY });
  void client.invalidateQueries({ queryKey: PARTIES_QUERY_KEY });
}
