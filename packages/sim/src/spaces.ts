// The fixed-size action space over a game, for batched and Gymnasium-style drivers (`hearth sim serve`,
// clients/python): a Discrete space (a fixed enumeration, index <-> action, with legal-action masks) derived from
// the game's served action grammar, so a game gets it without code here; the one exception is an action whose
// fields are unbounded in the grammar (an absolute position), which the game declares in its rules as
// `relativeActions` (engine contract) and the space enumerates relative to the player. The observation side is
// the game's own tensor (Rules.tensor).
import { enumerateSchema, type Game } from '@hearth/engine';
import { isRunEnding } from './policy/random.ts';

/** One index of the action space, as documented to clients: an action, or a template relative to the player. */
export type ActionLabel = Record<string, unknown>;

export interface ActionCodec<S = unknown, A = unknown> {
  readonly size: number;
  readonly labels: readonly ActionLabel[];
  /** Indices of the actions that end the run by choice (random drivers leave them out, as the simulator's random policy does). */
  readonly runEnding: readonly number[];
  /** The action at index k in `state`. */
  decode(k: number, state: S): A;
  /** The index of `action` in `state`, or -1 when the space has no index for it. */
  index(action: A, state: S): number;
  /**
   * Sets mask[row + index] = 1 for every action of `legal` (the mask loop: the player's position is read once);
   * returns the first action that has no index, or undefined.
   */
  markLegal(legal: readonly A[], state: S, mask: Uint8Array, row: number): A | undefined;
}

/** The game's action space: relative moves first (where the game has them), then the grammar's finite candidates in grammar order. */
export function actionCodec<S, A>(game: Game<S, A>): ActionCodec<S, A> {
  const rel = game.rules.relativeActions;
  const fixed = enumerateSchema(game.spec.actionGrammar) as A[];
  if (!rel && fixed.length === 0) throw new Error(`${game.slug}: the action grammar has no finite enumeration`);
  const base = rel ? rel.offsets.length : 0;
  // Candidates are told apart by their values in property-name order: faster than canonical JSON per legal action.
  const keys = [...new Set(fixed.flatMap((a) => Object.keys(a as object)))].sort();
  const keyOf = (a: A) => {
    let k = '';
    for (const p of keys) k += `${(a as Record<string, unknown>)[p] ?? ''}|`;
    return k;
  };
  const byKey = new Map<string, number>();
  const byRef = new WeakMap<object, number>();
  fixed.forEach((a, k) => {
    byKey.set(keyOf(a), base + k);
  });
  // Offsets to indices through a dense table over their bounding box (no string keys in the mask loop).
  const rows = rel ? rel.offsets.map(([dr]) => dr) : [0];
  const cols = rel ? rel.offsets.map(([, dc]) => dc) : [0];
  const [r0, c0] = [Math.min(...rows), Math.min(...cols)];
  const width = Math.max(...cols) - c0 + 1;
  const height = Math.max(...rows) - r0 + 1;
  const grid = new Int32Array(width * height).fill(-1);
  rel?.offsets.forEach(([dr, dc], k) => {
    grid[(dr - r0) * width + (dc - c0)] = k;
  });
  const labels: ActionLabel[] = [
    ...(rel?.offsets.map(([dr, dc]) => ({ type: rel.type, dRow: dr, dCol: dc })) ?? []),
    ...(fixed as ActionLabel[]),
  ];
  const runEnding = fixed.flatMap((a, k) => (isRunEnding(game, a) ? [base + k] : []));
  return {
    size: labels.length,
    labels,
    runEnding,
    decode(k, state) {
      if (k >= base) return fixed[k - base] as A;
      const [r, c] = rel!.origin(state);
      const [dr, dc] = rel!.offsets[k]!;
      return { type: rel!.type, [rel!.rowKey]: r + dr, [rel!.colKey]: c + dc } as A;
    },
    index(action, state) {
      const a = action as Record<string, unknown>;
      if (rel && a.type === rel.type) {
        const [r, c] = rel.origin(state);
        const dr = (a[rel.rowKey] as number) - r - r0;
        const dc = (a[rel.colKey] as number) - c - c0;
        return dr >= 0 && dr < height && dc >= 0 && dc < width ? (grid[dr * width + dc] as number) : -1;
      }
      return byKey.get(keyOf(action)) ?? -1;
    },
    markLegal(legal, state, mask, row) {
      const [r, c] = rel ? rel.origin(state) : [0, 0];
      for (const action of legal) {
        const a = action as Record<string, unknown>;
        let j: number;
        if (rel && a.type === rel.type) {
          const dr = (a[rel.rowKey] as number) - r - r0;
          const dc = (a[rel.colKey] as number) - c - c0;
          j = dr >= 0 && dr < height && dc >= 0 && dc < width ? (grid[dr * width + dc] as number) : -1;
        } else {
          // A frozen action (a game's shared constant, e.g. relativeActions.legal's others) is looked up once.
          const known = byRef.get(a);
          if (known !== undefined) j = known;
          else {
            j = byKey.get(keyOf(action)) ?? -1;
            if (Object.isFrozen(a)) byRef.set(a, j);
          }
        }
        if (j < 0) return action;
        mask[row + j] = 1;
      }
      return undefined;
    },
  };
}
