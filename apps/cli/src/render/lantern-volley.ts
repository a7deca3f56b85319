// Lantern Volley in the terminal: the arena scaled onto a Braille canvas (walls, beams, mirrors, screens,
// gongs, lanterns lit and unlit), the last shot's path traced over it, and an aim line for the angle being
// set. The angle is adjusted by keys (1 degree, 5 degrees, 0.1 degree) or typed; Enter fires.
// The aim line is a display aid (plain Math.cos/sin is fine here); the shot itself is the engine's.
import type { Spec } from '@hearth/engine';
import { type Style, wrap } from '../tui/style.ts';
import { num } from './actions.ts';
import { BrailleCanvas } from './canvas.ts';
import type { Controller, Key, KeyResult, Prompt, View } from './types.ts';

const ARENA_W = 1080;
const ARENA_H = 1440;
const BRAZIER = { x: 540, y: 1360 };
// 36x15 cells = 72x60 dots: x is stretched 1.5 times against y so the arena is wide enough to read;
// the stretch is affine, so a line that meets a lantern in the arena meets it on screen too.
const CANVAS_W = 36;
const CANVAS_H = 15;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  shape?: string;
}
interface Circle {
  x: number;
  y: number;
  r: number;
  lit?: boolean;
}
interface Point {
  x: number;
  y: number;
}

/** The wave's layout, wherever the observation carries it (observation.layout or top-level arrays). */
function layoutOf(view: View): { beams: Box[]; screens: Box[]; gongs: Circle[]; lanterns: Circle[] } {
  const o = view.response.observation as any;
  const src = o?.layout && typeof o.layout === 'object' ? o.layout : o;
  const arr = (k: string) => (Array.isArray(src?.[k]) ? src[k] : []);
  const lit: unknown = (view.response.state as any)?.lit;
  const lanterns = arr('lanterns').map((l: Circle, i: number) => ({ ...l, lit: l.lit ?? (Array.isArray(lit) ? lit[i] === true : false) }));
  return { beams: arr('beams'), screens: arr('screens'), gongs: arr('gongs'), lanterns };
}

const sx = (x: number) => (x / ARENA_W) * CANVAS_W * 2;
const sy = (y: number) => (y / ARENA_H) * CANVAS_H * 4;
const cx = (x: number) => Math.min(CANVAS_W - 1, Math.max(0, Math.floor(sx(x) / 2)));
const cy = (y: number) => Math.min(CANVAS_H - 1, Math.max(0, Math.floor(sy(y) / 4)));

function lastShot(view: View): any {
  const r = view.response as any;
  return r.lastShot ?? r.state?.lastShot ?? null;
}

export function lanternVolleyController(): Controller {
  let tenths = 900;
  const angle = () => tenths / 10;
  const clamp = (t: number) => Math.max(150, Math.min(1650, t));

  const board = (view: View, style: Style): string[] => {
    const c = new BrailleCanvas(CANVAS_W, CANVAS_H);
    const layout = layoutOf(view);
    for (const b of layout.beams) {
      if (b.shape === 'diagonal') c.line(sx(b.x0), sy(b.y0), sx(b.x1), sy(b.y1), 'white');
      else for (let y = Math.floor(sy(b.y0)); y <= Math.ceil(sy(b.y1)); y++) c.line(sx(b.x0), y, sx(b.x1), y, 'white');
    }
    for (const s of layout.screens)
      for (let y = Math.floor(sy(s.y0)); y <= Math.ceil(sy(s.y1)); y++) c.line(sx(s.x0), y, sx(s.x1), y, 'gray');
    // The last shot's path (its own wave: after a clear the layout has moved on, the path is still shown).
    const shot = lastShot(view);
    const path: Point[] = Array.isArray(shot?.path) ? shot.path : [];
    for (let i = 1; i < path.length; i++) c.line(sx(path[i - 1]!.x), sy(path[i - 1]!.y), sx(path[i]!.x), sy(path[i]!.y), 'yellow');
    // Aim line: straight from the brazier to the first wall.
    const rad = (angle() * Math.PI) / 180;
    const dx = Math.cos(rad);
    const dy = -Math.sin(rad);
    const tx = dx > 0 ? (ARENA_W - BRAZIER.x) / dx : dx < 0 ? -BRAZIER.x / dx : Number.POSITIVE_INFINITY;
    const t = Math.min(tx, -BRAZIER.y / dy);
    c.line(sx(BRAZIER.x), sy(BRAZIER.y), sx(BRAZIER.x + dx * t), sy(BRAZIER.y + dy * t), 'green', 2);
    for (const g of layout.gongs) c.put(cx(g.x), cy(g.y), '◎', 'magenta', true);
    for (const l of layout.lanterns) c.put(cx(l.x), cy(l.y), l.lit ? '●' : '○', l.lit ? 'yellow' : 'red', true);
    c.put(cx(BRAZIER.x), cy(BRAZIER.y), '▲', 'green', true);
    const inner = c.lines(style);
    return [
      style.dim(`┌${'─'.repeat(CANVAS_W)}┐`),
      ...inner.map((l) => `${style.dim('│')}${l}${style.dim('│')}`),
      style.dim(`└${'─'.repeat(CANVAS_W)}┘`),
    ].map((l, i) => `${l}${legend(style)[i] ?? ''}`);
  };

  const panel = (view: View, style: Style): string[] => {
    const s = view.response.state as any;
    const layout = layoutOf(view);
    const lit = layout.lanterns.filter((l) => l.lit).length;
    const shot = lastShot(view);
    const lines = [
      `${style.bold('Score')}   ${style.fg('yellow', String(view.response.score), true)}`,
      `${style.bold('Wave')}    ${num(s, 'wave') ?? '?'} of 8`,
      `${style.bold('Wisps')}   ${style.fg('cyan', '✦'.repeat(Math.max(0, num(s, 'wispsLeft') ?? 0)), true)} ${num(s, 'wispsLeft') ?? '?'}`,
      `Lanterns ${lit}/${layout.lanterns.length} lit`,
      `Shots   ${num(s, 'shots') ?? '?'}`,
      '',
      `${style.bold('Aim')}     ${style.fg('green', `${angle().toFixed(1)}°`, true)}`,
      '',
    ];
    if (shot) {
      const events: any[] = Array.isArray(shot.events) ? shot.events : [];
      const count = (t: string) => events.filter((e) => e.type === t).length;
      const end = events[events.length - 1];
      lines.push(
        style.bold(`Last shot ${shot.angleDeg}° (wave ${shot.wave ?? '?'})`),
        ` +${shot.points ?? 0} points`,
        ` ${count('light')} lit, ${count('bounce')} bounces, ${count('gong')} gongs`,
        ` ended: ${end ? `${end.type}${end.cause ? ` (${end.cause})` : ''}` : '?'}`,
      );
      if (shot.waveCleared) lines.push(style.fg('green', ' wave cleared!', true));
    }
    if (s?.won) lines.push(style.fg('green', 'All 8 waves cleared!', true));
    return lines;
  };

  const anglePrompt = (): Prompt => ({
    title: 'Angle in degrees (15 to 165)',
    initial: angle().toFixed(1),
    submit(text) {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) return { error: 'type a number of degrees, e.g. 72.5' };
      tenths = clamp(Math.round(n * 10));
      return { action: { type: 'SHOOT', angleDeg: n } };
    },
    adjust(key, text) {
      // Only named keys adjust while typing: letters, digits, '.' and ',' are text.
      const step = key.name.length > 1 ? ADJUST[key.name] : undefined;
      if (step === undefined) return undefined;
      const n = Number(text);
      const base = Number.isFinite(n) ? Math.round(n * 10) : tenths;
      tenths = clamp(base + step);
      return angle().toFixed(1);
    },
    preview: (text) =>
      Number.isFinite(Number(text))
        ? `fires at ${(Math.round(Number(text) * 10) / 10).toFixed(1)}° (the engine rounds to 0.1°)`
        : undefined,
  });

  return {
    board,
    panel,
    hints: (_view, style) => [
      `${style.bold(style.fg('cyan', '← →'))} 1°  ${style.bold(style.fg('cyan', 'H L'))} 5°  ${style.bold(style.fg('cyan', ', .'))} 0.1°  ${style.bold(style.fg('cyan', 'a'))} type angle  ${style.bold(style.fg('cyan', 'Enter/space'))} SHOOT at ${angle().toFixed(1)}°`,
      style.dim('0 aims straight up (90°). Dotted line: the aim; solid trace: the last shot.'),
    ],
    key(k: Key): KeyResult {
      const step = ADJUST[k.name];
      if (step !== undefined) {
        tenths = clamp(tenths + step);
        return { kind: 'handled' };
      }
      if (k.name === '0') {
        tenths = 900;
        return { kind: 'handled' };
      }
      if (k.name === 'enter' || k.name === 'space' || k.name === 'f') return { kind: 'act', action: { type: 'SHOOT', angleDeg: angle() } };
      if (k.name === 'a') return { kind: 'prompt', prompt: anglePrompt() };
      return { kind: 'unhandled' };
    },
    keyHelp: (_spec: Spec) => [
      '← h / → l         aim 1° more to the left / right (15° is right, 90° up, 165° left)',
      'H / L, PgUp PgDn  aim 5° left / right',
      ', / . or ↑ / ↓    fine adjustment: 0.1° left / right',
      '0                 aim straight up (90°)',
      'a                 type an exact angle (it opens selected: type to replace; arrows adjust)',
      'Enter, space, f   SHOOT at the angle shown',
      ...wrap(
        'The canvas is the arena scaled to fit (x right, y down; x stretched 1.5 times): ○ unlit and ● lit lanterns, ◎ gongs, beams and mirrors (white), paper screens (grey), ▲ the brazier; the dotted line is the aim, the solid trace the last shot.',
        78,
      ),
    ],
  };
}

const ADJUST: Record<string, number> = {
  left: 10,
  h: 10,
  right: -10,
  l: -10,
  H: 50,
  pageup: 50,
  L: -50,
  pagedown: -50,
  ',': 1,
  up: 1,
  '.': -1,
  down: -1,
};

function legend(style: Style): string[] {
  return [
    '',
    ` ${style.fg('red', '○', true)} unlit`,
    ` ${style.fg('yellow', '●', true)} lit`,
    ` ${style.fg('magenta', '◎', true)} gong`,
    ` ${style.fg('white', '⣿', true)} beam`,
    ` ${style.fg('gray', '⣿')} screen`,
    ` ${style.fg('green', '▲', true)} brazier`,
    ` ${style.fg('yellow', '⠒', true)} shot`,
    ` ${style.fg('green', '⠂', true)} aim`,
  ];
}
