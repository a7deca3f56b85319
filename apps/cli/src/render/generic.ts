// The fallback front end for any game without its own. A game whose spec.look is a grid naming what stands on it (`pieces` or `layers`) is drawn
// from that description alone: the grid with its numbering, what stands on it by the look's glyphs and colours,
// the key of every legal action that picks a cell written on that cell, and the look's legend; any other game
// shows the observation's plain-text picture. Either way the legal actions are listed by key (with the look's
// labels) and the JSON prompt takes anything else (e.g. a game whose list is empty).
import { drawsPieces, type LookGrid, pickedCell, piecesOf, type Spec } from '@hearth/engine';
import {
  actionLabel,
  type Controller,
  gridOf,
  hintGrid,
  type Key,
  type KeyResult,
  legendBlock,
  legendItems,
  PICK_KEYS,
  pickIndex,
  type Style,
  terminalKinds,
  typeOf,
  type View,
} from '@hearth/engine/terminal';

export function observationLines(view: View): string[] {
  const text = view.response.observation?.text;
  return typeof text === 'string' ? text.split('\n') : ['(no observation.text)'];
}

export function scoreLines(view: View, style: Style): string[] {
  const r = view.response;
  return [
    `${style.bold('Score')} ${style.fg('yellow', String(r.score), true)}`,
    `Turn  ${view.turn}`,
    `Seed  ${view.seed}`,
    r.gameOver ? style.fg('red', 'GAME OVER', true) : style.fg('green', 'in play'),
  ];
}

/** A listed action's words: the look's label for its type (then its other fields), else its type and fields. */
function lookLabel(view: View, action: unknown): string {
  const type = typeOf(action);
  const label = type === undefined ? undefined : view.spec.look?.actions[type]?.label;
  if (label === undefined) return actionLabel(action);
  return [label, ...actionLabel(action).split(' ').slice(1)].join(' ');
}

/** The grid a generic board can draw from the look alone (it names the observation's pieces). */
function drawableGrid(view: View): LookGrid | undefined {
  const g = gridOf(view.spec);
  return g && drawsPieces(g) ? g : undefined;
}

/** The grid from the look: numbered rows and columns, pieces by glyph, each picking action's key on its cell. */
function gridLines(view: View, g: LookGrid, style: Style, box: { width: number; height: number }): string[] {
  const kinds = new Map(terminalKinds(view.spec).map((k) => [k.id, k]));
  const keyAt = new Map<string, string>();
  view.response.legalActions.slice(0, PICK_KEYS.length).forEach((a, i) => {
    const c = pickedCell(g, a);
    if (c && !keyAt.has(`${c.row},${c.col}`)) keyAt.set(`${c.row},${c.col}`, PICK_KEYS[i]!);
  });
  const on = new Map<string, string>();
  for (const p of piecesOf(g, view.response.observation)) {
    const k = kinds.get(p.kind);
    if (!on.has(`${p.row},${p.col}`)) on.set(`${p.row},${p.col}`, k ? style.fg(k.colour, k.glyph, true) : '?');
  }
  const cw = 3;
  const label = String(g.rows - 1 + g.rowBase).length;
  const lines = [
    `${' '.repeat(label + 2)}${Array.from({ length: g.cols }, (_, c) => style.dim(String(c + g.colBase).padEnd(cw))).join('')}`,
  ];
  for (let i = 0; i < g.rows; i++) {
    const row = g.bottomUp ? g.rows - 1 - i : i;
    let line = style.dim(`${String(row + g.rowBase).padStart(label)} │`);
    for (let col = 0; col < g.cols; col++) {
      const key = keyAt.get(`${row},${col}`);
      line += `${key ? style.bold(style.fg('cyan', key, true)) : ' '}${on.get(`${row},${col}`) ?? style.dim('·')} `;
    }
    lines.push(line);
  }
  lines.push('', ...legendBlock(terminalKinds(view.spec), style, box.width, box.height - lines.length - 1));
  return lines;
}

export function genericController(): Controller {
  return {
    board(view, style, box) {
      const g = drawableGrid(view);
      if (g) return gridLines(view, g, style, box);
      return observationLines(view).map((l) => [...l].slice(0, box.width).join(''));
    },
    panel: scoreLines,
    hints(view, style, width) {
      const legal = view.response.legalActions;
      if (legal.length === 0) return [style.dim('No listed moves: press : to type an action as JSON.')];
      const g = drawableGrid(view);
      // a grid's cell picks are keyed on the board itself; the list names the rest
      const items = legal
        .slice(0, PICK_KEYS.length)
        .map((a, i) => (g && pickedCell(g, a) ? undefined : `${PICK_KEYS[i]} ${lookLabel(view, a)}`))
        .filter((x): x is string => x !== undefined);
      if (g && items.length < Math.min(legal.length, PICK_KEYS.length)) items.unshift('cell-keys pick the cell they mark');
      return hintGrid(items, style, width);
    },
    key(key: Key, view: View): KeyResult {
      const i = pickIndex(key);
      const legal = view.response.legalActions;
      if (i >= 0 && i < legal.length) return { kind: 'act', action: legal[i] };
      return { kind: 'unhandled' };
    },
    legend: legendItems,
    keyHelp: (spec: Spec) => [
      `1-9, a-z   pick a listed move (the list is ${spec.name}'s legalActions)`,
      ':          type any action as JSON (the engine judges it)',
    ],
  };
}
