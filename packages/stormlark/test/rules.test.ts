// One test (at least) per resolution step and per entity kind, on hand-made boards.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StormlarkGame } from '../src/index.ts';
import { action } from '../src/rules.ts';
import type { StormlarkAction, StormlarkState } from '../src/state.ts';
import { at, byId, dodgeCrossingExists, ent, freshGame, makeState, step, stepEvents } from './helpers.ts';

let game: StormlarkGame;
beforeAll(async () => {
  game = await freshGame('wasm');
});

const act = (s: StormlarkState, type: Parameters<typeof action>[0]) => game.rules.refuse(s, action(type));

describe('step 1: validation; a refused action changes nothing', () => {
  it('UP at lane 0, DOWN at lane 6, FIRE below 3 charge, NEXT_REACH in flight', () => {
    expect(act(makeState([], { shipLane: 0 }), 'UP')?.reason).toBe('top_lane');
    expect(act(makeState([], { shipLane: 6 }), 'DOWN')?.reason).toBe('bottom_lane');
    expect(act(makeState([], { charge: 2 }), 'FIRE')?.reason).toBe('low_charge');
    expect(act(makeState([], { charge: 3 }), 'FIRE')).toBeNull();
    expect(act(makeState([]), 'NEXT_REACH')?.reason).toBe('not_at_gate');
    expect(act(makeState([]), 'END_RUN')).toBeNull();
    expect(act(makeState([]), 'VENT')).toBeNull();
  });
  it('at a Gate only NEXT_REACH and END_RUN; after the run nothing', () => {
    const gate = makeState([], { phase: 'reachClear' });
    for (const t of ['UP', 'DOWN', 'FIRE', 'VENT'] as const) expect(act(gate, t)?.reason).toBe('at_gate');
    expect(act(gate, 'NEXT_REACH')).toBeNull();
    expect(act(gate, 'END_RUN')).toBeNull();
    expect(game.rules.legalActions(gate).map((a) => a.type)).toEqual(['NEXT_REACH', 'END_RUN']);
    const over = makeState([], { phase: 'over' });
    for (const t of ['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH', 'END_RUN'] as const) expect(act(over, t)?.reason).toBe('game_over');
    expect(game.rules.legalActions(over)).toEqual([]);
  });
  it('legalActions in flight is exactly the accepted set', () => {
    for (const lane of [0, 3, 6])
      for (const charge of [0, 2, 3, 9]) {
        const s = makeState([], { shipLane: lane, charge });
        const legal = game.rules.legalActions(s).map((a) => a.type);
        const accepted = (['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH', 'END_RUN'] as const).filter((t) => act(s, t) === null);
        expect(legal).toEqual(accepted);
        expect(legal).toContain('VENT');
        expect(legal).toContain('END_RUN');
      }
  });
  it('a refused action through act leaves the state, rngState included, untouched', () => {
    const r = game.init(99);
    const frozen = JSON.stringify(r.state);
    const res = game.act(r.state, { type: 'NEXT_REACH' });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.reason).toBe('not_at_gate');
      expect(res.legalActions).toEqual(r.legalActions);
    }
    expect(JSON.stringify(r.state)).toBe(frozen);
    const junk = game.act(r.state, { type: 'JUMP' });
    expect(!junk.ok && junk.reason).toBe('unknown_action');
  });
});

describe('refusals name the action and the figures', () => {
  it('an action is an object with only a type, one of the six (reason unknown_action, the legal set returned)', () => {
    const s = game.init(99);
    const refused = (value: unknown) => {
      const r = game.act(s.state, value as never);
      expect(r.ok).toBe(false);
      if (r.ok) return '';
      expect(r.reason).toBe('unknown_action');
      expect(r.legalActions).toEqual(s.legalActions);
      return r.message;
    };
    expect(refused('FIRE')).toBe('an action is an object: send { "type": "FIRE" }, not the bare string "FIRE"');
    expect(refused('JUMP')).toBe('an action is an object { "type": ... }');
    expect(refused(null)).toBe('an action is an object { "type": ... }');
    expect(refused(7)).toBe('an action is an object { "type": ... }');
    expect(refused([{ type: 'UP' }])).toBe('an action is an object { "type": ... }');
    expect(refused({ type: 'JUMP' })).toBe('action.type must be one of UP, DOWN, FIRE, VENT, NEXT_REACH, END_RUN');
    expect(refused({ type: 3 })).toBe('action.type must be one of UP, DOWN, FIRE, VENT, NEXT_REACH, END_RUN');
    expect(refused({})).toBe('action.type must be one of UP, DOWN, FIRE, VENT, NEXT_REACH, END_RUN');
    // no payloads: any key beside the type is refused, and named
    expect(refused({ type: 'UP', lanes: 2 })).toBe('action.lanes is not part of any action');
    expect(refused({ lanes: 2, type: 'UP' })).toBe('action.lanes is not part of any action');
  });
  it('UP at lane 0, DOWN at lane 6, FIRE below 3 charge, anything but NEXT_REACH and END_RUN at a Gate', () => {
    const why = (s: StormlarkState, type: StormlarkAction['type']) => {
      const r = game.rules.refuse(s, action(type));
      return r && { reason: r.reason, message: r.message };
    };
    expect(why(makeState([], { shipLane: 0 }), 'UP')).toEqual({ reason: 'top_lane', message: 'UP is illegal at lane 0' });
    expect(why(makeState([], { shipLane: 6 }), 'DOWN')).toEqual({ reason: 'bottom_lane', message: 'DOWN is illegal at lane 6' });
    expect(why(makeState([], { charge: 2 }), 'FIRE')).toEqual({ reason: 'low_charge', message: 'FIRE needs 3 charge, you hold 2' });
    expect(why(makeState([], { charge: 3 }), 'FIRE')).toBeNull();
    const gate = makeState([], { phase: 'reachClear' });
    expect(why(gate, 'VENT')).toEqual({ reason: 'at_gate', message: 'at a Gate only NEXT_REACH and END_RUN are legal, not VENT' });
    expect(why(gate, 'NEXT_REACH')).toBeNull();
    expect(why(gate, 'END_RUN')).toBeNull();
  });
  it('reaches cleared: every reach below the current one, and the current one at its Gate', () => {
    expect(game.rules.stats?.(makeState([]))).toEqual({ reachesCleared: 0 });
    expect(game.rules.stats?.(makeState([], { phase: 'reachClear' }))).toEqual({ reachesCleared: 1 });
    expect(game.rules.stats?.(makeState([], { reach: 3 }))).toEqual({ reachesCleared: 2 });
    expect(game.rules.stats?.(makeState([], { reach: 3, phase: 'reachClear' }))).toEqual({ reachesCleared: 3 });
  });
});

describe('step 2: the player phase', () => {
  it('UP and DOWN shift one lane; VENT holds the lane', () => {
    expect(step(game, makeState([]), 'UP').shipLane).toBe(2);
    expect(step(game, makeState([]), 'DOWN').shipLane).toBe(4);
    expect(step(game, makeState([]), 'VENT').shipLane).toBe(3);
  });
  it('FIRE spends 3 (then step 8 pays 1 back) and clears the first knot, paying 50', () => {
    const k1 = ent('knot', 3, 4);
    const k2 = ent('knot', 3, 6);
    const s = step(game, makeState([k1, k2]), 'FIRE');
    expect(s.charge).toBe(7);
    expect(byId(s, k1.id)).toBeUndefined();
    expect(byId(s, k2.id)?.col).toBe(5);
    expect(s.score).toBe(50 + 2);
    expect(s.chain).toBe(1);
  });
  it('a mote does not stop a pulse', () => {
    const m = ent('mote', 3, 2);
    const k = ent('knot', 3, 5);
    const s = step(game, makeState([m, k]), 'FIRE');
    expect(byId(s, m.id)?.col).toBe(1);
    expect(byId(s, k.id)).toBeUndefined();
  });
  it('crag absorbs the pulse with no effect and resets the chain', () => {
    const c = ent('crag', 3, 2);
    const k = ent('knot', 3, 5);
    const s = step(game, makeState([c, k], { chain: 7 }), 'FIRE');
    expect(byId(s, c.id)?.col).toBe(1);
    expect(byId(s, k.id)?.col).toBe(4);
    expect(s.chain).toBe(0);
    expect(s.score).toBe(2);
  });
  it('squall absorbs the pulse, stays, and the chain resets', () => {
    const q = ent('squall', 3, 3);
    const k = ent('knot', 3, 6);
    const s = step(game, makeState([q, k], { chain: 4 }), 'FIRE');
    expect(byId(s, q.id)?.col).toBe(2);
    expect(byId(s, k.id)?.col).toBe(5);
    expect(s.chain).toBe(0);
    expect(s.score).toBe(2);
  });
  it('a pulse that meets nothing resets the chain', () => {
    const s = step(game, makeState([ent('knot', 2, 3)], { chain: 5 }), 'FIRE');
    expect(s.chain).toBe(0);
    expect(s.charge).toBe(7);
  });
  it('rimeshell cracks on the first hit (chain kept, no points) and clears on the second (160)', () => {
    const r = ent('rimeshell', 3, 5);
    const s1 = step(game, makeState([r], { chain: 2 }), 'FIRE');
    expect(byId(s1, r.id)?.hp).toBe(1);
    expect(s1.chain).toBe(2);
    expect(s1.score).toBe(2);
    expect(game.rules.observe(s1).text.split('\n')[5]).toContain('r');
    const s2 = step(game, s1, 'FIRE');
    expect(byId(s2, r.id)).toBeUndefined();
    expect(s2.score - s1.score).toBe(Math.round(160 * 1.2) + 2);
    expect(s2.chain).toBe(3);
  });
  it('warden takes 4 hits and pays 500', () => {
    const w = ent('warden', 3, 8);
    let s = makeState([w], { charge: 9 });
    for (let hit = 1; hit <= 3; hit++) {
      s = step(game, { ...s, charge: 9 }, 'FIRE');
      expect(byId(s, w.id)?.hp).toBe(4 - hit);
    }
    const before = s.score;
    s = step(game, { ...s, charge: 9 }, 'FIRE');
    expect(byId(s, w.id)).toBeUndefined();
    expect(s.score - before).toBe(500 + 2);
  });
  it('drifter pays 90 and sparker 140 (each x chain x reach)', () => {
    const d = ent('drifter', 3, 5, { drift: 1 });
    expect(step(game, makeState([d]), 'FIRE').score).toBe(90 + 2);
    const sp = ent('sparker', 3, 5);
    expect(step(game, makeState([sp], { chain: 3, reach: 2, column: 30 }), 'FIRE').score).toBe(Math.round(140 * 1.3 * 1.25) + 3);
  });
  it('VENT banks 3 instead of the usual 1', () => {
    expect(step(game, makeState([], { charge: 2 }), 'VENT').charge).toBe(5);
    expect(step(game, makeState([], { charge: 2 }), 'UP').charge).toBe(3);
    expect(step(game, makeState([], { charge: 8 }), 'VENT').charge).toBe(9);
  });
});

describe('step 3: sparkers discharge from column 1', () => {
  it('a sparker in column 1 in your lane costs 1 hull and is spent', () => {
    const sp = ent('sparker', 3, 1);
    const s = step(game, makeState([sp], { chain: 4 }), 'VENT');
    expect(s.hull).toBe(2);
    expect(s.hullLost).toBe(true);
    expect(s.chain).toBe(0);
    expect(byId(s, sp.id)).toBeUndefined();
  });
  it('the discharge follows your step-2 move and spares other lanes and entities', () => {
    const sp = ent('sparker', 2, 1);
    const k = ent('knot', 2, 4);
    const dodged = step(game, makeState([sp, k]), 'DOWN');
    expect(dodged.hull).toBe(3);
    expect(byId(dodged, sp.id)).toBeUndefined();
    expect(byId(dodged, k.id)?.col).toBe(3);
    expect(step(game, makeState([ent('sparker', 2, 1)]), 'UP').hull).toBe(2);
  });
  it('a sparker cleared by the pulse never discharges', () => {
    const sp = ent('sparker', 3, 1);
    const s = step(game, makeState([sp]), 'FIRE');
    expect(s.hull).toBe(3);
    expect(s.score).toBe(140 + 2);
  });
  it('a sparker in column 2 does not discharge yet', () => {
    const sp = ent('sparker', 3, 2);
    const s = step(game, makeState([sp]), 'VENT');
    expect(s.hull).toBe(3);
    expect(byId(s, sp.id)?.col).toBe(1);
  });
});

describe('step 4: drifters and wardens', () => {
  it('a drifter moves one lane in its drift direction', () => {
    const d = ent('drifter', 2, 5, { drift: -1 });
    const s = step(game, makeState([d]), 'VENT');
    expect(byId(s, d.id)).toMatchObject({ lane: 1, col: 4, drift: -1 });
  });
  it('a drifter clamps at lanes 0 and 6: it reverses and holds, then moves back', () => {
    const top = ent('drifter', 0, 5, { drift: -1 });
    const bottom = ent('drifter', 6, 6, { drift: 1 });
    const s = step(game, makeState([top, bottom]), 'VENT');
    expect(byId(s, top.id)).toMatchObject({ lane: 0, drift: 1 });
    expect(byId(s, bottom.id)).toMatchObject({ lane: 6, drift: -1 });
    const s2 = step(game, s, 'VENT');
    expect(byId(s2, top.id)).toMatchObject({ lane: 1, drift: 1 });
    expect(byId(s2, bottom.id)).toMatchObject({ lane: 5, drift: -1 });
  });
  it('a blocked drifter reverses and holds; movers act in ascending id order', () => {
    const blocker = ent('crag', 3, 5);
    const d = ent('drifter', 2, 5, { drift: 1 });
    const s = step(game, makeState([blocker, d]), 'VENT');
    expect(byId(s, d.id)).toMatchObject({ lane: 2, drift: -1 });
    // two drifters side by side moving down: the lower id moves first and is blocked by the higher one
    const a = ent('drifter', 1, 6, { drift: 1 });
    const b = ent('drifter', 2, 6, { drift: 1 });
    const s2 = step(game, makeState([a, b]), 'VENT');
    expect(byId(s2, a.id)).toMatchObject({ lane: 1, drift: -1 });
    expect(byId(s2, b.id)).toMatchObject({ lane: 3, drift: 1 });
    // the other way round, the lower id moves first into the freed cell... it is still occupied then, so both orders differ
    const c = ent('drifter', 5, 6, { drift: -1 });
    const e = ent('drifter', 4, 6, { drift: -1 });
    const s3 = step(game, makeState([c, e]), 'VENT');
    expect(byId(s3, c.id)).toMatchObject({ lane: 5, drift: 1 });
    expect(byId(s3, e.id)).toMatchObject({ lane: 3, drift: -1 });
  });
  it('wardens step toward your lane on even column counters only, holding when blocked or level', () => {
    const w = ent('warden', 0, 6);
    const even = step(game, makeState([w], { column: 10 }), 'VENT');
    expect(byId(even, w.id)?.lane).toBe(1);
    const odd = step(game, makeState([w], { column: 9 }), 'VENT');
    expect(byId(odd, w.id)?.lane).toBe(0);
    const toward = step(game, makeState([ent('warden', 6, 6)], { column: 10, shipLane: 3 }), 'UP');
    expect(toward.entities.find((x) => x.kind === 'warden')?.lane).toBe(5);
    const w2 = ent('warden', 0, 6);
    const blocked = step(game, makeState([w2, ent('knot', 1, 6)], { column: 10 }), 'VENT');
    expect(byId(blocked, w2.id)?.lane).toBe(0);
    const w3 = ent('warden', 3, 6);
    const level = step(game, makeState([w3], { column: 10 }), 'VENT');
    expect(byId(level, w3.id)?.lane).toBe(3);
  });
  it('a warden follows the lane you moved to this turn', () => {
    const w = ent('warden', 1, 1);
    // you move from 3 to 2; the warden in column 1 steps to lane 2, scrolls into column 0 and hits you
    const s = step(game, makeState([w], { column: 10 }), 'UP');
    expect(s.hull).toBe(2);
  });
});

describe('step 5: the scroll', () => {
  it('everything moves one column left and column 0 falls off at no cost', () => {
    const k0 = ent('knot', 1, 0);
    const k9 = ent('crag', 5, 9);
    const s = step(game, makeState([k0, k9]), 'VENT');
    expect(byId(s, k0.id)).toBeUndefined();
    expect(byId(s, k9.id)?.col).toBe(8);
    expect(s.hull).toBe(3);
  });
});

describe('steps 6-8: what reaches your cell, then regeneration', () => {
  it('a mote is collected: +3 charge (cap 9) and 10 x reach', () => {
    const v = step(game, makeState([ent('mote', 3, 1)], { charge: 2 }), 'VENT');
    expect(v.charge).toBe(2 + 3 + 3);
    expect(v.score).toBe(10 + 2);
    const capped = step(game, makeState([ent('mote', 3, 1)], { charge: 8 }), 'UP');
    expect(capped.charge).toBe(9); // the mote is in lane 3, you moved to lane 2: only the regeneration
    const full = step(game, makeState([ent('mote', 3, 1)], { charge: 8 }), 'VENT');
    expect(full.charge).toBe(9);
    expect(step(game, makeState([ent('mote', 3, 1)], { reach: 2, column: 30 }), 'VENT').score).toBe(13 + 3);
  });
  it('a squall drains 3 charge (not below 0), does no hull damage and dissipates', () => {
    const q = ent('squall', 3, 1);
    const s = step(game, makeState([q], { charge: 7, chain: 2 }), 'DOWN');
    expect(s.charge).toBe(8); // lane 4: no squall
    const hit = step(game, makeState([q], { charge: 7, chain: 2 }), 'VENT');
    expect(hit.charge).toBe(7 - 3 + 3);
    expect(hit.hull).toBe(3);
    expect(hit.chain).toBe(2);
    expect(byId(hit, q.id)).toBeUndefined();
    expect(step(game, makeState([ent('squall', 3, 1)], { charge: 1 }), 'UP').charge).toBe(2);
    expect(step(game, makeState([ent('squall', 2, 1)], { charge: 1 }), 'UP').charge).toBe(1);
  });
  it('every solid costs 1 hull and is sheared whatever its hp; charge still regenerates', () => {
    for (const kind of ['crag', 'knot', 'drifter', 'rimeshell', 'warden'] as const) {
      const e = ent(kind, 3, 1, kind === 'drifter' ? { drift: 1, lane: 2 } : {});
      const s = step(game, makeState([e], { chain: 5, charge: 4 }), 'VENT');
      expect([kind, s.hull]).toEqual([kind, 2]);
      expect(s.chain).toBe(0);
      expect(s.hullLost).toBe(true);
      expect(s.charge).toBe(7);
      expect(byId(s, e.id)).toBeUndefined();
    }
  });
});

describe('steps 9-12', () => {
  it('step 9 draws a fresh column at 9 and advances rngState by exactly 48', () => {
    const s0 = game.init(5).state;
    const s1 = step(game, s0, 'VENT');
    expect(s1.rngState).toBe(s0.rngState + 48);
    expect(s1.column).toBe(s0.column + 1);
    expect(s1.entities.every((e) => e.id < s1.nextId)).toBe(true);
    expect(s1.entities.filter((e) => e.col === 9).every((e) => e.id >= s0.nextId)).toBe(true);
  });
  it('step 10 repairs a sealed board', () => {
    const wall = [1, 2, 3].flatMap((col) => [0, 1, 2, 3, 4, 5, 6].map((lane) => ent('crag', lane, col + 1)));
    const s = step(game, makeState(wall), 'VENT');
    // columns 2..4 became 1..3; the repair deleted the craft's lane (nearest first) column by column
    const window = s.entities.filter((e) => e.col >= 1 && e.col <= 3);
    expect(window.length).toBe(18);
    expect(window.some((e) => e.lane === 3)).toBe(false);
    expect(dodgeCrossingExists(game, s)).toBe(true);
    const sealed = [1, 2, 3].flatMap((col) => [0, 1, 2, 3, 4, 5, 6].map((lane) => ent('crag', lane, col)));
    expect(dodgeCrossingExists(game, makeState(sealed))).toBe(false);
  });
  it('step 11 counts the turn and pays 2 x reach per column; the Gate pays 40 and 60 when flawless', () => {
    const gate = [0, 1, 2, 3, 4, 5, 6].map((lane) => ent('gate', lane, 1));
    const s = step(game, makeState(gate, { column: 29 }), 'VENT');
    expect(s.phase).toBe('reachClear');
    expect(s.turn).toBe(1);
    expect(s.score).toBe(2 + 40 + 60);
    const hurt = step(
      game,
      makeState([...[0, 1, 2, 3, 4, 5, 6].map((lane) => ent('gate', lane, 1))], { column: 29, hullLost: true }),
      'VENT',
    );
    expect(hurt.score).toBe(2 + 40);
    const r5 = step(game, makeState([...[0, 1, 2, 3, 4, 5, 6].map((lane) => ent('gate', lane, 1))], { column: 113, reach: 5 }), 'VENT');
    expect(r5.score).toBe(4 + 80 + 120);
  });
  it('step 12: at hull 0 the run is over and the score is kept', () => {
    const s = step(game, makeState([ent('knot', 3, 1)], { hull: 1, hullLost: true, score: 77 }), 'VENT');
    expect(s.hull).toBe(0);
    expect(s.phase).toBe('over');
    expect(s.score).toBe(79);
    expect(game.rules.gameOver(s)).toBe(true);
  });
  it('discharge and collision in the same turn cost 2 hull', () => {
    const s = step(game, makeState([ent('sparker', 3, 1), ent('knot', 3, 2)]), 'VENT');
    expect(s.hull).toBe(3 - 1);
    const both = step(game, makeState([ent('sparker', 3, 1), ent('drifter', 2, 1, { drift: 1 })]), 'VENT');
    expect(both.hull).toBe(1);
  });
});

describe('NEXT_REACH and END_RUN', () => {
  it('NEXT_REACH: reach + 1, hull + 1 (max 3), charge 9; no step, no draw, rngState untouched', () => {
    const k = ent('knot', 2, 5);
    const s0 = makeState([k], { phase: 'reachClear', hull: 1, charge: 2, hullLost: true, chain: 6, column: 30, turn: 21 });
    const s = step(game, s0, 'NEXT_REACH');
    expect(s).toMatchObject({ reach: 2, hull: 2, charge: 9, hullLost: false, phase: 'flying', chain: 6, turn: 22 });
    expect(s.rngState).toBe(s0.rngState);
    expect(s.column).toBe(s0.column);
    expect(s.entities).toEqual(s0.entities);
    expect(s.score).toBe(s0.score);
    expect(step(game, { ...s0, hull: 3 }, 'NEXT_REACH').hull).toBe(3);
  });
  it('END_RUN in flight or at a Gate: over, score kept, nothing steps', () => {
    for (const phase of ['flying', 'reachClear'] as const) {
      const s0 = makeState([ent('knot', 3, 1)], { phase, score: 321 });
      const s = step(game, s0, 'END_RUN');
      expect(s.phase).toBe('over');
      expect(s.score).toBe(321);
      expect(s.rngState).toBe(s0.rngState);
      expect(s.entities).toEqual(s0.entities);
      expect(s.hull).toBe(3);
      expect(s.turn).toBe(s0.turn + 1);
    }
  });
  it('a real run reaches a Gate after 21 scrolling turns, and NEXT_REACH flies on', () => {
    const sim = game.createSim();
    sim.reset(3);
    const p = game.policies.dodger!(3);
    let turns = 0;
    while (sim.state.phase === 'flying') {
      sim.stepTrusted(p.decide(sim.state, sim.legalActions()));
      turns++;
    }
    expect(sim.state.phase).toBe('reachClear');
    expect(turns).toBe(21);
    expect(sim.state.entities.filter((e) => e.col === 0 && e.kind === 'gate').length).toBe(7);
    expect(sim.step(action('NEXT_REACH'))).toBeNull();
    expect(sim.state.reach).toBe(2);
    expect(at(sim.state, 0, 0)?.kind).toBe('gate');
    sim.stepTrusted(action('VENT'));
    expect(sim.state.entities.some((e) => e.kind === 'gate' && e.col === 0)).toBe(false);
  });
});

describe('a turn-0 state is exactly what init draws for its seed', () => {
  // DETERMINISM: a whole run replays from state.seed; before the first scroll the board is init's nine columns.
  const parse = (value: unknown) => {
    const r = game.rules.parseState(value);
    return r.ok ? 'ok' : r.message;
  };
  const fresh = () => JSON.parse(JSON.stringify(game.init(31).state)) as StormlarkState;
  it('accepts init itself, and END_RUN played at turn 0', () => {
    expect(parse(fresh())).toBe('ok');
    expect(parse(step(game, fresh(), 'END_RUN'))).toBe('ok');
  });
  it('an entity fewer or an entity changed is refused, naming the field', () => {
    const fewer = fresh();
    expect(fewer.entities.length).toBeGreaterThan(1);
    fewer.entities.pop();
    expect(parse(fewer)).toBe('state.entities differs from what init(state.seed) draws, and no turn has scrolled yet');
    const swapped = fresh();
    const [a, b] = [swapped.entities[0]!, swapped.entities[1]!];
    [a.id, b.id] = [b.id, a.id];
    expect(parse(swapped)).toBe('state.entities[0] differs from what init(state.seed) draws, and no turn has scrolled yet');
  });
});

describe('the run ends only by END_RUN (endsRun) or at hull 0', () => {
  it('endsRun is true for END_RUN alone', () => {
    for (const type of ['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH'] as const) expect(game.rules.endsRun?.(action(type))).toBe(false);
    expect(game.rules.endsRun?.(action('END_RUN'))).toBe(true);
  });
  it('the score held at the plausibility guard (1,000,000) ends the run there', () => {
    const s = step(game, makeState([], { score: 999_999 }), 'VENT');
    expect(s.score).toBe(1_000_000);
    expect(s.phase).toBe('over');
    expect(s.hull).toBe(3);
  });
});

describe('the step report names what happened, in the resolution order', () => {
  const events = (s: StormlarkState, type: StormlarkAction['type']) => stepEvents(game, s, type);
  it('END_RUN and NEXT_REACH report one event each and step nothing', () => {
    expect(events(makeState([], { score: 40 }), 'END_RUN').events).toEqual([{ kind: 'end_run' }]);
    const gate = makeState([], { phase: 'reachClear', hull: 2, charge: 4, column: 30, turn: 21 });
    expect(events(gate, 'END_RUN').events).toEqual([{ kind: 'end_run' }]);
    expect(events(gate, 'NEXT_REACH').events).toEqual([{ kind: 'next_reach', reach: 2, hull: 3, charge: 9 }]);
  });
  it('a crag absorbs the pulse; a pulse down an empty lane meets nothing', () => {
    const crag = events(makeState([ent('crag', 3, 2), ent('knot', 3, 5)]), 'FIRE');
    expect(crag.events[0]).toEqual({ kind: 'pulse', lane: 3, col: 2, result: 'absorbed', target: 'crag', hpLeft: 0, chain: 0 });
    const squall = events(makeState([ent('squall', 3, 4)]), 'FIRE');
    expect(squall.events[0]).toEqual({ kind: 'pulse', lane: 3, col: 4, result: 'absorbed', target: 'squall', hpLeft: 0, chain: 0 });
    const missed = events(makeState([ent('mote', 3, 2), ent('knot', 2, 5)]), 'FIRE');
    expect(missed.events[0]).toEqual({ kind: 'pulse', lane: 3, col: 0, result: 'missed', target: null, hpLeft: 0, chain: 0 });
    expect(missed.next.chain).toBe(0);
  });
  it('a sparker in column 1 discharges along your lane (step 3) before the scroll (step 5)', () => {
    const { next, events: ev } = events(makeState([ent('sparker', 3, 1)]), 'VENT');
    expect(ev).toEqual([{ kind: 'vent' }, { kind: 'discharge', lane: 3 }, { kind: 'scroll', column: 10, points: 2 }]);
    expect(next.hull).toBe(2);
  });
  it('a squall reaching your cell drains 3 charge and dissipates (step 6)', () => {
    const { next, events: ev } = events(makeState([ent('squall', 3, 1)], { charge: 7 }), 'VENT');
    expect(ev).toEqual([{ kind: 'vent' }, { kind: 'squall', lane: 3 }, { kind: 'scroll', column: 10, points: 2 }]);
    expect(next.charge).toBe(7 - 3 + 3);
    expect(next.hull).toBe(3);
  });
  it('reaching the guard is reported, its points being what the guard held back', () => {
    const { next, events: ev } = events(makeState([], { score: 999_999 }), 'VENT');
    expect(next.score).toBe(1_000_000);
    expect(ev).toEqual([{ kind: 'vent' }, { kind: 'scroll', column: 10, points: 2 }, { kind: 'guard', points: -1 }]);
  });
});

describe('a state stepped in place', () => {
  it('a knot added to its entity list in place is met like any other (step 7: 1 hull)', () => {
    const s = game.rules.clone(makeState([]));
    game.rules.apply(s, action('VENT'));
    game.rules.apply(s, action('VENT'));
    expect(s.hull).toBe(3);
    const k = ent('knot', s.shipLane, 1);
    s.entities.unshift(k);
    game.rules.apply(s, action('VENT'));
    expect(s.hull).toBe(2);
    expect(s.hullLost).toBe(true);
    expect(byId(s, k.id)).toBeUndefined();
  });
  it('keeps its entity objects, each updated where the step moved it', () => {
    const s = game.rules.clone(makeState([ent('knot', 0, 5), ent('crag', 6, 7)]));
    const [knot, crag] = s.entities;
    game.rules.apply(s, action('VENT'));
    expect(s.entities[0]).toBe(knot);
    expect(knot).toMatchObject({ lane: 0, col: 4 });
    expect(s.entities[1]).toBe(crag);
    expect(crag).toMatchObject({ lane: 6, col: 6 });
  });
});
