// How Pebble is drawn (served as spec.look): its SIZE x SIZE grid, named from 1 at the top left, with what stands
// on it read from the observation's own cell fields (the pawn at `at`, the pebbles in `pebbles`), moves picking
// the cell they name, and one table of kinds. The apps' generic boards draw Pebble from this alone.
import type { Look } from '@hearth/engine';
import { PEBBLE_POINTS, SIZE } from './shapes.ts';

export const look: Look = {
  board: {
    shape: 'grid',
    rows: SIZE,
    cols: SIZE,
    rowName: 'row',
    bottomUp: false,
    cellName: 'row {row}, col {col}',
    rowBase: 1,
    colBase: 1,
    layers: [
      { kind: 'pebble', field: 'pebbles' },
      { kind: 'pawn', field: 'at' },
    ],
    pick: { type: 'move', cell: 'cell' },
  },
  kinds: [
    { id: 'pawn', glyph: '@', colour: 'magenta', label: 'you', mark: '♟' },
    { id: 'pebble', glyph: 'o', colour: 'cyan', label: 'pebble', mark: '●', note: `pebble (+${PEBBLE_POINTS})` },
  ],
  actions: { move: { label: 'Step' }, end: { label: 'End the game' } },
};
