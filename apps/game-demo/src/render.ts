/**
 * Drawing the maze on a canvas. The floor and walls change only with the size, so they are
 * drawn once per layout into a layer of their own; each frame adds the trail, exit, gems and
 * the player's token on top.
 */
import { MAZE, WALL, sameCell, type Cell, type Maze } from '@questfield/contract';
import { cellIndex, type Run } from './game-state';

export type Layout = {
  /** CSS pixels per cell, whole so that lines stay crisp. */
  cell: number;
  /** Room around the maze for the glow of walls and token. */
  margin: number;
  width: number;
  height: number;
  dpr: number;
  /**
   * Drawn with rows and columns swapped (a mirror along the diagonal), so a tall box such as
   * a phone in portrait shows larger cells. The maze itself is unchanged; only the view is.
   */
  transposed: boolean;
};

/** How much larger a transposed view's cells must be to be chosen: near-square boxes stay upright. */
const TRANSPOSE_GAIN = 1.1;

function fitCell(boxWidth: number, boxHeight: number, columns: number, rows: number): number {
  return Math.floor(Math.min(boxWidth / (columns + 0.5), boxHeight / (rows + 0.5)));
}

/** The largest whole-pixel cell that fits the maze and its margin in a box of CSS pixels. */
export function fitLayout(
  boxWidth: number,
  boxHeight: number,
  maze: Pick<Maze, 'columns' | 'rows'>,
  devicePixelRatio: number,
): Layout {
  const upright = fitCell(boxWidth, boxHeight, maze.columns, maze.rows);
  const swapped = fitCell(boxWidth, boxHeight, maze.rows, maze.columns);
  const transposed = swapped >= upright * TRANSPOSE_GAIN;
  const cell = Math.max(8, transposed ? swapped : upright);
  const margin = Math.floor(cell / 4);
  const [across, down] = transposed ? [maze.rows, maze.columns] : [maze.columns, maze.rows];
  return {
    cell,
    margin,
    width: across * cell + 2 * margin,
    height: down * cell + 2 * margin,
    transposed,
    // Sharp on high-density screens, but bounded: a 3x backing store is plenty.
    dpr: Math.min(Math.max(devicePixelRatio || 1, 1), 3),
  };
}

export type Burst = { cell: Cell; at: number };

export type Scene = {
  run: Run;
  /** The token's place in cells; fractional while it glides from one cell to the next. */
  token: { x: number; y: number };
  initials: string;
  now: number;
  /** False under prefers-reduced-motion: nothing pulses or sparkles. */
  motion: boolean;
  bursts: readonly Burst[];
};

export const BURST_MS = 600;

const COLORS = {
  floor: '#0a1226',
  floorEdge: '#121d3b',
  wall: '#3d5191',
  wallGlow: 'rgba(99, 132, 235, 0.45)',
  wallEdge: 'rgba(170, 190, 245, 0.55)',
  accent: '#fbbf24',
  exit: '#34d399',
  gemTop: '#67e8f9',
  gemBottom: '#a78bfa',
  ink: '#0b1226',
} as const;

/** A point of the maze (in cells) on the canvas (in CSS pixels). */
function point(layout: Layout, x: number, y: number): { px: number; py: number } {
  const [across, down] = layout.transposed ? [y, x] : [x, y];
  return { px: layout.margin + across * layout.cell, py: layout.margin + down * layout.cell };
}

function centre(layout: Layout, x: number, y: number): { cx: number; cy: number } {
  const { px, py } = point(layout, x + 0.5, y + 0.5);
  return { cx: px, cy: py };
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, Math.min(w, h) * 0.2);
}

function drawFloor(ctx: CanvasRenderingContext2D, layout: Layout, maze: Maze): void {
  const { margin, cell } = layout;
  const width = layout.width - 2 * margin;
  const height = layout.height - 2 * margin;
  const gradient = ctx.createLinearGradient(0, margin, 0, margin + height);
  gradient.addColorStop(0, COLORS.floorEdge);
  gradient.addColorStop(1, COLORS.floor);
  ctx.fillStyle = gradient;
  ctx.fillRect(margin, margin, width, height);
  // The start cell, faintly: where every run begins.
  ctx.fillStyle = 'rgba(251, 191, 36, 0.1)';
  const { cx, cy } = centre(layout, maze.start.x, maze.start.y);
  const side = cell * 0.76;
  roundedRect(ctx, cx - side / 2, cy - side / 2, side, side);
  ctx.fill();
}

function wallPath(layout: Layout, maze: Maze): Path2D {
  const path = new Path2D();
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    const from = point(layout, x1, y1);
    const to = point(layout, x2, y2);
    path.moveTo(from.px, from.py);
    path.lineTo(to.px, to.py);
  };
  for (let y = 0; y < maze.rows; y += 1) {
    for (let x = 0; x < maze.columns; x += 1) {
      const walls = maze.walls[cellIndex(maze, { x, y })] ?? 0;
      if (walls & WALL.north) line(x, y, x + 1, y);
      if (walls & WALL.west) line(x, y, x, y + 1);
      if (x === maze.columns - 1 && walls & WALL.east) line(x + 1, y, x + 1, y + 1);
      if (y === maze.rows - 1 && walls & WALL.south) line(x, y + 1, x + 1, y + 1);
    }
  }
  return path;
}

function drawWalls(ctx: CanvasRenderingContext2D, layout: Layout, maze: Maze): void {
  const path = wallPath(layout, maze);
  const width = Math.max(2, Math.round(layout.cell * 0.1));
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.save();
  ctx.shadowColor = COLORS.wallGlow;
  ctx.shadowBlur = layout.cell * 0.35;
  ctx.strokeStyle = COLORS.wall;
  ctx.lineWidth = width;
  ctx.stroke(path);
  ctx.restore();
  // A thin bright core makes the walls read as edges even on dim screens.
  ctx.strokeStyle = COLORS.wallEdge;
  ctx.lineWidth = Math.max(1, width * 0.35);
  ctx.stroke(path);
}

function drawTrail(ctx: CanvasRenderingContext2D, layout: Layout, run: Run): void {
  ctx.fillStyle = 'rgba(251, 191, 36, 0.22)';
  const radius = Math.max(1.5, layout.cell * 0.07);
  const { maze } = run;
  for (let index = 0; index < run.visited.length; index += 1) {
    if (!run.visited[index]) continue;
    const cell = { x: index % maze.columns, y: Math.floor(index / maze.columns) };
    if (sameCell(cell, run.position)) continue;
    const { cx, cy } = centre(layout, cell.x, cell.y);
    ctx.beginPath();
    ctx.arc(cx, cy, radius, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawExit(ctx: CanvasRenderingContext2D, layout: Layout, scene: Scene): void {
  const { cell } = layout;
  const { exit } = scene.run.maze;
  const { cx, cy } = centre(layout, exit.x, exit.y);
  const pulse = scene.motion ? 0.5 + 0.5 * Math.sin(scene.now / 420) : 0.6;
  const inset = cell * 0.1;
  ctx.save();
  ctx.shadowColor = COLORS.exit;
  ctx.shadowBlur = cell * (0.2 + 0.35 * pulse);
  ctx.fillStyle = `rgba(52, 211, 153, ${0.16 + 0.12 * pulse})`;
  ctx.strokeStyle = COLORS.exit;
  ctx.lineWidth = Math.max(1.5, cell * 0.06);
  roundedRect(
    ctx,
    cx - cell / 2 + inset,
    cy - cell / 2 + inset,
    cell - 2 * inset,
    cell - 2 * inset,
  );
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  // A finish flag: pole and pennant.
  const pole = cx - cell * 0.14;
  ctx.strokeStyle = '#d1fae5';
  ctx.lineWidth = Math.max(1.5, cell * 0.05);
  ctx.beginPath();
  ctx.moveTo(pole, cy + cell * 0.26);
  ctx.lineTo(pole, cy - cell * 0.26);
  ctx.stroke();
  ctx.fillStyle = COLORS.exit;
  ctx.beginPath();
  ctx.moveTo(pole, cy - cell * 0.26);
  ctx.lineTo(cx + cell * 0.24, cy - cell * 0.13);
  ctx.lineTo(pole, cy);
  ctx.closePath();
  ctx.fill();
}

function gemPath(cx: number, cy: number, r: number): Path2D {
  const path = new Path2D();
  path.moveTo(cx - 0.55 * r, cy - 0.6 * r);
  path.lineTo(cx + 0.55 * r, cy - 0.6 * r);
  path.lineTo(cx + r, cy - 0.1 * r);
  path.lineTo(cx, cy + r);
  path.lineTo(cx - r, cy - 0.1 * r);
  path.closePath();
  return path;
}

function drawSparkle(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y - size);
  ctx.quadraticCurveTo(x, y, x + size, y);
  ctx.quadraticCurveTo(x, y, x, y + size);
  ctx.quadraticCurveTo(x, y, x - size, y);
  ctx.quadraticCurveTo(x, y, x, y - size);
  ctx.fill();
}

function drawGem(ctx: CanvasRenderingContext2D, layout: Layout, scene: Scene, index: number) {
  const gem = scene.run.maze.gems[index] as Cell;
  const { cx, cy } = centre(layout, gem.x, gem.y);
  const r = layout.cell * 0.26;
  const path = gemPath(cx, cy, r);
  const gradient = ctx.createLinearGradient(cx, cy - r, cx, cy + r);
  gradient.addColorStop(0, COLORS.gemTop);
  gradient.addColorStop(1, COLORS.gemBottom);
  ctx.save();
  ctx.shadowColor = 'rgba(103, 232, 249, 0.6)';
  ctx.shadowBlur = layout.cell * 0.25;
  ctx.fillStyle = gradient;
  ctx.fill(path);
  ctx.restore();
  ctx.strokeStyle = 'rgba(240, 249, 255, 0.7)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(cx - r, cy - 0.1 * r);
  ctx.lineTo(cx + r, cy - 0.1 * r);
  ctx.stroke();
  if (!scene.motion) return;
  // Each gem twinkles on its own phase, so the board shimmers rather than blinks.
  const twinkle = Math.max(0, Math.sin(scene.now / 280 + index * 1.9));
  if (twinkle < 0.05) return;
  ctx.fillStyle = `rgba(255, 255, 255, ${twinkle})`;
  drawSparkle(ctx, cx + r * 0.7, cy - r * 0.75, r * 0.55 * twinkle);
}

function drawBursts(ctx: CanvasRenderingContext2D, layout: Layout, scene: Scene): void {
  const fontSize = Math.max(10, Math.round(layout.cell * 0.34));
  for (const burst of scene.bursts) {
    const t = (scene.now - burst.at) / BURST_MS;
    if (t < 0 || t >= 1) continue;
    const { cx, cy } = centre(layout, burst.cell.x, burst.cell.y);
    ctx.strokeStyle = `rgba(103, 232, 249, ${1 - t})`;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(cx, cy, layout.cell * (0.25 + 0.45 * t), 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = `rgba(251, 191, 36, ${1 - t})`;
    ctx.font = `700 ${fontSize}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText(`+${MAZE.gemPoints}`, cx, cy - layout.cell * (0.3 + 0.5 * t));
  }
}

function drawToken(ctx: CanvasRenderingContext2D, layout: Layout, scene: Scene): void {
  const { cx, cy } = centre(layout, scene.token.x, scene.token.y);
  const r = layout.cell * 0.36;
  const halo = ctx.createRadialGradient(cx, cy, r * 0.5, cx, cy, r * 2);
  halo.addColorStop(0, 'rgba(251, 191, 36, 0.5)');
  halo.addColorStop(1, 'rgba(251, 191, 36, 0)');
  ctx.fillStyle = halo;
  ctx.beginPath();
  ctx.arc(cx, cy, r * 2, 0, Math.PI * 2);
  ctx.fill();
  const body = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.1, cx, cy, r);
  body.addColorStop(0, '#fef3c7');
  body.addColorStop(1, '#f59e0b');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#fffbeb';
  ctx.lineWidth = Math.max(1, r * 0.08);
  ctx.stroke();
  const scale = scene.initials.length > 2 ? 0.68 : 0.86;
  ctx.fillStyle = COLORS.ink;
  ctx.font = `800 ${Math.max(7, Math.round(r * scale))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(scene.initials, cx, cy + r * 0.05);
  ctx.textBaseline = 'alphabetic';
}

/** Draws scenes on one canvas; call resize() before the first draw and when the box changes. */
export class MazeRenderer {
  private readonly context: CanvasRenderingContext2D;
  private readonly layer: HTMLCanvasElement;
  private layout: Layout | null = null;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('Canvas 2D is not available.');
    this.context = context;
    this.layer = document.createElement('canvas');
  }

  resize(layout: Layout, maze: Maze): void {
    this.layout = layout;
    const pixelWidth = Math.round(layout.width * layout.dpr);
    const pixelHeight = Math.round(layout.height * layout.dpr);
    for (const canvas of [this.canvas, this.layer]) {
      canvas.width = pixelWidth;
      canvas.height = pixelHeight;
    }
    this.canvas.style.width = `${layout.width}px`;
    this.canvas.style.height = `${layout.height}px`;
    const layer = this.layer.getContext('2d');
    if (layer === null) return;
    layer.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
    drawFloor(layer, layout, maze);
    drawWalls(layer, layout, maze);
  }

  draw(scene: Scene): void {
    const layout = this.layout;
    if (layout === null) return;
    const ctx = this.context;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.layer, 0, 0);
    ctx.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
    drawTrail(ctx, layout, scene.run);
    drawExit(ctx, layout, scene);
    scene.run.collected.forEach((got, index) => {
      if (!got) drawGem(ctx, layout, scene, index);
    });
    drawBursts(ctx, layout, scene);
    drawToken(ctx, layout, scene);
  }
}
