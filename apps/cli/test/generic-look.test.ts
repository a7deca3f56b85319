// The generic screen draws a grid game from its spec.look alone: the numbered grid, pieces by the look's glyphs,
// the key of each legal action that picks a cell written on that cell (the key takes that action), the other
// actions listed with the look's labels, and the look's kinds as the legend.
import { checkLook, type Look, type OkResponse, type Spec } from '@hearth/engine';
import type { View } from '@hearth/engine/terminal';
import { PICK_KEYS } from '@hearth/engine/terminal';
import { describe, expect, it } from 'vitest';
import { genericController } from '../src/render/generic.ts';
import { createStyle, stripAnsi } from '../src/tui/style.ts';

const look: Look = {
  board: {
    shape: 'grid',
    rows: 3,
    cols: 4,
    rowName: 'row',
    bottomUp: false,
    cellName: 'row {row}, col {col}',
    rowBase: 1,
    colBase: 1,
    pieces: 'pieces',
    pick: { type: 'move', row: 'row', col: 'col' },
  },
  kinds: [
    { id: 'you', glyph: '@', colour: 'magenta', label: 'you' },
    { id: 'gem', glyph: '♦', colour: 'cyan', label: 'gem' },
  ],
  actions: { move: { label: 'Step' }, rest: { label: 'Wait a turn' } },
};

const legalActions = [{ type: 'move', row: 0, col: 1 }, { type: 'move', row: 1, col: 0 }, { type: 'rest' }];
const response: OkResponse = {
  ok: true,
  state: {},
  observation: {
    text: 'never drawn',
    pieces: [
      { kind: 'you', row: 0, col: 0 },
      { kind: 'gem', row: 2, col: 3 },
    ],
  },
  legalActions,
  score: 0,
  gameOver: false,
};
const spec = { slug: 'grid', name: 'Grid', look } as Spec;
const view: View = { spec, seed: 1, response, turn: 0, lastAction: undefined, previous: undefined };

describe('generic screen from a look', () => {
  it('draws the grid, its pieces and the pick keys on their cells; lists the rest with the look’s labels', () => {
    expect(checkLook(look)).toBeNull();
    const c = genericController();
    const style = createStyle(false);
    const board = c.board(view, style, { width: 50, height: 17 }).map(stripAnsi);
    expect(board.join('\n')).not.toContain('never drawn');
    expect(board[0]).toMatch(/1\s+2\s+3\s+4/);
    // three columns a cell: the key of the action that picks it (or a space), the piece (or ·), a space
    expect(board[1]).toBe(`1 │ @ ${PICK_KEYS[0]}·  ·  · `);
    expect(board[2]).toBe(`2 │${PICK_KEYS[1]}·  ·  ·  · `);
    expect(board[3]).toBe('3 │ ·  ·  ·  ♦ ');
    expect(board.join(' ')).toMatch(/@you ♦gem/);
    const hints = c.hints(view, style, 80).join(' ');
    expect(hints).toContain(`${PICK_KEYS[2]} Wait a turn`);
    expect(hints).not.toContain('Step');
    // a key drawn on a cell takes that cell's action
    expect(c.key({ name: PICK_KEYS[1]! }, view)).toEqual({ kind: 'act', action: legalActions[1] });
    expect(c.legend?.(spec)).toEqual([
      { glyph: '@', label: 'you' },
      { glyph: '♦', label: 'gem' },
    ]);
  });
});
