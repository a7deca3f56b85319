// @ts-nocheck
// More rules of the design document, stated where a mutation run showed them untested: turn-0 states against
// init, the observation's refusals, and the step report's collision and guard.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StormlarkGame } from '../src/index.ts';
import type { StormlarkAction, StormlarkState } from '../src/state.ts';
import { ent, freshGame, makeState, step, stepEvents } from './helpers.ts';

let game: StormlarkGame;
beforeAll(async () => {
  game = await freshGame('wasm');
});

describe('a turn-0 entity differing from init in one field is refused', () => {
  // DETERMINISM: before the first scroll the board is exactly init(seed)'s; each field of each entity is compared.
  const differs = (i: number) => `state.entities[${i}] differs from what init(state.seed) draws, and no turn has scrolled yet`;
  const parse = (value: unknown) => {
    const r = game.rules.parseState(value);
    return r.ok ? 'ok' : r.message;
  };
  const free = (s: StormlarkState, lane: number, col: number) => !s.entities.some((e) => e.lane === lane && e.col === col);
  /** The first init state (seeds 1, 2, ...) holding an entity that `pick` accepts, and its index. */
  const find = (pick: (s: StormlarkState, i: number) => boolean) => {
    for (let seed = 1; seed < 500; seed++) {
      const s = JSON.parse(JSON.stringify(game.init(seed).state)) as StormlarkState;
      for (let i = 0; i < s.entities.length; i++) if (pick(s, i)) return { s, i };
    }
    throw new Error('no seed holds such an entity');
  };
  it('a crag turned into a mote (same hp 0, same drift 0)', () => {
    const { s, i } = find((st, j) => st.entities[j]!.kind === 'crag');
    s.entities[i]!.kind = 'mote';
    expect(parse(s)).toBe(differs(i));
  });
  it('a mote moved one lane down into an empty cell (same column, same order)', () => {
    const { s, i } = find((st, j) => {
      const e = st.entities[j]!;
      return e.kind === 'mote' && e.lane < 6 && free(st, e.lane + 1, e.col);
    });
    s.entities[i]!.lane++;
    expect(parse(s)).toBe(differs(i));
  });
  it('a mote moved one column right, same lane, across empty cells only', () => {
    const { s, i } = find((st, j) => {
      const e = st.entities[j]!;
      const cell = e.col * 7 + e.lane;
      return e.kind === 'mote' && e.col < 9 && !st.entities.some((o) => o.col * 7 + o.lane > cell && o.col * 7 + o.lane <= cell + 7);
    });
    s.entities[i]!.col++;
    expect(parse(s)).toBe(differs(i));
  });
});

describe('step 7 and step 12 in the step report', () => {
  const events = (s: StormlarkState, type: StormlarkAction['type']) => stepEvents(game, s, type);
  it('a solid reaching your cell is a collision with it (1 hull)', () => {
    const { next, events: ev } = events(makeState([ent('knot', 3, 1)]), 'VENT');
    expect(ev).toEqual([{ kind: 'vent' }, { kind: 'collision', lane: 3, target: 'knot' }, { kind: 'scroll', column: 10, points: 2 }]);
    expect(next.hull).toBe(2);
  });
  it('a score reaching the guard exactly (1,000,000) ends the run there', () => {
    const s = step(game, makeState([], { score: 999_998 }), 'VENT');
    expect(s.score).toBe(1_000_000);
    expect(s.phase).toBe('over');
    const below = step(game, makeState([], { score: 999_997 }), 'VENT');
    expect(below.score).toBe(999_999);
    expect(below.phase).toBe('flying');
  });
});

describe('the observation lists every action not legal now, with the refusal act would give', () => {
  const unavailable = (s: StormlarkState) => game.rules.observe(s).unavailable;
  it('in flight: UP at lane 0, FIRE below 3 charge, NEXT_REACH away from a Gate', () => {
    expect(unavailable(makeState([], { shipLane: 0, charge: 2 }))).toEqual([
      { type: 'UP', reason: 'top_lane', message: 'UP is illegal at lane 0' },
      { type: 'FIRE', reason: 'low_charge', message: 'FIRE needs 3 charge, you hold 2' },
      { type: 'NEXT_REACH', reason: 'not_at_gate', message: 'NEXT_REACH is legal only at a Gate' },
    ]);
    expect(unavailable(makeState([], { shipLane: 6 }))).toEqual([
      { type: 'DOWN', reason: 'bottom_lane', message: 'DOWN is illegal at lane 6' },
      { type: 'NEXT_REACH', reason: 'not_at_gate', message: 'NEXT_REACH is legal only at a Gate' },
    ]);
  });
  it('at a Gate everything but NEXT_REACH and END_RUN; after the run, all six', () => {
    const gate = makeState([], { phase: 'reachClear' });
    expect(unavailable(gate)).toEqual(
      (['UP', 'DOWN', 'FIRE', 'VENT'] as const).map((type) => ({
        type,
        reason: 'at_gate',
        message: `at a Gate only NEXT_REACH and END_RUN are legal, not ${type}`,
      })),
    );
    expect(unavailable(makeState([], { phase: 'over' }))).toEqual(
      (['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH', 'END_RUN'] as const).map((type) => ({
        type,
        reason: 'game_over',
        message: 'the run is over',
      })),
    );
  });
});
