/**
 * The playing screen: input in, run state through game-state's rules, canvas and HUD out.
 * Every move goes through move(), which holds the pace to one cell per MOVE_MS whatever the
 * input (held key, swipe, button), so the run's figures are ones the server accepts.
 */
import type { Cell, Maze } from '@questfield/contract';
import { describeRun, formatClock } from './format';
import {
  MOVE_MS,
  STEP,
  createRun,
  distance,
  elapsedMs,
  gemsCollected,
  move,
  score,
  type Direction,
  type Run,
} from './game-state';
import { Steering, directionForKey, swipeDirection, throughView } from './input';
import { BURST_MS, MazeRenderer, fitLayout, type Burst } from './render';
import { byId } from './screens';
import type { Sound } from './sound';

export type GameOptions = {
  maze: Maze;
  initials: string;
  sound: Sound;
  announce: (text: string) => void;
  /** Called on the move that reaches the exit. */
  onFinished: (run: Run) => void;
};

const BUMP_MS = 180;

type Glide = { from: Cell; to: Cell; at: number };
type Bump = { direction: Direction; at: number };
type Swipe = { pointerId: number; x: number; y: number; direction: Direction | null };

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

function isDirection(value: string | undefined): value is Direction {
  return value !== undefined && Object.hasOwn(STEP, value);
}

export class MazeGame {
  private run: Run;
  private readonly steering = new Steering();
  private readonly renderer: MazeRenderer;
  private readonly canvas = byId<HTMLCanvasElement>('maze');
  private readonly board = byId('board');
  private readonly resizeObserver = new ResizeObserver(() => this.resize());
  private readonly listeners = new AbortController();
  private glide: Glide | null = null;
  private bump: Bump | null = null;
  private bursts: Burst[] = [];
  private swipe: Swipe | null = null;
  private frame = 0;
  private shownClock = '';
  /** Without motion nothing animates, so a frame is drawn only after a change. */
  private stale = true;
  /** CSS pixels per cell, for the swipe distance that counts as a step. */
  private cellSize = 24;
  /** Whether the view swaps rows and columns (see render.ts); input is mapped through it. */
  private transposed = false;

  constructor(private readonly options: GameOptions) {
    this.run = createRun(options.maze);
    this.renderer = new MazeRenderer(this.canvas);
  }

  begin(): void {
    this.listen();
    this.resizeObserver.observe(this.board);
    this.resize();
    this.updateHud();
    this.frame = requestAnimationFrame(this.tick);
  }

  end(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.resizeObserver.disconnect();
    this.listeners.abort();
    this.steering.clear();
  }

  private listen(): void {
    const signal = this.listeners.signal;
    window.addEventListener('keydown', (event) => this.onKeyDown(event), { signal });
    window.addEventListener('keyup', (event) => this.onKeyUp(event), { signal });
    window.addEventListener('blur', () => this.steering.clear(), { signal });
    const canvas = this.canvas;
    canvas.addEventListener('pointerdown', (event) => this.onSwipeStart(event), { signal });
    canvas.addEventListener('pointermove', (event) => this.onSwipeMove(event), { signal });
    for (const type of ['pointerup', 'pointercancel'] as const) {
      canvas.addEventListener(type, (event) => this.onSwipeEnd(event), { signal });
    }
    for (const button of document.querySelectorAll<HTMLButtonElement>('[data-direction]')) {
      this.listenToPad(button, signal);
    }
  }

  private listenToPad(button: HTMLButtonElement, signal: AbortSignal): void {
    const direction = button.dataset.direction;
    if (!isDirection(direction)) return;
    button.addEventListener(
      'pointerdown',
      (event) => {
        button.setPointerCapture(event.pointerId);
        this.press(direction);
      },
      { signal },
    );
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'] as const) {
      button.addEventListener(type, () => this.steering.release(direction), { signal });
    }
    // Enter or Space on a focused button: a click without a pointer (detail 0), one step.
    button.addEventListener(
      'click',
      (event) => {
        if (event.detail !== 0) return;
        this.steering.tap(direction);
        this.step(performance.now());
      },
      { signal },
    );
    button.addEventListener('contextmenu', (event) => event.preventDefault(), { signal });
  }

  private press(direction: Direction): void {
    this.steering.press(direction);
    // At once rather than on the next frame: the first step feels immediate.
    this.step(performance.now());
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const direction = directionForKey(event.key);
    if (direction === null) return;
    event.preventDefault();
    // Key repeat is the system's pace, not the game's: holding is tracked by keydown/keyup.
    if (!event.repeat) this.press(direction);
  }

  private onKeyUp(event: KeyboardEvent): void {
    const direction = directionForKey(event.key);
    if (direction !== null) this.steering.release(direction);
  }

  private onSwipeStart(event: PointerEvent): void {
    if (!event.isPrimary) return;
    this.canvas.setPointerCapture(event.pointerId);
    this.swipe = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      direction: null,
    };
  }

  /** Each swipe of a cell or so steers; keeping the finger down keeps the player going. */
  private onSwipeMove(event: PointerEvent): void {
    const swipe = this.swipe;
    if (swipe === null || swipe.pointerId !== event.pointerId) return;
    const threshold = Math.max(16, this.cellSize * 0.6);
    const direction = swipeDirection(event.clientX - swipe.x, event.clientY - swipe.y, threshold);
    if (direction === null) return;
    if (swipe.direction !== null && swipe.direction !== direction) {
      this.steering.release(swipe.direction);
    }
    this.swipe = { ...swipe, x: event.clientX, y: event.clientY, direction };
    if (swipe.direction !== direction) this.press(direction);
  }

  private onSwipeEnd(event: PointerEvent): void {
    const swipe = this.swipe;
    if (swipe === null || swipe.pointerId !== event.pointerId) return;
    if (swipe.direction !== null) this.steering.release(swipe.direction);
    this.swipe = null;
  }

  private resize(): void {
    const box = this.board.getBoundingClientRect();
    const layout = fitLayout(box.width, box.height, this.run.maze, window.devicePixelRatio);
    this.cellSize = layout.cell;
    this.transposed = layout.transposed;
    this.canvas.setAttribute('aria-label', describeRun(this.run, this.transposed));
    this.renderer.resize(layout, this.run.maze);
    this.draw(performance.now());
  }

  private tick = (): void => {
    const now = performance.now();
    this.step(now);
    if (this.stale || !reducedMotion.matches) this.draw(now);
    this.updateClock(now);
    this.frame = requestAnimationFrame(this.tick);
  };

  /** Tries the wanted direction; a move too soon waits for its turn instead of being lost. */
  private step(now: number): void {
    const intent = this.steering.next();
    if (intent === null) return;
    const from = this.run.position;
    const direction = throughView(intent.direction, this.transposed);
    const result = move(this.run, direction, now);
    if (result.outcome === 'early') return;
    this.steering.consume();
    if (result.outcome === 'wall' && intent.tapped) this.bump = { direction, at: now };
    if (result.outcome !== 'moved') return;
    this.run = result.run;
    this.glide = { from, to: this.run.position, at: now };
    if (result.gem !== null) this.collect(result.gem, now);
    this.updateHud();
    if (this.run.finished) this.finish();
  }

  private collect(gem: number, now: number): void {
    this.options.sound.gem();
    const cell = this.run.maze.gems[gem];
    if (cell !== undefined) this.bursts = [...this.bursts, { cell, at: now }];
    const { length } = this.run.maze.gems;
    this.options.announce(`Gem ${gemsCollected(this.run)} of ${length}.`);
  }

  private finish(): void {
    this.steering.clear();
    this.options.sound.finish();
    this.options.onFinished(this.run);
  }

  /** Where the token is drawn: gliding toward its cell, nudged toward a wall it bumped. */
  private tokenAt(now: number, motion: boolean): { x: number; y: number } {
    const { x, y } = this.run.position;
    if (!motion) return { x, y };
    let token = { x, y };
    if (this.glide !== null) {
      const t = Math.min(1, (now - this.glide.at) / MOVE_MS);
      const { from, to } = this.glide;
      token = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
    }
    if (this.bump !== null) {
      const t = (now - this.bump.at) / BUMP_MS;
      const push = t >= 0 && t < 1 ? Math.sin(Math.PI * t) * 0.12 : 0;
      const { dx, dy } = STEP[this.bump.direction];
      token = { x: token.x + dx * push, y: token.y + dy * push };
    }
    return token;
  }

  private draw(now: number): void {
    this.stale = false;
    const motion = !reducedMotion.matches;
    this.bursts = this.bursts.filter((burst) => now - burst.at < BURST_MS);
    this.renderer.draw({
      run: this.run,
      token: this.tokenAt(now, motion),
      initials: this.options.initials,
      now,
      motion,
      bursts: motion ? this.bursts : [],
    });
  }

  private updateHud(): void {
    this.stale = true;
    const run = this.run;
    byId('hud-score').textContent = String(score(run));
    byId('hud-gems').textContent = `${gemsCollected(run)}/${run.maze.gems.length}`;
    byId('hud-distance').textContent = `${distance(run)} m`;
    this.canvas.setAttribute('aria-label', describeRun(run, this.transposed));
    this.updateClock(performance.now());
  }

  private updateClock(now: number): void {
    const clock = formatClock(elapsedMs(this.run, now));
    if (clock === this.shownClock) return;
    this.shownClock = clock;
    byId('hud-run').textContent = clock;
  }
}
