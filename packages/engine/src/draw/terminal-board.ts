// What the play screen asks of a game's terminal front end. One controller per slug draws the board and
// the side panel from the response (state, observation, extras) and turns keys into actions; the rules
// stay in the engine: legality always comes from the response's legalActions or the engine's refusal.
import type { OkResponse, Recap, Spec } from '../contract.ts';
import type { Style } from './text.ts';

/** A box in terminal cells. */
export interface Size {
  width: number;
  height: number;
}

export interface View {
  readonly spec: Spec;
  readonly seed: number;
  readonly response: OkResponse;
  /** Actions accepted so far. */
  readonly turn: number;
  /** The last accepted action (undefined at the start). */
  readonly lastAction: unknown;
  /** The response before the last accepted action, for "what changed" hints. */
  readonly previous: OkResponse | undefined;
  /** The engine's "what happened" for the last accepted action, where known. */
  readonly recap?: Recap | undefined;
}

/** One kind of thing on a board and the glyph that draws it. */
export interface LegendItem {
  glyph: string;
  label: string;
}

/** A key as the terminal layer normalises it: `name` is a character ('a', '1', '?') or a named key ('up', 'enter'...). */
export interface Key {
  name: string;
  ctrl?: boolean;
  shift?: boolean;
}

export type KeyResult = { kind: 'act'; action: unknown } | { kind: 'prompt'; prompt: Prompt } | { kind: 'handled' } | { kind: 'unhandled' };

/** A one-line text entry (the JSON action line, Lantern Volley's angle). */
export interface Prompt {
  title: string;
  initial: string;
  /** Turns the typed text into an action, or a message shown in place (the prompt stays open). */
  submit(text: string): { action: unknown } | { error: string };
  /** Optional live adjustment keys while the prompt is open (e.g. arrows nudging an angle); returns the new text. */
  adjust?(key: Key, text: string): string | undefined;
  /** Optional preview drawn under the prompt while typing. */
  preview?(text: string): string | undefined;
}

export interface Controller {
  /** The board, drawn to fill `box` (at least 50x17: the board's share of 80x24); never wider or taller. */
  board(view: View, style: Style, box: Size): string[];
  /** The numbers that matter, one item a line; the screen wraps each to the panel's `width` (never cut mid-word). */
  panel(view: View, style: Style, width: number): string[];
  /** Up to HINT_LINES lines naming the keys for the moves available now, at most `width` columns. */
  hints(view: View, style: Style, width: number): string[];
  key(key: Key, view: View): KeyResult;
  /** Lines for the help screen's KEYS section. */
  keyHelp(spec: Spec): string[];
  /** The kinds of thing the board draws, each with its glyph (distinct without colour: a test checks it). */
  legend?(spec: Spec): LegendItem[];
  /** Called when a new response arrives (after an accepted action or a new game), to reset selection modes. */
  reset?(): void;
}

/** The board box and hint lines at the 80x24 minimum (tui/layout.ts grows them with the terminal). */
export const MIN_BOARD: Size = { width: 50, height: 17 };
export const HINT_LINES = 3;
