// Sunloaf in the terminal: the 7x7 room with the sunlit tiles, furniture, hearth, bowls, dogs and cats;
// quota progress, multiplier and every cat's streak always in view. Pick a cat by its id (0-4 or Tab),
// then its legal destinations are lettered on the board (or walk a cursor with the arrows, Enter moves).
// Which tiles are lit is read from the observation's picture (the engine's own answer), never recomputed.
import type { Spec } from '@hearth/engine';
import type { Colour, Style } from '../tui/style.ts';
import { findType, typeOf } from './actions.ts';
import { hintGrid } from './generic.ts';
import type { Controller, Key, KeyResult, View } from './types.ts';

const SIZE = 7;
const TILE_W = 5;
const TARGET_KEYS = 'abcdfgimopstuvwxy'.split('');
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

interface Move {
  type: 'MOVE';
  cat: number;
  tile: number;
}

/** Light per tile from observation.text's grid: '*' lit by the band, '~' the warm hearth out of the band. */
export function lightFromPicture(text: string): string[] | undefined {
  const light: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^ (\d) {2}(.*)$/.exec(line);
    if (!m) continue;
    const cells = m[2]!.match(/.{2}(?: |$)/g);
    if (!cells || cells.length !== SIZE) continue;
    for (const c of cells) light.push(c[1] === '*' ? 'lit' : c[1] === '~' ? 'warm' : '');
  }
  return light.length === SIZE * SIZE ? light : undefined;
}

export function sunloafController(): Controller {
  let selected: number | undefined;
  let cursor: number | undefined;

  const obs = (view: View): any => view.response.observation ?? {};
  const st = (view: View): any => view.response.state ?? {};
  const movesOf = (view: View, cat: number | undefined): Move[] =>
    cat === undefined ? [] : view.response.legalActions.filter((a): a is Move => typeOf(a) === 'MOVE' && (a as Move).cat === cat);
  const catIds = (view: View): number[] => (Array.isArray(st(view).cats) ? st(view).cats.map((c: any) => c.id) : []);

  const board = (view: View, style: Style): string[] => {
    const s = st(view);
    const o = obs(view);
    const layout = s.layout ?? {};
    const light = lightFromPicture(String(o.text ?? '')) ?? [];
    const furniture: number[] = layout.furniture ?? [];
    const cats: any[] = Array.isArray(s.cats) ? s.cats : [];
    const dogs: any[] = Array.isArray(o.dogs) ? o.dogs : [];
    const bowls: any[] = Array.isArray(o.bowls) ? o.bowls : [];
    const targets = new Map<number, string>();
    movesOf(view, selected).forEach((m, i) => {
      if (i < TARGET_KEYS.length) targets.set(m.tile, TARGET_KEYS[i]!);
    });
    const window = String(layout.window ?? '');
    const bandLine: number | null = o.band?.line ?? null;
    const edge = (side: string, text: string) => (window === side ? style.fg('yellow', text, true) : style.dim(text));

    const header = Array.from({ length: SIZE }, (_, c) => {
      const label = `──${c}──`;
      if ((window === 'N' || window === 'S') && bandLine === c) return style.fg('yellow', label, true);
      return window === 'N' ? style.fg('yellow', label) : style.dim(label);
    }).join('');
    const lines = [`   ${edge('N', '┌')}${header}${edge('N', '┐')}`];
    for (let r = 0; r < SIZE; r++) {
      const rowLabel = (window === 'E' || window === 'W') && bandLine === r ? style.fg('yellow', ` ${r} `, true) : style.dim(` ${r} `);
      const top: string[] = [];
      const bottom: string[] = [];
      for (let c = 0; c < SIZE; c++) {
        const tile = r * SIZE + c;
        const [a, b] = tileText(tile);
        top.push(a);
        bottom.push(b);
      }
      lines.push(`${rowLabel}${edge('W', '│')}${top.join('')}${edge('E', '│')}`);
      lines.push(`   ${edge('W', '│')}${bottom.join('')}${edge('E', '│')}`);
    }
    lines.push(`   ${edge('S', `└${'─'.repeat(SIZE * TILE_W)}┘`)}`);
    lines.push(
      `${style.bg('yellow', ' ')}* lit ${style.fg('red', '~', true)} warm hearth ${style.fg('gray', '▓')} furniture ${style.fg('cyan', 'm')} bowl mat ${style.fg('red', 'D', true)} dog`,
    );
    return lines;

    function tileText(tile: number): [string, string] {
      if (furniture.includes(tile)) return [style.fg('gray', '▓'.repeat(TILE_W)), style.fg('gray', '▓'.repeat(TILE_W))];
      const cat = cats.find((c) => c.tile === tile);
      const dog = dogs.findIndex((d) => d.tile === tile);
      const dogSoon = dogs.some((d) => Array.isArray(d.next) && d.next.slice(0, 2).includes(tile));
      const bowl = bowls.find((b) => b.mat === tile);
      const lit = light[tile] === 'lit';
      const warm = light[tile] === 'warm';
      const key = targets.get(tile);
      const mark = key
        ? style.bold(style.fg('cyan', key, true))
        : tile === cursor && selected !== undefined
          ? style.fg('cyan', '▸', true)
          : ' ';
      let main = '   ';
      let detail = '     ';
      let colour: Colour = 'white';
      if (cat) {
        main = `${cat.big ? 'C' : 'c'}${cat.id} `;
        colour = lit ? 'yellow' : warm ? 'red' : 'white';
        const view = o.cats?.find((c: any) => c.id === cat.id);
        detail = ` z${String(cat.settled).padEnd(2)}${view?.pile ? `+${view.pile}` : '  '}`.slice(0, TILE_W);
      } else if (dog >= 0) {
        main = `D${dog} `;
        colour = 'red';
      } else if (bowl) {
        main = ' m ';
        colour = 'cyan';
        detail = ` ${bowl.in}${bowl.counting ? '!' : ''}`;
      } else if (tile === layout.hearth) {
        main = ' H ';
        colour = 'red';
      } else if (dogSoon) {
        main = ' d ';
        colour = 'red';
      }
      detail = detail.padEnd(TILE_W).slice(0, TILE_W);
      if (tile === layout.hearth && (cat || dog >= 0 || bowl)) detail = `${detail.slice(0, 4)}H`;
      // An empty lit tile is shaded, so the band reads as a strip even without colour.
      if (lit && main === '   ' && detail.trim() === '') {
        main = '░░░';
        colour = 'yellow';
        detail = ' ░░░ ';
      }
      const lightMark = lit ? '*' : warm ? '~' : ' ';
      let topText = `${mark}${cat && cat.id === selected ? style.inverse(style.bold(main)) : style.bold(style.fg(colour, main, true))}${lightMark}`;
      let bottomText = detail;
      if (lit && style.colour) {
        topText = style.bg('yellow', `${mark}${style.fg('black', main)}${lightMark}`);
        bottomText = style.bg('yellow', style.fg('black', detail));
        if (cat && cat.id === selected) topText = style.bg('yellow', `${mark}${style.inverse(main)}${lightMark}`);
      } else if (warm) bottomText = style.fg('red', detail);
      return [topText, bottomText];
    }
  };

  const panel = (view: View, style: Style): string[] => {
    const s = st(view);
    const o = obs(view);
    const q = o.quota ?? {};
    const pct = q.needed > 0 ? Math.min(1, q.raw / q.needed) : 1;
    const barW = 18;
    const filled = Math.round(pct * barW);
    const lines = [
      `${style.bold('Score')} ${style.fg('yellow', String(view.response.score), true)}`,
      `${style.bold('Day')}   ${s.day ?? '?'}  mult ${(Number(s.mult ?? 100) / 100).toFixed(2)}×`,
      `Turn  ${o.turn ?? s.turn ?? '?'}/${o.dayLength ?? '?'} (${o.turnsLeft ?? '?'} left)`,
      `Quota ${q.raw ?? '?'}/${q.needed ?? '?'}${q.met ? style.fg('green', ' met', true) : ''}`,
      ` ${style.fg(q.met ? 'green' : 'yellow', '█'.repeat(filled), true)}${style.dim('░'.repeat(barW - filled))}`,
      `Chain ${s.chain ?? 0}  Band ${o.band?.wall ?? '?'} line ${o.band?.line ?? '-'}${o.band?.cloudy ? style.fg('gray', ' cloud') : ''}`,
    ];
    for (const c of Array.isArray(o.cats) ? o.cats : []) {
      const warmth = c.warmthCap === 6 ? style.fg('yellow', 'lit', true) : c.warmthCap > 0 ? style.fg('red', 'hearth') : style.dim('shade');
      const sel = c.id === selected ? style.inverse(`c${c.id}`) : `c${c.id}`;
      lines.push(`${sel}${c.big ? 'B' : ' '} z${String(c.settled).padEnd(2)} pile ${c.pile} r${c.range} ${warmth}`);
    }
    const bowls: any[] = Array.isArray(o.bowls) ? o.bowls : [];
    // One line per waiting bowl (at most three), so none is cut at the panel's edge.
    for (const b of bowls.slice(0, 3))
      lines.push(b.counting ? style.fg('cyan', `Bowl mat ${b.mat} in ${b.in}!`, true) : `Bowl mat ${b.mat} in ${b.in}`);
    const dogs: any[] = Array.isArray(o.dogs) ? o.dogs : [];
    if (dogs.length > 0) lines.push(`Dogs  ${dogs.map((d) => `${d.tile}→${(d.next ?? []).join(',')}`).join(' ')}`);
    const phase = String(s.phase ?? '');
    if (phase === 'sunset') lines.push(style.fg('green', 'Sunset! n: next day  E: end', true));
    if (phase === 'over') lines.push(style.fg('red', `Run over (${s.outcome ?? ''})`, true));
    return lines;
  };

  const hints = (view: View, style: Style): string[] => {
    const legal = view.response.legalActions;
    const items: string[] = [];
    if (selected !== undefined) {
      const n = movesOf(view, selected).length;
      items.push(
        n > 0
          ? `${TARGET_KEYS[0]}-${TARGET_KEYS[Math.min(n, TARGET_KEYS.length) - 1]} move cat ${selected} there`
          : `(cat ${selected} cannot move)`,
        'arrows cursor',
        'Enter move to ▸',
        'Esc unselect',
      );
    } else if (legal.some((a) => typeOf(a) === 'MOVE')) items.push('0-4/Tab pick a cat');
    if (findType(legal, 'REST')) items.push('r/. rest');
    if (findType(legal, 'DOZE')) items.push('z doze');
    if (findType(legal, 'NEXT_DAY')) items.push('n next day');
    if (findType(legal, 'END_RUN')) items.push('E end run');
    return hintGrid(items, style);
  };

  const key = (k: Key, view: View): KeyResult => {
    const ids = catIds(view);
    if (/^[0-4]$/.test(k.name) && ids.includes(Number(k.name))) {
      const id = Number(k.name);
      selected = selected === id ? undefined : id;
      cursor = selected === undefined ? undefined : st(view).cats.find((c: any) => c.id === id)?.tile;
      return { kind: 'handled' };
    }
    if (k.name === 'tab' && ids.length > 0) {
      const next = selected === undefined ? ids[0]! : ids[(ids.indexOf(selected) + 1) % ids.length]!;
      selected = next;
      cursor = st(view).cats.find((c: any) => c.id === next)?.tile;
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
        const r = Math.floor(cursor / SIZE) + dir[0];
        const c = (cursor % SIZE) + dir[1];
        if (r >= 0 && r < SIZE && c >= 0 && c < SIZE) cursor = r * SIZE + c;
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
    reset() {
      selected = undefined;
      cursor = undefined;
    },
    keyHelp: (_spec: Spec) => [
      '0-4 or Tab     pick a cat by its id (again to let go); Esc lets go',
      'a b c d …      with a cat picked: move it to the tile showing that letter',
      'arrows / hjkl  with a cat picked: walk the ▸ cursor; Enter moves the cat there',
      'r or .         REST (one turn, nobody moves)',
      'z              DOZE (up to 4 rests, stops early when something happens)',
      'n or Enter     NEXT_DAY at sunset',
      'E              END_RUN (legal every turn; keeps every point)',
      'Board: cN cat N (CN the big cat), zS its settled streak, +P its pile; * lit tile, ~ warm hearth,',
      'H hearth, m bowl mat (turns to serve, ! counting down), DN dog N, d where a dog goes next.',
    ],
  };
}
