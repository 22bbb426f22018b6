/**
 * The demo game's page: learns the app's origin, waits for the session from /game, checks the
 * ticket, runs the maze and sends the result. See protocol.ts for what is trusted and why.
 */
// First: no schema may be built before zod is told not to compile with eval (CSP, R20).
import '@questfield/contract/schemas-without-eval';
import {
  GAME_MESSAGE,
  MAZE,
  generateMaze,
  type GameTicketMessage,
  type ValidateTicketResponse,
} from '@questfield/contract';
import { badgeInitials, formatClock, ordinal } from './format';
import { runResult, type Run, type RunResult } from './game-state';
import { MazeGame } from './play';
import {
  appLink,
  createSessionListener,
  loadAppOrigin,
  msUntilStart,
  type AppLink,
} from './protocol';
import { announce, byId, currentScreen, showScreen } from './screens';
import { Sound } from './sound';

/** Time to watch the token reach the flag before the finish screen replaces the maze. */
const FINISH_PAUSE_MS = 700;

type Session = { ticket: string; initials: string };

type Phase = 'waiting' | 'ready' | 'playing' | 'finished' | 'over';

const sound = new Sound(storageOrNull());
let link: AppLink | null = null;
let session: Session | null = null;
let game: MazeGame | null = null;
let phase: Phase = 'waiting';
/** The finished run's figures, kept to send again after a network failure. */
let result: RunResult | null = null;

/** localStorage itself can throw when the browser blocks storage in frames. */
function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function renderMute(): void {
  byId('mute').setAttribute('aria-pressed', String(sound.muted));
}

function toggleMute(): void {
  const muted = sound.toggle();
  renderMute();
  announce(muted ? 'Sound off.' : 'Sound on.');
}

function backToApp(): void {
  link?.post({ type: GAME_MESSAGE.finished });
}

function onGlobalKey(event: KeyboardEvent): void {
  sound.unlock();
  if (event.key === 'Escape') {
    // The app takes focus back, so a keyboard user is never trapped in the frame.
    link?.post({ type: GAME_MESSAGE.leave });
    return;
  }
  const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.repeat;
  if (plain && event.key.toLowerCase() === 'm') toggleMute();
}

function wireControls(): void {
  renderMute();
  byId('gem-points').textContent = String(MAZE.gemPoints);
  byId('finish-points').textContent = String(MAZE.finishPoints);
  byId('mute').addEventListener('click', toggleMute);
  byId('start-button').addEventListener('click', startPlaying);
  byId('retry-submit').addEventListener('click', () => void sendResult());
  for (const button of document.querySelectorAll('[data-back]')) {
    button.addEventListener('click', backToApp);
  }
  window.addEventListener('keydown', onGlobalKey);
  window.addEventListener('pointerdown', () => sound.unlock(), { capture: true });
}

function endGame(): void {
  game?.end();
  game = null;
}

function stopPlay(next: Phase): void {
  phase = next;
  endGame();
}

function showPlayer(info: ValidateTicketResponse): void {
  byId('who-name').textContent = info.playerName;
  byId('who-room').textContent = info.roomName;
  byId('who').hidden = false;
  byId('start-name').textContent = info.playerName;
  byId('start-room').textContent = info.roomName;
}

/**
 * The session's clock, from the server's secondsLeft. Counted against a deadline, so timers
 * slowed down in a background tab cannot make it drift.
 */
function startCountdown(secondsLeft: number): void {
  const deadline = performance.now() + secondsLeft * 1000;
  let shown = '';
  const update = () => {
    const left = deadline - performance.now();
    const text = formatClock(Math.max(0, left) + 999);
    if (text !== shown) {
      shown = text;
      for (const element of document.querySelectorAll('[data-time-left]')) {
        element.textContent = text;
      }
    }
    if (left <= 0) {
      clearInterval(timer);
      timeUp();
    }
  };
  const timer = setInterval(update, 250);
  update();
}

function timeUp(): void {
  if (phase !== 'ready' && phase !== 'playing') return;
  stopPlay('over');
  showScreen('timeup', "Time's up. The session is over; no result was sent.");
}

async function startSession(message: GameTicketMessage): Promise<void> {
  if (link === null) return;
  const { ticket } = message;
  const outcome = await link.validate(ticket);
  if (!outcome.ok) {
    phase = 'over';
    byId('invalid-message').textContent = outcome.message;
    showScreen('invalid', `This game cannot start. ${outcome.message}`);
    return;
  }
  const info = outcome.data;
  session = { ticket, initials: badgeInitials(message.userdata.initials, info.playerName) };
  showPlayer(info);
  if (info.submitted) {
    phase = 'over';
    showScreen('submitted', 'Your result for this game is in.');
    return;
  }
  if (info.mazeSeed === null) {
    // The maze comes only once the game has started by the server's clock (a few seconds
    // behind this browser's, say): the waiting screen stays until then.
    window.setTimeout(() => void startSession(message), msUntilStart(info));
    return;
  }
  phase = 'ready';
  prepareGame(info.mazeSeed, session.initials);
  startCountdown(info.secondsLeft);
  if (phase === 'ready') showScreen('start', `Ready, ${info.playerName}. Press Start to play.`);
}

function prepareGame(mazeSeed: string, initials: string): void {
  game = new MazeGame({
    maze: generateMaze(mazeSeed),
    initials,
    sound,
    announce,
    onFinished: finishRun,
  });
}

function startPlaying(): void {
  if (phase !== 'ready' || game === null) return;
  phase = 'playing';
  showScreen('playing', 'Game on. Find the gems and the exit flag. Escape leaves the game.');
  game.begin();
}

function finishRun(run: Run): void {
  result = runResult(run);
  if (result === null) return;
  phase = 'finished';
  byId('result-score').textContent = String(result.score);
  byId('result-time').textContent = formatClock(result.timeMs);
  byId('result-distance').textContent = `${result.distance} m`;
  void sendResult();
  const summary =
    `You made it out! Score ${result.score}, time ${formatClock(result.timeMs)}, ` +
    `distance ${result.distance} metres.`;
  setTimeout(() => {
    endGame();
    showScreen('finished', `${summary} ${byId('result-status').textContent ?? ''}`);
  }, FINISH_PAUSE_MS);
}

function setStatus(text: string, retry: boolean): void {
  byId('result-status').textContent = text;
  byId('retry-submit').hidden = !retry;
}

async function sendResult(): Promise<void> {
  if (link === null || session === null || result === null) return;
  setStatus('Saving your result…', false);
  const outcome = await link.submit(session.ticket, result);
  if (!outcome.ok) {
    setStatus(outcome.message, outcome.network);
  } else {
    const { ranks } = outcome.data;
    byId('rank-score').textContent = ordinal(ranks.score);
    byId('rank-time').textContent = ordinal(ranks.time);
    byId('rank-distance').textContent = ordinal(ranks.distance);
    byId('result-ranks').hidden = false;
    setStatus('Result saved. Your places in this game:', false);
  }
  if (currentScreen() === 'finished') announce(byId('result-status').textContent ?? '');
}

async function connect(): Promise<AppLink | null> {
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('preview')) {
    // A local stand-in for the app, for development only: it never reaches the build.
    const { previewLink, previewSession } = await import('./preview');
    const mode = new URLSearchParams(window.location.search).get('preview') ?? '';
    window.setTimeout(() => void startSession(previewSession()), 300);
    return previewLink(mode);
  }
  if (window.parent === window) {
    showScreen('unframed', 'Open a session from Questfield to play.');
    return null;
  }
  const appOrigin = await loadAppOrigin();
  const parent = window.parent;
  const listener = createSessionListener({
    appOrigin,
    parent,
    onSession: (message) => {
      window.removeEventListener('message', listener);
      void startSession(message);
    },
  });
  window.addEventListener('message', listener);
  return appLink(appOrigin, parent);
}

async function boot(): Promise<void> {
  wireControls();
  try {
    link = await connect();
  } catch (error) {
    console.error('The game could not learn the app origin.', error);
    showScreen('broken', 'The game could not start. Reload the page to try again.');
    return;
  }
  link?.post({ type: GAME_MESSAGE.ready });
}

void boot();
