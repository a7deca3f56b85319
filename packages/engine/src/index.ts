export { type Carried, endReason, nextBody, type VerifyOutcome, verifyOutcome } from './adapter.ts';
export {
  candidateActions,
  enumerateSchema,
  grammarCandidates,
  type RolloutOptions,
  rolloutPolicy,
  type Searchable,
} from './bots.ts';
export { canonicalJson, stateHash } from './canonical.ts';
export { base64UrlDecode, base64UrlEncode, PlainTokenCodec, publicStateOf, type StateCodec } from './codec.ts';
export * from './contract.ts';
export { defineGame } from './define-game.ts';
export type { GameDrawing } from './draw/drawing.ts';
export { CompactViewSchema, leanOf, leanResponse, leanResponseSchema, RESPONSE_FORMS, type ResponseForm } from './lean.ts';
export * from './look.ts';
export * from './look-read.ts';
export { createRegistry, type GameOfSlug, type Registry } from './registry.ts';
export { type ReplayRecord, type ReplayResult, replay } from './replay.ts';
export { defineTensor, relativeLegalField, tensorRecord, tensorRowProblem } from './tensor.ts';
export * as v from './validate.ts';
export { type ActionBody, type ActJson, type BodyReader, createWire, type StateSealer, type Wire, type WireOptions } from './wire.ts';
