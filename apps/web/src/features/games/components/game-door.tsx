import type { SessionByAccessCode, UserEvent } from '@questfield/contract';
import { ERRORS } from '@questfield/contract';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useUserEvents } from '../api/check-user-event';
import { useSessionByAccessCodeMutation } from '../api/get-session-by-access-code';
import { useJoinByAccessCodeMutation } from '../api/join-by-access-code';
import { hasAccessCode, isNotEnoughCredits, joinFailureText, lookupFailureText } from '../access';
import { useClock } from '../clock';
import { gamesCopy } from '../copy';
import { endOf, liveGame } from '../schedule';
import { LiveGame } from './live-game';
import { MAIN_CONTENT_ID } from '@/components/layout/app-layout';
import { Field, FormError, SubmitButton } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { usePublicConfig } from '@/lib/public-config';

/** The dialog and Radix load as the first code is sent, so they are ready when it is found. */
const loadJoinDialog = () => import('./join-experience-dialog');
const JoinExperienceDialog = lazy(loadJoinDialog);
/** The frame (and the schemas its messages are checked with) loads only for a live game. */
const GameFrame = lazy(() => import('./game-frame'));

type Found = { code: string; session: SessionByAccessCode };

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
    return (
      <Suspense fallback={null}>
        <GameFrame {...{ game: live, username, gameOrigin, resultsHosts }} />
      </Suspense>
    );
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [notEnough, setNotEnough] = useState(false);
  const busyRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const lookup = useSessionByAccessCodeMutation();
  const join = useJoinByAccessCodeMutation();

  const fail = (text: string) => {
    setError(text);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    if (!hasAccessCode(code)) {
      fail(ERRORS.ACCESS_CODE_REQUIRED.message);
      return;
    }
    busyRef.current = true;
    setError(null);
    void loadJoinDialog();
    const accessCode = code.trim();
    lookup.mutate(
      { accessCode },
      {
        onSuccess: ([session]) => {
          if (!session) {
            fail(ERRORS.ACCESS_CODE_INVALID.message);
            return;
          }
          setFound({ code: accessCode, session });
          setJoinError(null);
          setNotEnough(false);
          setDialogOpen(true);
        },
        onError: (failure) => fail(lookupFailureText(failure)),
        onSettled: () => {
          busyRef.current = false;
        },
      },
    );
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
      <form
        noValidate
        aria-busy={lookup.isPending}
        className="mt-5 flex flex-col gap-5"
        onSubmit={submit}
      >
        <Field
          ref={inputRef}
          label={gamesCopy.accessCodeLabel}
          hint={gamesCopy.accessCodeHint}
          value={code}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          enterKeyHint="go"
          inputClassName="font-mono tracking-wider uppercase"
          onChange={(event) => {
            setCode(event.target.value);
            if (!busyRef.current) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FormError id={errorId}>{error}</FormError>
        <SubmitButton pending={lookup.isPending} className="sm:w-auto sm:self-start sm:px-10">
          {gamesCopy.join}
        </SubmitButton>
      </form>
      {found ? (
        <Suspense fallback={null}>
          <JoinExperienceDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            session={found.session}
            credits={credits}
            notEnough={notEnough}
            pending={join.isPending}
            error={joinError}
            onConfirm={confirm}
            onClosed={() => {
              // Closed here: back to the field. Joined: the live game replaced the form.
              const input = inputRef.current;
              if (input?.isConnected) input.focus();
              else document.getElementById(MAIN_CONTENT_ID)?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </Panel>
  );
}
