// Sunloaf: the 7x7 room with the window wall, the band of light (lit tiles bright, tiles of the band in
// shade hatched), clouds, furniture, hearth, mats with their countdowns, dogs with their next steps and the
// cats (settled streak, warmth, pile). Select a cat, then a tile; REST/DOZE/NEXT_DAY/END_RUN as buttons.
// Which tiles are lit is read from the engine's own picture (observation.text marks them `*`), never recomputed.
import { actButton, esc, gauge, isRecord, stats, uiAttrs } from './markup.ts';
import type { Intent, Renderer, View } from './types.ts';

const SIZE = 7;
const TILES = 49;
export const CELL = 60;
const PAD = 18; // room for the window bar

interface CatView {
  id: number;
  tile: number;
  settled: number;
  big: boolean;
  range: number;
  warmthCap: number;
  pile: number;
}
interface SunObs {
  text: string;
  day: number;
  turn: number;
  dayLength: number;
  turnsLeft: number;
  phase: 'day' | 'sunset' | 'over';
  mult: number;
  quota: { raw: number; needed: number; met: boolean };
  chain: number;
  band: { wall: 'N' | 'E' | 'S' | 'W'; line: number | null; cloudy: boolean; dwell: number };
  cats: CatView[];
  dogs: { tile: number; next: number[] }[];
  bowls: { mat: number; serveTurn: number; in: number; counting: boolean }[];
}
interface SunState {
  layout: { window: 'N' | 'E' | 'S' | 'W'; furniture: number[]; hearth: number; clouds: number[]; lattice: 0 | 1 | null; shade: number };
  outcome: string | null;
}
export interface SunUi {
  selected: number | null;
}

/** Per tile: '*' lit, '~' warm hearth out of the band, ' ' neither, parsed from the text picture's grid rows. */
export function lightFromText(text: string): string[] {
  const light = new Array<string>(TILES).fill(' ');
  for (const line of text.split('\n')) {
    const m = /^ (\d) {2}(.+)$/.exec(line);
    if (!m) continue;
    const r = Number(m[1]);
    const cells = (m[2] as string).match(/.{2}(?: |$)/g) ?? [];
    cells.slice(0, SIZE).forEach((cell, c) => {
      light[r * SIZE + c] = cell[1] ?? ' ';
    });
  }
  return light;
}

/**
 * The tiles of the band's line, as the spec's decision "band width and direction" states it: N/S windows light
 * whole columns (line 0 = west column for N, east column for S), E/W whole rows (line 0 = top row for E,
 * bottom row for W). Drawing only: whether a tile is lit comes from the engine.
 */
export function bandTiles(wall: 'N' | 'E' | 'S' | 'W', line: number | null): Set<number> {
  const out = new Set<number>();
  if (line === null || line < 0 || line >= SIZE) return out;
  for (let k = 0; k < SIZE; k++) {
    if (wall === 'N') out.add(k * SIZE + line);
    else if (wall === 'S') out.add(k * SIZE + (SIZE - 1 - line));
    else if (wall === 'E') out.add(line * SIZE + k);
    else out.add((SIZE - 1 - line) * SIZE + k);
  }
  return out;
}

const xy = (tile: number) => ({ x: PAD + (tile % SIZE) * CELL, y: PAD + Math.floor(tile / SIZE) * CELL });

/** The legal MOVE destinations of a cat, from the legal action list. */
export function movesOf(view: View, cat: number | null): Set<number> {
  const out = new Set<number>();
  if (cat === null) return out;
  for (const a of view.response.legalActions) if (isRecord(a) && a.type === 'MOVE' && a.cat === cat) out.add(a.tile as number);
  return out;
}

function windowBar(wall: string): string {
  const full = SIZE * CELL;
  const [x, y, w, h] =
    wall === 'N'
      ? [PAD, 2, full, 10]
      : wall === 'S'
        ? [PAD, PAD + full + 6, full, 10]
        : wall === 'E'
          ? [PAD + full + 6, PAD, 10, full]
          : [2, PAD, 10, full];
  return `<rect class="window" x="${x}" y="${y}" width="${w}" height="${h}"><title>window on the ${esc(wall)} wall</title></rect>`;
}

export function drawRoom(view: View, ui: SunUi): string {
  const obs = view.response.observation as unknown as SunObs;
  const s = view.response.state as SunState;
  const light = lightFromText(obs.text);
  const band = obs.phase === 'day' ? bandTiles(obs.band.wall, obs.band.line) : new Set<number>();
  const targets = movesOf(view, ui.selected);
  const catAt = new Map(obs.cats.map((c) => [c.tile, c]));
  const parts: string[] = [windowBar(obs.band.wall)];
  for (let t = 0; t < TILES; t++) {
    const { x, y } = xy(t);
    const furniture = s.layout.furniture.includes(t);
    const cls = ['tile'];
    if (furniture) cls.push('furniture');
    else if (light[t] === '*') cls.push('lit');
    else if (band.has(t)) cls.push(obs.band.cloudy ? 'clouded' : 'shade');
    if (light[t] === '~') cls.push('warm');
    if (targets.has(t)) cls.push('target');
    const cat = catAt.get(t);
    const token = cat ? `cat:${cat.id}` : `tile:${t}`;
    const label = furniture ? `furniture, tile ${t}` : cat ? `cat ${cat.id}, tile ${t}` : `tile ${t}${light[t] === '*' ? ', lit' : ''}`;
    const focusable = cat !== undefined || targets.has(t);
    const attrs = uiAttrs(token, `t${t}`, label).replace('tabindex="0"', focusable ? 'tabindex="0"' : 'tabindex="-1"');
    parts.push(`<g class="${cls.join(' ')}" ${attrs}><rect x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="5"/>`);
    if (t === s.layout.hearth) parts.push(`<text class="hearth" x="${x + CELL / 2}" y="${y + CELL - 8}">♨ hearth</text>`);
    parts.push('</g>');
  }
  for (const b of obs.bowls) {
    const { x, y } = xy(b.mat);
    parts.push(
      `<g class="mat${b.counting ? ' counting' : ''}"><rect class="mat-box" x="${x + 6}" y="${y + 6}" width="${CELL - 12}" height="${CELL - 12}" rx="10"/><text x="${x + CELL - 10}" y="${y + 20}">${b.in}</text><title>bowl serves on turn ${b.serveTurn}, in ${b.in}</title></g>`,
    );
  }
  obs.dogs.forEach((d, i) => {
    d.next.forEach((n, k) => {
      const p = xy(n);
      parts.push(`<text class="dog-next" x="${p.x + 10 + k * 6}" y="${p.y + CELL - 6}">${k + 1}</text>`);
    });
    const p = xy(d.tile);
    parts.push(
      `<g class="dog"><circle cx="${p.x + CELL / 2}" cy="${p.y + CELL / 2}" r="16"/><text x="${p.x + CELL / 2}" y="${p.y + CELL / 2 + 5}">D${i}</text></g>`,
    );
  });
  for (const c of obs.cats) {
    const p = xy(c.tile);
    const cx = p.x + CELL / 2;
    const cy = p.y + CELL / 2;
    const sel = ui.selected === c.id ? ' selected' : '';
    const warmth = c.warmthCap === 6 ? 'sun' : c.warmthCap === 3 ? 'hearth' : 'cold';
    parts.push(
      `<g class="cat${sel} ${warmth}" pointer-events="none"><circle cx="${cx}" cy="${cy}" r="${c.big ? 22 : 17}"/><text class="cat-id" x="${cx}" y="${cy + 5}">${c.id}</text><text class="settled" x="${p.x + 5}" y="${p.y + 14}">z${c.settled}</text>${c.pile ? `<text class="pile" x="${p.x + CELL - 5}" y="${p.y + 14}">+${c.pile}</text>` : ''}</g>`,
    );
  }
  const full = 2 * PAD + SIZE * CELL;
  return `<svg class="board-svg sun" viewBox="0 0 ${full} ${full}" role="group" aria-label="the room, window ${esc(obs.band.wall)}">${parts.join('')}</svg>`;
}

export const sunloafRenderer: Renderer<SunUi> = {
  initUi: () => ({ selected: null }),
  keyHelp: 'Click a cat (or press its number 0–4), then a tile. R rest, Z doze, N next day, E end run, Esc deselect.',
  render(view, ui) {
    const obs = view.response.observation as unknown as SunObs;
    const s = view.response.state as SunState;
    if (ui.selected !== null && !obs.cats.some((c) => c.id === ui.selected)) ui.selected = null;
    const nextClouds = s.layout.clouds.filter((c) => c >= obs.turn);
    const phase =
      obs.phase === 'sunset'
        ? 'sunset: day won'
        : obs.phase === 'over'
          ? `run over (${s.outcome ?? ''})`
          : `turn ${obs.turn + 1} of ${obs.dayLength}`;
    const catRows = obs.cats
      .map(
        (c) =>
          `<li${ui.selected === c.id ? ' class="selected"' : ''}><button type="button" ${uiAttrs(`cat:${c.id}`, `catbtn${c.id}`, `select cat ${c.id}`).replace(' tabindex="0" role="button"', '')}>Cat ${c.id}${c.big ? ' (big)' : ''}</button> settled ${c.settled}, range ${c.range}, ${c.warmthCap === 6 ? '☀ lit' : c.warmthCap === 3 ? '♨ hearth (cap 3)' : 'not lit'}, pile ${c.pile}</li>`,
      )
      .join('');
    const side = `<div class="side">${gauge('Quota (raw cosy)', obs.quota.raw, obs.quota.needed, obs.quota.met ? 'quota met' : 'quota')}${stats(
      [
        ['Day', obs.day],
        ['Turn', phase],
        ['Turns left', obs.turnsLeft],
        ['Multiplier', `×${(obs.mult / 100).toFixed(2)}`],
        ['Bowl chain', obs.chain],
        ['Window', `${obs.band.wall}, line ${obs.band.line ?? '—'}`],
        ['Sky', obs.band.cloudy ? 'cloud ☁' : 'clear'],
        ['Clouds on turns', nextClouds.length ? nextClouds.map((c) => c + 1).join(', ') : 'none'],
      ],
    )}
<ul class="cats">${catRows}</ul>
<p class="selection">${ui.selected === null ? 'No cat selected.' : `Cat ${ui.selected} selected: pick a tile.`}</p>
<div class="actions">${actButton({ type: 'REST' }, 'Rest (R)', 'REST')}${actButton({ type: 'DOZE' }, 'Doze (Z)', 'DOZE')}${actButton({ type: 'NEXT_DAY' }, 'Next day (N)', 'NEXT_DAY')}${actButton({ type: 'END_RUN' }, 'End run (E)', 'END_RUN')}</div>
<p class="legend">yellow = lit, tan = band in shade, grey = band under cloud, ▢ mat with turns to serve (orange: counting down), D dog with its next steps 1–3, z = settled streak, +n = pile</p></div>`;
    return `<div class="board-row">${drawRoom(view, ui)}${side}</div>`;
  },
  onUi(token, _view, ui): Intent {
    const [kind, raw] = token.split(':');
    const n = Number(raw);
    if (kind === 'cat') {
      // a move onto another cat is never legal, so clicking a cat always (de)selects it
      ui.selected = ui.selected === n ? null : n;
      return { redraw: true };
    }
    if (kind === 'tile') {
      if (ui.selected === null) return null;
      return { act: { type: 'MOVE', cat: ui.selected, tile: n } };
    }
    return null;
  },
  onKey(key, view, ui): Intent {
    const k = key.toLowerCase();
    if (k === 'r') return { act: { type: 'REST' } };
    if (k === 'z') return { act: { type: 'DOZE' } };
    if (k === 'n') return { act: { type: 'NEXT_DAY' } };
    if (k === 'e') return { act: { type: 'END_RUN' } };
    if (key === 'Escape') {
      ui.selected = null;
      return { redraw: true };
    }
    if (/^[0-4]$/.test(key)) {
      const obs = view.response.observation as unknown as SunObs;
      if (!obs.cats.some((c) => c.id === Number(key))) return null;
      ui.selected = Number(key);
      return { redraw: true };
    }
    return null;
  },
};
