// How a game is drawn, as data: its board's geometry, the kinds of things on the board (one table of names,
// glyphs and colours that the web board, the terminal board and both legends read) and the labels of its
// actions and cells. Each game declares its own in its package (`src/look.ts`) and serves it as `spec.look`;
// adapters draw from it and from the observation, never from a copy of the game's numbers. Declared once
// (TypeBox): the type, the JSON Schema and the check come from this file.
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** The eight terminal colours plus grey; the web maps each to its palette (one name, both adapters). */
export const LOOK_COLOURS = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray'] as const;
export const LookColourShape = Type.Union(
  LOOK_COLOURS.map((c) => Type.Literal(c)),
  { description: 'A terminal colour name; the web board maps it to its own palette.' },
);

export const LookKindShape = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-zA-Z0-9]*$', description: 'Stable id (also the web class and the legend key).' }),
    label: Type.String({ description: 'The name people read in a legend.' }),
    short: Type.Optional(Type.String({ description: 'A shorter name for small terminals.' })),
    note: Type.Optional(Type.String({ description: 'What it does, in a few words (the web legend and help).' })),
    glyph: Type.String({ minLength: 1, description: 'The terminal glyph: distinct from every other kind, so it reads without colour.' }),
    colour: LookColourShape,
    mark: Type.Optional(Type.String({ description: 'The text mark the web board writes for it, where it writes one.' })),
    tag: Type.Optional(Type.String({ description: 'A short word the web board writes beside the mark.' })),
    only: Type.Optional(
      Type.Union([Type.Literal('web'), Type.Literal('terminal')], { description: 'Drawn by one of the two boards only.' }),
    ),
  },
  { additionalProperties: false },
);

/** Where a legal action points on a grid: its action type and the fields that name the cell. */
export const LookPickShape = Type.Object(
  {
    type: Type.String({ description: 'The action type that targets a cell.' }),
    cell: Type.Optional(Type.String({ description: 'The action field holding a row-major cell index.' })),
    row: Type.Optional(Type.String({ description: 'The action field holding the row.' })),
    col: Type.Optional(Type.String({ description: 'The action field holding the column.' })),
  },
  { additionalProperties: false },
);

export const LookGridShape = Type.Object(
  {
    shape: Type.Literal('grid'),
    rows: Type.Integer({ minimum: 1, description: 'Rows shown (for a scrolling board, the band the observation shows).' }),
    cols: Type.Integer({ minimum: 1 }),
    rowName: Type.String({ description: 'What a row is called (row, lane).' }),
    bottomUp: Type.Boolean({ description: 'Row numbers grow upward (row 0 drawn at the bottom).' }),
    cellName: Type.String({
      description: 'A cell named for people, with {row} and {col} (numbered from rowBase/colBase), e.g. "row {row}, col {col}".',
    }),
    rowBase: Type.Integer({ minimum: 0, maximum: 1 }),
    colBase: Type.Integer({ minimum: 0, maximum: 1 }),
    pieces: Type.Optional(
      Type.String({
        description: 'The observation field listing what stands on the board as { kind, row, col } (kind: a kinds id), for generic boards.',
      }),
    ),
    layers: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: Type.String({ description: 'A kinds id.' }),
            field: Type.String({ description: 'The observation field holding a row-major cell index, or a list of them.' }),
          },
          { additionalProperties: false },
        ),
        { description: 'What stands on the board, read from observation fields that hold cell indices, for generic boards.' },
      ),
    ),
    pick: Type.Optional(LookPickShape),
    guides: Type.Optional(
      Type.Array(
        Type.Object(
          {
            axis: Type.Union([Type.Literal('col'), Type.Literal('row')]),
            at: Type.Integer({ minimum: 0, description: 'The line is drawn before this column (or row).' }),
            label: Type.String(),
          },
          { additionalProperties: false },
        ),
        { description: 'Lines the board draws between cells, with what they mean.' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const LookArenaShape = Type.Object(
  {
    shape: Type.Literal('arena'),
    width: Type.Number({ exclusiveMinimum: 0 }),
    height: Type.Number({ exclusiveMinimum: 0 }),
    aimHomeDeg: Type.Number({ description: 'The aim a new game starts from (and a "home" key returns to), in degrees.' }),
    aimName: Type.String({ description: 'How the aim angles read, e.g. "90° is straight up".' }),
  },
  { additionalProperties: false },
);

export const LookActionShape = Type.Object(
  {
    label: Type.String({ description: 'The button label (without its key).' }),
    unavailable: Type.Optional(Type.String({ description: 'When it is not legal, why in general (a player hint).' })),
  },
  { additionalProperties: false },
);

export const LookShape = Type.Object(
  {
    board: Type.Union([LookGridShape, LookArenaShape]),
    kinds: Type.Array(LookKindShape, { minItems: 1 }),
    actions: Type.Record(Type.String(), LookActionShape, { description: 'By action type.' }),
    words: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description:
          'Engine identifiers its messages may name (phases, fields), in players\' words: "atLedge" -> "at a belay ledge". Adapters show these instead of the identifier.',
      }),
    ),
  },
  { additionalProperties: false, description: 'How the game is drawn: geometry, kinds of things, labels.' },
);

export type LookColour = Static<typeof LookColourShape>;
export type LookKind = Static<typeof LookKindShape>;
export type LookGrid = Static<typeof LookGridShape>;
export type LookArena = Static<typeof LookArenaShape>;
export type Look = Static<typeof LookShape>;

/** Why a value is not a Look (the first problem), or null. */
export function checkLook(value: unknown): string | null {
  if (Value.Check(LookShape, value)) {
    const glyphs = new Set<string>();
    const ids = new Set<string>();
    for (const k of (value as Look).kinds) {
      if (ids.has(k.id)) return `kinds: duplicate id ${k.id}`;
      if (glyphs.has(k.glyph)) return `kinds: ${k.id} repeats the glyph ${k.glyph}`;
      ids.add(k.id);
      glyphs.add(k.glyph);
    }
    return null;
  }
  const e = Value.Errors(LookShape, value).First();
  return e ? `${e.path || '/'}: ${e.message}` : 'not a look';
}
