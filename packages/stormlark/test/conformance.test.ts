import { fileURLToPath } from 'node:url';
import { runConformance } from '@hearth/conformance';
import { gameModule } from '../src/index.ts';
import type { Entity, StormlarkState } from '../src/state.ts';
import { invariants } from './helpers.ts';

// pnpm mutate runs these checks against every surviving mutant; it sets HEARTH_MUTATE=1 for a tenth of the volume
// (the same checks, forged states and goldens over fewer seeds; see the README's "Rule-bearing files").
const MUTATE = process.env.HEARTH_MUTATE === '1';

const copy = (s: StormlarkState): StormlarkState => JSON.parse(JSON.stringify(s));
const withEntities = (s: StormlarkState, entities: Entity[]) => ({ ...copy(s), entities });
/** For hand-made boards whose ids may exceed the state's nextId. */
const withBoard = (s: StormlarkState, entities: Entity[]) => ({ ...copy(s), entities, nextId: Math.max(s.nextId, 100) });

runConformance({
  load: () => gameModule.load(),
  canonicalOrder: true,
  seeds: MUTATE ? 20 : 200,
  ...(MUTATE ? { probeStates: 30 } : {}),
  maxTurns: MUTATE ? 200 : 400,
  extraFields: 'refused',
  invariants: (prev, action, next) => invariants(prev, action, next),
  goldenDir: fileURLToPath(new URL('../golden', import.meta.url)),
  // Every field whose change in a turn-0 state no play reaches (a turn-0 state is exactly init(seed),
  // and parseState redraws it; later states are held to the counters' bounds in bounds.ts).
  mutation: {
    fields: ['seed', 'rngState', 'column', 'shipLane', 'hull', 'charge', 'chain', 'reach', 'hullLost', 'turn', 'score', 'nextId'],
    count: MUTATE ? 2_000 : 20_000,
  },
  forgedStates: (state: StormlarkState) => {
    const s = copy(state);
    const first = s.entities[0];
    const out: Array<{ name: string; state: unknown }> = [
      { name: 'rngState off the column budget', state: { ...s, rngState: (s.rngState + 1) >>> 0 } },
      { name: 'charge above 9', state: { ...s, charge: 10 } },
      { name: 'hull above 3', state: { ...s, hull: 4 } },
      { name: 'turn that does not match the counters', state: { ...s, turn: s.turn + 1 } },
      { name: 'score above the plausibility guard', state: { ...s, score: 1_000_001 } },
      { name: 'hull 0 while flying', state: { ...s, hull: 0, phase: 'flying' } },
      { name: 'reachClear without a Gate at column 0', state: { ...s, phase: 'reachClear' } },
      { name: 'unknown field', state: { ...s, bonus: 1 } },
      {
        name: 'board sealed across columns 1..3',
        state: withBoard(
          s,
          [1, 2, 3].flatMap((col) =>
            [0, 1, 2, 3, 4, 5, 6].map((lane) => ({ id: col * 7 + lane, kind: 'crag', lane, col, hp: 0, drift: 0 }) as Entity),
          ),
        ),
      },
      {
        name: 'three wardens',
        state: withBoard(
          s,
          [4, 5, 6].map((col, i) => ({ id: i, kind: 'warden', lane: 0, col, hp: 4, drift: 0 }) as Entity),
        ),
      },
      { name: 'a knot in the ship cell', state: withEntities(s, [{ id: 0, kind: 'knot', lane: s.shipLane, col: 0, hp: 1, drift: 0 }]) },
      {
        name: 'a sparker in column 0',
        state: withEntities(s, [{ id: 0, kind: 'sparker', lane: (s.shipLane + 1) % 7, col: 0, hp: 1, drift: 0 }]),
      },
    ];
    if (first) {
      out.push(
        { name: 'two entities in one cell', state: withEntities(s, [first, { ...first, id: first.id + 100000 }, ...s.entities.slice(1)]) },
        {
          name: 'duplicate id',
          state: withEntities(s, [first, ...s.entities.slice(1).map((e, i) => (i === 0 ? { ...e, id: first.id } : e))]),
        },
        { name: 'entity id at or above nextId', state: withEntities(s, [{ ...first, id: s.nextId }, ...s.entities.slice(1)]) },
        { name: 'entity hp out of range', state: withEntities(s, [{ ...first, hp: 7 }, ...s.entities.slice(1)]) },
        { name: 'entity off the board', state: withEntities(s, [{ ...first, col: 10 }, ...s.entities.slice(1)]) },
        { name: 'entity with a stray field', state: withEntities(s, [{ ...first, speed: 2 } as Entity, ...s.entities.slice(1)]) },
        {
          name: 'entity of an unknown kind',
          state: withEntities(s, [{ ...first, kind: 'dragon' } as unknown as Entity, ...s.entities.slice(1)]),
        },
        { name: 'entities out of board order', state: withEntities(s, [...s.entities].reverse()) },
      );
    }
    return out;
  },
});
