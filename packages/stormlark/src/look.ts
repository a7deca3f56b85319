// How Stormlark is drawn (served as spec.look): the canyon's lanes and columns, every entity kind with its
// glyph and colour (the web board, the terminal board and both legends read this one table) and the labels
// of the six actions.
import type { Look } from '@hearth/engine';
import { COLS, HORIZON, LANES } from '../assembly/constants.ts';
import { PULSE_COST } from './limits.ts';

export const look: Look = {
  board: {
    shape: 'grid',
    rows: LANES,
    cols: COLS,
    rowName: 'lane',
    bottomUp: false,
    cellName: 'lane {row}, column {col}',
    rowBase: 0,
    colBase: 0,
    guides: [{ axis: 'col', at: HORIZON + 1, label: `a dodge-only path exists through columns 1 to ${HORIZON}` }],
  },
  kinds: [
    { id: 'craft', glyph: '▶', colour: 'green', label: 'you' },
    { id: 'crag', glyph: '█', colour: 'gray', label: 'crag', note: 'crag: basalt, cannot be cleared' },
    { id: 'knot', glyph: '◆', colour: 'magenta', label: 'knot' },
    { id: 'drifter', glyph: '◇', colour: 'magenta', label: 'drifter ↑↓', short: 'drift', note: 'drifter (arrow: its drift)' },
    { id: 'rimeshell', glyph: '◯', colour: 'cyan', label: 'rimeshell', short: 'shell', note: 'rimeshell (cracked after a hit)' },
    { id: 'sparker', glyph: '✦', colour: 'yellow', label: 'sparker (! fires)', short: 'spark', note: 'sparker (discharges from column 1)' },
    { id: 'warden', glyph: 'W', colour: 'red', label: 'warden', note: 'warden (pips = hp)' },
    { id: 'squall', glyph: '≈', colour: 'blue', label: 'squall', note: 'squall (drains 3 charge)' },
    { id: 'mote', glyph: '•', colour: 'yellow', label: 'mote', note: 'mote (+3 charge)' },
    { id: 'gate', glyph: '┃', colour: 'green', label: 'gate' },
    { id: 'lane', glyph: '·', colour: 'gray', label: 'your lane', short: 'lane' },
    { id: 'pulseTarget', glyph: '○', colour: 'cyan', label: 'pulse meets', note: 'what a FIRE meets', only: 'web' },
  ],
  actions: {
    UP: { label: '↑ Up' },
    DOWN: { label: '↓ Down' },
    FIRE: { label: 'Fire', unavailable: `needs ${PULSE_COST} charge` },
    VENT: { label: 'Vent' },
    NEXT_REACH: { label: 'Next reach', unavailable: 'only at a Gate' },
    END_RUN: { label: 'End run' },
  },
  words: { reachClear: 'at the Gate', flying: 'flying', shipLane: 'your lane' },
};

/** The entity kinds, in the legend's order. */
export const ENTITY_KINDS = ['crag', 'knot', 'drifter', 'rimeshell', 'sparker', 'warden', 'squall', 'mote', 'gate'] as const;
