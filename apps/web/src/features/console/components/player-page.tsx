import {
  consolePlayerRequest,
  type ConsolePlayer,
  type ConsoleSession,
} from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { playerQueryOptions } from '../api/get-player';
import { commonCopy } from '../copy/common';
import { playerCopy } from '../copy/player';
import { PlayerActions, reachOf } from './player-actions';
import {
  CreditHistorySection,
  GamesSection,
  LeaderboardSection,
  OrdersSection,
  PassesSection,
  ProfileList,
  RedemptionsSection,
} from './player-sections';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { StatusNotice } from '@/components/ui/status-notice';
import { consolePaths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

const linkClass = 'text-accent-300 underline-offset-4 hover:underline';

/**
 * One player's page (/operator/players/:playerId): the account, what the operator of `session`
 * may do to it, and its lists. After an action the page reads the player again and says what
 * happened.
 */
export function PlayerPage({ session }: { session: ConsoleSession }) {
  const { playerId = '' } = useParams();
  const isId = consolePlayerRequest.safeParse({ playerId }).success;
  const query = useQuery({ ...playerQueryOptions(playerId), enabled: isId });
  const [notice, setNotice] = useState<string | null>(null);
  const missing =
    !isId || (query.error instanceof ApiError && query.error.code === 'PLAYER_NOT_FOUND');

  return (
    <>
      <Link to={consolePaths.players} className={`self-start text-sm ${linkClass}`}>
        {playerCopy.back}
      </Link>
      {missing ? (
        <EmptyState icon={<CompassIcon />}>{playerCopy.notFound}</EmptyState>
      ) : query.isSuccess ? (
        <PlayerView player={query.data} session={session} onNotice={setNotice} />
      ) : query.isError ? (
        <RetryAlert
          message={playerCopy.failed}
          retryLabel={commonCopy.retry}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <p role="status" className="text-mist-300">
          {playerCopy.loading}
        </p>
      )}
      <StatusNotice
        message={notice}
        dismissLabel={playerCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    </>
  );
}

function PlayerView({
  player,
  session,
  onNotice,
}: {
  player: ConsolePlayer;
  session: ConsoleSession;
  onNotice: (message: string) => void;
}) {
  const { profile } = player;
  const audit = new URLSearchParams({ player: profile.id, playerName: profile.username });
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Panel heading={profile.username}>
          <ProfileList player={player} />
          <Link
            to={`${consolePaths.auditLog}?${audit.toString()}`}
            className={`mt-4 inline-block text-sm ${linkClass}`}
          >
            {playerCopy.auditLink}
          </Link>
        </Panel>
        <PlayerActions player={player} session={session} onNotice={onNotice} />
      </div>
      <CreditHistorySection player={player} />
      <GamesSection
        player={player}
        onNotice={onNotice}
        movesSeats={reachOf(session, player) === 'player'}
      />
      <OrdersSection player={player} />
      <PassesSection player={player} />
      <RedemptionsSection player={player} />
      <LeaderboardSection player={player} />
    </>
  );
}
