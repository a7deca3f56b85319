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
  const grid = new Array<string>(49).fill('.');
  for (const t of o.lit) grid[t] = '*';
  grid[o.room.hearth] = o.warmHearth === null ? 'H' : '~';
  for (const b of o.bowls) grid[b.mat] = 'm';
  for (const t of o.room.furniture) grid[t] = '#';
  for (const d of o.dogs) grid[d.tile] = 'D';
  for (const c of o.cats) grid[c.tile] = String(c.id);
  lines.push('  0123456');
  for (let r = 0; r < 7; r++) lines.push(`${r}|${grid.slice(r * 7, r * 7 + 7).join('')}`);
  lines.push('#furniture *lit ~warm hearth H hearth m mat D dog; tile=row*7+col');
  const warmth = (cap: number) => (cap === 6 ? 'lit' : cap === 3 ? 'hearth' : 'dark');
  lines.push(
    `Cats (id@tile, s settled, r range, p pile): ${o.cats.map((c) => `${c.id}@${c.tile}${c.big ? ' big' : ''} s${c.settled} r${c.range} ${warmth(c.warmthCap)}${c.pile ? ` p${c.pile}` : ''}`).join('; ')}.`,
  );
  if (o.dogs.length) lines.push(`Dogs (now>next 3): ${o.dogs.map((d) => `${d.tile}>${d.next.join(',')}`).join('; ')}.`);
  if (o.bowls.length) lines.push(`Bowls (mat@serve turn): ${o.bowls.map((b) => `${b.mat}@${b.serveTurn}`).join(', ')}.`);
  return { text: lines.join('\n'), actions: compactActions(legal) as never };
}
