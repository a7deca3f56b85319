// The action grammar, declared once: the served actionGrammar (the document's four actions as oneOf), the
// CragAction type and the compiled shape check. Extra keys are allowed and ignored, as the grammar allows.
import { type Static, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

export const MoveShape = Type.Object({
  type: Type.Literal('move'),
  row: Type.Integer({ description: 'Absolute row of the target cell, counting upward from 0.' }),
  col: Type.Integer({ description: 'Absolute column of the target cell, 0 to 5 from the left.' }),
});
export const BreatheShape = Type.Object({ type: Type.Literal('breathe') });
export const ClimbOnShape = Type.Object({ type: Type.Literal('climbOn') });
export const EndRunShape = Type.Object({ type: Type.Literal('endRun') });
export const CragActionShape = Type.Union([MoveShape, BreatheShape, ClimbOnShape, EndRunShape]);

export type MoveAction = Static<typeof MoveShape>;
export type CragAction = Static<typeof CragActionShape>;
export const ACTION_TYPES = ['move', 'breathe', 'climbOn', 'endRun'] as const;

/** The document's grammar shape (an object, one of the four branches), each branch from the declaration above. */
export const ACTION_GRAMMAR: Record<string, unknown> = {
  type: 'object',
  oneOf: JSON.parse(JSON.stringify(CragActionShape.anyOf)),
};
export const checkActionShape = TypeCompiler.Compile(CragActionShape);
