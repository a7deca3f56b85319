// The compact view for language models (rules.brief): a one-character-per-tile picture, the numbers that
// matter, and the legal actions grouped by cat. Kept under 1,300 bytes of JSON with the recap (test/brief.test.ts).
import type { Brief } from '@hearth/engine';
import { observeFacts } from './observe.ts';
import type { State } from './state.ts';

/**
 * Legal actions in compact form: `move` maps a cat id to its legal destination tiles (ascending; cats that
 * cannot move are left out), to be sent as { "type": "MOVE", "cat": id, "tile": t }; `other` lists the legal
 * action types that take no field (REST, DOZE, NEXT_DAY, END_RUN), sent as { "type": ... }.
 */
export interface CompactActions {
  move: Record<string, number[]>;
  other: string[];
}

/** The legal actions as rules.legalGroups gives them, in compact form (no action object is built). */
export function compactActions(legal: { tiles: readonly number[][]; other: readonly string[] }): CompactActions {
  const move: Record<string, number[]> = {};
  legal.tiles.forEach((tiles, cat) => {
    if (tiles.length > 0) move[cat] = tiles.slice();
  });
  return { move, other: legal.other.slice() };
}

const grid = new Uint16Array(49);
const FLOOR = '.'.charCodeAt(0);
const LIT = '*'.charCodeAt(0);
const HEARTH = 'H'.charCodeAt(0);
const WARM = '~'.charCodeAt(0);
const MAT = 'm'.charCodeAt(0);
const FURNITURE = '#'.charCodeAt(0);
const DOG = 'D'.charCodeAt(0);
const DIGIT_0 = '0'.charCodeAt(0);
const warmth = (cap: number) => (cap === 6 ? 'lit' : cap === 3 ? 'hearth' : 'dark');

/** `legal` is rules.legalGroups(state) (passed in so this file does not import the rules). */
export function brief(state: State, legal: { tiles: readonly number[][]; other: readonly string[] }): Brief {
  // The observation's facts only: the brief draws its own smaller picture.
  const o = observeFacts(state);
  // The score is the view's own field; the text gives what the score does not.
  const head = o.phase === 'day' ? `Day ${o.day}, turn ${o.turn} of ${o.dayLength} (from 0).` : o.status;
  const lines: string[] = [head];
  lines.push(`Quota ${o.quota.raw}/${o.quota.needed} raw cosy${o.quota.met ? ' (met)' : ''}. Chain ${o.chain}.`);
  if (o.phase === 'day') {
    const warm = o.warmHearth === null ? '' : `; hearth ${o.warmHearth} warm (cap 3)`;
    lines.push(
      `Window ${o.band.wall}, band on line ${o.band.line}, moves every ${o.band.dwell} turns. Lit now: ${o.lit.join(',') || 'none'}${warm}.`,
    );
    if (o.clouds.length) lines.push(`Cloud turns: ${o.clouds.join(',')}${o.band.cloudy ? ' (now)' : ''}.`);
  }
  // One character per tile: a cat's id, D dog, # furniture, m mat, H hearth, * lit, ~ warm hearth, . floor.
  // Drawn as char codes into one reused buffer, a row being one String.fromCharCode of seven codes (the brief is drawn
  // on every lean step; arrays of one-character strings joined per row cost several times as much).
  const g = grid;
  g.fill(FLOOR);
  for (const t of o.lit) g[t] = LIT;
  g[o.room.hearth] = o.warmHearth === null ? HEARTH : WARM;
  for (const b of o.bowls) g[b.mat] = MAT;
  for (const t of o.room.furniture) g[t] = FURNITURE;
  for (const d of o.dogs) g[d.tile] = DOG;
  // Cat ids are 0-4 (at most five cats): one digit each.
  for (const c of o.cats) g[c.tile] = DIGIT_0 + c.id;
  lines.push('  0123456');
  for (let r = 0, at = 0; r < 7; r++, at += 7)
    lines.push(`${r}|${String.fromCharCode(g[at]!, g[at + 1]!, g[at + 2]!, g[at + 3]!, g[at + 4]!, g[at + 5]!, g[at + 6]!)}`);
  lines.push('#furniture *lit ~warm hearth H hearth m mat D dog; tile=row*7+col');
  let cats = '';
  for (const c of o.cats)
    cats += `${cats ? '; ' : ''}${c.id}@${c.tile}${c.big ? ' big' : ''} s${c.settled} r${c.range} ${warmth(c.warmthCap)}${c.pile ? ` p${c.pile}` : ''}`;
  lines.push(`Cats (id@tile, s settled, r range, p pile): ${cats}.`);
  if (o.dogs.length) lines.push(`Dogs (now>next 3): ${o.dogs.map((d) => `${d.tile}>${d.next.join(',')}`).join('; ')}.`);
  if (o.bowls.length) lines.push(`Bowls (mat@serve turn): ${o.bowls.map((b) => `${b.mat}@${b.serveTurn}`).join(', ')}.`);
  return { text: lines.join('\n'), actions: compactActions(legal) as never };
}
