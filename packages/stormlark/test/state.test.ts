// parseState names what is wrong; the observation and the spec.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StormlarkGame } from '../src/index.ts';
import { spec } from '../src/spec.ts';
import type { Entity, StormlarkState } from '../src/state.ts';
import { freshGame, step } from './helpers.ts';

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
