// Property runs over many seeds: after every turn a dodge-only crossing of columns 1..3 exists from
// some lane (checked by an oracle through the real rules), at most 2 wardens, one entity per cell,
// score never falls, hull <= 3, charge <= 9, rngState moves by 48 exactly on scrolling turns, and
// every emitted state parses back.
// Default: 1,500 seeds; STORMLARK_LONG=1 runs 10,000.
import { stateHash } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, type StormlarkGame } from '../src/index.ts';
import { cautiousPlayer, dodgeCrossingExists, invariants } from './helpers.ts';

const LONG = process.env.STORMLARK_LONG === '1';
const SEEDS = LONG ? 10_000 : 1_500;
const MAX_TURNS = 600;
const LONG_TIMEOUT = LONG ? 4 * 3_600_000 : 300_000;

let wasm: StormlarkGame;
let js: StormlarkGame;
beforeAll(async () => {
  wasm = (await gameModule.load()) as StormlarkGame;
  js = (await gameModule.load({ kernel: 'js' })) as StormlarkGame;
});

describe(`random legal play over ${SEEDS.toLocaleString('en')} seeds`, () => {
  it(
    'keeps every invariant and the guarantee after every turn',
    () => {
      const problems: string[] = [];
      const reachHist = new Map<number, number>();
      let turns = 0;
      let wardensSeen = 0;
      for (let seed = 0; seed < SEEDS && problems.length < 10; seed++) {
        const sim = wasm.createSim();
        sim.reset(seed);
        if (!dodgeCrossingExists(wasm, sim.state)) problems.push(`seed ${seed}: no crossing at init`);
        const decide = cautiousPlayer(wasm, seed);
        for (let t = 0; t < MAX_TURNS && !sim.gameOver(); t++) {
          const prev = wasm.rules.clone(sim.state);
          const a = decide(prev);
          const refused = sim.step(a);
          if (refused) {
            problems.push(`seed ${seed} turn ${t}: ${a.type} refused (${refused.reason})`);
            break;
          }
          turns++;
          for (const v of invariants(prev, a, sim.state)) problems.push(`seed ${seed} turn ${t}: ${v}`);
          // the engine never hands out a state it would refuse (reachability bounds included)
          const back = wasm.rules.parseState(JSON.parse(JSON.stringify(sim.state)));
          if (!back.ok) problems.push(`seed ${seed} turn ${t}: emitted state refused: ${back.message}`);
          if (a.type !== 'END_RUN' && a.type !== 'NEXT_REACH' && !dodgeCrossingExists(wasm, sim.state))
            problems.push(`seed ${seed} turn ${t}: no dodge-only crossing of columns 1..3`);
          if (sim.state.entities.some((e) => e.kind === 'warden')) wardensSeen++;
        }
        reachHist.set(sim.state.reach, (reachHist.get(sim.state.reach) ?? 0) + 1);
      }
      expect(problems).toEqual([]);
      expect(turns).toBeGreaterThan(SEEDS * 20);
      // the runs reach the reaches where every kind is unlocked
      expect([...reachHist.keys()].some((r) => r >= 8)).toBe(true);
      expect(wardensSeen).toBeGreaterThan(0);
      if (LONG)
        console.log(
          `long run: ${SEEDS} seeds, ${turns} turns, final reaches ${JSON.stringify([...reachHist].sort((a, b) => a[0] - b[0]))}`,
        );
    },
    LONG_TIMEOUT,
  );

  it('two simulation handles stepped alternately on one kernel match each run alone (the resident board is never stale)', () => {
    const solo = (seed: number) => {
      const sim = wasm.createSim();
      sim.reset(seed);
      const decide = cautiousPlayer(wasm, seed);
      for (let t = 0; t < 200 && !sim.gameOver(); t++) sim.stepTrusted(decide(sim.state));
      return stateHash(sim.state);
    };
    for (let seed = 0; seed < 20; seed++) {
      const a = wasm.createSim();
      const b = wasm.createSim();
      a.reset(seed);
      b.reset(seed + 1000);
      const da = cautiousPlayer(wasm, seed);
      const db = cautiousPlayer(wasm, seed + 1000);
      for (let t = 0; t < 200; t++) {
        if (!a.gameOver()) a.stepTrusted(da(a.state));
        if (!b.gameOver()) b.stepTrusted(db(b.state));
      }
      expect(stateHash(a.state)).toBe(solo(seed));
      expect(stateHash(b.state)).toBe(solo(seed + 1000));
    }
  });

  it('the WASM kernel and its JavaScript build play 100 seeds identically', () => {
    for (let seed = 0; seed < 100; seed++) {
      const a = wasm.createSim();
      const b = js.createSim();
      a.reset(seed);
      b.reset(seed);
      const decide = cautiousPlayer(wasm, seed);
      for (let t = 0; t < 300 && !a.gameOver(); t++) {
        const x = decide(a.state);
        a.stepTrusted(x);
        b.stepTrusted(x);
      }
      expect(stateHash(b.state)).toBe(stateHash(a.state));
    }
  });
});
