// parseState names what is wrong; the observation and the spec.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StormlarkGame } from '../src/index.ts';
import { spec } from '../src/spec.ts';
import type { Entity, StormlarkState } from '../src/state.ts';
import { emptyCanyon, freshGame, step } from './helpers.ts';

let game: StormlarkGame;
let s0: StormlarkState;
beforeAll(async () => {
  game = await freshGame('js');
  s0 = game.init(11).state;
});

const message = (state: unknown) => {
  const r = game.rules.parseState(state);
  return r.ok ? 'ok' : r.message;
};
const copy = (): StormlarkState => JSON.parse(JSON.stringify(s0));

describe('parseState', () => {
  it('accepts what the engine produces, as a copy', () => {
    const r = game.rules.parseState(s0);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value).toEqual(s0);
      expect(r.value).not.toBe(s0);
    }
  });
  it('requires every field and names it', () => {
    for (const key of Object.keys(s0)) {
      const s = copy() as unknown as Record<string, unknown>;
      delete s[key];
      expect(message(s)).toContain(key);
    }
  });
  it('names the inconsistency', () => {
    const cases: Array<[Partial<StormlarkState> | ((s: StormlarkState) => unknown), string]> = [
      [{ rngState: 1 }, 'rngState'],
      [{ charge: 10 }, 'charge'],
      [{ shipLane: 7 }, 'shipLane'],
      [{ turn: 3 }, 'turn'],
      [{ hull: 0 }, 'hull'],
      [{ phase: 'reachClear' }, 'column'],
      [{ reach: 2 }, 'reach'],
      [{ hull: 2 }, 'hullLost'],
      [{ score: 1_000_001 }, 'score'],
      [{ seed: -1 }, 'seed'],
      [{ seed: 1.5 }, 'seed'],
    ];
    for (const [patch, word] of cases) expect(message({ ...copy(), ...patch })).toContain(word);
    const e = (x: Partial<Entity>): Entity => ({ id: 0, kind: 'knot', lane: 0, col: 5, hp: 1, drift: 0, ...x });
    const withE = (entities: Entity[]) => ({ ...copy(), entities });
    expect(message(withE([e({}), e({ id: 1 })]))).toContain('shares cell');
    expect(message(withE([e({ col: 6 }), e({ id: 1, col: 5 })]))).toContain('board order');
    expect(message(withE([e({}), e({ id: 0, lane: 1 })]))).toContain('not unique');
    expect(
      message(
        withE([e({ kind: 'warden', hp: 4 }), e({ id: 1, lane: 1, kind: 'warden', hp: 4 }), e({ id: 2, lane: 2, kind: 'warden', hp: 4 })]),
      ),
    ).toContain('more than 2 wardens');
    expect(message(withE([e({ kind: 'rimeshell', hp: 3 })]))).toContain('hp');
    expect(message(withE([e({ kind: 'drifter', drift: 0 })]))).toContain('drift');
    expect(message(withE([e({ kind: 'crag', hp: 0, drift: 1 })]))).toContain('drift');
    expect(message(withE([e({ kind: 'sparker', col: 0 })]))).toContain('sparker');
    expect(message(withE([e({ col: 0, lane: s0.shipLane })]))).toContain("ship's cell");
    expect(message(withE([e({ col: 0, lane: (s0.shipLane + 1) % 7 })]))).toContain('column 0 must be empty');
    expect(message(withE([e({ kind: 'gate', hp: 0 })]))).toContain('not a Gate column');
    expect(message(withE([e({ id: 9999 })]))).toContain('id');
    const sealed = [1, 2, 3].flatMap((col) =>
      [0, 1, 2, 3, 4, 5, 6].map((lane) => e({ id: col * 7 + lane, kind: 'crag', hp: 0, lane, col })),
    );
    expect(message({ ...withE(sealed), nextId: 63 })).toContain('cross columns 1 to 3');
    expect(message({ ...copy(), entities: 'none' })).toContain('entities');
    expect(message(null)).toContain('state');
  });
});

describe('observation', () => {
  it('pictures the 7x10 board with the legend glyphs, and reports hull, charge, chain, reach and multipliers', () => {
    const o = game.rules.observe(s0);
    const rows = o.text.split('\n').slice(2, 9);
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(row.trim().split(/\s+/)[1]).toHaveLength(10);
    expect(rows[s0.shipLane]!.trim().split(/\s+/)[1]![0]).toBe('>');
    const glyphs = new Set(rows.flatMap((r) => [...r.trim().split(/\s+/)[1]!]));
    for (const g of glyphs) expect(Object.keys(spec.legend)).toContain(g);
    expect(o).toMatchObject({ hull: 3, charge: 9, chain: 0, reach: 1, chainMultiplier: 1, reachMultiplier: 1, phase: 'flying' });
    const later = step(game, s0, 'VENT');
    expect(game.rules.observe(later).text).toContain(`score ${later.score}`);
  });
});

describe('spec', () => {
  it('carries the document, the grammar, schemas and the decisions the issue asks for', () => {
    expect(spec.slug).toBe('stormlark');
    expect(spec.goal).toContain('storm canyon');
    expect(spec.rules).toContain('RESOLUTION ORDER');
    expect(spec.scoring).toContain('plausibility guard');
    expect((spec.actionGrammar.oneOf as unknown[]).length).toBe(6);
    const topics = spec.decisions.map((d) => d.topic);
    for (const t of [
      'sparker discharge',
      'chain multiplier of a clear',
      'warden spawn',
      'wall columns and the guarantee',
      'RNG budget',
      'award arithmetic and rounding',
      'VENT',
      'drifters',
      'warden movement',
      'pulse absorbed',
      'Gate',
      'repair',
    ])
      expect(topics).toContain(t);
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
  });
});

describe('the plausibility guard', () => {
  // reach 14, five scrolling turns in, an empty board: the counters allow far more than the guard
  const high = (over: Partial<StormlarkState> = {}): StormlarkState => {
    const column = 9 + 21 * 13 + 5;
    return {
      seed: 5,
      rngState: (column * 48) >>> 0,
      column,
      shipLane: 3,
      entities: [],
      phase: 'flying',
      hull: 3,
      charge: 9,
      chain: 0,
      reach: 14,
      hullLost: false,
      turn: column - 9 + 13,
      score: 999_999,
      nextId: 500,
      ...over,
    };
  };
  it('a run that reaches 1,000,000 ends there, held at the guard, and the state parses back', () => {
    expect(message(high())).toBe('ok');
    for (const type of ['VENT', 'UP', 'DOWN'] as const) {
      const r = game.act(high(), { type }, { recap: true });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.score).toBe(1_000_000);
      expect(r.gameOver).toBe(true);
      expect(r.legalActions).toEqual([]);
      expect(message(r.state)).toBe('ok');
      const recap = r.recap as { points: number; items: { kind: string; points?: number }[] };
      expect(recap.points).toBe(1);
      expect(recap.items.reduce((a, i) => a + (i.points ?? 0), 0)).toBe(1);
      expect(recap.items.map((i) => i.kind)).toContain('guard');
      expect(game.act(r.state, { type: 'END_RUN' })).toMatchObject({ ok: false, reason: 'game_over' });
    }
  });
  it('below the guard nothing changes: the run flies on', () => {
    const r = game.act(high({ score: 900_000 }), { type: 'VENT' });
    expect(r.ok && !r.gameOver && r.score === 900_008).toBe(true);
  });
  it('refuses a score above the guard, or above what the counters allow', () => {
    expect(message(high({ score: 1_000_001 }))).toContain('state.score');
    expect(message({ ...copy(), score: 1 })).toContain('state.score');
  });
});

describe('parseState: the counters against each other, with the exact figures', () => {
  const at = emptyCanyon;
  it('accepts played states after the first scroll', () => {
    let s = s0;
    for (const type of ['VENT', 'UP', 'VENT', 'DOWN', 'VENT'] as const) {
      s = step(game, s, type);
      expect([s.column, message(s)]).toEqual([s.column, 'ok']);
    }
    expect(message({ ...s, rngState: 1 })).toBe(`state.rngState must be state.column * 48 (mod 2^32) = ${s.column * 48}, got 1`);
  });
  it('the RNG cursor advances 48 a scrolling turn and wraps at 2^32', () => {
    // 90,000,000 columns x 48 draws = 4,320,000,000, past 2^32 = 4,294,967,296: the cursor reads 25,032,704
    const column = 90_000_000;
    const reach = Math.floor((column - 9) / 21) + 1;
    const s = at(column, { reach, charge: 5 });
    expect(s.rngState).toBe(25_032_704);
    expect(message(s)).toBe('ok');
    expect(message({ ...s, rngState: 4_320_000_000 - 2 ** 32 + 48 })).toBe(
      'state.rngState must be state.column * 48 (mod 2^32) = 25032704, got 25032752',
    );
  });
  it('a reach is 21 scrolling turns: the column must fit the reach and the phase', () => {
    // reach 1 flies columns 9..29 (0..20 scrolling turns); its Gate arrives at 30; reach 2 flies 30..50
    expect(message(at(29))).toBe('ok');
    expect(message(at(30, { reach: 2 }))).toBe('ok');
    expect(message(at(30, { phase: 'reachClear' }))).toBe('ok');
    expect(message(at(30))).toBe('state.column 30 does not fit state.reach 1 in flight (expected 9 to 29)');
    expect(message(at(29, { reach: 2 }))).toBe('state.column 29 does not fit state.reach 2 in flight (expected 30 to 50)');
    expect(message(at(29, { phase: 'reachClear' }))).toBe('state.column must be 30 at the Gate of state.reach 1, got 29');
    expect(message(at(40, { reach: 2, phase: 'reachClear' }))).toBe('state.column must be 51 at the Gate of state.reach 2, got 40');
    // a run ended anywhere from the reach's first column to its Gate
    expect(message(at(30, { phase: 'over' }))).toBe('ok');
    expect(message(at(30, { reach: 2, phase: 'over' }))).toBe('ok');
    expect(message(at(31, { phase: 'over' }))).toBe('state.column 31 does not fit state.reach 1');
    expect(message(at(29, { reach: 2, phase: 'over' }))).toBe('state.column 29 does not fit state.reach 2');
  });
  it('the turn counts scrolling turns and NEXT_REACHes, plus the END_RUN that ended a run by choice', () => {
    // lost at hull 0: the last turn scrolled, no END_RUN
    const lost = at(20, { phase: 'over', hull: 0, hullLost: true, charge: 4, turn: 11 });
    expect(message(lost)).toBe('ok');
    expect(message({ ...lost, turn: 12 })).toBe('state.turn must be 11 for this column, reach and phase, got 12');
    expect(message({ ...lost, phase: 'flying' })).toBe('state.hull is 0 but the run is not over');
    // ended by END_RUN: one more turn
    const ended = at(20, { phase: 'over', hull: 2, hullLost: true, charge: 4 });
    expect(ended.turn).toBe(12);
    expect(message(ended)).toBe('ok');
    expect(message({ ...ended, turn: 11 })).toBe('state.turn must be 12 for this column, reach and phase, got 11');
    // held at the guard: the turn that reached it ended the run, no END_RUN
    const column = 9 + 21 * 13 + 5;
    const guard = at(column, { reach: 14, phase: 'over', charge: 4, score: 1_000_000, turn: column - 9 + 13 });
    expect(message(guard)).toBe('ok');
    expect(message({ ...guard, turn: guard.turn + 1 })).toContain('state.turn must be');
  });
  it('hull lost is only possible after a scrolling turn of the reach; a Gate column holds its 7 markers', () => {
    expect(message(at(30, { reach: 2, hull: 2, hullLost: true }))).toBe(
      'state.hullLost is true but no scrolling turn of this reach has been played',
    );
    expect(message(at(31, { reach: 2, hull: 2, hullLost: true, charge: 8 }))).toBe('ok');
    // 18 scrolling turns into reach 1: drawn column 21, the Gate, sits at board column 3
    const s = at(27);
    expect(s.entities.map((e) => e.col)).toEqual([3, 3, 3, 3, 3, 3, 3]);
    expect(message(s)).toBe('ok');
    expect(message({ ...s, entities: s.entities.slice(1) })).toBe('column 3 is a Gate column and must hold 7 gate markers');
  });
  it('reachability: chain, lane, hull, charge and ids against the scrolling turns so far', () => {
    // 3 scrolling turns into reach 1 (column 12): at most one clear a turn, one lane a turn, 7 ids a drawn column
    expect(message(at(12, { chain: 3, charge: 4, shipLane: 0, nextId: 84 }))).toBe('ok');
    expect(message(at(12, { chain: 4, charge: 4 }))).toBe('state.chain 4 is more than the 3 scrolling turns so far allow');
    expect(message(at(11, { shipLane: 0, charge: 4 }))).toBe('state.shipLane 0 is further from lane 3 than 2 scrolling turns allow');
    expect(message(at(11, { shipLane: 6, charge: 4 }))).toBe('state.shipLane 6 is further from lane 3 than 2 scrolling turns allow');
    expect(message(at(12, { nextId: 85 }))).toBe('state.nextId 85 is more than 12 drawn columns of 7 cells can have numbered');
    // hull comes back only at NEXT_REACH (which clears the flag): in reach 1 a hull below 3 was lost this reach
    expect(message(at(12, { hull: 2 }))).toBe('state.hull is below 3 in reach 1 but state.hullLost is false');
    expect(message(at(31, { reach: 2, hull: 2, charge: 8 }))).toBe('ok');
    expect(message(at(12, { hullLost: true }))).toBe(
      'state.hullLost is true but state.hull is 3 (a hull lost in this reach leaves at most 2)',
    );
    // every reach starts with charge 9, and only a scrolling turn changes it
    expect(message(at(30, { reach: 2, charge: 8 }))).toBe('state.charge must be 9 before the first scrolling turn of a reach, got 8');
    expect(message(at(31, { reach: 2, charge: 8 }))).toBe('ok');
    expect(message(at(12, { entities: [{ id: 90, kind: 'knot', lane: 0, col: 5, hp: 1, drift: 0 }] }))).toBe(
      'state.entities[0].id 90 must be below state.nextId 84',
    );
  });
  it('names the field a shape check fails on, with its list of values for a kind, phase or drift', () => {
    expect(message({ ...copy(), phase: 'landed' })).toBe('state.phase must be one of flying, reachClear, over');
    expect(message({ ...copy(), seed: 1.5 })).toBe('state.seed: expected integer');
    const s = at(27);
    const ents = (f: (e: Entity, i: number) => unknown) => ({ ...s, entities: s.entities.map((e, i) => f(e, i)) });
    expect(message(ents((e, i) => (i === 2 ? { ...e, drift: 2 } : e)))).toBe('state.entities[2].drift must be one of -1, 0, 1');
    expect(message(ents((e, i) => (i === 4 ? { ...e, kind: 'rock' } : e)))).toBe(
      'state.entities[4].kind must be one of crag, knot, drifter, rimeshell, sparker, warden, squall, mote, gate',
    );
    // a list index of two digits, and keys that only contain digits are not indexes
    const twelve = at(27, {
      entities: [
        ...s.entities,
        ...[0, 1, 2, 3, 4, 5].map((lane) => ({ id: 7 + lane, kind: 'knot' as const, lane, col: 9, hp: 1, drift: 0 as const })),
      ],
    });
    expect(message(twelve)).toBe('ok');
    twelve.entities[12] = { ...twelve.entities[12]!, hp: 1.5 };
    expect(message(twelve)).toBe('state.entities[12].hp: expected integer');
    expect(message(ents((e, i) => (i === 0 ? { ...e, a1: 0 } : e)))).toBe('state.entities[0].a1: unexpected property');
    expect(message(ents((e, i) => (i === 0 ? { ...e, '1a': 0 } : e)))).toBe('state.entities[0].1a: unexpected property');
  });
});
