import type { GameByAccessCode, UserEvent } from '@questfield/contract';
import { ERRORS } from '@questfield/contract';
import { useRef, useState } from 'react';
import { useUserEvents } from '../api/check-user-event';
import { useGameByAccessCodeMutation } from '../api/get-game-by-access-code';
import { useJoinByAccessCodeMutation } from '../api/join-by-access-code';
import { isNotEnoughCredits, joinFailureText, lookupFailureText } from '../access';
import { useClock } from '../clock';
import { gamesCopy } from '../copy';
import { endOf, liveGame } from '../schedule';
import { LiveGame } from './live-game';
import { CodeForm, focusFieldOrMain, type CodeOutcome } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { onDemand } from '@/lib/on-demand';
import { usePublicConfig } from '@/lib/public-config';

/** The dialog and Radix load as the first code is sent, so they are ready when it is found. */
const JoinExperienceDialog = onDemand(() => import('./join-experience-dialog'));
/** The frame (and the schemas its messages are checked with) loads only for a live game. */
const GameFrame = onDemand(() => import('./game-frame'));

type Found = { code: string; session: GameByAccessCode };

type GameDoorProps = { userId: string; username: string; credits: number };

/**
 * /game for a signed-in player (spec §5): nothing while the player's games are checked; the
 * game frame when one has started and not ended (the server's list decides, never the stored
 * gamedata; without the settings it needs, the live game's panel); otherwise the access-code
 * prompt. A code the
 * server knows opens 'Join Experience'; a join stores the game data, takes the new balance and
 * shows the live game.
 */
export function GameDoor({ userId, username, credits }: GameDoorProps) {
  const events = useUserEvents(userId);
  const config = usePublicConfig();
  const [joined, setJoined] = useState<UserEvent | null>(null);
  const live = useClock((now) =>
    joined && now < endOf(joined) ? joined : liveGame(events.data, now),
  );

  if (live && config.data) {
    const { gameOrigin, resultsHosts } = config.data;
    return <GameFrame {...{ game: live, username, gameOrigin, resultsHosts }} />;
  }
  if (live) return config.isError ? <LiveGame game={live} /> : null;
  if (events.isPending && !joined) return null;
  return <AccessCodePrompt credits={credits} onJoined={setJoined} />;
}

function AccessCodePrompt({
  credits,
  onJoined,
}: {
  credits: number;
  onJoined: (game: UserEvent) => void;
}) {
  const [found, setFound] = useState<Found | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [notEnough, setNotEnough] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const lookup = useGameByAccessCodeMutation();
  const join = useJoinByAccessCodeMutation();

  const send = async (accessCode: string): Promise<CodeOutcome> => {
    JoinExperienceDialog.preload();
    try {
      const [session] = await lookup.mutateAsync({ accessCode });
      if (!session) return { error: ERRORS.ACCESS_CODE_INVALID.message };
      setFound({ code: accessCode, session });
      setJoinError(null);
      setNotEnough(false);
      setDialogOpen(true);
    } catch (failure) {
      return { error: lookupFailureText(failure) };
    }
  };

  const confirm = () => {
    if (!found || join.isPending) return;
    setJoinError(null);
    join.mutate(
      { accessCode: found.code },
      {
        onSuccess: (answer) => {
          setDialogOpen(false);
          onJoined({
            EventTime: answer.EventTime,
            EventName: found.session.roomName,
            event_id: answer.gamedata.eventid,
            EventLength: answer.gamedata.gamelength,
            accessCode: answer.accessCode,
            ticket: answer.ticket,
            registrationId: answer.registrationId,
            cancelCutoffMinutes: answer.cancelCutoffMinutes,
          });
        },
        onError: (failure) => {
          if (isNotEnoughCredits(failure)) setNotEnough(true);
          else setJoinError(joinFailureText(failure));
        },
      },
    );
  };

  return (
    <Panel heading={gamesCopy.accessCodeHeading} className="max-w-xl">
      <p className="mt-2 text-sm text-mist-300">{gamesCopy.accessCodeIntro}</p>
      <CodeForm
        label={gamesCopy.accessCodeLabel}
        hint={gamesCopy.accessCodeHint}
        submitLabel={gamesCopy.join}
        emptyMessage={ERRORS.ACCESS_CODE_REQUIRED.message}
        send={send}
        inputRef={inputRef}
        className="mt-5"
        submitClassName="sm:w-auto sm:self-start sm:px-10"
      />
      {found ? (
        <JoinExperienceDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          session={found.session}
          credits={credits}
          notEnough={notEnough}
          pending={join.isPending}
          error={joinError}
          onConfirm={confirm}
          // Closed here: back to the field. Joined: the live game replaced the form.
          onClosed={() => focusFieldOrMain(inputRef)}
        />
      ) : null}
    </Panel>
  );
}
