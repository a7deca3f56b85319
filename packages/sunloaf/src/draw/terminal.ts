// Sunloaf in the terminal: the room (its size from spec.look) with the sunlit tiles, furniture, hearth, bowls, dogs and cats;
// quota progress, multiplier and every cat's streak always in view. Pick a cat by its id (0-4 or Tab),
// then its legal destinations are lettered on the board (or walk a cursor with the arrows, Enter moves).
// Everything drawn is the engine's observation data (lit tiles, warm hearth, room, cats, dogs, bowls).
import type { Spec } from '@hearth/engine';
import {
  type Colour,
  type Controller,
  findType,
  grid,
  hintGrid,
  type Key,
  type KeyResult,
  kinds,
  legendBlock,
  legendItems,
  type Style,
  terminalKinds,
  typeOf,
  type View,
} from '@hearth/engine/terminal';
import type { Action, SunloafObservation } from '../index.ts';

/**
 * Destination keys: letters that are neither a control (h j k l walk the cursor, r z n E act, q quits) nor a
 * board glyph (c C cats, z streak, D d dogs, H hearth, m bowl mat), lower case first, then capitals.
 */
export const TARGET_KEYS = [...'abefgiopstuvwxy', ...'ABFGIJKLMNOPQRSTUVWXYZ'];
const DIRS: Record<string, [number, number]> = {
  up: [-1, 0],
  k: [-1, 0],
  down: [1, 0],
  j: [1, 0],
  left: [0, -1],
  h: [0, -1],
  right: [0, 1],
  l: [0, 1],
};

type Move = Extract<Action, { type: 'MOVE' }>;

/** The kinds the room draws: the game's own table (spec.look), glyphs distinct without colour. */
const KIND_IDS = [
  'cat',
  'big',
  'streak',
  'pile',
  'lit',
  'litFloor',
  'warm',
  'hearth',
  'furniture',
  'bowl',
  'serve',
  'dog',
  'dogNext',
  'band',
  'cursor',
] as const;

export function sunloafController(): Controller {
  const pick: Pick = { selected: undefined, cursor: undefined };
  return {
    board: (view, style, box) => drawRoom(view, style, box, pick),
    panel: (view, style, width) => panelLines(view, style, width, pick.selected),
    hints: (view, style, width) => hintLines(view, style, width, pick.selected),
    key: (k, view) => pickKey(k, view, pick) ?? selectedKey(k, view, pick) ?? turnKey(k),
    legend: legendItems,
    reset() {
      pick.selected = undefined;
      pick.cursor = undefined;
    },
    keyHelp: (_spec: Spec) => [
      '0-4 or Tab     pick a cat by its id (again to let go); Esc lets go',
      'a b e f … A B  with a cat picked: move it to the tile showing that letter',
      'arrows / hjkl  with a cat picked: walk the ▸ cursor; Enter moves the cat there',
      'r or .         REST (one turn, nobody moves)',
      'z              DOZE (up to 4 rests, stops early when something happens)',
      'n or Enter     NEXT_DAY at sunset',
      'E              END_RUN (legal every turn; keeps every point)',
    ],
  };
}

/** The picked cat (its id) and the ▸ cursor's tile while one is picked. */
interface Pick {
  selected: number | undefined;
  cursor: number | undefined;
}

const obs = (view: View): SunloafObservation => view.response.observation as SunloafObservation;
const movesOf = (view: View, cat: number | undefined): Move[] =>
  cat === undefined ? [] : view.response.legalActions.filter((a): a is Move => typeOf(a) === 'MOVE' && (a as Move).cat === cat);
const catIds = (view: View): number[] => obs(view).cats.map((c) => c.id);
const catTile = (view: View, id: number) => obs(view).cats.find((c) => c.id === id)?.tile;

type Kinds = ReturnType<typeof kinds<(typeof KIND_IDS)[number]>>;

/** What drawing one tile needs: the observation, the look, the lit tiles, the lettered destinations and the tile size. */
interface TileContext {
  o: SunloafObservation;
  style: Style;
  KINDS: Kinds;
  lit: Set<number>;
  targets: Map<number, string>;
  pick: Pick;
  /** Tile width in cells and height in lines. */
  tw: number;
  th: number;
}

/** The room framed by its walls (the window's wall and the band's line in yellow), row by row, then the legend. */
function drawRoom(view: View, style: Style, box: { width: number; height: number }, pick: Pick): string[] {
  const o = obs(view);
  const KINDS = kinds(view.spec, KIND_IDS);
  const { rows, cols } = grid(view.spec);
  const targets = new Map<number, string>();
  movesOf(view, pick.selected).forEach((m, i) => {
    if (i < TARGET_KEYS.length) targets.set(m.tile, TARGET_KEYS[i]!);
  });
  // Tiles grow with the box: 5x2 at 80x24, up to 9 columns and 3 lines.
  const tw = Math.max(5, Math.min(9, Math.floor((box.width - 5) / cols)));
  const th = box.height >= rows * 3 + 2 + 2 ? 3 : 2;
  const ctx: TileContext = { o, style, KINDS, lit: new Set(o.lit), targets, pick, tw, th };
  const walls = wallsOf(o, style, KINDS, tw);
  const ruleLine = (side: 'N' | 'S') => Array.from({ length: cols }, (_, c) => walls.rule(side, c)).join('');
  const lines = [`   ${walls.edge('N', '┌')}${ruleLine('N')}${walls.edge('N', '┐')}`];
  for (let r = 0; r < rows; r++) {
    const tiles = Array.from({ length: cols }, (_, c) => tileLines(r * cols + c, ctx));
    for (let t = 0; t < th; t++) {
      const label = t === 0 ? walls.rowLabel(r) : '   ';
      lines.push(`${label}${walls.side('W', r)}${tiles.map((x) => x[t]).join('')}${walls.side('E', r)}`);
    }
  }
  lines.push(`   ${walls.edge('S', '└')}${ruleLine('S')}${walls.edge('S', '┘')}`);
  lines.push(...legendBlock(terminalKinds(view.spec), style, box.width, box.height - rows * th - 2, ' '));
  return lines;
}

/** The walls' pieces: the window's wall in yellow, the band's column (window N or S) or row (E or W) marked on it. */
function wallsOf(o: SunloafObservation, style: Style, KINDS: Kinds, tw: number) {
  const window = o.band.wall;
  const bandAt = o.band.at;
  const onBand = (side: 'N' | 'E' | 'S' | 'W', i: number) => window === side && bandAt === i;
  const edge = (side: string, text: string) => (window === side ? style.fg('yellow', text, true) : style.dim(text));
  return {
    edge,
    /** A column's stretch of the top or bottom wall, its number in the middle. */
    rule(side: 'N' | 'S', c: number): string {
      const ch = onBand(side, c) ? KINDS.band.glyph : '─';
      const half = Math.floor((tw - 1) / 2);
      const label = `${ch.repeat(half)}${c}${ch.repeat(tw - 1 - half)}`;
      return onBand(side, c) ? style.fg('yellow', label, true) : edge(side, label);
    },
    side: (s: 'W' | 'E', r: number) => (onBand(s, r) ? style.fg('yellow', '║', true) : edge(s, '│')),
    rowLabel: (r: number) => (onBand('W', r) || onBand('E', r) ? style.fg('yellow', ` ${r} `, true) : style.dim(` ${r} `)),
  };
}

/** One tile's lines: furniture fills it; otherwise the key or cursor, its occupant and light mark on top, detail below. */
function tileLines(tile: number, ctx: TileContext): string[] {
  const { o, style, KINDS, tw, th, pick } = ctx;
  if (o.room.furniture.includes(tile)) return Array.from({ length: th }, () => style.fg('gray', KINDS.furniture.glyph.repeat(tw)));
  const isLit = ctx.lit.has(tile);
  const warm = o.warmHearth === tile;
  const key = ctx.targets.get(tile);
  const mark = key
    ? style.bold(style.fg('cyan', key, true))
    : tile === pick.cursor && pick.selected !== undefined
      ? style.fg('cyan', KINDS.cursor.glyph, true)
      : ' ';
  const who = occupantOf(tile, ctx, isLit, warm);
  let { main } = who;
  const { detail, colour, cat } = who;
  const empty = main === '   ' && detail.trim() === '';
  const lightMark = isLit ? (empty ? KINDS.litFloor.glyph : KINDS.lit.glyph) : warm ? KINDS.warm.glyph : ' ';
  // An empty lit tile is shaded whole, so the band reads as a strip even without colour.
  if (isLit && empty) main = KINDS.litFloor.glyph.repeat(3);
  const fill = (n: number) => (isLit && empty ? KINDS.litFloor.glyph : ' ').repeat(n);
  // Top line: key or cursor, the occupant, the light mark; then padding to the tile's width.
  const picked = cat !== undefined && cat.id === pick.selected;
  const styledMain = picked ? style.inverse(style.bold(main)) : style.bold(style.fg(colour, main, true));
  let top = `${mark}${styledMain}${lightMark}${fill(tw - 5)}`;
  let rest = [detail, ...Array.from({ length: th - 2 }, () => ' '.repeat(tw))];
  if (isLit && empty) {
    top = `${mark}${KINDS.litFloor.glyph.repeat(tw - 1)}`;
    rest = rest.map(() => KINDS.litFloor.glyph.repeat(tw));
  }
  if (isLit && style.colour) {
    top = empty
      ? style.bg('yellow', style.fg('black', top))
      : style.bg('yellow', `${mark}${picked ? style.inverse(main) : style.fg('black', main)}${lightMark}${fill(tw - 5)}`);
    rest = rest.map((l) => style.bg('yellow', style.fg('black', l)));
  } else if (warm) rest = rest.map((l) => style.fg('red', l));
  return [top, ...rest];
}

/**
 * Who or what stands on a tile (a cat with its streak and pile, a dog, a bowl with its count, the hearth, or a dog's
 * next step): its three-cell mark, the detail line padded to the tile (the hearth's glyph at its end when shared)
 * and its colour.
 */
function occupantOf(tile: number, { o, KINDS, tw }: TileContext, isLit: boolean, warm: boolean) {
  const cat = o.cats.find((c) => c.tile === tile);
  const dog = o.dogs.findIndex((d) => d.tile === tile);
  const dogSoon = o.dogs.some((d) => d.next.slice(0, 2).includes(tile));
  const bowl = o.bowls.find((b) => b.mat === tile);
  const hearth = tile === o.room.hearth;
  let main = '   ';
  let detail = '';
  let colour: Colour = 'white';
  if (cat) {
    main = `${cat.big ? KINDS.big.glyph : KINDS.cat.glyph}${cat.id} `;
    colour = isLit ? 'yellow' : warm ? 'red' : 'white';
    detail = ` ${KINDS.streak.glyph}${String(cat.settled).padEnd(2)}${cat.pile ? `${KINDS.pile.glyph}${cat.pile}` : ''}`;
  } else if (dog >= 0) {
    main = `${KINDS.dog.glyph}${dog} `;
    colour = 'red';
  } else if (bowl) {
    main = ` ${KINDS.bowl.glyph} `;
    colour = 'cyan';
    detail = ` ${bowl.in}${bowl.counting ? KINDS.serve.glyph : ''}`;
  } else if (hearth) {
    main = ` ${KINDS.hearth.glyph} `;
    colour = 'red';
  } else if (dogSoon) {
    main = ` ${KINDS.dogNext.glyph} `;
    colour = 'red';
  }
  detail = detail.padEnd(tw).slice(0, tw);
  if (hearth && (cat || dog >= 0 || bowl)) detail = `${detail.slice(0, tw - 1)}${KINDS.hearth.glyph}`;
  return { main, detail, colour, cat };
}

/** Score, day, turn and quota (with its bar), then every cat, the counting bowls, the dogs and the phase. */
function panelLines(view: View, style: Style, width: number, selected: number | undefined): string[] {
  const o = obs(view);
  const q = o.quota;
  const pct = q.needed > 0 ? Math.min(1, q.raw / q.needed) : 1;
  const barW = Math.max(10, width - 4);
  const filled = Math.round(pct * barW);
  const lines = [
    `${style.bold('Score')} ${style.fg('yellow', String(view.response.score), true)}`,
    `${style.bold('Day')}   ${o.day}  mult ${(o.mult / 100).toFixed(2)}×`,
    `Turn  ${o.turn}/${o.dayLength} (${o.turnsLeft} left)`,
    `Quota ${q.raw}/${q.needed}${q.met ? style.fg('green', ' met', true) : ''}`,
    ` ${style.fg(q.met ? 'green' : 'yellow', '█'.repeat(filled), true)}${style.dim('░'.repeat(barW - filled))}`,
    `Chain ${o.chain}  Band ${o.band.wall} line ${o.band.line ?? '-'}${o.band.cloudy ? style.fg('gray', ' cloud') : ''}`,
  ];
  for (const c of o.cats) {
    const warmth = c.warmthCap === 6 ? style.fg('yellow', 'lit', true) : c.warmthCap > 0 ? style.fg('red', 'hearth') : style.dim('shade');
    const sel = c.id === selected ? style.inverse(`c${c.id}`) : `c${c.id}`;
    lines.push(`${sel}${c.big ? 'B' : ' '} z${String(c.settled).padEnd(2)} pile ${c.pile} r${c.range} ${warmth}`);
  }
  for (const b of o.bowls.slice(0, 3))
    lines.push(b.counting ? style.fg('cyan', `Bowl mat ${b.mat} in ${b.in}!`, true) : `Bowl mat ${b.mat} in ${b.in}`);
  if (o.dogs.length > 0) lines.push(`Dogs  ${o.dogs.map((d) => `${d.tile}→${d.next.join(',')}`).join(' ')}`);
  if (o.phase === 'sunset') lines.push(style.fg('green', 'Sunset! n: next day, E: end the run', true));
  if (o.phase === 'over') lines.push(style.fg('red', `Run over: ${o.outcomeText ?? o.outcome ?? ''}`, true));
  return lines;
}

function hintLines(view: View, style: Style, width: number, selected: number | undefined): string[] {
  const legal = view.response.legalActions;
  const items: string[] = [];
  if (selected !== undefined) {
    const n = Math.min(movesOf(view, selected).length, TARGET_KEYS.length);
    items.push(
      n > 0 ? `${TARGET_KEYS[0]}-${TARGET_KEYS[n - 1]} move cat ${selected} there` : `(cat ${selected} cannot move)`,
      'arrows cursor',
      'Enter move to ▸',
      'Esc unselect',
    );
  } else if (legal.some((a) => typeOf(a) === 'MOVE')) items.push('0-4/Tab pick a cat');
  if (findType(legal, 'REST')) items.push('r/. rest');
  if (findType(legal, 'DOZE')) items.push('z doze');
  if (findType(legal, 'NEXT_DAY')) items.push('n next day');
  if (findType(legal, 'END_RUN')) items.push('E end run');
  return hintGrid(items, style, width);
}

/** A cat's id picks it (again lets go), Tab picks the next; undefined when the key is neither. */
function pickKey(k: Key, view: View, pick: Pick): KeyResult | undefined {
  const ids = catIds(view);
  const digit = k.name.length === 1 && k.name >= '0' && k.name <= '4' ? Number(k.name) : -1;
  if (digit >= 0 && ids.includes(digit)) {
    pick.selected = pick.selected === digit ? undefined : digit;
    pick.cursor = pick.selected === undefined ? undefined : catTile(view, digit);
    return { kind: 'handled' };
  }
  if (k.name === 'tab' && ids.length > 0) {
    const next = pick.selected === undefined ? ids[0]! : ids[(ids.indexOf(pick.selected) + 1) % ids.length]!;
    pick.selected = next;
    pick.cursor = catTile(view, next);
    return { kind: 'handled' };
  }
  return undefined;
}

/** With a cat picked: Esc lets go, a destination letter moves it, arrows walk the cursor, Enter moves to the cursor. */
function selectedKey(k: Key, view: View, pick: Pick): KeyResult | undefined {
  const { selected, cursor } = pick;
  if (selected === undefined) return undefined;
  if (k.name === 'escape') {
    pick.selected = undefined;
    pick.cursor = undefined;
    return { kind: 'handled' };
  }
  const i = TARGET_KEYS.indexOf(k.name);
  const moves = movesOf(view, selected);
  if (i >= 0) return i < moves.length ? { kind: 'act', action: moves[i] } : { kind: 'handled' };
  const dir = DIRS[k.name];
  if (dir && cursor !== undefined) {
    // Walk the cursor one tile at a time; the Enter key asks the engine, which refuses bad tiles.
    const { rows, cols } = grid(view.spec);
    const r = Math.floor(cursor / cols) + dir[0];
    const c = (cursor % cols) + dir[1];
    if (r >= 0 && r < rows && c >= 0 && c < cols) pick.cursor = r * cols + c;
    return { kind: 'handled' };
  }
  if (k.name === 'enter' && cursor !== undefined) return { kind: 'act', action: { type: 'MOVE', cat: selected, tile: cursor } };
  return undefined;
}

/** The turn's own actions, whatever is picked. */
function turnKey(k: Key): KeyResult {
  if (k.name === 'r' || k.name === '.') return { kind: 'act', action: { type: 'REST' } };
  if (k.name === 'z') return { kind: 'act', action: { type: 'DOZE' } };
  if (k.name === 'n' || k.name === 'enter') return { kind: 'act', action: { type: 'NEXT_DAY' } };
  if (k.name === 'E') return { kind: 'act', action: { type: 'END_RUN' } };
  return { kind: 'unhandled' };
}
