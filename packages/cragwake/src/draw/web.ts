// Cragwake: the band of the wall as a grid (its columns from spec.look), highest row on top, drawn from the
// observation alone (obs.wall, obs.moves with their costs, obs.hazards per column). Holds are drawn by kind (jug, plain, crimp)
// with breaths, cracks and frost/ice; overhanging rows, fog, ledges and the belay are marked; each column gets
// one stacked marker of its hazards this turn and next (they never overlap). Every cell is clickable (the
// engine refuses what is not a legal move); legal targets are ringed, keyed and costed.

import {
  actAttrs,
  cellXY,
  endHint,
  esc,
  gauge,
  grid,
  happened,
  type Intent,
  kinds,
  labelOf,
  legalButton,
  nameOf,
  notNowHint,
  stats,
  type View,
  type WebBoard,
  webKinds,
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

/** The observation before this step, when the page draws its motion. */
const before = (view: View): CragObservation | undefined =>
  view.motion ? (view.previous?.observation as CragObservation | undefined) : undefined;

/** The band scrolls with the climber: the rows shown moved by this many rows (the wall slides down as you climb). */
function bandMotion(view: View): string {
  const prev = before(view);
  const low = obsOf(view).wall[0]?.row;
  const was = prev?.wall[0]?.row;
  if (low === undefined || was === undefined || low === was) return '';
  return ` fx-slide" style="--fx-dx:0px;--fx-dy:${(was - low) * CELL}px`;
}

/** The climber moves from its old hold to the new one (within the band as it is drawn now). */
function climbMotion(view: View): string {
  const prev = before(view);
  const now = obsOf(view).position;
  if (!prev || (prev.position.row === now.row && prev.position.col === now.col)) return '';
  // the band's own slide carries the climber with the wall; this is the move on the wall
  return ` fx-slide" style="--fx-dx:${(prev.position.col - now.col) * CELL}px;--fx-dy:${(now.row - prev.position.row) * CELL}px`;
}

/** A breath gained or spent floats up from the climber. */
function breathFloat(view: View, x: number, y: number): string {
  const prev = before(view);
  if (!prev || view.lastAction === undefined || (view.lastAction as { type?: string }).type !== 'breathe') return '';
  const d = obsOf(view).stamina - prev.stamina;
  return `<text class="fx-float breath-float${d < 0 ? ' spent' : ''}" x="${x + CELL / 2}" y="${y + 4}">${d >= 0 ? '+' : '−'}${Math.abs(d)}</text>`;
}

/** The step's own events of one kind (when the engine reported them). */
const eventsOf = (view: View, kind: string) => (view.events ?? []).filter((e) => e.kind === kind);

/** Whether this hold's ice grew this step (frost creeping): the step's frost event, else the observation's change. */
function frosted(view: View, row: number, col: number, h: Hold): boolean {
  if (!view.motion || h.ice === 'dry') return false;
  const frost = eventsOf(view, 'frost');
  if (view.events)
    return frost.some((e) => Array.isArray(e.cells) && (e.cells as [number, number][]).some(([r, c]) => r === row && c === col));
  const prev = before(view);
  if (!prev) return false;
  const was = prev.wall.find((r) => r.row === row)?.cells[col];
  return was !== undefined && was !== null && was.ice !== h.ice;
}

/** The climber: a figure on the wall, helmet and rope. */
function climberShape(cx: number, cy: number): string {
  return `<g class="climber-art"><path class="rope" d="M${cx} ${cy + 6} q-10 18 -4 34"/><circle class="head" cx="${cx}" cy="${cy - 9}" r="5.5"/><path class="helmet" d="M${cx - 6} ${cy - 10} a6 6 0 0 1 12 0 z"/><path class="limbs" d="M${cx} ${cy - 3} v11 M${cx} ${cy} l-7 -6 M${cx} ${cy} l7 -7 M${cx} ${cy + 8} l-5 8 M${cx} ${cy + 8} l5 7"/></g>`;
}

/** Rockfall now: rocks tumbling down the column. */
function fallingRocks(cx: number, top: number): string {
  return `<g class="falling-rocks" pointer-events="none"><polygon points="${cx - 7},${top + 60} ${cx - 1},${top + 52} ${cx + 6},${top + 58} ${cx + 2},${top + 66}"/><polygon points="${cx + 4},${top + 120} ${cx + 11},${top + 114} ${cx + 14},${top + 123} ${cx + 7},${top + 127}"/></g>`;
}

/** A gust now: wind lines blowing across the column. */
function windLines(x: number, top: number, height: number): string {
  const lines: string[] = [];
  for (let y = top + 40; y < top + height - 10; y += 90) lines.push(`M${x + 6} ${y} q14 -8 26 0 t26 0`);
  return `<path class="wind" pointer-events="none" d="${lines.join(' ')}"/>`;
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
    if (h.now.includes('rockfall')) {
      parts.push(`<rect class="rockfall-col now" x="${x}" y="${TOP}" width="${CELL}" height="${n * CELL}"/>`);
      parts.push(fallingRocks(x + CELL / 2, TOP + 8));
    }
    if (h.now.includes('gust')) {
      parts.push(`<rect class="gust-col" x="${x}" y="${TOP}" width="${CELL}" height="${n * CELL}"/>`);
      parts.push(windLines(x, TOP, n * CELL));
    }
  }
  if (view.motion)
    for (const e of eventsOf(view, 'sweep')) {
      const x = LEFT + Number(e.col) * CELL;
      parts.push(`<g class="sweep fx-fall" pointer-events="none">${fallingRocks(x + CELL / 2, TOP - 60)}</g>`);
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
    if (!r.fogged && !r.ledge)
      parts.push(`<path class="strata" d="M${LEFT} ${y + 18 + ((r.row * 7) % 23)} q${CELL * 1.5} -6 ${cols * CELL} 3"/>`);
    if (r.ledge) parts.push(`<path class="ledge-lip" d="M${LEFT} ${y + CELL - 8} h${cols * CELL}"/>`);
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
      if (h)
        parts.push(`<g class="hold-g${frosted(view, r.row, c, h) ? ' fx-pop' : ''}">${holdShape(view, h, x + CELL / 2, y + CELL / 2)}</g>`);
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
      `<g class="climber${climbMotion(view)}" pointer-events="none" role="img" aria-label="you, row ${obs.position.row} column ${obs.position.col}"><rect class="you-ring" x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="9"/>${climberShape(x + CELL - 16, y + 20)}</g>`,
    );
    parts.push(breathFloat(view, x, y));
  }
  return `<svg class="board-svg crag" viewBox="0 0 ${width} ${height}" role="group" aria-label="the wall, rows ${obs.wall[0]?.row} to ${obs.wall[n - 1]?.row}"><g class="band${bandMotion(view)}">${parts.join('')}</g></svg>`;
}

const phaseText = (obs: CragObservation) =>
  obs.phase === 'atLedge' ? 'at a belay ledge' : obs.phase === 'over' ? `run over: ${obs.endedBecause ?? ''}` : 'climbing';

/** One legend sample: the board's own drawing of a kind, in a cell of the wall. */
function sample(view: View, id: string): string {
  const c = CELL / 2;
  const hold = (kind: Hold['kind'], ice: Hold['ice'] = 'dry', breaths = 0, cracks = 0) =>
    holdShape(view, { kind, ice, breaths, cracks } as Hold, c, c);
  const bodies: Record<string, () => string> = {
    jug: () => hold('jug', 'dry', 2),
    plain: () => hold('plain'),
    crimp: () => hold('crimp'),
    frosting: () => hold('plain', 'frosting'),
    icy: () => hold('plain', 'icy'),
    overhang: () =>
      `<rect class="row-bg overhang" x="0" y="0" width="${CELL}" height="${CELL}"/><text class="overhang-mark" x="6" y="22">${kinds(view, ['overhang']).overhang.mark}</text>`,
    gust: () => `<rect class="gust-col" x="0" y="0" width="${CELL}" height="${CELL}"/>${windLines(0, -10, CELL)}`,
    rock: () => `<rect class="rockfall-col" x="0" y="0" width="${CELL}" height="${CELL}"/>${fallingRocks(c, -40)}`,
  };
  const body = bodies[id]?.();
  return body
    ? `<svg class="legend-icon crag" viewBox="0 0 ${CELL} ${CELL}" aria-hidden="true"><rect class="row-bg rock" x="0" y="0" width="${CELL}" height="${CELL}"/>${body}</svg>`
    : '';
}

/** The legend: every kind the web board draws, with the board's own drawing and its words. */
export function legend(view: View): string {
  const look = view.spec.look;
  if (!look) return '';
  const you = `<li data-kind="you"><svg class="legend-icon crag" viewBox="0 0 ${CELL} ${CELL}" aria-hidden="true"><rect class="row-bg rock" x="0" y="0" width="${CELL}" height="${CELL}"/>${climberShape(c0, 24)}</svg> you</li>`;
  const items = webKinds(look).map(
    (k) =>
      `<li data-kind="${esc(k.id)}">${sample(view, k.id) || `<span aria-hidden="true">${esc(k.mark ?? k.glyph)}</span>`} ${esc(k.note ?? k.label)}</li>`,
  );
  return `<ul class="legend crag-legend">${you}${items.join('')}<li data-kind="breaths">dots on a jug: breaths left</li></ul>`;
}
const c0 = CELL / 2;

/** Cragwake's recap names holds by coordinates ("step to 20,1"); the board's words name rows and columns. */
const placed = (text: string) =>
  text
    .replace(/\b(step|lunge) to (\d+),(\d+)/g, '$1 to row $2, column $3')
    .replace(/\bhold (\d+),(\d+)/g, 'the hold at row $1, column $2')
    .replace(/\bcol (\d+)/g, 'column $1');

const has = happened;

/** The first-game tutorial: seed 10's first pitch (checked by the package's tests). */
export const TUTORIAL = {
  seed: 10,
  steps: [
    {
      say: 'You are the climber (ringed). Every ringed hold is a move: its key is in the corner and its stamina cost beside it (−1 for a step, −3 for a lunge two rows up). Stamina is the whole game: at 0 you fall.',
    },
    { say: 'Lunge two rows up: it costs 3 stamina but gains two rows of height.', action: { type: 'move', row: 2, col: 4 } },
    { say: 'Lunge again. Height pays 10 points a row.', action: { type: 'move', row: 4, col: 5 } },
    { say: 'And again: watch your stamina bar go down.', action: { type: 'move', row: 6, col: 4 } },
    { say: 'A step costs only 1 stamina: cheaper, slower.', action: { type: 'move', row: 7, col: 5 } },
    {
      say: 'Lunge onto the jug: the big hold with dots (each dot is a breath you can take there).',
      action: { type: 'move', row: 9, col: 4 },
    },
    {
      say: 'Breathe on the jug: it gives stamina back. This is the core decision: spend stamina to climb, or stop on a jug to win it back.',
      action: { type: 'breathe' },
    },
    {
      say: 'Step onto the ledge at row 10: a pitch complete pays a bonus and refills your stamina.',
      action: { type: 'move', row: 10, col: 3 },
    },
  ],
  done: 'At a ledge you may climb on to the next pitch (harder, and worth more) or end the run and keep your points. Gusts, rockfall and ice make the wall harder as you go: read the markers above each column.',
} as const;

export const cragwakeRenderer: WebBoard<null> = {
  initUi: () => null,
  tutorial: TUTORIAL,
  describe(action, view) {
    const a = action as { type?: string; row?: number; col?: number };
    if (a.type !== 'move') return a.type ? labelOf(view, a.type) : undefined;
    const t = obsOf(view).moves.find((m) => m.row === a.row && m.col === a.col);
    const prev = view.previous?.observation as CragObservation | undefined;
    const lunge = t?.lunge ?? prev?.moves.find((m) => m.row === a.row && m.col === a.col)?.lunge;
    return `${lunge === undefined ? 'Move' : lunge ? 'Lunge' : 'Step'} to ${nameOf(view, a.row ?? 0, a.col ?? 0)}`;
  },
  recapText(view) {
    return view.recap ? placed(view.recap.text) : undefined;
  },
  ending(view) {
    return obsOf(view).endedBecause ?? undefined;
  },
  moment(view) {
    const item = (view.recap?.items ?? []).find((i) => i.kind === 'pitch_complete');
    if (!item && !has(view, 'pitch_complete')) return undefined;
    const clean = has(view, 'clean_streak');
    const pitch = obsOf(view).pitch - 1;
    return {
      title: `Pitch ${pitch} complete`,
      detail: `${item?.points ? `+${item.points}` : ''}${clean ? ' · clean' : ''}`.replace(/^ · /, ''),
      mark: clean ? '⭐' : '✅',
    };
  },
  finalMark(view) {
    // a run that ended by a fall or an empty tank ends mid-pitch; one ended by choice ends at a ledge
    return obsOf(view).phase === 'over' && !has(view, 'pitch_complete') && (view.lastAction as { type?: string })?.type !== 'endRun'
      ? '❌'
      : undefined;
  },
  cues(view) {
    if (has(view, 'hold_broken') || has(view, 'rockfall')) return ['hit'];
    if (has(view, 'stamina_gained')) return ['gain'];
    if (view.previous && view.response.score > view.previous.score) return ['gain'];
    return ['spend'];
  },
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
${legend(view)}</div>`;
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
