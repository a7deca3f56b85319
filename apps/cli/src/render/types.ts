// What the play screen asks of a game's terminal front end. One controller per slug draws the board and
// the side panel from the response (state, observation, extras) and turns keys into actions; the rules
// stay in the engine: legality always comes from the response's legalActions or the engine's refusal.
import type { OkResponse, Spec } from '@hearth/engine';
import type { Style } from '../tui/style.ts';

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
  /** The board, at most BOARD_WIDTH columns and BODY_HEIGHT lines. */
  board(view: View, style: Style): string[];
  /** The numbers that matter, at most PANEL_WIDTH columns and BODY_HEIGHT lines. */
  panel(view: View, style: Style): string[];
  /** Up to HINT_LINES lines naming the keys for the moves available now (80 columns). */
  hints(view: View, style: Style): string[];
  key(key: Key, view: View): KeyResult;
  /** Lines for the help screen's KEYS section. */
  keyHelp(spec: Spec): string[];
  /** Called when a new response arrives (after an accepted action or a new game), to reset selection modes. */
  reset?(): void;
}

export const SCREEN_WIDTH = 80;
export const SCREEN_HEIGHT = 24;
export const BODY_HEIGHT = 17;
export const BOARD_WIDTH = 50;
export const PANEL_WIDTH = 29;
export const HINT_LINES = 3;
