// A minimal test fixture for the engine's own tests (never registered): a counter you add 1 or 2 to, up to 10.

import type { Game, Observation, Rules, Spec } from '../src/contract.ts';
import { defineGame } from '../src/define-game.ts';
import { isRecord } from '../src/validate.ts';

export interface CountState {
  n: number;
  secret: number;
}
export type CountAction = { type: 'add'; k: 1 | 2 };

export const rules: Rules<CountState, CountAction, Observation> = {
  init: (seed) => ({ n: 0, secret: seed }),
  parseState: (v) =>
    isRecord(v) && Number.isInteger(v.n) && Number.isInteger(v.secret)
      ? { ok: true, value: v as unknown as CountState }
      : { ok: false, message: 'bad state' },
  parseAction: (v) =>
    isRecord(v) && v.type === 'add' && (v.k === 1 || v.k === 2)
      ? { ok: true, value: { type: 'add', k: v.k } }
      : { ok: false, message: 'bad action' },
  refuse: (s, a) => (s.n + a.k > 10 ? { reason: 'too_far', message: 'past 10', limit: 10 } : null),
  apply(s, a) {
    if (s.n === 7 && a.k === 2) throw new Error('rules bug');
    s.n += a.k;
  },
  legalActions: (s) => ([1, 2] as const).filter((k) => s.n + k <= 10).map((k) => ({ type: 'add', k })),
  score: (s) => s.n,
  gameOver: (s) => s.n === 10,
  observe: (s) => ({ text: `n=${s.n}` }),
  clone: (s) => ({ ...s }),
  publicState: (s) => ({ n: s.n }),
};

export function tinyGame(carry: 'state' | 'stateToken' = 'state'): Game<CountState, CountAction> {
  const spec: Spec = {
    slug: 'tiny',
    name: 'Tiny',
    genre: 'fixture',
    description: 'fixture',
    goal: 'reach 10',
    scoring: 'n',
    rules: 'add 1 or 2',
    actionGrammar: {},
    stateSchema: {},
    observationSchema: {},
    decisions: [],
    carry,
    version: '1',
    legend: {},
  };
  return defineGame(spec, rules);
}
