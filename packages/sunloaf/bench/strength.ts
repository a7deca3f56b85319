// pnpm calibrate: how strong is the reference policy? On fresh rooms of several days it compares dayPar with
// (a) never moving, (b) uniform random legal play, and (c) a one-step rollout improvement of the reference
// policy itself (each turn: try every legal action, finish the day with the reference policy, keep the best).
// (c) is a strictly stronger player of the same rules; the gap says how much room a quota at 95% leaves.
import { Stream, streamId } from '@hearth/rng';
import { dayParOf, planDay } from '../src/day.ts';
import { planTurn, tablesFor } from '../src/planner.ts';
import { legalActions } from '../src/rules.ts';
import type { Action } from '../src/state.ts';
import { clonePublic, type PublicState, type State } from '../src/state.ts';
import { doze, moveCat, rest } from '../src/turn.ts';

const step = (s: PublicState, a: Action) => {
  if (a.type === 'MOVE') moveCat(s, a.cat, a.tile);
  else if (a.type === 'DOZE') doze(s);
  else rest(s);
};
const freshOf = (seed: number, day: number): PublicState => {
  const s = clonePublic(planDay(seed, day, seed * 7919).fresh);
  s.chain = 0;
  s.dayQuota = 0;
  return s;
};
const neverMove = (f: PublicState) => {
  const s = clonePublic(f);
  while (s.phase === 'day') rest(s);
  return s.dayCosyRaw;
};
const randomPlay = (f: PublicState, seed: number) => {
  const s = clonePublic(f);
  const stream = new Stream(seed, streamId('sunloaf-strength-random'));
  while (s.phase === 'day') {
    const legal = legalActions(s as State).filter((a) => a.type === 'MOVE' || a.type === 'REST');
    step(s, legal[stream.below(legal.length)]!);
  }
  return s.dayCosyRaw;
};
const finish = (s: PublicState) => {
  const tables = tablesFor(s.layout);
  while (s.phase === 'day') step(s, planTurn(s, tables));
  return s.dayCosyRaw;
};
const rollout = (f: PublicState) => {
  const s = clonePublic(f);
  s.layout = f.layout;
  while (s.phase === 'day') {
    let best: Action = { type: 'REST' };
    let bestValue = -1;
    for (const a of legalActions(s as State)) {
      if (a.type !== 'MOVE' && a.type !== 'REST') continue;
      const trial = clonePublic(s);
      trial.layout = s.layout;
      step(trial, a);
      const v = finish(trial);
      if (v > bestValue) {
        bestValue = v;
        best = a;
      }
    }
    step(s, best);
  }
  return s.dayCosyRaw;
};

const days = [1, 3, 6, 10, 12, 16, 20, 24, 30];
const seedsPerDay = Number(process.env.SUNLOAF_STRENGTH_SEEDS ?? 8);
console.log(`reference policy strength, ${seedsPerDay} rooms per day (raw cosy; ratios to dayPar)`);
console.log('day   par   never-move  random   rollout   rollout/par');
let totalPar = 0;
let totalRoll = 0;
for (const day of days) {
  let par = 0;
  let still = 0;
  let rnd = 0;
  let roll = 0;
  for (let k = 0; k < seedsPerDay; k++) {
    const seed = 1000 + k;
    const f = freshOf(seed, day);
    par += dayParOf(f);
    still += neverMove(f);
    for (let r = 0; r < 4; r++) rnd += randomPlay(f, seed * 4 + r) / 4;
    roll += rollout(f);
  }
  totalPar += par;
  totalRoll += roll;
  const n = seedsPerDay;
  console.log(
    `${String(day).padStart(3)} ${(par / n).toFixed(0).padStart(6)} ${(still / par).toFixed(2).padStart(10)} ${(rnd / par).toFixed(2).padStart(8)} ${(roll / n).toFixed(0).padStart(9)} ${(roll / par).toFixed(3).padStart(12)}`,
  );
}
console.log(
  `overall rollout / par = ${(totalRoll / totalPar).toFixed(3)} (a quota at 95% of par asks ${(((0.95 * totalPar) / totalRoll) * 100).toFixed(0)}% of the rollout player's score)`,
);
