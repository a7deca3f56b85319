// The action grammar, declared once: the served spec.actionGrammar, the Action type and parseAction's compiled
// shape check all come from it. The descriptions are the design document's grammar (DOZE's stop list as the
// engine reads it, issue 17). Extra fields are refused (additionalProperties: false).
import { type Static, Type } from '@sinclair/typebox';
import { Exact, Int, toJsonSchema } from './common.ts';

const Simple = <T extends string>(type: T, description: string) => Exact({ type: Type.Literal(type, { description }) });

export const MoveShape = Exact({
  type: Type.Literal('MOVE', {
    description:
      "Move one cat along a row or a column, up to its range, spending the turn. The moved cat's settled resets to 0, so it earns nothing this turn.",
  }),
  cat: Int(0, 4, 'The id of the cat to move, 0 to 4. It must be on the roster of the current day.'),
  tile: Int(
    0,
    48,
    'The destination tile, 0 to 48, where index = row * 7 + column and row 0 is the top. It must share a row or a column with the cat, be within its range, and the path must be clear of furniture and of other cats.',
  ),
});

export const ActionShape = Type.Union([
  MoveShape,
  Simple(
    'REST',
    'Spend one turn without moving anybody. Always legal while the day is running, and every settled cat adds one to its streak.',
  ),
  Simple(
    'DOZE',
    'Spend up to 4 turns at once, stopping early on a bowl, a dog near a cat, a cat about to lose its earning cap (a lit cat leaving the light, a cat on the sunlit hearth when the band leaves it), or a cloud starting or ending. Exactly equal to the same number of RESTs.',
  ),
  Simple('NEXT_DAY', "Open the next day. Legal only at sunset, which is reached by meeting the day's cosy quota."),
  Simple('END_RUN', 'Stop the run and keep every point earned. Legal on every turn of a running day and at sunset.'),
]);

export type Action = Static<typeof ActionShape>;

export const actionGrammar = toJsonSchema(ActionShape, { title: 'Sunloaf action' });
