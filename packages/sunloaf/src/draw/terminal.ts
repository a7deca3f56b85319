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
  let selected: number | undefined;
  let cursor: number | undefined;

  const obs = (view: View): SunloafObservation => view.response.observation as SunloafObservation;
  const movesOf = (view: View, cat: number | undefined): Move[] =>
    cat === undefined ? [] : view.response.legalActions.filter((a): a is Move => typeOf(a) === 'MOVE' && (a as Move).cat === cat);
  const catIds = (view: View): number[] => obs(view).cats.map((c) => c.id);
  const catTile = (view: View, id: number) => obs(view).cats.find((c) => c.id === id)?.tile;

  const board = (view: View, style: Style, box: { width: number; height: number }): string[] => {
    const o = obs(view);
    const KINDS = kinds(view.spec, KIND_IDS);
    const { rows, cols } = grid(view.spec);
    const lit = new Set(o.lit);
    const targets = new Map<number, string>();
    movesOf(view, selected).forEach((m, i) => {
      if (i < TARGET_KEYS.length) targets.set(m.tile, TARGET_KEYS[i]!);
    });
    // Tiles grow with the box: 5x2 at 80x24, up to 9 columns and 3 lines.
    const tw = Math.max(5, Math.min(9, Math.floor((box.width - 5) / cols)));
    const th = box.height >= rows * 3 + 2 + 2 ? 3 : 2;
    const legend = legendBlock(terminalKinds(view.spec), style, box.width, box.height - rows * th - 2, ' ');
    const window = o.band.wall;
    // The band line's column (window N or S) or row (E or W): the observation's own.
    const bandAt = o.band.at;
    const onBand = (side: 'N' | 'E' | 'S' | 'W', i: number) => window === side && bandAt === i;
    const edge = (side: string, text: string) => (window === side ? style.fg('yellow', text, true) : style.dim(text));
    const rule = (side: 'N' | 'S', c: number) => {
      const ch = onBand(side, c) ? KINDS.band.glyph : '─';
      const half = Math.floor((tw - 1) / 2);
      const label = `${ch.repeat(half)}${c}${ch.repeat(tw - 1 - half)}`;
      return onBand(side, c) ? style.fg('yellow', label, true) : edge(side, label);
    };
    const lines = [`   ${edge('N', '┌')}${Array.from({ length: cols }, (_, c) => rule('N', c)).join('')}${edge('N', '┐')}`];
    for (let r = 0; r < rows; r++) {
      const side = (s: 'W' | 'E') => (onBand(s, r) ? style.fg('yellow', '║', true) : edge(s, '│'));
      const tiles = Array.from({ length: cols }, (_, c) => tileLines(r * cols + c));
      for (let t = 0; t < th; t++) {
        const label = t === 0 ? (onBand('W', r) || onBand('E', r) ? style.fg('yellow', ` ${r} `, true) : style.dim(` ${r} `)) : '   ';
        lines.push(`${label}${side('W')}${tiles.map((x) => x[t]).join('')}${side('E')}`);
      }
    }
    lines.push(`   ${edge('S', '└')}${Array.from({ length: cols }, (_, c) => rule('S', c)).join('')}${edge('S', '┘')}`);
    lines.push(...legend);
    return lines;

    function tileLines(tile: number): string[] {
      const blank = ' '.repeat(tw);
      if (o.room.furniture.includes(tile)) return Array.from({ length: th }, () => style.fg('gray', KINDS.furniture.glyph.repeat(tw)));
      const cat = o.cats.find((c) => c.tile === tile);
      const dog = o.dogs.findIndex((d) => d.tile === tile);
      const dogSoon = o.dogs.some((d) => d.next.slice(0, 2).includes(tile));
      const bowl = o.bowls.find((b) => b.mat === tile);
      const isLit = lit.has(tile);
      const warm = o.warmHearth === tile;
      const hearth = tile === o.room.hearth;
      const key = targets.get(tile);
      const mark = key
        ? style.bold(style.fg('cyan', key, true))
        : tile === cursor && selected !== undefined
          ? style.fg('cyan', KINDS.cursor.glyph, true)
          : ' ';
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
      const empty = main === '   ' && detail.trim() === '';
      const lightMark = isLit ? (empty ? KINDS.litFloor.glyph : KINDS.lit.glyph) : warm ? KINDS.warm.glyph : ' ';
      // An empty lit tile is shaded whole, so the band reads as a strip even without colour.
      if (isLit && empty) main = KINDS.litFloor.glyph.repeat(3);
      const fill = (n: number) => (isLit && empty ? KINDS.litFloor.glyph : ' ').repeat(n);
      // Top line: key or cursor, the occupant, the light mark; then padding to the tile's width.
      const styledMain = cat && cat.id === selected ? style.inverse(style.bold(main)) : style.bold(style.fg(colour, main, true));
      let top = `${mark}${styledMain}${lightMark}${fill(tw - 5)}`;
      let rest = [detail, ...Array.from({ length: th - 2 }, () => blank)];
      if (isLit && empty) {
        top = `${mark}${KINDS.litFloor.glyph.repeat(tw - 1)}`;
        rest = rest.map(() => KINDS.litFloor.glyph.repeat(tw));
      }
      if (isLit && style.colour) {
        top = empty
          ? style.bg('yellow', style.fg('black', top))
          : style.bg(
              'yellow',
              `${mark}${cat && cat.id === selected ? style.inverse(main) : style.fg('black', main)}${lightMark}${fill(tw - 5)}`,
            );
        rest = rest.map((l) => style.bg('yellow', style.fg('black', l)));
      } else if (warm) rest = rest.map((l) => style.fg('red', l));
      return [top, ...rest];
    }
  };

  const panel = (view: View, style: Style, width: number): string[] => {
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
  };

  const hints = (view: View, style: Style, width: number): string[] => {
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
  };

  const key = (k: Key, view: View): KeyResult => {
    const ids = catIds(view);
    const digit = k.name.length === 1 && k.name >= '0' && k.name <= '4' ? Number(k.name) : -1;
    if (digit >= 0 && ids.includes(digit)) {
      selected = selected === digit ? undefined : digit;
      cursor = selected === undefined ? undefined : catTile(view, digit);
      return { kind: 'handled' };
    }
    if (k.name === 'tab' && ids.length > 0) {
      const next = selected === undefined ? ids[0]! : ids[(ids.indexOf(selected) + 1) % ids.length]!;
      selected = next;
      cursor = catTile(view, next);
      return { kind: 'handled' };
    }
    if (selected !== undefined) {
      if (k.name === 'escape') {
        selected = undefined;
        cursor = undefined;
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
        if (r >= 0 && r < rows && c >= 0 && c < cols) cursor = r * cols + c;
        return { kind: 'handled' };
      }
      if (k.name === 'enter' && cursor !== undefined) return { kind: 'act', action: { type: 'MOVE', cat: selected, tile: cursor } };
    }
    if (k.name === 'r' || k.name === '.') return { kind: 'act', action: { type: 'REST' } };
    if (k.name === 'z') return { kind: 'act', action: { type: 'DOZE' } };
    if (k.name === 'n' || k.name === 'enter') return { kind: 'act', action: { type: 'NEXT_DAY' } };
    if (k.name === 'E') return { kind: 'act', action: { type: 'END_RUN' } };
    return { kind: 'unhandled' };
  };

  return {
    board,
    panel,
    hints,
    key,
    legend: legendItems,
    reset() {
      selected = undefined;
      cursor = undefined;
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
