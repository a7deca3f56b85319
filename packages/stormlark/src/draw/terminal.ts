// Stormlark in the terminal: the canyon as lanes by columns (spec.look) with the craft in column 0, the
// entities by the look's glyphs and colours, hull and charge always in view. Keys are the six actions; the engine
// refuses what is illegal (UP at lane 0, FIRE below 3 charge...) and the refusal is shown.
import type { Spec } from '@hearth/engine';
import {
  type Colour,
  type Controller,
  findType,
  grid as gridOf,
  hintGrid,
  type Key,
  type KeyResult,
  kinds,
  legendBlock,
  legendItems,
  type Style,
  terminalKinds,
  type View,
} from '@hearth/engine/terminal';
import type { Entity, Observation } from '../index.ts';

const obs = (view: View): Observation => view.response.observation as Observation;

/** Two columns per entity: its glyph and a detail (hits left, drift, about to discharge), from the look's table. */
function entityText(view: View, e: Entity, style: Style): string {
  const g = view.spec.look?.kinds.find((k) => k.id === e.kind);
  if (!g) return e.kind.slice(0, 2);
  const glyph = style.fg(g.colour, g.glyph, true);
  const hp = style.fg(g.colour, String(e.hp), true);
  switch (e.kind) {
    case 'crag':
    case 'squall':
    case 'gate':
      return style.fg(g.colour, g.glyph.repeat(2), true);
    case 'drifter':
      return glyph + style.fg('magenta', e.drift < 0 ? '↑' : e.drift > 0 ? '↓' : ' ');
    case 'rimeshell':
    case 'warden':
      return glyph + hp;
    case 'sparker':
      return `${glyph}${e.col === 1 ? style.fg('yellow', '!', true) : ' '}`;
    default:
      return `${glyph} `;
  }
}

/** The canyon fills the box: wider cells and more lines between lanes as the terminal grows. */
function board(view: View, style: Style, box: { width: number; height: number }): string[] {
  const o = obs(view);
  const { rows: lanes, cols } = gridOf(view.spec);
  const craft = kinds(view.spec, ['craft']).craft.glyph;
  const entities: Entity[] = Array.isArray(o.entities) ? o.entities : [];
  const ship = o.shipLane;
  const cw = Math.max(4, Math.min(8, Math.floor((box.width - 6) / cols)));
  const gap = Math.max(1, Math.min(3, Math.floor((box.height - 2 - lanes - 2) / (lanes - 1))));
  const legend = legendBlock(terminalKinds(view.spec), style, box.width, box.height - 2 - lanes - gap * (lanes - 1));
  const grid = new Map<string, Entity>();
  for (const e of entities) grid.set(`${e.lane},${e.col}`, e);
  const inner = cols * cw;
  const ruler = Array.from({ length: cols }, (_, c) => `─${String(c).padEnd(cw - 1, '─')}`).join('');
  const lines: string[] = [style.dim(`    ┌${ruler}┐`)];
  const padL = Math.floor((cw - 2) / 2);
  for (let lane = 0; lane < lanes; lane++) {
    let line = style.dim(`  ${lane} │`);
    for (let col = 0; col < cols; col++) {
      const e = grid.get(`${lane},${col}`);
      let cell: string;
      if (col === 0 && lane === ship) cell = `${style.bold(style.fg('green', craft, true))} `;
      else if (e) cell = entityText(view, e, style);
      else cell = lane === ship ? style.dim('··') : '  ';
      const fill = lane === ship && !e && col > 0 ? '·' : ' ';
      line += `${style.dim(fill.repeat(padL))}${cell}${style.dim(fill.repeat(cw - 2 - padL))}`;
    }
    lines.push(`${line}${style.dim('│')}`);
    if (lane < lanes - 1) for (let g = 0; g < gap; g++) lines.push(style.dim(`    │${' '.repeat(inner)}│`));
  }
  lines.push(style.dim(`    └${'─'.repeat(inner)}┘`), ...legend);
  return lines;
}

function pips(value: number, max: number, on: string, off: string, colour: Colour, style: Style): string {
  const v = Math.max(0, Math.min(max, value));
  return style.fg(colour, on.repeat(v), true) + style.dim(off.repeat(max - v));
}

function panel(view: View, style: Style): string[] {
  const o = obs(view);
  const hullLost = view.recap?.items.some((i) => i.kind === 'hull_lost') === true;
  const lines = [
    `${style.bold('Score')}  ${style.fg('yellow', String(view.response.score), true)}`,
    `${style.bold('Hull')}   ${pips(o.hull, o.maxHull, '♥', '♡', o.hull <= 1 ? 'red' : 'green', style)} ${o.hull}/${o.maxHull}${hullLost ? style.fg('red', ' hull lost!', true) : ''}`,
    `${style.bold('Charge')} ${pips(o.charge, o.maxCharge, '▮', '▯', o.charge >= o.pulseCost ? 'cyan' : 'red', style)} ${o.charge}/${o.maxCharge}`,
    `Chain  ${o.chain} ×${o.chainMultiplier.toFixed(1)}`,
    `Reach  ${o.reach} ×${o.reachMultiplier.toFixed(2)}${o.flawless ? style.fg('green', ' flawless') : ''}`,
    `Column ${o.columnInReach} of this reach`,
    o.gateCol === null ? `Gate   in ${o.gateIn} turns` : `Gate   column ${o.gateCol}, in ${o.gateIn} turns`,
    `Turn   ${o.turn}   Lane ${o.shipLane}`,
    o.pulseTarget ? `Pulse  meets ${o.pulseTarget.kind} at column ${o.pulseTarget.col}` : 'Pulse  meets nothing',
  ];
  if (o.sparkLanes.length > 0) lines.push(style.fg('yellow', `Sparks fire on lane ${o.sparkLanes.join(', ')}`, true));
  lines.push(
    o.phase === 'reachClear'
      ? style.fg('green', 'Gate reached! n: next reach', true)
      : o.phase === 'over' || view.response.gameOver
        ? style.fg('red', 'Run over', true)
        : style.fg('green', 'Flying'),
  );
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

function hints(view: View, style: Style, width: number): string[] {
  const legal = view.response.legalActions;
  const items: string[] = [];
  if (findType(legal, 'UP')) items.push('↑/k up');
  if (findType(legal, 'DOWN')) items.push('↓/j down');
  if (findType(legal, 'FIRE')) items.push('f/space fire');
  if (findType(legal, 'VENT')) items.push('v/. vent');
  if (findType(legal, 'NEXT_REACH')) items.push('n/Enter next reach');
  if (findType(legal, 'END_RUN')) items.push('E end run');
  // What is not legal now, and the engine's reason (observation.unavailable): the key would be refused.
  const not = (obs(view).unavailable ?? []).map((u) => `${u.type} (${u.reason})`);
  const grid = hintGrid(items, style, width);
  return not.length > 0 ? [...grid.slice(0, 2), style.dim(truncateWords(`not now: ${not.join(' · ')}`, width))] : grid;
}

/** At most `width` columns, cut only between words. */
function truncateWords(text: string, width: number): string {
  if (text.length <= width) return text;
  const cut = text.lastIndexOf(' ', width - 2);
  return `${text.slice(0, cut > 0 ? cut : width - 2)} …`;
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
    legend: legendItems,
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
