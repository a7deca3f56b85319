// How Cragwake is drawn (served as spec.look): the band of the wall (rows by columns, row 0 at the bottom),
// every kind of hold, mark and hazard with its glyph and colour (the web board, the terminal board and both
// legends read this one table; costs come from the rules' own constants) and the labels of the actions.
import type { Look } from '@hearth/engine';
import { GUST_COST, ICY_COST, OVERHANG_COST } from './rules.ts';
import { BAND_ROWS, COLUMNS, PITCH_ROWS } from './state.ts';

export const look: Look = {
  board: {
    shape: 'grid',
    rows: BAND_ROWS,
    cols: COLUMNS,
    rowName: 'row',
    bottomUp: true,
    cellName: 'row {row}, column {col}',
    rowBase: 0,
    colBase: 0,
  },
  kinds: [
    { id: 'jug', glyph: '◎', colour: 'green', label: 'jug' },
    { id: 'plain', glyph: '●', colour: 'white', label: 'plain' },
    { id: 'crimp', glyph: '▴', colour: 'yellow', label: 'crimp' },
    { id: 'breaths', glyph: '⁵', colour: 'green', label: 'breaths', only: 'terminal' },
    { id: 'cracks', glyph: '₂', colour: 'red', label: 'cracks', only: 'terminal' },
    { id: 'frosting', glyph: '°', colour: 'blue', label: 'frost', mark: '❄', note: 'frosting' },
    { id: 'icy', glyph: '*', colour: 'cyan', label: 'icy', mark: '❄❄', note: `icy (+${ICY_COST})` },
    { id: 'overhang', glyph: '⌒', colour: 'magenta', label: 'overhang', mark: '⌒', note: `overhang (+${OVERHANG_COST})`, only: 'web' },
    {
      id: 'gust',
      glyph: '≈',
      colour: 'white',
      label: 'gust now',
      short: 'gust',
      mark: '≋',
      tag: `+${GUST_COST}`,
      note: `gust (+${GUST_COST})`,
    },
    { id: 'gustNext', glyph: '~', colour: 'gray', label: 'next', mark: '≋', tag: 'next', only: 'terminal' },
    {
      id: 'rock',
      glyph: '▼',
      colour: 'red',
      label: 'rockfall now',
      short: 'rock',
      mark: '▼',
      tag: 'rock',
      note: 'rockfall at the end of this turn',
    },
    { id: 'rockNext', glyph: '▽', colour: 'red', label: 'next', mark: '▽', tag: 'next', only: 'terminal' },
    { id: 'fog', glyph: '░', colour: 'gray', label: 'fog', only: 'terminal' },
    { id: 'ledge', glyph: '▬', colour: 'yellow', label: 'ledge', only: 'terminal' },
    { id: 'you', glyph: '@', colour: 'magenta', label: 'you', only: 'terminal' },
    { id: 'rock0', glyph: '·', colour: 'gray', label: 'bare rock', short: 'bare', only: 'terminal' },
  ],
  actions: {
    move: { label: 'Move' },
    breathe: { label: 'Breathe' },
    climbOn: { label: 'Climb on', unavailable: 'only at a belay ledge' },
    endRun: {
      label: 'End run',
      unavailable: `a run can be ended only at a ledge (row 0, ${PITCH_ROWS}, ${2 * PITCH_ROWS}, …): reach the next ledge first`,
    },
  },
  // the phases its refusals name ("breathe is not offered while atLedge"), as a player says them
  words: { atLedge: 'at a belay ledge', climbing: 'climbing', over: 'over' },
};
