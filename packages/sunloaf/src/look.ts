// How Sunloaf is drawn (served as spec.look): the 7x7 room (rows and columns named from 1, from the top left,
// exactly as the recap names them), every kind of thing in it with its glyph and colour (the web board, the
// terminal board and both legends read this one table) and the labels of the actions.
import { cellName, type Look, type LookGrid } from '@hearth/engine';
import { SIZE } from './state.ts';

const room: LookGrid = {
  shape: 'grid',
  rows: SIZE,
  cols: SIZE,
  rowName: 'row',
  bottomUp: false,
  cellName: 'row {row}, col {col}',
  rowBase: 1,
  colBase: 1,
};

/** A tile's name for people ("row 2, col 5"): the board's labels and the recap's words are this one function. */
export const tileName = (tile: number): string => cellName(room, Math.floor(tile / SIZE), tile % SIZE);

export const look: Look = {
  board: room,
  kinds: [
    { id: 'cat', glyph: 'c', colour: 'white', label: 'cat', short: 'cat' },
    { id: 'big', glyph: 'C', colour: 'white', label: 'big cat', short: 'big' },
    { id: 'streak', glyph: 'z', colour: 'white', label: 'settled', short: 'nap', note: 'z = settled streak' },
    { id: 'pile', glyph: '+', colour: 'white', label: 'pile', short: 'pile', note: '+n = pile' },
    { id: 'lit', glyph: '*', colour: 'yellow', label: 'lit', short: 'lit', note: 'rays = lit' },
    { id: 'litFloor', glyph: '░', colour: 'yellow', label: 'empty lit tile', short: 'lit', only: 'terminal' },
    { id: 'shade', glyph: 's', colour: 'yellow', label: 'band in shade', note: 'dotted = band in shade', only: 'web' },
    { id: 'clouded', glyph: '☁', colour: 'gray', label: 'band under cloud', note: '☁ = band under cloud', only: 'web' },
    { id: 'warm', glyph: '~', colour: 'red', label: 'warm hearth', short: 'warm' },
    { id: 'hearth', glyph: 'H', colour: 'red', label: 'hearth', short: 'hearth', mark: '♨' },
    { id: 'furniture', glyph: '▓', colour: 'gray', label: 'furniture', short: 'furn' },
    {
      id: 'bowl',
      glyph: 'm',
      colour: 'cyan',
      label: 'bowl mat',
      short: 'bowl',
      mark: '▢',
      note: 'mat with turns to serve (marked ! and orange when counting down)',
    },
    { id: 'serve', glyph: '!', colour: 'cyan', label: 'serving soon', short: 'soon', only: 'terminal' },
    { id: 'dog', glyph: 'D', colour: 'red', label: 'dog', short: 'dog', mark: 'D', note: 'dog with its next steps 1–3' },
    { id: 'dogNext', glyph: 'd', colour: 'red', label: 'dog next', short: 'next', only: 'terminal' },
    { id: 'band', glyph: '═', colour: 'yellow', label: 'band line (║ on E, W)', short: 'band', only: 'terminal' },
    { id: 'cursor', glyph: '▸', colour: 'cyan', label: 'cursor', short: 'cursor', only: 'terminal' },
    { id: 'key', glyph: 'a', colour: 'cyan', label: 'key', note: 'a letter = the key that moves the selected cat there', only: 'web' },
  ],
  actions: {
    MOVE: { label: 'Move' },
    REST: { label: 'Rest' },
    DOZE: { label: 'Doze' },
    NEXT_DAY: { label: 'Next day', unavailable: 'only at sunset' },
    END_RUN: { label: 'End run' },
  },
};
