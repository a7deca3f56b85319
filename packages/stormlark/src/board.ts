// The flat board shared with the kernel: five i32 arrays (kind, hp, drift, id, slot) in WASM memory,
// one entry per cell, cell = col * 7 + lane. Kind codes and field order are assembly/constants.ts. `slot` is the
// entity's index in the list the board was written from (-1 for a fresh one), carried by the kernel
// as entities move, so reading the board back updates the same entity objects instead of allocating.
import { CELLS, CRAG, DRIFTER, EMPTY, GATE, KNOT, LANES, MOTE, RIMESHELL, SPARKER, SQUALL, WARDEN } from '../assembly/constants.ts';
import type { Entity, Kind } from './shapes/state.ts';

// The kind codes and the board geometry come from the one file the kernel also compiles.
export { CELLS, COLS, CRAG, DRIFTER, EMPTY, GATE, KNOT, LANES, MOTE, RIMESHELL, SPARKER, SQUALL, WARDEN } from '../assembly/constants.ts';

export const KIND_CODE: Readonly<Record<Kind, number>> = {
  crag: CRAG,
  knot: KNOT,
  drifter: DRIFTER,
  rimeshell: RIMESHELL,
  sparker: SPARKER,
  warden: WARDEN,
  squall: SQUALL,
  mote: MOTE,
  gate: GATE,
};
/** Hits a freshly drawn entity takes to clear (0: it cannot be cleared by hits). The one hp table. */
export const FULL_HP: Readonly<Record<Kind, number>> = {
  crag: 0,
  knot: 1,
  drifter: 1,
  rimeshell: 2,
  sparker: 1,
  warden: 4,
  squall: 0,
  mote: 0,
  gate: 0,
};
/** Kind by code, and FULL_HP by code; code 0 (empty) has neither: it never reaches a state, a pulse or a collision. */
const kindByCode: Kind[] = [];
const fullHpByCode: number[] = [];
for (const [kind, code] of Object.entries(KIND_CODE) as [Kind, number][]) {
  kindByCode[code] = kind;
  fullHpByCode[code] = FULL_HP[kind];
}
export const KIND_BY_CODE: readonly Kind[] = kindByCode;
export const FULL_HP_BY_CODE: readonly number[] = fullHpByCode;

/** Solids cost 1 hull on contact: crag, knot, drifter, rimeshell, sparker, warden. */
export const isSolid = (code: number): boolean => code >= CRAG && code <= WARDEN;
/** Everything but a mote and a Gate marker stops a pulse. */
export const blocksPulse = (code: number): boolean => code >= CRAG && code <= SQUALL;

/** The views on the kernel's board. */
export interface BoardViews {
  readonly kind: Int32Array;
  readonly hp: Int32Array;
  readonly drift: Int32Array;
  readonly id: Int32Array;
  readonly slot: Int32Array;
}

export function writeBoard(b: BoardViews, entities: readonly Entity[]): void {
  b.kind.fill(0);
  b.hp.fill(0);
  b.drift.fill(0);
  b.id.fill(0);
  b.slot.fill(-1);
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i]!;
    const cell = e.col * LANES + e.lane;
    b.kind[cell] = KIND_CODE[e.kind];
    b.hp[cell] = e.hp;
    b.drift[cell] = e.drift;
    b.id[cell] = e.id;
    b.slot[cell] = i;
  }
}

/**
 * The entity list in board order (column ascending, then lane ascending), the order states carry.
 * Entities that came from `previous` (by slot) are the same objects, updated in place. Afterwards
 * the board's slots index the returned list, so the board mirrors it exactly.
 */
export function readBoard(b: BoardViews, previous: readonly Entity[]): Entity[] {
  const out: Entity[] = [];
  const kind = b.kind;
  for (let cell = 0; cell < CELLS; cell++) {
    const k = kind[cell]!;
    if (k === EMPTY) continue;
    const col = (cell / LANES) | 0;
    const slot = b.slot[cell]!;
    const old = slot >= 0 ? previous[slot] : undefined;
    b.slot[cell] = out.length; // the board now mirrors the returned list
    if (old) {
      old.lane = cell - col * LANES;
      old.col = col;
      old.hp = b.hp[cell]!;
      old.drift = b.drift[cell] as Entity['drift'];
      out.push(old);
    }
    // Keys in canonical (sorted) order, as in every state: the server signs the native JSON.
    else
      out.push({
        col,
        drift: b.drift[cell] as Entity['drift'],
        hp: b.hp[cell]!,
        id: b.id[cell]!,
        kind: KIND_BY_CODE[k]!,
        lane: cell - col * LANES,
      });
  }
  return out;
}

export function clearCell(b: BoardViews, cell: number): void {
  b.kind[cell] = 0;
  b.hp[cell] = 0;
  b.drift[cell] = 0;
  b.id[cell] = 0;
  b.slot[cell] = -1;
}
