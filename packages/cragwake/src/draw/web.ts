// Cragwake: the band of the wall as a grid (its columns from spec.look), highest row on top, drawn from the
// observation alone (obs.wall, obs.moves with their costs, obs.hazards per column). Holds are drawn by kind (jug, plain, crimp)
// with breaths, cracks and frost/ice; overhanging rows, fog, ledges and the belay are marked; each column gets
// one stacked marker of its hazards this turn and next (they never overlap). Every cell is clickable (the
// engine refuses what is not a legal move); legal targets are ringed, keyed and costed.

import {
  actAttrs,
  cellXY,
  endHint,
  gauge,
  grid,
  type Intent,
  kinds,
  labelOf,
  legalButton,
  legendLine,
  nameOf,
  notNowHint,
  stats,
  type View,
  type WebBoard,
} from '@hearth/engine/web';
import type { CragObservation } from '../index.ts';

type Hold = NonNullable<CragObservation['wall'][number]['cells'][number]>;
type Move = CragObservation['moves'][number];

export const CELL = 64;
/** One marker line's height; a column stacks at most four (gust and rockfall, now and next). */
export const MARK_LINE = 15;
const TOP = 4 * MARK_LINE + 6;
const LEFT = 40; // row numbers

/** Keys that take the listed moves, as in the terminal client: digits, then letters no Cragwake control uses. */
export const TARGET_KEYS = '123456789adfgimoprstvwxz'.split('');
/** Step keys: [rows up, columns right] (row counts upward, so up climbs), arrows and hjkl + yubn as in the terminal. */
const STEP_KEYS: Record<string, readonly [number, number]> = {
  ArrowUp: [1, 0],
  k: [1, 0],
  ArrowDown: [-1, 0],
  j: [-1, 0],
  ArrowLeft: [0, -1],
  h: [0, -1],
  ArrowRight: [0, 1],
  l: [0, 1],
  y: [1, -1],
  u: [1, 1],
  b: [-1, -1],
  n: [-1, 1],
};

export const obsOf = (view: View) => view.response.observation as CragObservation;

const AT = { cell: CELL, left: LEFT, top: TOP };

/** Screen position of a cell's top-left corner: band row index 0 (lowest) is drawn at the bottom. */
export function cellOrigin(view: View, bandIndex: number, bandSize: number, col: number): { x: number; y: number } {
  return cellXY(grid(view), AT, bandIndex, col, bandSize);
}

/** The legal moves with their costs, in legalActions order: the observation's one list of targets. */
export const targetsOf = (view: View): Move[] => obsOf(view).moves;

/** A hazard marker's box in SVG units (the text is drawn inside it). */
export interface Marker {
  col: number;
  x: number;
  y: number;
  w: number;
  h: number;
  cls: string;
  text: string;
}

/** The look's kind for a hazard now or next (its mark and tag are the marker's text). */
const HAZARD_KIND = { 'gust now': 'gust', 'rockfall now': 'rock', 'gust next': 'gustNext', 'rockfall next': 'rockNext' } as const;

/** One stacked marker per column: this turn's hazards on top, then next turn's, one line each, never overlapping. */
export function hazardMarkers(view: View): Marker[] {
  const obs = obsOf(view);
  const k = kinds(view, Object.values(HAZARD_KIND));
  const out: Marker[] = [];
  for (const h of obs.hazards) {
    const lines = [...h.now.map((z) => `${z} now`), ...h.next.map((z) => `${z} next`)];
    lines.forEach((line, i) => {
      const [kind, when] = line.split(' ') as [string, string];
      const look = k[HAZARD_KIND[line as keyof typeof HAZARD_KIND]];
      out.push({
        col: h.col,
        x: LEFT + h.col * CELL + 2,
        y: 2 + i * MARK_LINE,
        w: CELL - 4,
        h: MARK_LINE - 1,
        cls: `${kind === 'gust' ? 'gust' : 'rock'} ${when}`,
        text: look ? `${look.mark ?? look.glyph} ${look.tag ?? look.label}` : line,
      });
    });
  }
  return out;
}

function holdShape(view: View, h: Hold, cx: number, cy: number): string {
  const k = kinds(view, ['frosting', 'icy']);
  const ice = h.ice === 'icy' ? ' icy' : h.ice === 'frosting' ? ' frosting' : '';
  let shape: string;
  if (h.kind === 'jug') shape = `<ellipse class="hold jug${ice}" cx="${cx}" cy="${cy}" rx="20" ry="15"/>`;
  else if (h.kind === 'crimp') shape = `<rect class="hold crimp${ice}" x="${cx - 18}" y="${cy - 4}" width="36" height="8" rx="3"/>`;
  else shape = `<rect class="hold plain${ice}" x="${cx - 13}" y="${cy - 11}" width="26" height="22" rx="7"/>`;
  let marks = '';
  if (h.kind === 'jug' && h.breaths > 0) {
    for (let i = 0; i < h.breaths; i++) marks += `<circle class="breath" cx="${cx - 6 + i * 12}" cy="${cy}" r="3.5"/>`;
  }
  if (h.cracks > 0) {
    marks += `<path class="crack" d="M${cx - 9} ${cy - 12} l6 8 -5 5 7 9"/><text class="crack-count" x="${cx + 19}" y="${cy - 9}">${h.cracks}</text>`;
  }
  if (h.ice === 'frosting') marks += `<text class="ice-mark" x="${cx - 29}" y="${cy - 17}">${k.frosting.mark}</text>`;
  if (h.ice === 'icy') marks += `<text class="ice-mark icy-mark" x="${cx - 29}" y="${cy - 17}">${k.icy.mark}</text>`;
  return shape + marks;
}

function holdLabel(view: View, h: Hold | null, row: number, col: number): string {
  if (!h) return `bare rock, ${nameOf(view, row, col)}`;
  const bits = [h.kind, nameOf(view, row, col)];
  if (h.kind === 'jug') bits.push(`${h.breaths} breaths`);
  if (h.cracks) bits.push(`${h.cracks} cracks`);
  if (h.ice !== 'dry') bits.push(h.ice);
  return bits.join(', ');
}

export function drawBand(view: View): string {
  const obs = obsOf(view);
  const cols = grid(view).cols;
  const overhangMark = kinds(view, ['overhang']).overhang.mark;
  const n = obs.wall.length;
  const width = LEFT + cols * CELL + 8;
  const height = TOP + n * CELL + 8;
  const targets = obs.moves;
  const targetIndex = new Map(targets.map((t, i) => [`${t.row},${t.col}`, i]));
  const parts: string[] = [];
  for (const h of obs.hazards) {
    const x = LEFT + h.col * CELL;
    if (h.now.includes('rockfall')) parts.push(`<rect class="rockfall-col now" x="${x}" y="${TOP}" width="${CELL}" height="${n * CELL}"/>`);
    if (h.now.includes('gust')) parts.push(`<rect class="gust-col" x="${x}" y="${TOP}" width="${CELL}" height="${n * CELL}"/>`);
  }
  for (const m of hazardMarkers(view))
    parts.push(
      `<g class="marker ${m.cls}" data-col="${m.col}"><rect class="marker-box" x="${m.x}" y="${m.y}" width="${m.w}" height="${m.h}" rx="3"/><text class="${m.cls}" x="${m.x + m.w / 2}" y="${m.y + m.h - 3}">${m.text}</text></g>`,
    );
  obs.wall.forEach((r, i) => {
    const y = cellOrigin(view, i, n, 0).y;
    const cls = r.fogged ? 'fog' : r.ledge ? 'ledge' : r.overhang ? 'overhang' : 'rock';
    parts.push(
      `<rect class="row-bg ${cls}${r.underFloor ? ' under-floor' : ''}" x="${LEFT}" y="${y}" width="${cols * CELL}" height="${CELL}"/>`,
    );
    parts.push(`<text class="row-num" x="${LEFT - 6}" y="${y + CELL / 2 + 5}">${r.row}</text>`);
    if (r.overhang && !r.fogged) parts.push(`<text class="overhang-mark" x="4" y="${y + 14}">${overhangMark}</text>`);
    // in the gutter above the row number, where no key ring or climber can cover it
    if (r.ledge) parts.push(`<text class="ledge-mark" x="${LEFT - 6}" y="${y + 12}">${r.belay ? 'belay' : 'ledge'}</text>`);
    if (r.fogged) parts.push(`<text class="fog-mark" x="${LEFT + cols * CELL - 40}" y="${y + CELL / 2 + 5}">fog</text>`);
    r.cells.forEach((h, c) => {
      const { x } = cellOrigin(view, i, n, c);
      const key = `${r.row},${c}`;
      const t = targetIndex.get(key);
      const here = obs.position.row === r.row && obs.position.col === c;
      const target = t === undefined ? undefined : targets[t];
      const keyName = t === undefined ? undefined : TARGET_KEYS[t];
      // a target's name starts with what it shows (its key and cost), then says it in words
      const label = target
        ? `${keyName ?? ''} −${target.cost}: ${holdLabel(view, h, r.row, c)}, move ${keyName ?? (t ?? 0) + 1}, cost ${target.cost}`
        : holdLabel(view, h, r.row, c);
      const attrs = r.fogged
        ? ''
        : actAttrs({ type: 'move', row: r.row, col: c }, `cell-${key}`, label).replace(
            'tabindex="0"',
            target ? 'tabindex="0"' : 'tabindex="-1"',
          );
      parts.push(`<g class="cell${target ? ' target' : ''}${here ? ' here' : ''}" ${attrs}>`);
      parts.push(`<rect class="hit" x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="6"/>`);
      if (h) parts.push(holdShape(view, h, x + CELL / 2, y + CELL / 2));
      if (target) {
        parts.push(`<rect class="target-ring" x="${x + 3}" y="${y + 3}" width="${CELL - 6}" height="${CELL - 6}" rx="8"/>`);
        if (keyName) parts.push(`<text class="target-num" x="${x + 6}" y="${y + CELL - 7}">${keyName}</text>`);
        parts.push(`<text class="target-cost" x="${x + CELL - 6}" y="${y + CELL - 7}">−${target.cost}</text>`);
      }
      parts.push('</g>');
    });
  });
  const ci = obs.wall.findIndex((r) => r.row === obs.position.row);
  if (ci >= 0) {
    const { x, y } = cellOrigin(view, ci, n, obs.position.col);
    parts.push(
      `<g class="climber" pointer-events="none" role="img" aria-label="you, row ${obs.position.row} column ${obs.position.col}"><rect class="you-ring" x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="9"/><circle cx="${x + CELL - 11}" cy="${y + 11}" r="8"/></g>`,
    );
  }
  return `<svg class="board-svg crag" viewBox="0 0 ${width} ${height}" role="group" aria-label="the wall, rows ${obs.wall[0]?.row} to ${obs.wall[n - 1]?.row}">${parts.join('')}</svg>`;
}

const phaseText = (obs: CragObservation) =>
  obs.phase === 'atLedge' ? 'at a belay ledge' : obs.phase === 'over' ? `run over: ${obs.endedBecause ?? ''}` : 'climbing';

export const cragwakeRenderer: WebBoard<null> = {
  initUi: () => null,
  keyHelp:
    'Click a hold, or press the key drawn on it (1–9, then letters), or step with the arrows / h j k l (y u b n diagonally). . or Space breathes; at a ledge C climbs on and Shift+E ends the run.',
  render(view) {
    const obs = obsOf(view);
    // what a breath does to stamina, in words ("Breathe +2 stamina", not "Breathe (2)")
    const breath = obs.breath === null ? '' : ` ${obs.breath > 0 ? '+' : obs.breath < 0 ? '−' : '±'}${Math.abs(obs.breath)} stamina`;
    const side = `<div class="side">${gauge('Stamina', obs.stamina, obs.tank, 'stamina')}${stats([
      ['Pitch', obs.pitch],
      ['Next belay', `row ${obs.nextBelay}`],
      ['Height', `row ${obs.position.row}`],
      ['High point', obs.highPoint],
      ['Clean streak', obs.cleanStreak],
      ['This pitch', obs.pitchClean ? 'clean so far' : 'dipped ≤3'],
      // The engine's count (observation.turn, its decision "turn counting"): wall turns, a move or a breath each;
      // climbing on, ending and a pitch-completing move are actions but no wall turn, so it is not the card's action count.
      ['Wall turns', obs.turn],
      ['Spindrift', obs.spindrift],
      ['Ice creep', obs.creepFiresThisTurn ? 'this turn' : 'not this turn'],
      ['Phase', phaseText(obs)],
    ])}
<div class="actions">${legalButton(view, { type: 'breathe' }, `${labelOf(view, 'breathe')}${breath} (.)`, 'breathe')}${legalButton(view, { type: 'climbOn' }, `${labelOf(view, 'climbOn')} (C)`, 'climbOn')}${legalButton(view, { type: 'endRun' }, `${labelOf(view, 'endRun')} (⇧E)`, 'endRun', `End the run at row ${obs.position.row} with ${obs.score} points?`)}</div>
${view.spec.look ? legendLine(view.spec.look) : ''}</div>`;
    return `<div class="board-row">${drawBand(view)}${side}</div>`;
  },
  onKey(key, view): Intent {
    const obs = obsOf(view);
    const step = STEP_KEYS[key];
    // a step names a neighbour; the engine decides whether it is legal (its refusal says why)
    if (step) return { act: { type: 'move', row: obs.position.row + step[0], col: obs.position.col + step[1] } };
    if (key === '.' || key === ' ') return { act: { type: 'breathe' } };
    if (key === 'c' || key === 'C') return { act: { type: 'climbOn' } };
    if (key === 'E') return { act: { type: 'endRun' } };
    if (key === 'e') return { say: endHint(view, { type: 'endRun' }, notNowHint(view, 'endRun')) };
    const i = TARGET_KEYS.indexOf(key);
    const t = i >= 0 ? obs.moves[i] : undefined;
    return t ? { act: { type: 'move', row: t.row, col: t.col } } : null;
  },
};
