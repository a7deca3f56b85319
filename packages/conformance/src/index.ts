import type { Game, Observation } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPoliciesEmitParseable, checkRecapAndOptions, checkSpecLook, checkSummary } from './adapters.ts';
import {
  type CheckOptions,
  checkCorruptedStates,
  checkDeterminism,
  checkJsonRoundTrip,
  checkJunkRefused,
  checkLegalAccepted,
  checkLegalListShape,
  checkNoMutation,
  checkRandomPlay,
  defaultCheckOptions,
  probeStates,
} from './checks.ts';
import { checkStepEvents } from './events.ts';
import { readGoldens, verifyGolden } from './golden.ts';
import { checkMutations, type MutationOptions } from './mutation.ts';
import { checkCanonicalOrder, checkServedSchemas } from './schemas.ts';
import { checkTensor, type TensorOfObservation } from './tensor.ts';

export * from './adapters.ts';
export * from './checks.ts';
export * from './events.ts';
export * from './events-suite.ts';
export { type GoldenReplay, readGoldens, verifyGolden, writeGolden } from './golden.ts';
export { brokenVariants, corruptedLeaves, deepFreeze, malformedActions, missingKeys, notAState } from './junk.ts';
export * from './mutation.ts';
export { candidates, type PlayOptions, randomPlay, type Step } from './play.ts';
export * from './schemas.ts';
export * from './tensor.ts';

export interface ConformanceOptions<S = unknown, A = unknown, O extends Observation = Observation> extends Partial<CheckOptions<S, A>> {
  /** Loads the game under test (the async WASM step). */
  load: () => Promise<Game<S, A, O>>;
  /** Folder of golden *.replay.json files (also walks regressions/). */
  goldenDir?: string;
  /** Label for the describe block (default: the game's slug). */
  label?: string;
  /** Per-test timeout in ms (default 120 s: random play over many seeds is slow on a busy 2-core machine). */
  timeout?: number;
  /** The reachability mutation test (issue 17): fields whose change in a turn-0 state no play reaches. */
  mutation?: MutationOptions;
  /**
   * Check that every state is built with its keys in canonical order (a plain-state game served by the server,
   * which then signs the state's native JSON without a sorted copy; the server stays correct without it, only slower).
   */
  canonicalOrder?: boolean;
  /** Seeds each of the game's own policies plays in the emitted-states-parse check (default 2; 0 skips it). */
  policySeeds?: number;
  /**
   * The game test's own decoding of a JSON observation into the observation tensor's row: the tensor check then
   * compares every encoded state with it (without it, only the declaration and the bounds are checked).
   */
  tensorOf?: TensorOfObservation<O>;
}

/**
 * The conformance suite: one call from a game package's test file registers every contract check.
 * Each check is also exported as a plain function returning its problems, which the kit's own tests use.
 */
export function runConformance<S, A, O extends Observation>(options: ConformanceOptions<S, A, O>): void {
  // The game's own callbacks (invariants, forged states, sampled actions) only ever see states and actions of the
  // game `load` returned, so the checks can hold them as callbacks over any game.
  const o = { ...defaultCheckOptions, ...options } as CheckOptions;
  const x = { o, timeout: options.timeout ?? 120_000 } as Suite;
  describe(`conformance: ${options.label ?? 'game'}`, () => {
    beforeAll(async () => {
      x.game = await options.load();
      x.states = probeStates(x.game, o);
    }, x.timeout);
    stateChecks(x);
    playChecks(x, options);
    optionalChecks(x, options);
  });
}

/** What every check of one suite reads: the loaded game and its probed states (set before the first test), the options. */
interface Suite {
  game: Game;
  states: ReturnType<typeof probeStates>;
  o: CheckOptions;
  timeout: number;
}

/** The contract over the probed states: legal actions, shapes, refusals, determinism, round trips, no mutation. */
function stateChecks(x: Suite): void {
  const { o, timeout } = x;
  it('probes a useful number of states', () => {
    expect(x.states.length).toBeGreaterThan(Math.min(10, o.probeStates - 1));
  });
  it('every legal action is accepted; game over offers none', () => expect(checkLegalAccepted(x.game, x.states)).toEqual([]), timeout);
  it('responses have the contract shape', () => expect(checkLegalListShape(x.game, x.states, o)).toEqual([]), timeout);
  it(
    'malformed and out-of-range actions are refused and change nothing',
    () => expect(checkJunkRefused(x.game, x.states, o)).toEqual([]),
    timeout,
  );
  it('seed + actions replay bit for bit; the fast handle agrees with act', () => expect(checkDeterminism(x.game, o)).toEqual([]), timeout);
  it('states survive a JSON round trip', () => expect(checkJsonRoundTrip(x.game, x.states, o)).toEqual([]), timeout);
  it('act never mutates its inputs', () => expect(checkNoMutation(x.game, x.states, o)).toEqual([]), timeout);
  it(
    'corrupted states never crash act and forged ones are invalid_state',
    () => expect(checkCorruptedStates(x.game, x.states, o)).toEqual([]),
    timeout,
  );
}

/** Over random play: invariants, served schemas, key order, the tensor, step events, the spec's texts, recaps. */
function playChecks<S, A, O extends Observation>(x: Suite, options: ConformanceOptions<S, A, O>): void {
  const { o, timeout } = x;
  it(
    `random play over ${o.seeds} seeds keeps every invariant`,
    () => {
      const result = checkRandomPlay(x.game, o);
      expect(result.problems).toEqual([]);
      expect(result.steps).toBeGreaterThan(0);
    },
    timeout * 3,
  );
  it(
    'the served schemas accept every emitted state, observation and legal action (ajv, draft 2020-12)',
    () => {
      const result = checkServedSchemas(x.game, o);
      expect(result.problems).toEqual([]);
      expect(result.responses).toBeGreaterThan(o.seeds > 1 ? 20 : 0);
    },
    timeout * 2,
  );
  it.runIf(options.canonicalOrder === true)(
    'the states are built with keys in canonical order (the server signs their native JSON)',
    () => {
      const result = checkCanonicalOrder(x.game, o);
      expect(result.problems).toEqual([]);
      expect(result.states).toBeGreaterThan(0);
    },
    timeout * 2,
  );
  it(
    `the observation tensor keeps its declaration, equals the decoded JSON observation and gives the legal moves where it says it does, over ${o.seeds} seeds`,
    () => {
      const result = checkTensor(x.game, o, options.tensorOf as TensorOfObservation | undefined);
      expect(result.problems).toEqual([]);
      expect(result.states).toBeGreaterThan(o.seeds);
    },
    timeout * 2,
  );
  it(
    "the step's events: only when asked, plain JSON, points add up, the recap is built from them",
    () => {
      const result = checkStepEvents(x.game, o);
      expect(result.problems).toEqual([]);
      expect(result.steps).toBeGreaterThan(0);
    },
    timeout * 2,
  );
  it('spec.summary is a short how-to-play', () => expect(checkSummary(x.game)).toEqual([]));
  it('spec.look (how the game is drawn) is a valid look', () => expect(checkSpecLook(x.game)).toEqual([]));
  it(
    'recap counts the points; act options (recap, compact, trusted) never change the step',
    () => {
      const result = checkRecapAndOptions(x.game, o);
      expect(result.problems).toEqual([]);
      expect(result.steps).toBeGreaterThan(0);
    },
    timeout * 2,
  );
}

/** What a game opts into: its own policies' states, the mutation test, its golden replays. */
function optionalChecks<S, A, O extends Observation>(x: Suite, options: ConformanceOptions<S, A, O>): void {
  const { o, timeout } = x;
  if ((options.policySeeds ?? 2) > 0) {
    it(
      "every state the game's own policies reach parses back",
      () => {
        const result = checkPoliciesEmitParseable(x.game, o, options.policySeeds ?? 2);
        expect(result.problems).toEqual([]);
      },
      timeout * 3,
    );
  }
  if (options.mutation) {
    const mutation = options.mutation;
    it(
      `mutated turn-0 states (${mutation.count ?? 20_000}) are refused as invalid_state, naming the field`,
      () => {
        const result = checkMutations(x.game, mutation);
        expect(result.problems).toEqual([]);
        expect(result.accepted).toBe(0);
        expect(result.tried).toBe(mutation.count ?? 20_000);
      },
      timeout * 3,
    );
  }
  if (options.goldenDir) {
    const goldens = readGoldens(options.goldenDir);
    it('has golden replays checked in', () => expect(goldens.length).toBeGreaterThan(0));
    for (const { file, golden } of goldens) {
      it(`golden ${file.slice(options.goldenDir.length + 1)} reproduces`, () => expect(verifyGolden(x.game, golden)).toEqual([]), timeout);
    }
  }
}
