// The fallback front end for any game without its own: the observation's plain-text picture as the board,
// the legal actions listed by key, and the JSON prompt for anything else (e.g. a game whose list is empty).
import type { Spec } from '@hearth/engine';
import { fit, type Style } from '../tui/style.ts';
import { actionLabel, PICK_KEYS, pickIndex } from './actions.ts';
import { type Controller, HINT_LINES, type Key, type KeyResult, type View } from './types.ts';

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

/** Lays out `items` ("key label") in columns across up to `lines` lines of `width`. */
export function hintGrid(items: string[], style: Style, width: number, lines = HINT_LINES): string[] {
  if (items.length === 0) return [];
  const cell = Math.min(width, Math.max(...items.map((i) => i.length)) + 2);
  const perLine = Math.max(1, Math.floor(width / cell));
  const out: string[] = [];
  for (let i = 0; i < items.length && out.length < lines; i += perLine) {
    out.push(
      items
        .slice(i, i + perLine)
        .map((item) => {
          const [k, ...rest] = item.split(' ');
          return fit(`${style.bold(style.fg('cyan', k ?? ''))} ${rest.join(' ')}`, cell);
        })
        .join(''),
    );
  }
  if (items.length > perLine * lines && out.length > 0) out[out.length - 1] += style.dim(' …');
  return out;
}

export function genericController(): Controller {
  return {
    board: (view, _style, box) => observationLines(view).map((l) => [...l].slice(0, box.width).join('')),
    panel: scoreLines,
    hints(view, style, width) {
      const legal = view.response.legalActions;
      if (legal.length === 0) return [style.dim('No listed moves: press : to type an action as JSON.')];
      return hintGrid(
        legal.slice(0, PICK_KEYS.length).map((a, i) => `${PICK_KEYS[i]} ${actionLabel(a)}`),
        style,
        width,
      );
    },
    key(key: Key, view: View): KeyResult {
      const i = pickIndex(key);
      const legal = view.response.legalActions;
      if (i >= 0 && i < legal.length) return { kind: 'act', action: legal[i] };
      return { kind: 'unhandled' };
    },
    keyHelp: (spec: Spec) => [
      `1-9, a-z   pick a listed move (the list is ${spec.name}'s legalActions)`,
      ':          type any action as JSON (the engine judges it)',
    ],
  };
}
