// The lean response: one definition of the cheap loop's step (the server's view=lean, the JSON pipe's --view lean,
// the agent harness), its builder and its JSON Schema.
import { type TSchema, Type } from '@sinclair/typebox';
import type { CompactView, JsonSchema, LeanResponse, OkResponse, Spec } from './contract.ts';

/** Which response a client asked for: the gameboard shape, it plus `view`, or the lean response. */
export type ResponseForm = 'full' | 'compact' | 'lean';
export const RESPONSE_FORMS: readonly ResponseForm[] = ['full', 'compact', 'lean'];

/**
 * The lean response for a carried state and its compact view: `{ ok, state | stateToken, score, gameOver, view }`
 * in that order (score and gameOver are the view's, repeated at the top so a loop written against the gameboard
 * shape reads them where it always did). `carried` holds exactly one of state and stateToken.
 */
export function leanResponse<S>(carried: { state: S } | { stateToken: string }, view: CompactView): LeanResponse<S> {
  return 'stateToken' in carried
    ? { ok: true, stateToken: carried.stateToken, score: view.score, gameOver: view.gameOver, view }
    : { ok: true, state: carried.state, score: view.score, gameOver: view.gameOver, view };
}

/**
 * The lean form of a wire response that carries its compact view (`compact` on the wire, `view=compact` over HTTP):
 * the observation, legalActions, extras and a token game's readable state left out. Byte for byte what the wire's
 * own lean path answers for the same step.
 */
export function leanOf(response: OkResponse & { view?: unknown }): LeanResponse {
  const view = response.view as CompactView | undefined;
  if (!view || typeof view !== 'object') throw new Error('leanOf: the response carries no compact view (ask for the compact form)');
  return typeof response.stateToken === 'string'
    ? leanResponse({ stateToken: response.stateToken }, view)
    : leanResponse({ state: response.state }, view);
}

const RecapItemSchema = Type.Object(
  {
    kind: Type.String({ description: 'stable snake_case code, documented in the game README' }),
    text: Type.String(),
    points: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

const RecapSchema = Type.Object(
  {
    text: Type.String({ description: 'one line for people: what the action did' }),
    points: Type.Number({ description: 'score after minus score before' }),
    items: Type.Array(RecapItemSchema),
  },
  { additionalProperties: false },
);

/** One step event (contract.ts StepEvent): a kind, maybe points, and the game's documented detail fields. */
export const StepEventSchema = Type.Object(
  {
    kind: Type.String({ description: "stable snake_case code, documented with its fields in the game's README" }),
    points: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);

/** The compact view (`view` in view=compact and view=lean responses, and the MCP tools' results). */
export const CompactViewSchema = Type.Object(
  {
    score: Type.Number(),
    gameOver: Type.Boolean(),
    text: Type.String({ description: 'a small picture of the board and the numbers that matter' }),
    actions: Type.Unknown({ description: "the legal actions in the game's compact, documented form" }),
    recap: Type.Optional(RecapSchema),
    events: Type.Optional(Type.Array(StepEventSchema, { description: 'what the step did, in order (only when asked for)' })),
  },
  { additionalProperties: false },
);

/**
 * JSON Schema (draft 2020-12) of an accepted lean response of one game: the game's stateSchema for `state`, or a
 * non-empty `stateToken` string for a token game. `sealField` names the member a sealing adapter adds to the
 * state (the server's `seal`): the state's schema then allows that string member too.
 */
export function leanResponseSchema(spec: Spec, options: { sealField?: string } = {}): JsonSchema {
  const carried: Record<string, TSchema> =
    spec.carry === 'stateToken'
      ? { stateToken: Type.String({ minLength: 1 }) }
      : { state: Type.Unsafe(stateOnWire(spec, options.sealField)) };
  const schema = Type.Object(
    { ok: Type.Literal(true), ...carried, score: Type.Number(), gameOver: Type.Boolean(), view: CompactViewSchema },
    { additionalProperties: false, title: `${spec.name} lean response` },
  );
  return plain(schema);
}

/** The game's stateSchema as a subschema ($schema belongs at the root only), with the adapter's seal member allowed. */
function stateOnWire(spec: Spec, sealField: string | undefined): JsonSchema {
  const { $schema: _, ...state } = plain(spec.stateSchema);
  if (sealField === undefined) return state;
  const properties = (state.properties ?? {}) as Record<string, unknown>;
  return { ...state, properties: { ...properties, [sealField]: { type: 'string', description: 'the server seal' } } };
}

/** TypeBox schemas carry symbol keys; a JSON round trip gives the plain schema a client downloads. */
const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema));
