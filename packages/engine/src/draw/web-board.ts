// The one interface every web board implements (a game's own, in its package, or the app's generic one). A board is markup from a response (pure, testable without a DOM)
// plus small input hooks that turn clicks and keys into actions; it never decides legality: the engine does.
import type { Game, OkResponse, Spec } from '../contract.ts';

/** A game's observation type, from its Game type (types come from the game packages, never re-declared here). */
export type ObservationOf<G> = G extends Game<infer _S, infer _A, infer O> ? O : never;

/** Everything a renderer may look at. `response` is the wire response (Sunloaf's state is the readable one). */
export interface View {
  slug: string;
  spec: Spec;
  response: OkResponse;
  /** The action that produced `response` (undefined right after init). */
  lastAction: unknown;
  /** True while a replay plays back: input is ignored. */
  replaying: boolean;
}

/**
 * What an input means: send an action to the engine, redraw after a UI-only change, say something (e.g. how
 * to end a run deliberately), or nothing.
 */
export type Intent = { act: unknown } | { redraw: true } | { say: string } | null;

/** Handed to mount() for inputs that need the live DOM (pointer drags). */
export interface BoardApi<U> {
  view(): View | undefined;
  ui: U;
  act(action: unknown): void;
  redraw(): void;
}

export interface WebBoard<U = unknown> {
  /** Fresh UI-only state (selection, aim) for a new game page. */
  initUi(): U;
  /**
   * The game area's HTML (an inline SVG board, the numbers, the buttons). Clickable elements carry
   * `data-act` (an action as JSON, sent as is) or `data-ui` (a token passed to onUi) and a stable `data-key`
   * so keyboard focus survives a redraw. A `<form data-ui="x">` submits its `value` field to onUi.
   */
  render(view: View, ui: U): string;
  onUi?(token: string, view: View, ui: U, value?: string): Intent;
  /** A key press on the page (KeyboardEvent.key), when no text field has focus. */
  onKey?(key: string, view: View, ui: U): Intent;
  /** Called once with the game area's element; returns a cleanup. */
  mount?(root: HTMLElement, api: BoardApi<U>): () => void;
  /** One line of key help shown under the board. */
  keyHelp?: string;
}
