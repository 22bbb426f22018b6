import { zodResolver } from '@hookform/resolvers/zod';
import { playerSearchRequest } from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { generatePath, Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { playerSearchQueryOptions } from '../api/search-players';
import { commonCopy, tableText } from '../copy/common';
import { playersCopy } from '../copy/players';
import type { PlayersNotice } from './player-admin';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { Field } from '@/components/ui/form';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { StatusNotice } from '@/components/ui/status-notice';
import { consolePaths } from '@/config/paths';

/**
 * Find accounts by the start of an email address or a username (the query is in the address).
 * Arriving from a deletion, it says what went and puts the focus in the search field.
 */
export function PlayersScreen() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const form = useForm({
    resolver: zodResolver(playerSearchRequest.pick({ query: true })),
    defaultValues: { query },
  });
  const found = useInfiniteQuery(playerSearchQueryOptions(query));
  const players = found.data?.pages.flatMap((page) => page.players) ?? [];
  const focusSearch = useCallback(() => form.setFocus('query'), [form]);
  const notice = useArrivalNotice(focusSearch);

  return (
    <Panel heading={playersCopy.heading}>
      <p className="mt-2 text-mist-300">{playersCopy.intro}</p>
      <form
        role="search"
        noValidate
        className="mt-5 flex flex-wrap items-start gap-3"
        onSubmit={form.handleSubmit((values) => setParams({ q: values.query }))}
      >
        <Field
          label={playersCopy.searchLabel}
          className="min-w-0 flex-1 basis-64"
          type="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={form.formState.errors.query?.message}
          {...form.register('query')}
        />
        <button type="submit" className={buttonStyles({ className: 'mt-7' })}>
          {playersCopy.searchSubmit}
        </button>
      </form>

      <PagedTable
        query={found}
        rowCount={players.length}
        caption={playersCopy.caption(query)}
        columns={playersCopy.columns}
        text={tableText({
          loading: playersCopy.loading,
          failed: playersCopy.failed,
          empty: playersCopy.empty(query),
        })}
        minWidth="min-w-[40rem]"
      >
        {players.map((player) => (
          <tr key={player.id}>
            <th scope="row" className="py-3 pr-4 text-left font-semibold">
              <Link
                to={generatePath(consolePaths.player, { playerId: player.id })}
                aria-label={commonCopy.playerLink(player.username)}
                className="text-accent-300 underline-offset-4 hover:underline"
              >
                {player.username}
              </Link>
            </th>
            <td className="py-3 pr-4 break-all text-mist-100">{player.email}</td>
            <td className="py-3 pr-4 text-white tabular-nums">{player.credits}</td>
            <td className="py-3 pr-4 text-mist-100">{player.role}</td>
            <td className="py-3 text-mist-300">
              <ClockTime at={player.createdAt} date="short" />
            </td>
          </tr>
        ))}
      </PagedTable>
      <StatusNotice
        message={notice.message}
        dismissLabel={playersCopy.dismiss}
        onDismiss={notice.dismiss}
      />
    </Panel>
  );
}

/**
 * The notice the page before left in the router state (`PlayersNotice`): put in the live region
 * after it is in the page, so it is read, and taken out of the history entry, so a reload or a
 * way back does not say it again. `onArrival` (stable) runs with it: the focus.
 */
function useArrivalNotice(onArrival: () => void) {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const arrived = (state as Partial<PlayersNotice> | null)?.notice;
  useEffect(() => {
    if (typeof arrived !== 'string') return;
    onArrival();
    // A frame later, into the live region already in the page (so it is announced).
    requestAnimationFrame(() => setMessage(arrived));
    void navigate(`${pathname}${search}`, { replace: true, state: null });
  }, [arrived, navigate, onArrival, pathname, search]);
  return { message, dismiss: () => setMessage(null) };
}
