// The game's own description of how it is drawn (spec.look, declared in its package): grid geometry, the one
// table of kinds (names, glyphs, colours) that boards and legends read, and the labels of its actions.
// A board takes every number about the game from here or from the observation, never from a copy.
import type { Spec } from '../contract.ts';
import type { Look, LookArena, LookGrid, LookKind } from '../look.ts';
import { kindsOf } from '../look-read.ts';
import type { LegendItem } from './terminal-board.ts';

const EMPTY: Look = { board: { shape: 'arena', width: 1, height: 1, aimHomeDeg: 0, aimName: '' }, kinds: [], actions: {} };

/** The board as a grid, when the game draws one. */
export function gridOf(spec: Spec): LookGrid | undefined {
  const b = spec.look?.board;
  return b?.shape === 'grid' ? b : undefined;
}

/** The board as an arena, when the game draws one. */
export function arenaOf(spec: Spec): LookArena | undefined {
  const b = spec.look?.board;
  return b?.shape === 'arena' ? b : undefined;
}

/** The grid a grid screen was written for: the game's look says its board is one. */
export function grid(spec: Spec): LookGrid {
  const g = gridOf(spec);
  if (!g) throw new Error(`${spec.slug}: spec.look.board is not a grid`);
  return g;
}

/** The kinds the terminal draws (not the web-only ones), in the table's order: the board's legend. */
export const terminalKinds = (spec: Spec): LookKind[] => (spec.look?.kinds ?? []).filter((k) => k.only !== 'web');

/** Kinds by id from the game's table. */
export const kinds = <const K extends string>(spec: Spec, ids: readonly K[]): Record<K, LookKind> => kindsOf(spec.look ?? EMPTY, ids);

/** The legend items of the help screen: every kind the terminal draws, glyph and name. */
export const legendItems = (spec: Spec): LegendItem[] => terminalKinds(spec).map(({ glyph, label }) => ({ glyph, label }));
