// Lantern Volley in the terminal: the arena scaled onto a Braille canvas (walls, beams, mirrors, screens,
// gongs, lanterns lit and unlit), the last shot's path traced over it, and an aim line for the angle being
// set. The angle is adjusted by keys (1 degree, 5 degrees, one step of the aim) or typed; Enter fires.
// The aim line is a display aid (plain Math.cos/sin is fine here); the shot itself is the engine's.
import type { Spec } from '@hearth/engine';
import {
  arenaOf,
  BrailleCanvas,
  type Controller,
  type Key,
  type KeyResult,
  kinds,
  legendItems,
  type Prompt,
  type Size,
  type Style,
  terminalKinds,
  type View,
  wrap,
} from '@hearth/engine/terminal';
import type { LastShot, Observation } from '../index.ts';

/** Columns to the right of the canvas for the legend. */
const LEGEND_W = 12;
/** Cells wide per cell tall: the arena (3:4) with x stretched so it reads in terminal cells (about 1:2). */
const ASPECT = 2.4;

/** The kinds the arena draws: the game's own table (spec.look), glyphs distinct without colour. */
const KIND_IDS = ['unlit', 'lit', 'gong', 'beam', 'screen', 'brazier', 'shot', 'aim'] as const;

/** The legal aim as the observation gives it: a range and a step, in degrees. */
type Aim = { minDeg: number; maxDeg: number; stepDeg: number };
/** Digits after the point of the aim's step (0.1 -> 1): how an angle is written. */
const digitsOf = (aim: Aim): number => (String(aim.stepDeg).split('.')[1] ?? '').length;

const obs = (view: View): Observation => view.response.observation as Observation;
const lastShot = (view: View): LastShot | null => (view.response.lastShot as LastShot | null | undefined) ?? null;

/** The canvas in cells for a board box: as large as fits beside the legend, keeping the arena's proportions. */
export function canvasSize(box: Size): Size {
  const height = Math.max(8, Math.min(box.height - 2, Math.floor((box.width - 2 - LEGEND_W) / ASPECT)));
  return { width: Math.round(height * ASPECT), height };
}

export function lanternVolleyController(): Controller {
  const aimer = new Aimer();
  return {
    board: (view, style, box) => {
      aimer.sync(view);
      return drawArena(view, style, box, aimer.angle());
    },
    panel: (view, style) => {
      aimer.sync(view);
      return panelLines(view, style, aimer.shown());
    },
    legend: legendItems,
    hints: (view, style) => {
      aimer.sync(view);
      return hintLines(view, style, aimer);
    },
    key: (k: Key, view: View): KeyResult => {
      aimer.sync(view);
      return aimer.key(k, view);
    },
    keyHelp,
  };
}

/**
 * The aim being set, in whole steps of the observation's aim (its stepDeg); undefined until the first view sets it
 * to the game's home aim (spec.look). Counting steps keeps every angle exact on the engine's grid.
 */
class Aimer {
  steps: number | undefined;
  aim: Aim = { minDeg: 0, maxDeg: 0, stepDeg: 1 };

  clamp(n: number): number {
    const { minDeg, maxDeg, stepDeg } = this.aim;
    return Math.max(Math.round(minDeg / stepDeg), Math.min(Math.round(maxDeg / stepDeg), n));
  }

  home(view: View): number {
    return this.clamp(Math.round((arenaOf(view.spec)?.aimHomeDeg ?? this.aim.minDeg) / this.aim.stepDeg));
  }

  /** Reads the view's aim range (and sets the home aim on the first view). */
  sync(view: View): number {
    this.aim = obs(view).aim;
    this.steps = this.clamp(this.steps ?? this.home(view));
    return this.steps;
  }

  angle(): number {
    return Number(((this.steps ?? 0) * this.aim.stepDeg).toFixed(digitsOf(this.aim)));
  }

  shown(): string {
    return this.angle().toFixed(digitsOf(this.aim));
  }

  /** Degrees to whole steps (a fine key moves one step). */
  by(deg: number | 'step' | '-step'): number {
    return deg === 'step' ? 1 : deg === '-step' ? -1 : Math.round(deg / this.aim.stepDeg);
  }

  key(k: Key, view: View): KeyResult {
    const step = ADJUST[k.name];
    if (step !== undefined) {
      this.steps = this.clamp((this.steps ?? 0) + this.by(step));
      return { kind: 'handled' };
    }
    if (k.name === '0') {
      this.steps = this.home(view);
      return { kind: 'handled' };
    }
    if (k.name === 'enter' || k.name === 'space' || k.name === 'f')
      return { kind: 'act', action: { type: 'SHOOT', angleDeg: this.angle() } };
    if (k.name === 'a') return { kind: 'prompt', prompt: anglePrompt(this) };
    return { kind: 'unhandled' };
  }
}

/** Arena units to canvas dots (sx, sy) and to cells (cx, cy), clipped to the canvas. */
function scaleOf(arena: { width: number; height: number }, size: Size) {
  const sx = (x: number) => (x / arena.width) * size.width * 2;
  const sy = (y: number) => (y / arena.height) * size.height * 4;
  const cx = (x: number) => Math.min(size.width - 1, Math.max(0, Math.floor(sx(x) / 2)));
  const cy = (y: number) => Math.min(size.height - 1, Math.max(0, Math.floor(sy(y) / 4)));
  return { sx, sy, cx, cy };
}
type Scale = ReturnType<typeof scaleOf>;
type Kinds = ReturnType<typeof kinds<(typeof KIND_IDS)[number]>>;

/** The arena on a Braille canvas, framed, with the legend to its right. Later layers draw over earlier ones. */
function drawArena(view: View, style: Style, box: Size, angleDeg: number): string[] {
  const o = obs(view);
  const KINDS = kinds(view.spec, KIND_IDS);
  const size = canvasSize(box);
  const c = new BrailleCanvas(size.width, size.height);
  const scale = scaleOf(o.layout.arena, size);
  drawBeams(c, o, scale, KINDS);
  drawAimLine(c, o, scale, KINDS, angleDeg);
  drawScreens(c, o, scale, KINDS);
  drawShotPath(c, lastShot(view)?.path ?? [], scale, KINDS);
  drawMarks(c, o, scale, KINDS);
  const legend = ['', ...Object.values(KINDS).map((k) => ` ${style.fg(k.colour, k.glyph, true)} ${k.label}`)];
  return [
    style.dim(`┌${'─'.repeat(size.width)}┐`),
    ...c.lines(style).map((l) => `${style.dim('│')}${l}${style.dim('│')}`),
    style.dim(`└${'─'.repeat(size.width)}┘`),
  ].map((l, i) => `${l}${legend[i] ?? ''}`);
}

function drawBeams(c: BrailleCanvas, o: Observation, { sx, sy }: Scale, KINDS: Kinds): void {
  for (const b of o.layout.beams) {
    if (b.shape === 'diagonal') c.line(sx(b.x0), sy(b.y0), sx(b.x1), sy(b.y1), KINDS.beam.colour);
    else for (let y = Math.floor(sy(b.y0)); y <= Math.ceil(sy(b.y1)); y++) c.line(sx(b.x0), y, sx(b.x1), y, KINDS.beam.colour);
  }
}

/** Aim line: straight from the brazier to the first wall (a display aid: plain cos/sin is fine here). */
function drawAimLine(c: BrailleCanvas, o: Observation, { sx, sy }: Scale, KINDS: Kinds, angleDeg: number): void {
  const W = o.layout.arena.width;
  const origin = o.aim.origin;
  const rad = (angleDeg * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = -Math.sin(rad);
  const tx = dx > 0 ? (W - origin.x) / dx : dx < 0 ? -origin.x / dx : Number.POSITIVE_INFINITY;
  const t = Math.min(tx, -origin.y / dy);
  c.line(sx(origin.x), sy(origin.y), sx(origin.x + dx * t), sy(origin.y + dy * t), KINDS.aim.colour, 2);
}

function drawScreens(c: BrailleCanvas, o: Observation, { cx, cy }: Scale, KINDS: Kinds): void {
  for (const s of o.layout.screens)
    for (let row = cy(s.y0); row <= cy(s.y1); row++)
      for (let col = cx(s.x0); col <= cx(s.x1); col++) c.put(col, row, KINDS.screen.glyph, KINDS.screen.colour);
}

/** The last shot's path (its own wave: after a clear the layout has moved on, the path is still shown). */
function drawShotPath(c: BrailleCanvas, path: LastShot['path'], { sx, sy, cx, cy }: Scale, KINDS: Kinds): void {
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const dots = Math.max(1, Math.ceil(Math.max(Math.abs(sx(b.x) - sx(a.x)) / 2, Math.abs(sy(b.y) - sy(a.y)) / 4)) * 2);
    for (let k = 0; k <= dots; k++)
      c.put(cx(a.x + ((b.x - a.x) * k) / dots), cy(a.y + ((b.y - a.y) * k) / dots), KINDS.shot.glyph, KINDS.shot.colour, true);
  }
}

/** Gongs, lanterns (lit or not) and the brazier, over everything else. */
function drawMarks(c: BrailleCanvas, o: Observation, { cx, cy }: Scale, KINDS: Kinds): void {
  for (const g of o.layout.gongs) c.put(cx(g.x), cy(g.y), KINDS.gong.glyph, KINDS.gong.colour, true);
  for (const l of o.layout.lanterns) {
    const k = l.lit ? KINDS.lit : KINDS.unlit;
    c.put(cx(l.x), cy(l.y), k.glyph, k.colour, true);
  }
  c.put(cx(o.aim.origin.x), cy(o.aim.origin.y), KINDS.brazier.glyph, KINDS.brazier.colour, true);
}

function panelLines(view: View, style: Style, shown: string): string[] {
  const o = obs(view);
  const shot = lastShot(view);
  const lines = [
    `${style.bold('Score')}   ${style.fg('yellow', String(view.response.score), true)}`,
    `${style.bold('Wave')}    ${o.wave} of ${o.waves}`,
    `${style.bold('Wisps')}   ${style.fg('cyan', '✦'.repeat(Math.max(0, o.wispsLeft)), true)} ${o.wispsLeft} of ${o.wisps}`,
    `Lanterns ${o.lanternsLit}/${o.lanternsTotal} lit`,
    `Bounces  up to ${o.bounceCap}`,
    '',
    `${style.bold('Aim')}     ${style.fg('green', `${shown}°`, true)}`,
    '',
  ];
  if (shot) lines.push(...lastShotLines(shot, style));
  if (o.won) lines.push(style.fg('green', `All ${o.waves} waves cleared!`, true));
  return lines;
}

function lastShotLines(shot: LastShot, style: Style): string[] {
  const count = (type: string) => shot.events.filter((e) => e.type === type).length;
  const end = shot.events[shot.events.length - 1];
  const cause = end && 'cause' in end ? ` (${String((end as { cause?: unknown }).cause)})` : '';
  const lines = [
    style.bold(`Last shot ${shot.angleDeg}° (wave ${shot.wave})`),
    ` +${shot.points} points`,
    ` ${count('light')} lit, ${count('bounce')} bounces, ${count('gong')} gongs`,
    ` ended: ${end ? `${end.type}${cause}` : '?'}`,
  ];
  if (shot.waveCleared) lines.push(style.fg('green', ' wave cleared!', true));
  return lines;
}

/** Typing an exact angle: arrows adjust the typed text, Enter fires at it (the engine rounds to its step). */
function anglePrompt(aimer: Aimer): Prompt {
  const { aim } = aimer;
  return {
    title: `Angle in degrees (${aim.minDeg} to ${aim.maxDeg})`,
    initial: aimer.shown(),
    submit(text) {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) return { error: 'type a number of degrees, e.g. 72.5' };
      aimer.steps = aimer.clamp(Math.round(n / aimer.aim.stepDeg));
      return { action: { type: 'SHOOT', angleDeg: n } };
    },
    adjust(key, text) {
      // Only named keys adjust while typing: letters, digits, '.' and ',' are text.
      const step = key.name.length > 1 ? ADJUST[key.name] : undefined;
      if (step === undefined) return undefined;
      const n = Number(text);
      const base = Number.isFinite(n) ? Math.round(n / aimer.aim.stepDeg) : (aimer.steps ?? 0);
      aimer.steps = aimer.clamp(base + aimer.by(step));
      return aimer.shown();
    },
    preview: (text) =>
      Number.isFinite(Number(text))
        ? `fires at ${(Math.round(Number(text) / aimer.aim.stepDeg) * aimer.aim.stepDeg).toFixed(digitsOf(aimer.aim))}° (the engine rounds to ${aimer.aim.stepDeg}°)`
        : undefined,
  };
}

function hintLines(view: View, style: Style, aimer: Aimer): string[] {
  const shot = kinds(view.spec, ['shot']).shot.glyph;
  const up = arenaOf(view.spec)?.aimHomeDeg;
  return [
    `${style.bold(style.fg('cyan', '← →'))} 1°  ${style.bold(style.fg('cyan', 'H L'))} 5°  ${style.bold(style.fg('cyan', ', .'))} ${aimer.aim.stepDeg}°  ${style.bold(style.fg('cyan', 'a'))} type angle  ${style.bold(style.fg('cyan', 'Enter/space'))} SHOOT at ${aimer.shown()}°`,
    style.dim(`0 aims straight up (${up}°). Dotted line: the aim; ${shot} the last shot.`),
  ];
}

const keyHelp = (spec: Spec): string[] => [
  '← h / → l         aim 1° more to the left / right',
  'H / L, PgUp PgDn  aim 5° left / right',
  ', / . or ↑ / ↓    fine adjustment: one step of the aim left / right',
  `0                 aim straight up (${arenaOf(spec)?.aimHomeDeg}°)`,
  `                  (${arenaOf(spec)?.aimName})`,
  'a                 type an exact angle (it opens selected: type to replace; arrows adjust)',
  'Enter, space, f   SHOOT at the angle shown',
  ...wrap(
    `The canvas is the arena scaled to fit the terminal (x right, y down; x stretched): ${terminalKinds(spec)
      .map((k) => `${k.glyph} ${k.label}`)
      .join(', ')}.`,
    78,
  ),
];

/** Aim keys: degrees to turn (left is positive), or one step of the observation's aim for the fine keys. */
const ADJUST: Record<string, number | 'step' | '-step'> = {
  left: 1,
  h: 1,
  right: -1,
  l: -1,
  H: 5,
  pageup: 5,
  L: -5,
  pagedown: -5,
  ',': 'step',
  up: 'step',
  '.': '-step',
  down: '-step',
};
