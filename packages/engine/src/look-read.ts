// Reading a look (packages/engine/src/look.ts): the kinds a board draws, cell names, the cell an action targets and
// the pieces a grid draws from an observation. Plain functions over the look's types only, apart from the TypeBox
// shapes, so an adapter that draws (the web app) does not bundle the schema library.
import type { Look, LookGrid, LookKind } from './look.ts';

/** The kinds by id, for a renderer's lookup (an id the look lacks reads as its own name with a "?" glyph). */
export function kindsOf<const K extends string>(look: Look, ids: readonly K[]): Record<K, LookKind> {
  const out = {} as Record<K, LookKind>;
  for (const id of ids) out[id] = look.kinds.find((x) => x.id === id) ?? { id, label: id, glyph: '?', colour: 'white' };
  return out;
}

/** A cell's name for people from a grid's template: `cellName(grid, 1, 4)` -> "row 2, col 5" for base-1 numbering. */
export function cellName(grid: LookGrid, row: number, col: number): string {
  return grid.cellName.replace('{row}', String(row + grid.rowBase)).replace('{col}', String(col + grid.colBase));
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The cell a legal action picks, by the grid's `pick` (its action type and the fields naming the cell). */
export function pickedCell(grid: LookGrid, action: unknown): { row: number; col: number } | undefined {
  const p = grid.pick;
  if (!p || !isObject(action) || action.type !== p.type) return undefined;
  const field = (name: string | undefined) => (name === undefined ? undefined : action[name]);
  const cell = field(p.cell);
  const at =
    typeof cell === 'number' && Number.isInteger(cell)
      ? { row: Math.floor(cell / grid.cols), col: cell % grid.cols }
      : { row: field(p.row), col: field(p.col) };
  const { row, col } = at;
  return Number.isInteger(row) &&
    Number.isInteger(col) &&
    (row as number) >= 0 &&
    (row as number) < grid.rows &&
    (col as number) >= 0 &&
    (col as number) < grid.cols
    ? { row: row as number, col: col as number }
    : undefined;
}

/** One thing standing on a grid, as an observation lists it for a generic board. */
export interface LookPiece {
  kind: string;
  row: number;
  col: number;
}

/** Whether a generic board can draw this grid from the look and the observation alone (it names what stands on it). */
export const drawsPieces = (grid: LookGrid): boolean => grid.pieces !== undefined || (grid.layers?.length ?? 0) > 0;

/**
 * What stands on the board, from the observation: the list the grid's `pieces` names, then each of its `layers`
 * (a field holding one row-major cell index or a list of them). Only well-formed entries inside the grid.
 */
export function piecesOf(grid: LookGrid, observation: Record<string, unknown>): LookPiece[] {
  const out: LookPiece[] = [];
  const list = grid.pieces === undefined ? undefined : observation[grid.pieces];
  if (Array.isArray(list))
    for (const p of list)
      if (isObject(p) && typeof p.kind === 'string' && Number.isInteger(p.row) && Number.isInteger(p.col))
        out.push({ kind: p.kind, row: p.row as number, col: p.col as number });
  for (const layer of grid.layers ?? []) {
    const v = observation[layer.field];
    for (const cell of Array.isArray(v) ? v : [v])
      if (Number.isInteger(cell) && (cell as number) >= 0 && (cell as number) < grid.rows * grid.cols)
        out.push({ kind: layer.kind, row: Math.floor((cell as number) / grid.cols), col: (cell as number) % grid.cols });
  }
  return out.filter((p) => p.row >= 0 && p.row < grid.rows && p.col >= 0 && p.col < grid.cols);
}
