// Sunloaf: the room (its size from spec.look) with the window wall, the band of light (lit tiles bright, band tiles in shade or under
// cloud), furniture, hearth, mats with their countdowns, dogs with their next steps and the cats (settled streak,
// warmth, pile). Everything comes from the observation as data (lit, warmHearth, band.tiles, room, clouds): the
// page recomputes nothing and never reads the text picture. Select a cat, then a tile (click, or its letter).

import {
  cellXY,
  END_HINT,
  esc,
  gauge,
  grid,
  happened,
  type Intent,
  isRecord,
  kinds,
  labelOf,
  legalButton,
  nameOf,
  numbering,
  stats,
  uiAttrs,
  type View,
  type WebBoard,
  webKinds,
} from '@hearth/engine/web';
import type { SunloafObservation } from '../index.ts';
import { bowlShape, catShape, dogShape, furnitureShape, hearthShape, RAYS_DEF, raysOn } from './art.ts';

export const CELL = 60;
const PAD = 18; // room for the window bar
const AT = { cell: CELL, left: PAD, top: PAD };

/** Destination keys once a cat is selected, as in the terminal client (no control letter among them). */
export const TARGET_KEYS = [...'abefgiopstuvwxy', ...'ABFGIJKLMNOPQRSTUVWXYZ'];

export interface SunUi {
  selected: number | null;
  /** The response the cat was selected on: once an action is taken after it, the selection ends. */
  on?: unknown;
}

export const obsOf = (view: View) => view.response.observation as SunloafObservation;

/** A tile's name for people, as the game's look names cells (and its recap names moves). */
export const tileName = (view: View, tile: number): string => {
  const { cols } = grid(view);
  return nameOf(view, Math.floor(tile / cols), tile % cols);
};

/** A tile's top-left corner (tiles are row-major over the grid's columns). */
const xyOf = (view: View) => {
  const g = grid(view);
  return (tile: number) => cellXY(g, AT, Math.floor(tile / g.cols), tile % g.cols);
};

/** The legal MOVE destinations of a cat, in legalActions order (the order their keys follow). */
export function movesOf(view: View, cat: number | null): number[] {
  if (cat === null) return [];
  const out: number[] = [];
  for (const a of view.response.legalActions) if (isRecord(a) && a.type === 'MOVE' && a.cat === cat) out.push(a.tile as number);
  return out;
}

function windowBar(view: View, wall: string): string {
  const g = grid(view);
  const wide = g.cols * CELL;
  const tall = g.rows * CELL;
  const [x, y, w, h] =
    wall === 'N'
      ? [PAD, 2, wide, 10]
      : wall === 'S'
        ? [PAD, PAD + tall + 6, wide, 10]
        : wall === 'E'
          ? [PAD + wide + 6, PAD, 10, tall]
          : [2, PAD, 10, tall];
  return `<rect class="window" x="${x}" y="${y}" width="${w}" height="${h}"><title>window on the ${esc(wall)} wall</title></rect>`;
}

/** The previous observation, when the last action was a step the board can show moving (not after a new day). */
const before = (view: View): SunloafObservation | undefined => {
  const prev = view.previous?.observation as SunloafObservation | undefined;
  return view.motion && prev && prev.day === obsOf(view).day ? prev : undefined;
};

/** A slide from where a thing stood before this step (CSS: .fx-slide), or nothing. */
function slideFrom(view: View, from: number | undefined, to: number): string {
  if (from === undefined || from === to) return '';
  const xy = xyOf(view);
  const a = xy(from);
  const b = xy(to);
  return ` fx-slide" style="--fx-dx:${a.x - b.x}px;--fx-dy:${a.y - b.y}px`;
}

export function drawRoom(view: View, ui: SunUi): string {
  const obs = obsOf(view);
  const prev = before(view);
  const g = grid(view);
  const xy = xyOf(view);
  const k = kinds(view, ['hearth', 'dog']);
  const lit = new Set(obs.lit);
  const wasLit = new Set(prev?.lit ?? obs.lit);
  const band = new Set(obs.band.tiles);
  const furniture = new Set(obs.room.furniture);
  const targets = movesOf(view, ui.selected);
  const keyOf = new Map(targets.map((t, i) => [t, TARGET_KEYS[i]]));
  const catAt = new Map(obs.cats.map((c) => [c.tile, c]));
  const parts: string[] = [RAYS_DEF, windowBar(view, obs.band.wall)];
  for (let t = 0; t < g.rows * g.cols; t++) {
    const { x, y } = xy(t);
    const cls = ['tile'];
    if (furniture.has(t)) cls.push('furniture');
    else if (lit.has(t)) cls.push('lit');
    else if (band.has(t)) cls.push(obs.band.cloudy ? 'clouded' : 'shade');
    if (obs.warmHearth === t) cls.push('warm');
    const key = keyOf.get(t);
    if (key !== undefined || targets.includes(t)) cls.push('target');
    if (prev && lit.has(t) && !wasLit.has(t) && !furniture.has(t)) cls.push('fx-light');
    const cat = catAt.get(t);
    const token = cat ? `cat:${cat.id}` : `tile:${t}`;
    // tiles are named as the engine's recap names them: row and column from 1, from the top left
    const where = tileName(view, t);
    const label = furniture.has(t)
      ? `furniture, ${where}`
      : cat
        ? `cat ${cat.id}, ${where}`
        : `${t === obs.room.hearth ? `${k.hearth.mark} ${k.hearth.label}, ` : ''}${where}${lit.has(t) ? ', lit' : ''}${key ? `, key ${key}` : ''}`;
    const focusable = cat !== undefined || targets.includes(t);
    const attrs = uiAttrs(token, `t${t}`, label).replace('tabindex="0"', focusable ? 'tabindex="0"' : 'tabindex="-1"');
    parts.push(
      `<g class="${cls.join(' ')}" ${attrs}><title>${esc(label)}</title><rect x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="5"/>`,
    );
    if (lit.has(t) && !furniture.has(t)) parts.push(raysOn(x, y, CELL));
    if (furniture.has(t)) parts.push(furnitureShape(x, y, CELL));
    if (obs.band.cloudy && band.has(t) && !furniture.has(t))
      parts.push(`<text class="cloud-mark" x="${x + CELL - 6}" y="${y + 16}">☁</text>`);
    if (t === obs.room.hearth) parts.push(hearthShape(x + CELL / 2, y + CELL / 2, obs.warmHearth === t));
    if (key) parts.push(`<text class="tile-key" x="${x + CELL - 9}" y="${y + CELL - 9}">${esc(key)}</text>`);
    parts.push('</g>');
  }
  const served = (view.recap?.items ?? []).some((i) => i.kind === 'bowl_eaten' || i.kind === 'bowl_missed');
  for (const b of obs.bowls) {
    const { x, y } = xy(b.mat);
    parts.push(
      `<g class="mat${b.counting ? ' counting' : ''}"><rect class="mat-box" x="${x + 5}" y="${y + 5}" width="${CELL - 10}" height="${CELL - 10}" rx="10"/>${bowlShape(x + CELL / 2, y + CELL - 14, b.counting)}<text x="${x + CELL - 8}" y="${y + 18}">${b.in}${b.counting ? '!' : ''}</text><title>bowl serves on turn ${b.serveTurn}, in ${b.in}</title></g>`,
    );
  }
  if (prev && served)
    for (const b of prev.bowls.filter((pb) => !obs.bowls.some((nb) => nb.mat === pb.mat))) {
      const { x, y } = xy(b.mat);
      parts.push(`<g class="fx-serve" pointer-events="none">${bowlShape(x + CELL / 2, y + CELL - 14, false)}</g>`);
    }
  obs.dogs.forEach((d, i) => {
    d.next.forEach((n, j) => {
      const p = xy(n);
      parts.push(`<text class="dog-next" x="${p.x + 8 + j * 7}" y="${p.y + CELL - 5}">🐾${j + 1}</text>`);
    });
    const p = xy(d.tile);
    const from = prev?.dogs[i]?.tile;
    parts.push(
      `<g class="dog${slideFrom(view, from, d.tile)}" pointer-events="none"><title>dog ${i}</title>${dogShape(p.x + CELL / 2 + 4, p.y + CELL / 2 + 2)}<text class="dog-id" x="${p.x + CELL - 6}" y="${p.y + 14}">${k.dog.mark}${i}</text></g>`,
    );
  });
  for (const c of obs.cats) {
    const p = xy(c.tile);
    const cx = p.x + CELL / 2;
    const cy = p.y + CELL / 2 + 2;
    const sel = ui.selected === c.id ? ' selected' : '';
    const warmth = c.warmthCap === 6 ? 'sun' : c.warmthCap === 3 ? 'hearth' : 'cold';
    const was = prev?.cats.find((x) => x.id === c.id);
    const settling = was && c.settled > was.settled ? ' fx-settle' : '';
    parts.push(
      `<g class="cat${sel} ${warmth}${settling}${slideFrom(view, was?.tile, c.tile)}" pointer-events="none">${catShape(cx, cy, { asleep: c.settled > 0, big: c.big, warmth })}<text class="cat-id" x="${p.x + 6}" y="${p.y + CELL - 5}">${c.id}</text>${c.settled > 0 ? `<text class="settled" x="${p.x + 4}" y="${p.y + 13}">z${c.settled}</text>` : ''}${c.pile ? `<text class="pile" x="${p.x + CELL - 5}" y="${p.y + 13}">+${c.pile}</text>` : ''}${c.warmthCap === 6 ? `<text class="warm-mark" x="${p.x + CELL - 5}" y="${p.y + CELL - 5}">☀</text>` : c.warmthCap === 3 ? `<text class="warm-mark" x="${p.x + CELL - 5}" y="${p.y + CELL - 5}">♨</text>` : ''}</g>`,
    );
  }
  return `<svg class="board-svg sun" viewBox="0 0 ${2 * PAD + g.cols * CELL} ${2 * PAD + g.rows * CELL}" role="group" aria-label="the room, window ${esc(obs.band.wall)}">${parts.join('')}</svg>`;
}

/** One legend sample: the board's own drawing of a kind, at the size of a word. */
function sample(id: string): string {
  const box = (body: string, extra = '') =>
    `<svg class="legend-icon sun" viewBox="0 0 ${CELL} ${CELL}" aria-hidden="true"><g class="tile${extra}"><rect x="1" y="1" width="${CELL - 2}" height="${CELL - 2}" rx="5"/>${body}</g></svg>`;
  const c = CELL / 2;
  const bodies: Record<string, () => string> = {
    cat: () => box(catShape(c, c + 2, { asleep: true, big: false, warmth: 'sun' }) + raysOn(0, 0, CELL), ' lit'),
    big: () => box(catShape(c, c + 4, { asleep: false, big: true, warmth: 'cold' })),
    lit: () => box(raysOn(0, 0, CELL), ' lit'),
    shade: () => box('', ' shade'),
    clouded: () => box(`<text class="cloud-mark" x="${CELL - 6}" y="16">☁</text>`, ' clouded'),
    warm: () => box(hearthShape(c, c, true), ' warm'),
    hearth: () => box(hearthShape(c, c, false)),
    furniture: () => box(furnitureShape(0, 0, CELL), ' furniture'),
    bowl: () =>
      box(`<rect class="mat-box" x="5" y="5" width="${CELL - 10}" height="${CELL - 10}" rx="10"/>${bowlShape(c, CELL - 14, false)}`),
    dog: () => box(dogShape(c + 4, c + 2)),
  };
  return bodies[id]?.() ?? '';
}

/** The legend: each kind of the game's table with the board's own drawing of it, and its words. */
export function legend(view: View): string {
  const look = view.spec.look;
  if (!look) return '';
  const items = webKinds(look).map((k) => {
    const icon = sample(k.id);
    const words =
      k.id === 'cat' ? 'cat asleep (curled, z = settled streak)' : k.id === 'big' ? 'big cat, awake (sitting up)' : (k.note ?? k.label);
    return `<li data-kind="${esc(k.id)}">${icon || `<span class="legend-mark" aria-hidden="true">${esc(k.mark ?? k.glyph)}</span>`} ${esc(words)}</li>`;
  });
  return `<ul class="legend sun-legend">${items.join('')}</ul><p class="legend">${esc(numbering(grid(view)))}</p>`;
}

const has = happened;

/** The first-game tutorial: seed 29 opens with cat 0 in the dark beside the sunbeam (checked by the package's tests). */
export const TUTORIAL = {
  seed: 29,
  steps: [
    {
      say: 'This is the room. The band of sunlight (the tiles with rays) slides across it from the window, one line every few turns. A cat earns only while it sleeps on a lit tile, and more the longer it sleeps.',
    },
    {
      say: 'Cat 0 sleeps in the dark, where it earns nothing. Pick it, then the lit tile at row 2, col 1. Moving wakes it: it starts its nap again from the bottom.',
      action: { type: 'MOVE', cat: 0, tile: 7 },
      point: ['[data-ui="cat:0"]', '[data-ui="tile:7"]'],
    },
    {
      say: 'Rest: nobody moves, and every cat you leave alone settles one step deeper (z1, z2, …) and purrs more on a lit tile.',
      action: { type: 'REST' },
    },
    { say: 'Rest again: the same nap now pays double.', action: { type: 'REST' } },
    {
      say: 'Doze rests several turns at once and stops early when something changes (the light leaves a cat, a bowl, a dog).',
      action: { type: 'DOZE' },
    },
  ],
  done: 'That is the whole game: leave sleeping cats alone in the light, and wake one only when the sun has moved on. Meet the day’s quota before sunset to open the next day.',
} as const;

export const sunloafRenderer: WebBoard<SunUi> = {
  initUi: () => ({ selected: null }),
  tutorial: TUTORIAL,
  describe(action, view) {
    if (!isRecord(action)) return undefined;
    if (action.type === 'MOVE' && typeof action.tile === 'number') return `Cat ${action.cat} to ${tileName(view, action.tile)}`;
    return typeof action.type === 'string' ? labelOf(view, action.type) : undefined;
  },
  ending(view) {
    return obsOf(view).outcomeText ?? undefined;
  },
  moment(view) {
    const obs = obsOf(view);
    if (!has(view, 'day_end') || obs.phase !== 'sunset') return undefined;
    const bonus = view.recap?.items.find((i) => i.kind === 'day_end')?.points;
    return { title: `Day ${obs.day} complete`, detail: `quota met${bonus ? ` · day bonus +${bonus}` : ''}`, mark: '☀️' };
  },
  finalMark(view) {
    const o = obsOf(view).outcome;
    return o === 'quota_missed' ? '🌧️' : o === 'good_game' ? '🌙' : undefined;
  },
  cues(view) {
    if (has(view, 'dog_reset')) return ['hit'];
    if (has(view, 'bowl_missed')) return ['lost'];
    if (has(view, 'bowl_eaten') || (view.previous && view.response.score > view.previous.score)) return ['gain'];
    return ['step'];
  },
  keyHelp:
    'Click a cat (or press its number 0–4), then a tile (or the letter drawn on it). R rest, Z doze, N next day at sunset, Shift+E end run, Esc deselect.',
  render(view, ui) {
    const obs = obsOf(view);
    if (ui.selected !== null && !obs.cats.some((c) => c.id === ui.selected)) ui.selected = null;
    // a selection lasts until the next accepted action (its move, or any other): a stray letter later moves nothing
    if (ui.selected !== null && ui.on !== undefined && ui.on !== view.response) ui.selected = null;
    const turn = obs.phase === 'day' ? `${obs.turn} (of 0–${obs.dayLength - 1})` : obs.phase === 'sunset' ? 'sunset' : 'over';
    const catRows = obs.cats
      .map(
        (c) =>
          `<li${ui.selected === c.id ? ' class="selected"' : ''}><button type="button" ${uiAttrs(`cat:${c.id}`, `catbtn${c.id}`, `select cat ${c.id}`).replace(' tabindex="0" role="button"', '')}>Cat ${c.id}${c.big ? ' (big)' : ''}</button> settled ${c.settled}, range ${c.range}, ${c.warmthCap === 6 ? '☀ lit' : c.warmthCap === 3 ? '♨ hearth (cap 3)' : 'not lit'}, pile ${c.pile}</li>`,
      )
      .join('');
    const b = (type: string, keys: string, confirm?: string) =>
      legalButton(view, { type }, `${labelOf(view, type)} (${keys})`, type, confirm);
    const side = `<div class="side"><p class="status" data-outcome="${esc(obs.outcome ?? '')}">${esc(obs.outcomeText ?? obs.status)}</p>${gauge('Quota (raw cosy)', obs.quota.raw, obs.quota.needed, obs.quota.met ? 'quota met' : 'quota')}${stats(
      [
        ['Day', obs.day],
        ['Turn', turn],
        ['Turns left', obs.turnsLeft],
        ['Multiplier', `×${(obs.mult / 100).toFixed(2)}`],
        ['Bowl chain', obs.chain],
        ['Window', `${obs.band.wall}, line ${obs.band.line ?? '—'}`],
        ['Sky', obs.band.cloudy ? 'cloud ☁' : 'clear'],
        ['Cloud turns', obs.clouds.length ? obs.clouds.join(', ') : 'none'],
      ],
    )}
<ul class="cats">${catRows}</ul>
<p class="selection">${ui.selected === null ? 'No cat selected.' : `Cat ${ui.selected} selected: pick a tile.`}</p>
<div class="actions">${b('REST', 'R')}${b('DOZE', 'Z')}${b('NEXT_DAY', 'N')}${b('END_RUN', '⇧E', `End the run on day ${obs.day} with ${view.response.score} points?`)}</div>
${legend(view)}</div>`;
    return `<div class="board-row">${drawRoom(view, ui)}${side}</div>`;
  },
  onUi(token, view, ui): Intent {
    const [kind, raw] = token.split(':');
    const n = Number(raw);
    if (kind === 'cat') {
      // a move onto another cat is never legal, so clicking a cat always (de)selects it
      ui.selected = ui.selected === n ? null : n;
      ui.on = view.response;
      return { redraw: true };
    }
    if (kind === 'tile') {
      if (ui.selected === null) return null;
      return { act: { type: 'MOVE', cat: ui.selected, tile: n } };
    }
    return null;
  },
  onKey(key, view, ui): Intent {
    if (ui.selected !== null) {
      const i = TARGET_KEYS.indexOf(key);
      const tile = i >= 0 ? movesOf(view, ui.selected)[i] : undefined;
      if (tile !== undefined) return { act: { type: 'MOVE', cat: ui.selected, tile } };
    }
    if (key === 'E') return { act: { type: 'END_RUN' } };
    if (key === 'e') return { say: END_HINT };
    const k = key.toLowerCase();
    if (k === 'r' || key === '.') return { act: { type: 'REST' } };
    if (k === 'z') return { act: { type: 'DOZE' } };
    if (k === 'n') return { act: { type: 'NEXT_DAY' } };
    if (key === 'Escape') {
      ui.selected = null;
      return { redraw: true };
    }
    if (/^[0-9]$/.test(key)) {
      if (!obsOf(view).cats.some((c) => c.id === Number(key))) return null;
      ui.selected = Number(key);
      ui.on = view.response;
      return { redraw: true };
    }
    return null;
  },
};
