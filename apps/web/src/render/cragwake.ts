// Cragwake: the band of the wall as a 6-column grid, highest row on top. Holds are drawn by kind (jug, plain,
// crimp) with breaths, cracks and frost/ice; overhanging rows, fog, ledges, this and next turn's gusts and
// rockfall are marked. Every cell is clickable (the engine refuses what is not a legal move); legal targets are
// highlighted with their cost when the observation publishes it, and numbered for the keyboard.
import { actAttrs, actButton, gauge, isRecord, stats } from './markup.ts';
import type { Renderer, View } from './types.ts';

interface Hold {
  kind: 'jug' | 'plain' | 'crimp';
  breaths: number;
  cracks: number;
  ice: 'dry' | 'frosting' | 'icy';
}
interface Row {
  row: number;
  overhang: boolean;
  fogged: boolean;
  cells: (Hold | null)[];
}
interface CragState {
  turn: number;
  phase: 'climbing' | 'atLedge' | 'over';
  ending: string | null;
  row: number;
  col: number;
  stamina: number;
  tank: number;
  pitch: number;
  highPoint: number;
  cleanStreak: number;
  pitchDipped: boolean;
  spindrift: number;
  band: Row[];
  gusts: { now: number[]; next: number[] };
  rockfall: { now: number | null; next: number | null };
}
type Move = { type: 'move'; row: number; col: number; cost?: number };

export const CELL = 64;
const TOP = 44; // room for the gust/rockfall markers above the band
const LEFT = 40; // row numbers
export const COLS = 6;

/** Screen position of a cell's top-left corner: band row index 0 (lowest) is drawn at the bottom. */
export function cellOrigin(bandIndex: number, bandSize: number, col: number): { x: number; y: number } {
  return { x: LEFT + col * CELL, y: TOP + (bandSize - 1 - bandIndex) * CELL };
}

/** The legal moves with their costs, from the observation when it carries them, else without a cost. */
export function targetsOf(view: View): { row: number; col: number; cost: number | undefined }[] {
  const obs = view.response.observation as Record<string, unknown>;
  const published = [obs.targets, obs.moves, obs.legalMoves].find(Array.isArray) as unknown[] | undefined;
  const costs = new Map<string, number>();
  for (const t of published ?? []) if (isRecord(t) && typeof t.cost === 'number') costs.set(`${t.row},${t.col}`, t.cost);
  return (view.response.legalActions as Move[])
    .filter((a) => isRecord(a) && a.type === 'move')
    .map((a) => ({ row: a.row, col: a.col, cost: typeof a.cost === 'number' ? a.cost : costs.get(`${a.row},${a.col}`) }));
}

function holdShape(h: Hold, cx: number, cy: number): string {
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
  if (h.ice === 'frosting') marks += `<text class="ice-mark" x="${cx - 29}" y="${cy - 17}">❄</text>`;
  if (h.ice === 'icy') marks += `<text class="ice-mark icy-mark" x="${cx - 29}" y="${cy - 17}">❄❄</text>`;
  return shape + marks;
}

function holdLabel(h: Hold | null, row: number, col: number): string {
  if (!h) return `bare rock, row ${row} column ${col}`;
  const bits = [h.kind, `row ${row}`, `column ${col}`];
  if (h.kind === 'jug') bits.push(`${h.breaths} breaths`);
  if (h.cracks) bits.push(`${h.cracks} cracks`);
  if (h.ice !== 'dry') bits.push(h.ice);
  return bits.join(', ');
}

export function drawBand(view: View): string {
  const s = view.response.state as CragState;
  const n = s.band.length;
  const width = LEFT + COLS * CELL + 8;
  const height = TOP + n * CELL + 8;
  const targets = targetsOf(view);
  const targetIndex = new Map(targets.map((t, i) => [`${t.row},${t.col}`, i]));
  const parts: string[] = [];
  // column markers: this turn's gusts and rockfall (strong), next turn's (faint)
  for (let c = 0; c < COLS; c++) {
    const x = LEFT + c * CELL + CELL / 2;
    if (s.gusts.now.includes(c)) parts.push(`<text class="gust now" x="${x}" y="18">≋ +2</text>`);
    if (s.gusts.next.includes(c)) parts.push(`<text class="gust next" x="${x}" y="36">≋ next</text>`);
    if (s.rockfall.now === c)
      parts.push(`<rect class="rockfall-col now" x="${LEFT + c * CELL}" y="${TOP}" width="${CELL}" height="${n * CELL}"/>`);
    if (s.rockfall.now === c) parts.push(`<text class="rock now" x="${x - 22}" y="18">▼ rock</text>`);
    if (s.rockfall.next === c) parts.push(`<text class="rock next" x="${x - 22}" y="36">▽ next</text>`);
    if (s.gusts.now.includes(c))
      parts.push(`<rect class="gust-col" x="${LEFT + c * CELL}" y="${TOP}" width="${CELL}" height="${n * CELL}"/>`);
  }
  s.band.forEach((r, i) => {
    const y = cellOrigin(i, n, 0).y;
    const ledge = r.row % 10 === 0;
    const cls = r.fogged ? 'fog' : ledge ? 'ledge' : r.overhang ? 'overhang' : 'rock';
    parts.push(`<rect class="row-bg ${cls}" x="${LEFT}" y="${y}" width="${COLS * CELL}" height="${CELL}"/>`);
    parts.push(`<text class="row-num" x="${LEFT - 6}" y="${y + CELL / 2 + 5}">${r.row}</text>`);
    if (r.overhang && !r.fogged) parts.push(`<text class="overhang-mark" x="4" y="${y + 14}">⌒</text>`);
    if (ledge) parts.push(`<text class="ledge-mark" x="${LEFT + 4}" y="${y + 12}">belay ${r.row}</text>`);
    if (r.fogged) parts.push(`<text class="fog-mark" x="${LEFT + COLS * CELL - 40}" y="${y + CELL / 2 + 5}">fog</text>`);
    r.cells.forEach((h, c) => {
      const { x } = cellOrigin(i, n, c);
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      const key = `${r.row},${c}`;
      const t = targetIndex.get(key);
      const here = s.row === r.row && s.col === c;
      const move = { type: 'move', row: r.row, col: c };
      const label = `${t !== undefined ? `move ${t + 1}: ` : ''}${holdLabel(h, r.row, c)}${t !== undefined && targets[t]?.cost !== undefined ? `, cost ${targets[t]?.cost}` : ''}`;
      const attrs = r.fogged
        ? ''
        : actAttrs(move, `cell-${key}`, label).replace('tabindex="0"', t !== undefined ? 'tabindex="0"' : 'tabindex="-1"');
      parts.push(`<g class="cell${t !== undefined ? ' target' : ''}${here ? ' here' : ''}" ${attrs}>`);
      parts.push(`<rect class="hit" x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="6"/>`);
      if (h) parts.push(holdShape(h, cx, cy));
      if (t !== undefined) {
        const cost = targets[t]?.cost;
        parts.push(`<rect class="target-ring" x="${x + 3}" y="${y + 3}" width="${CELL - 6}" height="${CELL - 6}" rx="8"/>`);
        parts.push(`<text class="target-num" x="${x + 6}" y="${y + CELL - 7}">${t + 1}</text>`);
        if (cost !== undefined) parts.push(`<text class="target-cost" x="${x + CELL - 6}" y="${y + CELL - 7}">−${cost}</text>`);
      }
      parts.push('</g>');
    });
  });
  // the climber
  const ci = s.band.findIndex((r) => r.row === s.row);
  if (ci >= 0) {
    const { x, y } = cellOrigin(ci, n, s.col);
    parts.push(
      `<g class="climber" pointer-events="none" aria-label="you, row ${s.row} column ${s.col}"><rect class="you-ring" x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="9"/><circle cx="${x + CELL - 11}" cy="${y + 11}" r="8"/></g>`,
    );
  }
  return `<svg class="board-svg crag" viewBox="0 0 ${width} ${height}" role="group" aria-label="the wall, rows ${s.band[0]?.row} to ${s.band[n - 1]?.row}">${parts.join('')}</svg>`;
}

export const cragwakeRenderer: Renderer<null> = {
  initUi: () => null,
  keyHelp: 'Click a hold (or press its number 1–9, or Tab to it and Enter) to move there. B breathe, C climb on, E end run.',
  render(view) {
    const s = view.response.state as CragState;
    const phase = s.phase === 'atLedge' ? 'at a belay ledge' : s.phase === 'over' ? `run over (${s.ending ?? ''})` : 'climbing';
    const side = `<div class="side">${gauge('Stamina', s.stamina, s.tank, 'stamina')}${stats([
      ['Pitch', s.pitch],
      ['Next belay', `row ${s.pitch * 10}`],
      ['Height', `row ${s.row}`],
      ['High point', s.highPoint],
      ['Clean streak', s.cleanStreak],
      ['This pitch', s.pitchDipped ? 'dipped ≤3' : 'clean so far'],
      ['Turn', s.turn],
      ['Spindrift', s.spindrift],
      ['Ice creep', (view.response.observation as { creepFiresThisTurn?: boolean }).creepFiresThisTurn ? 'this turn' : 'not this turn'],
      ['Phase', phase],
    ])}
<div class="actions">${actButton({ type: 'breathe' }, 'Breathe (B)', 'breathe')}${actButton({ type: 'climbOn' }, 'Climb on (C)', 'climbOn')}${actButton({ type: 'endRun' }, 'End run (E)', 'endRun')}</div>
<p class="legend"><span class="lg jug">jug</span> <span class="lg plain">plain</span> <span class="lg crimp">crimp</span> ❄ frosting, ❄❄ icy (+2), ⌒ overhang (+1), ≋ gust (+2), ▼ rockfall at the end of this turn</p></div>`;
    return `<div class="board-row">${drawBand(view)}${side}</div>`;
  },
  onKey(key, view) {
    const k = key.toLowerCase();
    if (k === 'b') return { act: { type: 'breathe' } };
    if (k === 'c') return { act: { type: 'climbOn' } };
    if (k === 'e') return { act: { type: 'endRun' } };
    if (/^[1-9]$/.test(key)) {
      const t = targetsOf(view)[Number(key) - 1];
      return t ? { act: { type: 'move', row: t.row, col: t.col } } : null;
    }
    return null;
  },
};
