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
  // The aim in whole steps of the observation's aim (its stepDeg); undefined until the first view sets it to the
  // game's home aim (spec.look). Counting steps keeps every angle exact on the engine's grid.
  let steps: number | undefined;
  let aim: Aim = { minDeg: 0, maxDeg: 0, stepDeg: 1 };
  const clamp = (n: number) => Math.max(Math.round(aim.minDeg / aim.stepDeg), Math.min(Math.round(aim.maxDeg / aim.stepDeg), n));
  const home = (view: View) => clamp(Math.round((arenaOf(view.spec)?.aimHomeDeg ?? aim.minDeg) / aim.stepDeg));
  /** Reads the view's aim range (and sets the home aim on the first view). */
  const sync = (view: View): number => {
    aim = obs(view).aim;
    steps = clamp(steps ?? home(view));
    return steps;
  };
  const angle = () => Number(((steps ?? 0) * aim.stepDeg).toFixed(digitsOf(aim)));
  const shown = () => angle().toFixed(digitsOf(aim));
  /** Degrees to whole steps (a fine key moves one step). */
  const by = (deg: number | 'step' | '-step') => (deg === 'step' ? 1 : deg === '-step' ? -1 : Math.round(deg / aim.stepDeg));

  const board = (view: View, style: Style, box: Size): string[] => {
    const o = obs(view);
    sync(view);
    const KINDS = kinds(view.spec, KIND_IDS);
    const size = canvasSize(box);
    const c = new BrailleCanvas(size.width, size.height);
    const { width: W, height: H } = o.layout.arena;
    const sx = (x: number) => (x / W) * size.width * 2;
    const sy = (y: number) => (y / H) * size.height * 4;
    const cx = (x: number) => Math.min(size.width - 1, Math.max(0, Math.floor(sx(x) / 2)));
    const cy = (y: number) => Math.min(size.height - 1, Math.max(0, Math.floor(sy(y) / 4)));
    for (const b of o.layout.beams) {
      if (b.shape === 'diagonal') c.line(sx(b.x0), sy(b.y0), sx(b.x1), sy(b.y1), KINDS.beam.colour);
      else for (let y = Math.floor(sy(b.y0)); y <= Math.ceil(sy(b.y1)); y++) c.line(sx(b.x0), y, sx(b.x1), y, KINDS.beam.colour);
    }
    // Aim line: straight from the brazier to the first wall (a display aid: plain cos/sin is fine here).
    const origin = o.aim.origin;
    const rad = (angle() * Math.PI) / 180;
    const dx = Math.cos(rad);
    const dy = -Math.sin(rad);
    const tx = dx > 0 ? (W - origin.x) / dx : dx < 0 ? -origin.x / dx : Number.POSITIVE_INFINITY;
    const t = Math.min(tx, -origin.y / dy);
    c.line(sx(origin.x), sy(origin.y), sx(origin.x + dx * t), sy(origin.y + dy * t), KINDS.aim.colour, 2);
    for (const s of o.layout.screens)
      for (let row = cy(s.y0); row <= cy(s.y1); row++)
        for (let col = cx(s.x0); col <= cx(s.x1); col++) c.put(col, row, KINDS.screen.glyph, KINDS.screen.colour);
    // The last shot's path (its own wave: after a clear the layout has moved on, the path is still shown).
    const path = lastShot(view)?.path ?? [];
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!;
      const b = path[i]!;
      const dots = Math.max(1, Math.ceil(Math.max(Math.abs(sx(b.x) - sx(a.x)) / 2, Math.abs(sy(b.y) - sy(a.y)) / 4)) * 2);
      for (let k = 0; k <= dots; k++)
        c.put(cx(a.x + ((b.x - a.x) * k) / dots), cy(a.y + ((b.y - a.y) * k) / dots), KINDS.shot.glyph, KINDS.shot.colour, true);
    }
    for (const g of o.layout.gongs) c.put(cx(g.x), cy(g.y), KINDS.gong.glyph, KINDS.gong.colour, true);
    for (const l of o.layout.lanterns) {
      const k = l.lit ? KINDS.lit : KINDS.unlit;
      c.put(cx(l.x), cy(l.y), k.glyph, k.colour, true);
    }
    c.put(cx(origin.x), cy(origin.y), KINDS.brazier.glyph, KINDS.brazier.colour, true);
    const legend = ['', ...Object.values(KINDS).map((k) => ` ${style.fg(k.colour, k.glyph, true)} ${k.label}`)];
    return [
      style.dim(`┌${'─'.repeat(size.width)}┐`),
      ...c.lines(style).map((l) => `${style.dim('│')}${l}${style.dim('│')}`),
      style.dim(`└${'─'.repeat(size.width)}┘`),
    ].map((l, i) => `${l}${legend[i] ?? ''}`);
  };

  const panel = (view: View, style: Style): string[] => {
    const o = obs(view);
    sync(view);
    const shot = lastShot(view);
    const lines = [
      `${style.bold('Score')}   ${style.fg('yellow', String(view.response.score), true)}`,
      `${style.bold('Wave')}    ${o.wave} of ${o.waves}`,
      `${style.bold('Wisps')}   ${style.fg('cyan', '✦'.repeat(Math.max(0, o.wispsLeft)), true)} ${o.wispsLeft} of ${o.wisps}`,
      `Lanterns ${o.lanternsLit}/${o.lanternsTotal} lit`,
      `Bounces  up to ${o.bounceCap}`,
      '',
      `${style.bold('Aim')}     ${style.fg('green', `${shown()}°`, true)}`,
      '',
    ];
    if (shot) {
      const count = (type: string) => shot.events.filter((e) => e.type === type).length;
      const end = shot.events[shot.events.length - 1];
      const cause = end && 'cause' in end ? ` (${String((end as { cause?: unknown }).cause)})` : '';
      lines.push(
        style.bold(`Last shot ${shot.angleDeg}° (wave ${shot.wave})`),
        ` +${shot.points} points`,
        ` ${count('light')} lit, ${count('bounce')} bounces, ${count('gong')} gongs`,
        ` ended: ${end ? `${end.type}${cause}` : '?'}`,
      );
      if (shot.waveCleared) lines.push(style.fg('green', ' wave cleared!', true));
    }
    if (o.won) lines.push(style.fg('green', `All ${o.waves} waves cleared!`, true));
    return lines;
  };

  const anglePrompt = (): Prompt => ({
    title: `Angle in degrees (${aim.minDeg} to ${aim.maxDeg})`,
    initial: shown(),
    submit(text) {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) return { error: 'type a number of degrees, e.g. 72.5' };
      steps = clamp(Math.round(n / aim.stepDeg));
      return { action: { type: 'SHOOT', angleDeg: n } };
    },
    adjust(key, text) {
      // Only named keys adjust while typing: letters, digits, '.' and ',' are text.
      const step = key.name.length > 1 ? ADJUST[key.name] : undefined;
      if (step === undefined) return undefined;
      const n = Number(text);
      const base = Number.isFinite(n) ? Math.round(n / aim.stepDeg) : (steps ?? 0);
      steps = clamp(base + by(step));
      return shown();
    },
    preview: (text) =>
      Number.isFinite(Number(text))
        ? `fires at ${(Math.round(Number(text) / aim.stepDeg) * aim.stepDeg).toFixed(digitsOf(aim))}° (the engine rounds to ${aim.stepDeg}°)`
        : undefined,
  });

  return {
    board,
    panel,
    legend: legendItems,
    hints: (view, style) => {
      sync(view);
      const shot = kinds(view.spec, ['shot']).shot.glyph;
      const up = arenaOf(view.spec)?.aimHomeDeg;
      return [
        `${style.bold(style.fg('cyan', '← →'))} 1°  ${style.bold(style.fg('cyan', 'H L'))} 5°  ${style.bold(style.fg('cyan', ', .'))} ${aim.stepDeg}°  ${style.bold(style.fg('cyan', 'a'))} type angle  ${style.bold(style.fg('cyan', 'Enter/space'))} SHOOT at ${shown()}°`,
        style.dim(`0 aims straight up (${up}°). Dotted line: the aim; ${shot} the last shot.`),
      ];
    },
    key(k: Key, view: View): KeyResult {
      sync(view);
      const step = ADJUST[k.name];
      if (step !== undefined) {
        steps = clamp((steps ?? 0) + by(step));
        return { kind: 'handled' };
      }
      if (k.name === '0') {
        steps = home(view);
        return { kind: 'handled' };
      }
      if (k.name === 'enter' || k.name === 'space' || k.name === 'f') return { kind: 'act', action: { type: 'SHOOT', angleDeg: angle() } };
      if (k.name === 'a') return { kind: 'prompt', prompt: anglePrompt() };
      return { kind: 'unhandled' };
    },
    keyHelp: (spec: Spec) => [
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
    ],
  };
}

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
