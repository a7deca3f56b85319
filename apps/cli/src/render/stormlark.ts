// Stormlark in the terminal: the canyon as 7 lanes by 10 columns with the craft in column 0, the
// entities by glyph and colour, hull and charge always in view. Keys are the six actions; the engine
// refuses what is illegal (UP at lane 0, FIRE below 3 charge...) and the refusal is shown.
import type { Spec } from '@hearth/engine';
import type { Colour, Style } from '../tui/style.ts';
import { findType, num } from './actions.ts';
import { hintGrid } from './generic.ts';
import type { Controller, Key, KeyResult, View } from './types.ts';

interface Entity {
  id: number;
  kind: string;
  lane: number;
  col: number;
  hp: number;
  drift: number;
}

const LANES = 7;
const COLS = 10;
const state = (view: View): any => view.response.state ?? {};

/** Three columns per cell: glyph, detail, space. */
function entityText(e: Entity, style: Style): string {
  const hp = (c: Colour) => style.fg(c, String(e.hp), true);
  switch (e.kind) {
    case 'crag':
      return style.fg('gray', '██');
    case 'knot':
      return `${style.fg('magenta', '◆', true)} `;
    case 'drifter':
      return style.fg('magenta', '◆', true) + style.fg('magenta', e.drift < 0 ? '↑' : e.drift > 0 ? '↓' : ' ');
    case 'rimeshell':
      return style.fg('cyan', e.hp >= 2 ? '◯' : '◌', true) + hp('cyan');
    case 'sparker':
      return `${style.fg('yellow', '✦', true)}${e.col === 1 ? style.fg('yellow', '!', true) : ' '}`;
    case 'warden':
      return style.fg('red', 'W', true) + hp('red');
    case 'squall':
      return style.fg('blue', '≈≈', true);
    case 'mote':
      return `${style.fg('yellow', '•', true)} `;
    case 'gate':
      return style.fg('green', '┃┃', true);
    default:
      return `${e.kind.slice(0, 2)}`;
  }
}

function board(view: View, style: Style): string[] {
  const s = state(view);
  const entities: Entity[] = Array.isArray(s.entities) ? s.entities : [];
  const ship = num(s, 'shipLane') ?? 3;
  const grid = new Map<string, Entity>();
  for (const e of entities) grid.set(`${e.lane},${e.col}`, e);
  const lines: string[] = [style.dim(`    ┌${Array.from({ length: COLS }, (_, c) => `─${c}──`).join('')}┐`)];
  for (let lane = 0; lane < LANES; lane++) {
    let line = style.dim(`  ${lane} │`);
    for (let col = 0; col < COLS; col++) {
      const e = grid.get(`${lane},${col}`);
      let cell: string;
      if (col === 0 && lane === ship) cell = `${style.bold(style.fg('green', '▶', true))} `;
      else if (e) cell = entityText(e, style);
      else cell = lane === ship ? style.dim('··') : '  ';
      line += ` ${cell} `;
    }
    lines.push(`${line}${style.dim('│')}`);
    if (lane < LANES - 1) lines.push(style.dim(`    │${' '.repeat(COLS * 4)}│`));
  }
  lines.push(style.dim(`    └${'─'.repeat(COLS * 4)}┘`));
  lines.push(
    `${style.fg('gray', '█')}crag ${style.fg('magenta', '◆', true)}knot/drifter ${style.fg('cyan', '◯', true)}rimeshell ${style.fg('yellow', '✦', true)}sparker`,
    `${style.fg('red', 'W', true)}warden ${style.fg('blue', '≈', true)}squall ${style.fg('yellow', '•', true)}mote ${style.fg('green', '┃', true)}gate  digits: hp`,
  );
  return lines;
}

function pips(value: number, max: number, on: string, off: string, colour: Colour, style: Style): string {
  const v = Math.max(0, Math.min(max, value));
  return style.fg(colour, on.repeat(v), true) + style.dim(off.repeat(max - v));
}

function panel(view: View, style: Style): string[] {
  const s = state(view);
  const hull = num(s, 'hull') ?? 0;
  const charge = num(s, 'charge') ?? 0;
  const chain = num(s, 'chain') ?? 0;
  const reach = num(s, 'reach') ?? 1;
  const o = view.response.observation as any;
  const mult = (v: unknown, digits: number) => (typeof v === 'number' ? ` ×${v.toFixed(digits)}` : '');
  const phase = String(s.phase ?? '?');
  const lines = [
    `${style.bold('Score')}  ${style.fg('yellow', String(view.response.score), true)}`,
    `${style.bold('Hull')}   ${pips(hull, 3, '♥ ', '♡ ', hull <= 1 ? 'red' : 'green', style)}`,
    `${style.bold('Charge')} ${pips(charge, 9, '▮', '▯', charge >= 3 ? 'cyan' : 'red', style)} ${charge}/9`,
    `Chain  ${chain}${mult(o?.chainMultiplier, 1)}`,
    `Reach  ${reach}${mult(o?.reachMultiplier, 2)}`,
  ];
  if (typeof o?.columnInReach === 'number') lines.push(`Column ${o.columnInReach} of this reach`);
  lines.push(`Turn   ${s.turn ?? '?'}`);
  lines.push(`Lane   ${s.shipLane ?? '?'}`, '');
  lines.push(
    phase === 'reachClear'
      ? style.fg('green', 'Gate reached! n: next reach', true)
      : phase === 'over' || view.response.gameOver
        ? style.fg('red', 'Run over', true)
        : style.fg('green', 'Flying'),
  );
  const fired = view.lastAction && (view.lastAction as { type?: string }).type;
  if (fired) lines.push(style.dim(`Last: ${fired}`));
  return lines;
}

const KEYS: Record<string, string> = {
  up: 'UP',
  k: 'UP',
  w: 'UP',
  down: 'DOWN',
  j: 'DOWN',
  s: 'DOWN',
  f: 'FIRE',
  space: 'FIRE',
  right: 'FIRE',
  v: 'VENT',
  '.': 'VENT',
  left: 'VENT',
  n: 'NEXT_REACH',
  enter: 'NEXT_REACH',
  E: 'END_RUN',
};

function hints(view: View, style: Style): string[] {
  const legal = view.response.legalActions;
  const items: string[] = [];
  if (findType(legal, 'UP')) items.push('↑/k up');
  if (findType(legal, 'DOWN')) items.push('↓/j down');
  if (findType(legal, 'FIRE')) items.push('f/space fire');
  if (findType(legal, 'VENT')) items.push('v/. vent');
  if (findType(legal, 'NEXT_REACH')) items.push('n/Enter next reach');
  if (findType(legal, 'END_RUN')) items.push('E end run');
  return hintGrid(items, style);
}

function key(k: Key): KeyResult {
  const type = KEYS[k.name];
  return type ? { kind: 'act', action: { type } } : { kind: 'unhandled' };
}

export function stormlarkController(): Controller {
  return {
    board,
    panel,
    hints,
    key: (k) => key(k),
    keyHelp: (_spec: Spec) => [
      '↑ k w      UP: one lane up (lane 0 is the top)',
      '↓ j s      DOWN: one lane down',
      'f space →  FIRE: a pulse down your lane (3 charge)',
      'v . ←      VENT: hold your lane and bank 3 charge',
      'n Enter    NEXT_REACH at a Gate',
      'E          END_RUN (legal on any turn; keeps the score)',
    ],
  };
}
