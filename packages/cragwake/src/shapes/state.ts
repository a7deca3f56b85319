// The state as it travels on the wire, declared once: the served stateSchema, the CragState type and the
// compiled shape check all come from here (parseState adds the semantic checks).
import { type Static, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Column, Exact, Int, OneOf, toJsonSchema } from './common.ts';

export const MAX_PITCH = 100_000;
const U32 = 0xffffffff;
const I31 = 0x7fffffff;

export const Kind = OneOf(['jug', 'plain', 'crimp']);
export const Ice = OneOf(['dry', 'frosting', 'icy']);
export const Phase = OneOf(['climbing', 'atLedge', 'over']);
export const Ending = Type.Union([Type.Null(), OneOf(['exhausted', 'noMove', 'ended'])], {
  description: 'why the run ended (null while it goes on): stamina 0, no move legal after a turn, or endRun at a ledge',
});

/** A hold. `breaths` is only ever non-zero on a jug; `cracks` 0 means solid. */
export const Hold = Exact({
  kind: Kind,
  breaths: Int(0, 3, 'breaths left (jugs only)'),
  cracks: Int(0, 3, 'how many more times it takes your weight (0: solid)'),
  ice: Ice,
});
/** null is bare rock (and every cell of a fogged row). */
export const Cell = Type.Union([Type.Null({ description: 'bare rock (every cell of a fogged row is null)' }), Hold]);

export const Row = Exact({
  row: Int(0, MAX_PITCH * 10, 'absolute row number, counting upward from 0'),
  overhang: Type.Boolean(),
  fogged: Type.Boolean({ description: 'above the foresight: cells blank (null), overhang false' }),
  cells: Type.Array(Cell, { minItems: 6, maxItems: 6, description: 'columns 0..5' }),
});

export const ColumnList = Type.Array(Column, { maxItems: 6, uniqueItems: true, description: 'ascending columns' });
export const ColumnOrNull = Type.Union([Column, Type.Null()]);
export const Gusts = Exact({ now: ColumnList, next: ColumnList }, 'gusting columns this turn and next turn');
export const Rockfall = Exact(
  { now: ColumnOrNull, next: ColumnOrNull },
  'the column swept at the end of this turn and of the next, or null',
);

export const CragStateShape = Exact({
  seed: Int(0, U32),
  turn: Int(0, I31, 'completed wall turns (a pitch-completing move, climbOn and endRun do not advance it)'),
  phase: Phase,
  ending: Ending,
  row: Int(0, MAX_PITCH * 10),
  col: Column,
  stamina: Int(0, 100),
  tank: Int(1, 100, 'the tank of the pitch being climbed: what a completed pitch refilled to, and the cap on breathing'),
  pitch: Int(1, MAX_PITCH, 'the pitch being climbed (1-based); its belay is row 10 * pitch'),
  highPoint: Int(0, MAX_PITCH * 10),
  score: Int(0, Number.MAX_SAFE_INTEGER),
  cleanStreak: Int(0, MAX_PITCH),
  pitchDipped: Type.Boolean({ description: 'whether stamina has been 3 or below during the pitch being climbed' }),
  spindrift: Int(0, I31),
  band: Type.Array(Row, { minItems: 10, maxItems: 10, description: 'rows max(0, highPoint - 3) .. +9, lowest first' }),
  gusts: Gusts,
  rockfall: Rockfall,
});

export type Kind = Static<typeof Kind>;
export type Ice = Static<typeof Ice>;
export type Phase = Static<typeof Phase>;
export type Ending = NonNullable<Static<typeof Ending>>;
export type Hold = Static<typeof Hold>;
export type Cell = Static<typeof Cell>;
export type Row = Static<typeof Row>;
export type CragState = Static<typeof CragStateShape>;

export const STATE_SCHEMA = toJsonSchema(CragStateShape, { title: 'Cragwake state' });
export const checkStateShape = TypeCompiler.Compile(CragStateShape);
