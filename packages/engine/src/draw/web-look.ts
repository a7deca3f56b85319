// The game's own description of how it is drawn (spec.look, declared in its package): grid geometry, the one
// table of kinds (names, marks, colours) that boards and legends read, and the labels of its actions.
// A board takes every number about the game from here or from the observation, never from a copy.
import type { Look, LookArena, LookGrid, LookKind } from '../look.ts';
import { cellName, kindsOf } from '../look-read.ts';
import { END_HINT, esc } from './markup.ts';
import type { View } from './web-board.ts';

export const lookOf = (view: View): Look | undefined => view.spec.look;

/** The board as a grid, when the game draws one. */
export function gridOf(view: View): LookGrid | undefined {
  const b = view.spec.look?.board;
  return b?.shape === 'grid' ? b : undefined;
}

/** The board as an arena, when the game draws one. */
export function arenaOf(view: View): LookArena | undefined {
  const b = view.spec.look?.board;
  return b?.shape === 'arena' ? b : undefined;
}

/** The grid a grid renderer was written for: a game's board must be one (its look says so). */
export function grid(view: View): LookGrid {
  const g = gridOf(view);
  if (!g) throw new Error(`${view.slug}: spec.look.board is not a grid`);
  return g;
}

/** Kinds by id from the game's table. */
export const kinds = <const K extends string>(view: View, ids: readonly K[]): Record<K, LookKind> =>
  kindsOf(view.spec.look ?? { board: { shape: 'arena', width: 1, height: 1, aimHomeDeg: 0, aimName: '' }, kinds: [], actions: {} }, ids);

/** A cell named as the game names it (its look's template). */
export const nameOf = (view: View, row: number, col: number): string => cellName(grid(view), row, col);

/** An action's label from the look, else its type. */
export const labelOf = (view: View, type: string): string => view.spec.look?.actions[type]?.label ?? type;

/** Why an action is not legal now, in general (the look's own words), if the game says. */
export const whyNotOf = (view: View, type: string): string | undefined => view.spec.look?.actions[type]?.unavailable;

/** The kinds the web board draws (not the terminal-only ones), in the table's order. */
export const webKinds = (look: Look): LookKind[] => look.kinds.filter((k) => k.only !== 'terminal');

/** One legend item: its mark and its words (the note, else the label); `lg <id>` lets a board's style sample it. */
export function legendItem(k: LookKind): string {
  const text = k.note ?? k.label;
  return `<span class="lg ${esc(k.id)}" data-kind="${esc(k.id)}">${k.mark ? `${esc(k.mark)} ` : ''}${esc(text)}</span>`;
}

/** The board's legend from the game's table; `extra` adds a sentence (e.g. how rows are numbered). */
export function legendLine(look: Look, extra = ''): string {
  return `<p class="legend">${webKinds(look).map(legendItem).join(', ')}${extra ? `; ${esc(extra)}` : ''}</p>`;
}

/** "rows 1–7 count from the top, columns 1–7 from the left", from the grid itself. */
export function numbering(g: LookGrid): string {
  const rows = `${g.rowName}s ${g.rowBase}–${g.rowBase + g.rows - 1} count from the ${g.bottomUp ? 'bottom' : 'top'}`;
  return `${rows}, columns ${g.colBase}–${g.colBase + g.cols - 1} from the left`;
}

/** What a lone `e` says when ending the run is not legal now: the game's reason, and when Shift+E will work. */
export function notNowHint(view: View, type: string): string {
  const why = whyNotOf(view, type);
  return why ? `${why.charAt(0).toUpperCase()}${why.slice(1)}; once you can, press Shift+E (or End run) to end it.` : END_HINT;
}

/** Where the board draws a grid's cells: its cell size and margins (the web's own choice of size). */
export interface GridLayout {
  cell: number;
  left: number;
  top: number;
}

/**
 * A cell's top-left corner. `index` counts the rows shown from the first the observation lists (the lowest
 * for a bottom-up grid, drawn at the bottom); `rows` is how many are shown (the grid's own count by default).
 */
export function cellXY(g: LookGrid, at: GridLayout, index: number, col: number, rows = g.rows): { x: number; y: number } {
  return { x: at.left + col * at.cell, y: at.top + (g.bottomUp ? rows - 1 - index : index) * at.cell };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An identifier shape no player should read: camelCase, snake_case or UPPER_SNAKE (`atLedge`, `run_over`, `END_RUN`). */
export const IDENTIFIER = /\b(?:[a-z]+(?:[A-Z][a-z0-9]*)+|[a-z0-9]+(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g;

/**
 * An engine message in a player's words, through the game's look: each action type as its label in quotes
 * ("endRun" -> "“End run”"), each identifier the look's `words` name as those words ("atLedge" -> "at a belay
 * ledge"), and any other identifier split into plain words ("angleDeg" -> "angle deg") so none reaches a page.
 * `plainActions: false` (prose) leaves an action type that is a plain lowercase word ("move") as the word.
 */
export function inPlayerWords(text: string, look: Look | undefined, { plainActions = true } = {}): string {
  let out = text;
  // in prose (rules, summaries) a plain word such as "move" stays a word; only identifier-shaped types are names
  const named = ([type]: [string, unknown]) => plainActions || /[A-Z_]/.test(type);
  const names = Object.entries(look?.actions ?? {})
    .filter(named)
    .sort((a, b) => b[0].length - a[0].length);
  for (const [type, a] of names) out = out.replace(new RegExp(`(?<![“\\w])${escapeRe(type)}(?![\\w”])`, 'g'), `“${a.label}”`);
  const words = Object.entries(look?.words ?? {}).sort((a, b) => b[0].length - a[0].length);
  for (const [id, w] of words) out = out.replace(new RegExp(`\\b${escapeRe(id)}\\b`, 'g'), w);
  return out.replace(IDENTIFIER, (id) =>
    id
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase(),
  );
}
