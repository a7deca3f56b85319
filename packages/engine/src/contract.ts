// The engine contract: the one set of types every game implements and every adapter consumes.
// Games are pure: no I/O, no clock, no Math.random, no mutation of inputs, never a throw.
import type { Look } from './look.ts';

/** Any value that survives JSON.stringify/JSON.parse unchanged. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON Schema (draft 2020-12) as a plain object. */
export type JsonSchema = { [keyword: string]: unknown };

/** One point the design document left open or stated two ways, and what this engine does about it. */
export interface Decision {
  /** Short name of the question, e.g. "band near row 0". */
  topic: string;
  /** The rule this engine applies, precise enough for a third party to reimplement. */
  decision: string;
}

/** The self-documenting description served with every init and at /api/games/{slug}/spec. */
export interface Spec {
  /** URL-safe id: cragwake, stormlark, lantern-volley, sunloaf. */
  slug: string;
  /** Display name, e.g. "Lantern Volley". */
  name: string;
  /** One or two words, e.g. "climbing puzzle". */
  genre: string;
  /** One sentence a player reads in a list of games. */
  description: string;
  /** The design document's Goal section. */
  goal: string;
  /** The design document's Scoring section. */
  scoring: string;
  /** The design document's Rules section. */
  rules: string;
  /** JSON Schema every action must satisfy (what the engine accepts, exactly). */
  actionGrammar: JsonSchema;
  /** JSON Schema of `state` as it travels on the wire. */
  stateSchema: JsonSchema;
  /** JSON Schema of `observation`. */
  observationSchema: JsonSchema;
  /** Every point the design document left open, and the engine's rule for it. */
  decisions: Decision[];
  /** What the client carries between calls: the plain `state`, or an opaque `stateToken`. */
  carry: 'state' | 'stateToken';
  /** Rules version; any change that alters play bumps it (and the golden replays). */
  version: string;
  /** Legend of the plain-text picture in `observation.text`. */
  legend: Record<string, string>;
  /** Anything else a player needs to compute the game (difficulty formulas, schedules...). */
  appendix?: Record<string, Json>;
  /**
   * How to play in three to six short sentences: the rules that matter most, in a player's words, with no
   * JSON or state field names (adapters show it as the how-to-play; the full `rules` stay one click away).
   */
  summary?: string[];
  /** How the game is drawn (board geometry, kinds of things with glyphs and colours, labels): see look.ts. */
  look?: Look;
}

/** One part of what an action did, e.g. `{ kind: 'hull_lost', text: 'hull 3 → 2' }`. */
export interface RecapItem {
  /** Stable snake_case code, documented in the game's README (e.g. points, hull_lost, lantern_lit, bowl_eaten, dog_reset). */
  kind: string;
  /** Short phrase for people. */
  text: string;
  /** Points this part earned, where it earned any. */
  points?: number;
}

/**
 * What one accepted action did, derived by the game from the states before and after: the "what happened"
 * line every adapter shows (web, terminal, MCP, `view=compact`), so no adapter recomputes a rule.
 */
export interface Recap {
  /** One line for people, e.g. "+173 knot cleared (chain 13) · hull 3 → 2". */
  text: string;
  /** Score after minus score before. */
  points: number;
  items: RecapItem[];
}

/**
 * One thing that happened while an action was applied, in the order it happened: what a UI animates (a climb, a
 * pulse, a cat settling, a lantern lighting) and what the recap is built from. `kind` is a stable snake_case code
 * documented in the game's README with its detail fields; positions are in the observation's coordinates.
 */
export interface StepEvent {
  kind: string;
  /** Points this event earned, where it earned any (the points of a step's events add up to its score change). */
  points?: number;
  [detail: string]: Json | undefined;
}

/**
 * What one applied action did, collected by the rules as they apply it (`Rules.apply`'s optional third argument):
 * nothing is replayed to explain a step. `events` in the order they happened.
 */
export interface StepReport {
  events: StepEvent[];
  /**
   * Whether anything reads `events`: false when the report is collected only for the recap (the lean, recap and
   * compact answers without events). A game whose recap reads `facts` may then leave `events` empty.
   */
  readonly withEvents: boolean;
  /** The game's own record of the step, written by its apply for its recap (never sent; opaque to the engine). */
  facts?: unknown;
}

/** A report to pass to `apply` (its events filled in by the step; `withEvents` false: only the recap reads it). */
export const newStepReport = (withEvents = true): StepReport => ({ events: [], withEvents });

/** A view sized for a language model: a small picture with status lines, and the legal actions in compact form. */
export interface Brief {
  /** Plain text: a compact picture of the board and the numbers that matter (far smaller than observation.text where that is large). */
  text: string;
  /** The legal actions in a compact, game-documented form (e.g. Cragwake moves with costs, Sunloaf moves grouped by cat). */
  actions: Json;
}

/** The compact view: what `view=compact` (HTTP) and the MCP tools return beside or instead of the full response. */
export interface CompactView extends Brief {
  score: number;
  gameOver: boolean;
  /** What the action just taken did (absent after init). */
  recap?: Recap;
  /** The step's events, when asked for (`ActOptions.events`). */
  events?: StepEvent[];
}

/**
 * The lean response (`view=lean` on HTTP, `--view lean` on the JSON pipe): what an agent loop needs per step and
 * nothing more. The state to send back (`state`, or `stateToken` alone for a token game), score and gameOver, and
 * the compact view, whose `actions` are the legal actions; no observation, no legalActions list, no extras.
 * Key order as written here. Built by the engine's `leanResponse` (wire.ts), its schema by `leanResponseSchema`.
 */
export interface LeanResponse<S = unknown> {
  ok: true;
  state?: S;
  stateToken?: string;
  score: number;
  gameOver: boolean;
  view: CompactView;
}

/** Per-call options of `act`. */
export interface ActOptions {
  /**
   * The state was produced by this engine and authenticated by the caller (the server's seal or sealed token):
   * skip `parseState` (deep validation). Never set this for a state a client could have written.
   */
  trusted?: boolean;
  /** Add `recap` (what the action did) to an accepted response. */
  recap?: boolean;
  /**
   * Add `events` (the step's StepEvents, in order) to an accepted response: at the top of the full response, and in
   * `view` of the compact and lean ones. Opt-in: without it every response is byte for byte what it was.
   */
  events?: boolean;
  /** Add `view` (the CompactView, recap included) to an accepted response. */
  compact?: boolean;
  /**
   * Answer an accepted action with the LeanResponse (`{ ok, state, score, gameOver, view }`) instead of the full
   * response: the observation and the legal-action list are never computed. Refusals are unchanged.
   */
  lean?: boolean;
}

/** The player's view. `text` is a plain-text picture a terminal or a language model can read. */
export interface Observation {
  text: string;
  [key: string]: unknown;
}

/** A successful step: the next position of the game. */
export interface OkResponse<S = unknown, A = unknown, O extends Observation = Observation> {
  ok: true;
  state: S;
  observation: O;
  /** Exactly the set of actions the engine would accept now (a game may document an empty list on purpose). */
  legalActions: A[];
  score: number;
  gameOver: boolean;
  /** Game-specific extras documented in the spec (e.g. Lantern Volley's lastShot). */
  [extra: string]: unknown;
}

/** init's response: an OkResponse plus the spec. */
export interface InitResponse<S = unknown, A = unknown, O extends Observation = Observation> extends OkResponse<S, A, O> {
  spec: Spec;
}

/** Reason codes shared by every game. Games add their own stable codes (snake_case). */
export const Reasons = {
  /** The action does not have the shape of any action in the grammar. */
  unknownAction: 'unknown_action',
  /** The state is not a valid state of this game (forged, corrupted, truncated, or from another game). */
  invalidState: 'invalid_state',
  /** The engine itself failed; never expected, reported instead of throwing. */
  internalError: 'internal_error',
} as const;

/**
 * A refusal: the action was not taken and nothing changed. `reason` is a stable machine code,
 * `message` is for people, `legalActions` is the real legal set (empty when the state itself was refused).
 * Games may add detail fields (e.g. `cost` and `stamina`).
 */
export interface Refusal<A = unknown> {
  ok: false;
  reason: string;
  message: string;
  legalActions: A[];
  [detail: string]: unknown;
}

export type ActResponse<S = unknown, A = unknown, O extends Observation = Observation> = OkResponse<S, A, O> | Refusal<A>;

/** Result of validating untrusted input. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A rule's refusal of a well-formed action: reason code, message, optional details. */
export interface RuleRefusal {
  reason: string;
  message: string;
  [detail: string]: unknown;
}

/**
 * What a game package implements. The engine builds `act`, `init` and the fast simulation handle from it,
 * so there is exactly one copy of the rules: `apply`, which steps a state in place.
 */
export interface Rules<S, A, O extends Observation = Observation> {
  /** A fresh state for a u32 seed. */
  init(seed: number): S;
  /** Validates an untrusted value as a state of this game; the message names what is wrong. Must not throw. */
  parseState(value: unknown): Parsed<S>;
  /** Validates the shape of an untrusted action (not its legality); a failure becomes `unknown_action`. */
  parseAction(value: unknown): Parsed<A>;
  /** Why the rules turn this well-formed action down in this state, or null when it is legal. Pure. */
  refuse(state: S, action: A): RuleRefusal | null;
  /**
   * Applies a legal action to `state` in place. The single copy of the rules. With `report`, the step pushes what it
   * does onto `report.events` as it does it (without one it records nothing: the simulator's hot path).
   */
  apply(state: S, action: A, report?: StepReport): void;
  /** Exactly the accepted set (or the documented empty list). Pure. */
  legalActions(state: S): A[];
  score(state: S): number;
  gameOver(state: S): boolean;
  /** The player's view of a state. Pure. */
  observe(state: S): O;
  /** A deep copy of a state. */
  clone(state: S): S;
  /** Extra response fields documented in the spec (e.g. lastShot), derived from the state after a step. */
  extras?(state: S): Record<string, unknown>;
  /** For `carry: 'stateToken'` games: the readable state sent beside the token (everything but hidden fields). */
  publicState?(state: S): unknown;
  /** What `action` did: from the states before and after it and the step's report (never by replaying it). Pure. */
  recap?(before: S, after: S, action: A, report: StepReport): Recap;
  /**
   * The recap reads the two states alone, never the report (the state after carries what the step did, as Lantern
   * Volley's lastShot does): the engine then collects a step report only when the events themselves are asked for,
   * and passes the recap an empty one. Absent: the recap reads the report.
   */
  recapFromStates?: boolean;
  /** The compact view for language models. Pure. */
  brief?(state: S): Brief;
  /**
   * Whether an action ends the run by the player's choice (stopping and keeping the score). The simulator's random
   * policy plays such an action only when nothing else is legal, and the batch spaces list them as `runEnding`.
   * Absent: no action does. Pure.
   */
  endsRun?(action: A): boolean;
  /**
   * The headline figures of a finished game (e.g. levels completed), named in the game's README. The simulator
   * writes them into every record's `stats`, after the state's own top-level scalar fields. Pure.
   */
  stats?(state: S): Record<string, Json>;
  /**
   * The observation as fixed-size numeric arrays, encoded straight from the state (no JSON observation is built):
   * what vector environments and learners read (`hearth sim serve`, the Gymnasium client). Every registered game
   * declares one (tensor.ts in its package; `defineTensor` checks the declaration), and `hearth sim serve` refuses
   * a game without one.
   */
  tensor?: ObservationTensor<S>;
  /**
   * For fixed-size action spaces (`hearth sim serve`, the Gymnasium client): an action whose fields the grammar
   * leaves unbounded (an absolute position), enumerated relative to the player instead. Absent when the
   * grammar's finite enumeration is the whole space.
   */
  relativeActions?: RelativeActions<S, A>;
}

/** What a learner's array holds for a tensor field (every value travels as float32 and is exact in it). */
export type TensorDtype = 'int8' | 'int16' | 'int32' | 'float32';

/** Where a tensor is written: float32 numbers, or int8 when every field is int8. */
export type TensorRow = Float32Array | Int8Array;

/** One named field of a game's fixed-size numeric observation. */
export interface TensorField {
  /** snake_case, unique in the game, e.g. `wall_kind`. */
  name: string;
  /** Dimensions, row-major; `[]` for a scalar. */
  shape: readonly number[];
  dtype: TensorDtype;
  /** Every value lies in [low, high]: finite bounds from the game's own limits (a counter with no limit is clipped or left out). */
  low: number;
  high: number;
  /** What the numbers mean (codes, units, what a coordinate is relative to). */
  description: string;
}

/** A declared field with its place in the observation row (see `defineTensor`). */
export interface PlacedTensorField extends TensorField {
  /** Index of the field's first number in the row; the field holds the product of its shape from there. */
  offset: number;
  size: number;
}

/**
 * A game's observation as one row of `size` numbers, the fields in order, each row-major (Pgx's lesson: the
 * tensor view is part of the game). Ids are relative or left out, positions relative to the player where the board
 * is unbounded, so the same situation always looks the same. `encode` writes every number of the row.
 */
export interface ObservationTensor<S = unknown> {
  readonly fields: readonly PlacedTensorField[];
  readonly size: number;
  /**
   * Writes the observation of `state` into out[offset .. offset + size). Pure; allocates nothing per call. `out` is
   * an Int8Array only when every field's dtype is int8 (the batched pipe then writes the rows it sends directly).
   */
  encode(state: S, out: TensorRow, offset: number): void;
}

/**
 * Actions of one `type` that name a cell by two unbounded integer fields, enumerated as offsets from the
 * player's cell: index k of the space is `{ type, [rowKey]: row + offsets[k][0], [colKey]: col + offsets[k][1] }`
 * where `[row, col] = origin(state)`. The offsets cover every such action that can be legal.
 */
export interface RelativeActions<S = unknown, A = unknown> {
  /** The action's `type`. */
  type: string;
  /** The action's row and column fields. */
  rowKey: string;
  colKey: string;
  /** [rows, columns] from the player's cell, in index order. */
  offsets: readonly (readonly [number, number])[];
  /** The player's cell in a state, as [row, column]. */
  origin(state: S): readonly [number, number];
  /**
   * Optional, for a fixed-size driver with observations on, so the legal set is not built a second time: the name
   * of a field of the game's tensor holding one number per offset, in offsets order, that is nonzero exactly when
   * that relative action is legal (Cragwake's `move_cost`), and `others`, the rest of `legalActions` (every legal
   * action not of `type`). The driver reads the relative part of the mask from the encoded row and marks `others`;
   * the conformance kit checks both against `legalActions` over random play. Declare both or neither.
   */
  legal?: { field: string; others(state: S): readonly A[] };
}

/**
 * The fast simulation handle: one game held in place, stepped without JSON and without copying,
 * by the same `apply` as `act`. For simulators and bots; not for untrusted input.
 */
export interface Sim<S, A> {
  /** Starts a new game for a seed, reusing the handle. */
  reset(seed: number): void;
  /** The live state. Read it, do not keep it across steps, do not mutate it. */
  readonly state: S;
  /** The legal actions now. */
  legalActions(): A[];
  /** Refuses (returns the refusal, nothing changes) or applies the action and returns null. */
  step(action: A, report?: StepReport): RuleRefusal | null;
  /** Applies an action the caller knows is legal (e.g. taken from legalActions), skipping the check. */
  stepTrusted(action: A, report?: StepReport): void;
  score(): number;
  gameOver(): boolean;
}

/**
 * A loaded game: every call is synchronous. `Game` with no arguments is any game seen from outside (state and
 * actions `unknown`), as an adapter that handles every slug sees it; the registry hands out the typed
 * `Game<State, Action, Observation>` for a known slug.
 */
export interface Game<S = unknown, A = unknown, O extends Observation = Observation> {
  readonly slug: string;
  readonly name: string;
  readonly spec: Spec;
  readonly rules: Rules<S, A, O>;
  /** A new game for a u32 seed (adapters choose and normalise the seed). */
  init(seed: number): InitResponse<S, A, O>;
  /**
   * One step from an untrusted state and action. Never throws; a refusal changes nothing.
   * `options.trusted` skips state validation for states the caller authenticated; `recap`/`compact` add fields.
   */
  act(state: unknown, action: unknown, options: ActOptions & { lean: true }): LeanResponse<S> | Refusal<A>;
  act(state: unknown, action: unknown, options?: ActOptions): ActResponse<S, A, O>;
  /** The full response for a (trusted) state, e.g. to re-render after loading a save. */
  view(state: S): OkResponse<S, A, O>;
  /** What an action did (the rules' recap, or the score change alone for a game without one). */
  /**
   * What an action did (the rules' recap, or the score change alone for a game without one). Without the step's
   * report (a caller holding only the two states), the engine applies the action to a copy of `before` to collect it.
   */
  recap(before: S, after: S, action: A, report?: StepReport): Recap;
  /** The compact view of a (trusted) state, with the recap of the action that led to it when known. */
  compact(state: S, recap?: Recap): CompactView;
  /** A fresh fast simulation handle. */
  createSim(): Sim<S, A>;
  /**
   * Policies (bots) that the game itself ships, by name (e.g. Sunloaf's "reference" policy). One name is read by
   * the simulator: `strong`, the game's strongest bot, is what the simulator's `strong` plays (a game without one
   * gets rollouts over the simulator's greedy).
   */
  readonly policies: Readonly<Record<string, PolicyFactory<S, A>>>;
}

/**
 * A player program. Deterministic given the seed it was made with and the sequence of calls.
 * It sees what a player sees (the state, which in every game here hides nothing a player may not know).
 */
export interface Policy<S = unknown, A = unknown> {
  readonly name: string;
  /** Picks the next action. `legalActions` is the game's list (empty by design in Lantern Volley). */
  decide(state: S, legalActions: readonly A[]): A;
}

/** Makes a policy for one game run; `seed` drives any randomness the policy uses (through @hearth/rng). */
export type PolicyFactory<S = unknown, A = unknown> = (seed: number) => Policy<S, A>;

/**
 * A game before loading: metadata plus the one async load step (WASM instantiation). A game package declares
 * its module with its own types and its slug as a literal (`GameModule<CragState, CragAction, CragObservation,
 * 'cragwake'>`), so the registry can hand out the typed Game for that slug.
 */
export interface GameModule<S = unknown, A = unknown, O extends Observation = Observation, Slug extends string = string> {
  readonly slug: Slug;
  readonly name: string;
  /** Loads the game's kernels. Idempotent; after it resolves every call on the Game is synchronous. */
  load(options?: LoadOptions): Promise<Game<S, A, O>>;
}

/** The Game a module loads. */
export type GameOfModule<M> = M extends GameModule<infer S, infer A, infer O, string> ? Game<S, A, O> : never;

export interface LoadOptions {
  /** Which build of the kernels to run: the WASM module (default) or its JavaScript build. */
  kernel?: 'wasm' | 'js';
}
