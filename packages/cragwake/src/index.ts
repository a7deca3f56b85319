// Cragwake: the game module. load() instantiates the kernel once per build and returns the Game.
import { defineGame, type Game, type GameModule, type LoadOptions, type RelativeActions, type Rules } from '@hearth/engine';
import { createBrief } from './brief.ts';
import { createWall, type Wall } from './generator.ts';
import { loadKernel } from './kernel.ts';
import { type CragObservation, observe } from './observe.ts';
import { createParseState, parseAction } from './parse.ts';
import { createPolicies } from './policies.ts';
import { createRecap } from './recap.ts';
import { apply, type CragAction, initState, legalActions, otherActions, refuse } from './rules.ts';
import { buildSpec } from './spec.ts';
import { type CragState, cloneState } from './state.ts';
import { createTensor, MOVE_OFFSETS_LIST } from './tensor.ts';

export type { CragObservation } from './observe.ts';
export { Reason } from './rules.ts';
export type { CragAction, CragState, Wall };

export function createRules(wall: Wall): Rules<CragState, CragAction, CragObservation> {
  return {
    init: (seed) => initState(wall, seed >>> 0),
    parseState: createParseState(wall),
    parseAction,
    refuse,
    apply: (state, action, report) => apply(wall, state, action, report),
    legalActions,
    score: (state) => state.score,
    gameOver: (state) => state.phase === 'over',
    observe: (state) => observe(wall, state),
    clone: cloneState,
    recap: createRecap(wall),
    brief: createBrief(wall),
    endsRun: (action) => action.type === 'endRun',
    // pitch is the pitch being climbed, so pitches completed is one less.
    stats: (state) => ({ pitchesCompleted: state.pitch - 1 }),
    relativeActions: MOVE_OFFSETS,
    tensor: createTensor(wall),
  };
}

/**
 * `move` names an absolute row, which the grammar leaves unbounded, so a fixed-size action space enumerates
 * moves as offsets (rows up, columns across) from the climber, over the box every step and lunge lies in
 * (rows -1..2, columns -2..2, the climber's own cell left out): 19 offsets, of which the mask says which are
 * holds in reach now; the tensor's move costs are that mask, so a driver with observations on reads it from there.
 */
const MOVE_OFFSETS: RelativeActions<CragState, CragAction> = {
  type: 'move',
  rowKey: 'row',
  colKey: 'col',
  offsets: MOVE_OFFSETS_LIST,
  origin: (s) => [s.row, s.col],
  // The tensor's move_cost is nonzero exactly at the legal moves (it is written by the same scan as legalActions).
  legal: { field: 'move_cost', others: otherActions },
};

/** Builds the Game over an already instantiated wall (tests use this to compare kernel builds). */
export function createGame(wall: Wall): Game<CragState, CragAction, CragObservation> {
  const spec = buildSpec(wall);
  const rules = createRules(wall);
  return defineGame(spec, rules, { policies: createPolicies({ spec, rules }) });
}

const loaded = new Map<string, Promise<CragwakeGame>>();

export type CragwakeGame = Game<CragState, CragAction, CragObservation>;

export const gameModule: GameModule<CragState, CragAction, CragObservation, 'cragwake'> = {
  slug: 'cragwake',
  name: 'Cragwake',
  load(options: LoadOptions = {}) {
    const build = options.kernel ?? 'wasm';
    let game = loaded.get(build);
    if (!game) {
      game = loadKernel(build).then((kernel) => createGame(createWall(kernel)));
      loaded.set(build, game);
    }
    return game;
  },
};
export { look } from './look.ts';
