// The actions, declared once: each branch is { "type": NAME } with its description. The compiled check
// runs the union; the served grammar is the same branches under oneOf (as the design document writes it).
import { type Static, Type } from '@sinclair/typebox';
import { served } from './common.ts';

export const ACTION_TYPES = ['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH', 'END_RUN'] as const;

const DESCRIPTIONS: Record<(typeof ACTION_TYPES)[number], string> = {
  UP: 'Shift one lane up. Illegal at lane 0.',
  DOWN: 'Shift one lane down. Illegal at lane 6.',
  FIRE: 'Send a pulse down your lane. Costs 3 charge. Illegal below 3 charge.',
  VENT: 'Hold your lane and bank 3 charge instead of the usual 1.',
  NEXT_REACH: 'At a Gate only: fly on into the next reach.',
  END_RUN: 'Legal on any turn: stop the run and keep the score. Pays no bonus, steps no column.',
};

const branches = ACTION_TYPES.map((t) =>
  Type.Object({ type: Type.Literal(t) }, { additionalProperties: false, description: DESCRIPTIONS[t] }),
);

export const ActionShape = Type.Union(branches);
export type StormlarkAction = Static<typeof ActionShape>;
export type ActionType = StormlarkAction['type'];

/** The served grammar: an object that is exactly one of the branches. */
export const actionGrammar = { type: 'object', oneOf: branches.map(served) };
