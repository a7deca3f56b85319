// The JSON Schemas served in the spec (draft 2020-12), each from its one TypeBox declaration in src/shapes/: the
// action grammar, the state (with lastShot, the flight ground truth) and the observation.
import type { JsonSchema } from '@hearth/engine';
import { served } from './shapes/common.ts';
import { ObservationShape } from './shapes/observation.ts';
import { ActionShape, StateShape } from './shapes/state.ts';

/**
 * The grammar accepts exactly what the rules accept. The rule is Math.round(angleDeg * 10) / 10 in [15.0, 165.0];
 * in IEEE doubles that holds exactly for 14.95 <= angleDeg < 165.05 (14.95 * 10 rounds to 149.5, which rounds up
 * to 150; 165.05 * 10 rounds to 1650.5, which rounds up to 1651). test/action-grammar.test.ts proves the bounds.
 */
export const actionGrammar: JsonSchema = served(ActionShape);
export const stateSchema: JsonSchema = served(StateShape);
export const observationSchema: JsonSchema = served(ObservationShape);
