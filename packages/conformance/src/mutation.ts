// The mutation test of parseState's reachability bounds: a field changed in a turn-0 state (init(seed)) gives a
// state no play reaches at turn 0, so the engine must refuse it as invalid_state and name the field. The game lists
// the fields for which that holds; the kit makes the mutants, over many seeds, and counts what slips through.
import { type Game, Reasons } from '@hearth/engine';
import { seedAt } from './checks.ts';

export interface MutationOptions {
  /** Dot paths of fields (e.g. 'score', 'craft.hull') whose every change in a turn-0 state is unreachable at turn 0. */
  fields: string[];
  /** How many mutants in all (default 20,000). */
  count?: number;
}

export const MUTATION_DELTAS = [1, -1, 2, -2, 7, -7, 100, -100, 10_000, -10_000, 10_000_000, -10_000_000] as const;

export function checkMutations(game: Game, m: MutationOptions): { problems: string[]; tried: number; accepted: number } {
  const count = m.count ?? 20_000;
  const perSeed = m.fields.length * MUTATION_DELTAS.length;
  const problems: string[] = [];
  let tried = 0;
  let accepted = 0;
  for (let k = 0; tried < count && problems.length < 40; k++) {
    const seed = seedAt(k);
    const start = game.init(seed);
    const action = start.legalActions[0] ?? {};
    for (let i = 0; i < perSeed && tried < count; i++) {
      const path = m.fields[i % m.fields.length]!;
      const delta = MUTATION_DELTAS[Math.floor(i / m.fields.length)]!;
      const mutant = JSON.parse(JSON.stringify(start.state));
      const slot = locate(mutant, path);
      if (!slot) return { problems: [`mutation field ${path} is not a number or boolean in the state`], tried, accepted };
      const old = slot.holder[slot.key];
      if (typeof old === 'boolean') {
        if (delta !== 1) continue;
        slot.holder[slot.key] = !old;
      } else slot.holder[slot.key] = (old as number) + delta;
      tried++;
      const res = game.act(mutant, action);
      const leaf = path.split('.').pop()!;
      if (res.ok || res.reason !== Reasons.invalidState) {
        accepted++;
        problems.push(`seed ${seed}: ${path} ${String(old)} -> ${String(slot.holder[slot.key])} was not refused as invalid_state`);
      } else if (!res.message.toLowerCase().includes(leaf.toLowerCase()))
        problems.push(`seed ${seed}: ${path} changed: the refusal does not name the field: ${res.message}`);
    }
  }
  return { problems: problems.slice(0, 40), tried, accepted };
}

function locate(root: unknown, path: string): { holder: Record<string, unknown>; key: string } | null {
  const parts = path.split('.');
  let at: unknown = root;
  for (const p of parts.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return null;
    at = (at as Record<string, unknown>)[p];
  }
  const key = parts[parts.length - 1]!;
  if (at === null || typeof at !== 'object') return null;
  const v = (at as Record<string, unknown>)[key];
  return typeof v === 'number' || typeof v === 'boolean' ? { holder: at as Record<string, unknown>, key } : null;
}
