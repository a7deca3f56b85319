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
  type Intent,
  isRecord,
  kinds,
  labelOf,
  legalButton,
  legendLine,
  nameOf,
  numbering,
  stats,
  uiAttrs,
  type View,
  type WebBoard,
} from '@hearth/engine/web';
import type { SunloafObservation } from '../index.ts';

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

export function drawRoom(view: View, ui: SunUi): string {
  const obs = obsOf(view);
  const g = grid(view);
  const xy = xyOf(view);
  const k = kinds(view, ['hearth', 'dog']);
  const lit = new Set(obs.lit);
  const band = new Set(obs.band.tiles);
  const furniture = new Set(obs.room.furniture);
  const targets = movesOf(view, ui.selected);
  const keyOf = new Map(targets.map((t, i) => [t, TARGET_KEYS[i]]));
  const catAt = new Map(obs.cats.map((c) => [c.tile, c]));
  const parts: string[] = [windowBar(view, obs.band.wall)];
  for (let t = 0; t < g.rows * g.cols; t++) {
    const { x, y } = xy(t);
    const cls = ['tile'];
    if (furniture.has(t)) cls.push('furniture');
    else if (lit.has(t)) cls.push('lit');
    else if (band.has(t)) cls.push(obs.band.cloudy ? 'clouded' : 'shade');
    if (obs.warmHearth === t) cls.push('warm');
    const key = keyOf.get(t);
    if (key !== undefined || targets.includes(t)) cls.push('target');
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
    if (t === obs.room.hearth)
      parts.push(`<text class="hearth" x="${x + CELL / 2}" y="${y + CELL - 8}">${k.hearth.mark} ${k.hearth.label}</text>`);
    if (key) parts.push(`<text class="tile-key" x="${x + CELL - 9}" y="${y + CELL - 9}">${esc(key)}</text>`);
    parts.push('</g>');
  }
  for (const b of obs.bowls) {
    const { x, y } = xy(b.mat);
    parts.push(
      `<g class="mat${b.counting ? ' counting' : ''}"><rect class="mat-box" x="${x + 6}" y="${y + 6}" width="${CELL - 12}" height="${CELL - 12}" rx="10"/><text x="${x + CELL - 10}" y="${y + 20}">${b.in}${b.counting ? '!' : ''}</text><title>bowl serves on turn ${b.serveTurn}, in ${b.in}</title></g>`,
    );
  }
  obs.dogs.forEach((d, i) => {
    d.next.forEach((n, k) => {
      const p = xy(n);
      parts.push(`<text class="dog-next" x="${p.x + 10 + k * 6}" y="${p.y + CELL - 6}">${k + 1}</text>`);
    });
    const p = xy(d.tile);
    parts.push(
      `<g class="dog"><circle cx="${p.x + CELL / 2}" cy="${p.y + CELL / 2}" r="16"/><text x="${p.x + CELL / 2}" y="${p.y + CELL / 2 + 5}">${k.dog.mark}${i}</text></g>`,
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
  return `<svg class="board-svg sun" viewBox="0 0 ${2 * PAD + g.cols * CELL} ${2 * PAD + g.rows * CELL}" role="group" aria-label="the room, window ${esc(obs.band.wall)}">${parts.join('')}</svg>`;
}

export const sunloafRenderer: WebBoard<SunUi> = {
  initUi: () => ({ selected: null }),
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
${view.spec.look ? legendLine(view.spec.look, numbering(grid(view))) : ''}</div>`;
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
