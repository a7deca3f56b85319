// How Lantern Volley is drawn (served as spec.look): the arena's size and the aim a game starts from (the
// legal range is the observation's `aim`), every kind of thing in the arena with its glyph and colour (the web
// board, the terminal board and both legends read this one table) and the label of the one action.
import type { Look } from '@hearth/engine';
import { GONG_POINTS } from '../assembly/constants.ts';
import { ARENA_HEIGHT, ARENA_WIDTH } from './constants.ts';

/** Straight up: angles run counter-clockwise from +x. */
export const AIM_HOME_DEG = 90;

export const look: Look = {
  board: {
    shape: 'arena',
    width: ARENA_WIDTH,
    height: ARENA_HEIGHT,
    aimHomeDeg: AIM_HOME_DEG,
    aimName: `${AIM_HOME_DEG}° is straight up, smaller angles aim right, larger left`,
  },
  kinds: [
    { id: 'unlit', glyph: '○', colour: 'red', label: 'unlit' },
    { id: 'lit', glyph: '●', colour: 'yellow', label: 'lit', mark: '●', note: 'lantern (gold when lit)' },
    { id: 'gong', glyph: '◎', colour: 'magenta', label: 'gong', mark: '◯', note: `gong (+${GONG_POINTS}, refills distance)` },
    { id: 'beam', glyph: '⣿', colour: 'white', label: 'beam', note: 'grey beams and mirrors reflect' },
    { id: 'screen', glyph: '░', colour: 'gray', label: 'screen', mark: '▭', note: 'paper screen absorbs' },
    { id: 'brazier', glyph: '▲', colour: 'green', label: 'brazier' },
    { id: 'shot', glyph: '∙', colour: 'yellow', label: 'last shot' },
    { id: 'aim', glyph: '⠂', colour: 'green', label: 'aim' },
  ],
  actions: { SHOOT: { label: 'Shoot' } },
  words: { angleDeg: 'the angle' },
};
