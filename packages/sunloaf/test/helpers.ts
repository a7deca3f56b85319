// Hand-built rooms for rule tests: a running day with exactly the layout, cats and bowls a test names.
import { initialState } from '../src/day.ts';
import type { Bowl, Cat, Layout, State } from '../src/state.ts';

export interface RoomOptions {
  day?: number;
  turn?: number;
  mult?: number;
  chain?: number;
  dayQuota?: number;
  layout?: Partial<Layout>;
  cats?: Array<{ tile: number; settled?: number; big?: boolean; range?: number }>;
  bowls?: Array<Omit<Bowl, 'status'> & { status?: Bowl['status'] }>;
}

/** A running day built by hand (not a state parseState would accept: it is for the turn rules only). */
export function room(o: RoomOptions = {}): State {
  const s = initialState(1);
  const bandDwell = o.layout?.bandDwell ?? 3;
  s.day = o.day ?? 1;
  s.turn = o.turn ?? 0;
  s.mult = o.mult ?? 100;
  s.chain = o.chain ?? 0;
  s.dayQuota = o.dayQuota ?? 0;
  s.dayCosyRaw = 0;
  s.score = 0;
  s.layout = {
    window: 'N',
    bandDwell,
    dayLength: (7 * bandDwell) as Layout['dayLength'],
    shade: 1,
    furniture: [],
    hearth: 48,
    clouds: [],
    lattice: null,
    dogLoops: [],
    dogSpeed: 1,
    ...o.layout,
  };
  s.cats = (o.cats ?? []).map((c, id) => ({
    id,
    tile: c.tile,
    settled: c.settled ?? 0,
    range: (c.range ?? [3, 2, 4, 3, 2][id]!) as Cat['range'],
    big: c.big ?? false,
  }));
  s.bowls = (o.bowls ?? []).map((b) => ({ status: 'waiting', ...b }));
  return s;
}

export const tileAt = (row: number, col: number): number => row * 7 + col;
