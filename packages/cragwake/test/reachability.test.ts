// parseState's reachability bounds beyond turn 0 (the conformance kit's mutation test covers turn-0 states):
// states from real play stay accepted, and the same states pushed past a bound are refused naming the field.
import { beforeAll, describe, expect, it } from 'vitest';
import { greedyPolicy } from '../src/policies.ts';
import type { CragState } from '../src/state.ts';
import { type CragGame, loadBoth } from './helpers.ts';

let game: CragGame;
const states: CragState[] = [];
beforeAll(async () => {
  game = (await loadBoth()).wasm.game;
  for (const seed of [3, 8, 2026]) {
    let r = game.init(seed);
    while (!r.gameOver) {
      states.push(r.state);
      r = game.act(r.state, greedyPolicy(0).decide(r.state, r.legalActions), { trusted: true }) as typeof r;
    }
    states.push(r.state);
  }
});

const refusal = (t: CragState): string => {
  const p = game.rules.parseState(t);
  return p.ok ? 'accepted' : p.message;
};
const edit = (s: CragState, f: (t: CragState) => void): CragState => {
  const t = JSON.parse(JSON.stringify(s)) as CragState;
  f(t);
  return t;
};

describe('reachability bounds in parseState', () => {
  it('every state of greedy play parses, from pitch 1 to its end', () => {
    expect(states.length).toBeGreaterThan(200);
    for (const s of states) expect(refusal(s)).toBe('accepted');
  });
  it('too few turns for the pitch and height reached: refused naming turn', () => {
    for (const s of states.filter((x) => x.pitch >= 3).slice(0, 50)) {
      const t = edit(s, (x) => {
        x.turn = 4 * (x.pitch - 1) - 1;
      });
      expect(refusal(t)).toMatch(/turn/);
    }
  });
  it('a score above what the completed pitches can pay, or a streak longer than the pitches: refused naming it', () => {
    for (const s of states.filter((x) => x.pitch >= 2).slice(0, 50)) {
      expect(refusal(edit(s, (x) => (x.score += 2000 * x.pitch)))).toMatch(/score/);
      expect(refusal(edit(s, (x) => (x.cleanStreak = x.pitch)))).toMatch(/cleanStreak/);
    }
  });
  it('on the ledge of a pitch (high point = ledge) stamina only fell: pitchDipped and stamina agree', () => {
    const onLedge = states.filter((x) => x.highPoint === 10 * (x.pitch - 1) && x.pitch > 1 && x.phase !== 'over');
    expect(onLedge.length).toBeGreaterThan(5);
    for (const s of onLedge) expect(refusal(edit(s, (x) => (x.pitchDipped = !x.pitchDipped)))).toMatch(/pitchDipped/);
  });
  it('no spindrift before rockfall exists, no creep ice before frost exists', () => {
    const early = states.filter((x) => x.pitch < 8 && x.turn > 0);
    for (const s of early.slice(0, 30)) expect(refusal(edit(s, (x) => (x.spindrift = 1)))).toMatch(/spindrift/);
    const s = early.find((x) => x.band.some((r) => !r.fogged && r.row % 10 !== 0 && r.cells.some((c) => c?.ice === 'dry')))!;
    const t = edit(s, (x) => {
      const r = x.band.find((b) => !b.fogged && b.row % 10 !== 0 && b.cells.some((c) => c?.ice === 'dry'))!;
      r.cells.find((c) => c?.ice === 'dry')!.ice = 'frosting';
    });
    expect(refusal(t)).toMatch(/ice/);
  });
  it('more breaths spent on the jugs in view than turns played: refused', () => {
    const s = states.find(
      (x) => x.turn === 1 && x.band.some((r) => r.cells.some((c) => c?.kind === 'jug' && c.breaths === 2 && r.row % 10 !== 0)),
    )!;
    const t = edit(s, (x) => {
      for (const r of x.band) for (const c of r.cells) if (r.row % 10 !== 0 && c?.kind === 'jug' && c.breaths === 2) c.breaths = 0;
    });
    expect(refusal(t)).toMatch(/breaths|cannot come from/);
  });
});
