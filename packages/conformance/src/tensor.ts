// The observation tensor (Rules.tensor) against the game's own JSON observation, over random play: every row keeps
// its declaration (finite, in bounds, integers where the dtype is) over random play and the game's strong bot, `encode` writes every number of the row and
// nothing outside it, and the row equals the game test's decoding of the JSON observation of the same state.
import {
  canonicalJson,
  type Game,
  type Observation,
  type OkResponse,
  relativeLegalField,
  tensorRecord,
  tensorRowProblem,
} from '@hearth/engine';
import { type CheckOptions, seedAt } from './checks.ts';
import { randomPlay } from './play.ts';

/** A game test's decoding of its JSON observation into the tensor's row (the independent side of the check). */
export type TensorOfObservation<O extends Observation = Observation> = (observation: O) => Float32Array;

export function checkTensor(
  game: Game,
  o: CheckOptions,
  tensorOf: TensorOfObservation | undefined,
  strongSeeds = 2,
): { problems: string[]; states: number } {
  const tensor = game.rules.tensor;
  if (!tensor) return { problems: [`${game.slug} declares no observation tensor (rules.tensor)`], states: 0 };
  const problems: string[] = [];
  const n = tensor.size;
  const garbage = new Float32Array(n + 4).fill(Number.NaN);
  const zeros = new Float32Array(n + 4);
  let states = 0;
  const check = (r: OkResponse, where: string) => {
    states++;
    garbage.fill(Number.NaN);
    zeros.fill(0);
    tensor.encode(r.state, garbage, 2);
    tensor.encode(r.state, zeros, 2);
    if (!Number.isNaN(garbage[0]!) || !Number.isNaN(garbage[1]!) || !Number.isNaN(garbage[n + 2]!) || !Number.isNaN(garbage[n + 3]!))
      problems.push(`${where}: encode wrote outside its row`);
    const problem = tensorRowProblem(tensor, garbage, 2);
    if (problem) problems.push(`${where}: ${problem}`);
    for (let j = 0; j < n; j++)
      if (!Object.is(garbage[j + 2], zeros[j + 2])) {
        problems.push(`${where}: encode left number ${j} unwritten`);
        break;
      }
    const legal = legalProblem(game, r, zeros, 2);
    if (legal) problems.push(`${where}: ${legal}`);
    if (tensorOf) {
      const expected = tensorOf(r.observation);
      const got = tensorRecord(tensor, zeros, 2);
      const want = tensorRecord(tensor, expected, 0);
      for (const f of tensor.fields)
        if (JSON.stringify(got[f.name]) !== JSON.stringify(want[f.name])) {
          problems.push(
            `${where}: ${f.name} encodes ${JSON.stringify(got[f.name])}, the JSON observation says ${JSON.stringify(want[f.name])}`,
          );
          break;
        }
    }
  };
  for (let k = 0; k < o.seeds && problems.length < 20; k++) {
    const seed = seedAt(k);
    check(game.init(seed), `seed ${seed} init`);
    let turn = 0;
    randomPlay(game, seed, o.maxTurns, o, (s) => check(s.after, `seed ${seed} turn ${++turn}`));
  }
  // Random play stays near the start of most games: the game's strong bot reaches the late positions too.
  const strong = game.policies.strong;
  for (let k = 0; strong && k < strongSeeds && problems.length < 20; k++) {
    const seed = seedAt(k + 1);
    const policy = strong(seed);
    let r: OkResponse = game.init(seed);
    for (let turn = 1; turn <= o.maxTurns && !r.gameOver; turn++) {
      const next = game.act(r.state, policy.decide(r.state, r.legalActions));
      if (!next.ok) break;
      r = next;
      check(r, `seed ${seed} strong turn ${turn}`);
    }
  }
  return { problems: problems.slice(0, 20), states };
}

/**
 * Where a game declares its mask's relative part in its row (relativeActions.legal): the field is nonzero exactly at
 * the legal relative actions, and `others` is exactly the rest of the legal actions. Null when it holds or is not declared.
 */
export function legalProblem(game: Game, r: OkResponse, row: Float32Array, at: number): string | null {
  const field = relativeLegalField(game.rules);
  if (field === null) return null;
  if (typeof field === 'string') return field;
  const rel = game.rules.relativeActions!;
  const legal = rel.legal!;
  const [r0, c0] = rel.origin(r.state);
  const relative = new Set<number>();
  const others = new Set<string>();
  for (const a of r.legalActions as Record<string, unknown>[]) {
    if (a.type !== rel.type) {
      others.add(canonicalJson(a));
      continue;
    }
    const k = rel.offsets.findIndex(([dr, dc]) => a[rel.rowKey] === r0 + dr && a[rel.colKey] === c0 + dc);
    if (k < 0) return `legal action ${canonicalJson(a)} is not among relativeActions' offsets`;
    relative.add(k);
  }
  for (let k = 0; k < field.size; k++)
    if ((row[at + field.offset + k] !== 0) !== relative.has(k))
      return `${field.name}[${k}] is ${row[at + field.offset + k]} but that move is ${relative.has(k) ? 'legal' : 'not legal'} (relativeActions.legal)`;
  const said = legal.others(r.state).map(canonicalJson).sort();
  if (JSON.stringify(said) !== JSON.stringify([...others].sort()))
    return `relativeActions.legal.others gives ${JSON.stringify(said)}, legalActions has ${JSON.stringify([...others].sort())} beside the moves`;
  return null;
}
