// The one interface every web board implements (a game's own, in its package, or the app's generic one). A board
// is markup from a response (pure, testable without a DOM) plus small input hooks that turn clicks, keys and
// pointer drags into actions, and the words, moments, sounds and tutorial of its game; it never decides legality
// (the engine does) and never touches the DOM (the page mounts what it returns).
import type { Game, OkResponse, Recap, Spec } from '../contract.ts';

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
  /** The response before `lastAction` (undefined right after init or a jump). */
  previous?: OkResponse | undefined;
  /** The engine's own "what happened" for `lastAction`, where the page has it. */
  recap?: Recap | undefined;
  /** The step's own events, where the engine reports them (`ActOptions.events`); motion prefers them to the recap. */
  events?: readonly StepEventLike[] | undefined;
  /**
   * Draw the motion of this step (true only on the first draw after an accepted step, when the player has not
   * turned motion off and the browser does not ask for reduced motion). A board adds short CSS animations to its
   * markup for it, never anything that changes what the final frame shows.
   */
  motion?: boolean;
}

/** One thing a step did, as the engine reports it: a stable snake_case kind and its details. */
export interface StepEventLike {
  kind: string;
  points?: number;
  [detail: string]: unknown;
}

/** A sound the page may play for a step (synthesised in the page; off until the player turns sound on). */
export type Cue = 'step' | 'gain' | 'spend' | 'hit' | 'lost' | 'moment' | 'best' | 'refuse' | 'over' | 'select';

/** A completed pitch, reach, wave or day: the page shows it as a short moment and keeps its mark for the share. */
export interface Moment {
  /** "Pitch 2 complete" */
  title: string;
  /** "+350 · clean streak 2" */
  detail?: string;
  /** One emoji for the share summary (readable without colour next to its neighbours: 🟩 clean, 🟨 dipped, …). */
  mark: string;
}

/** One guided move of a game's first-game tutorial. */
export interface TutorialStep {
  /** What to look at and why, in a few sentences. */
  say: string;
  /** The move to make (its button or cell is highlighted); a step without one continues with a Next button. */
  action?: unknown;
  /** More of the board to highlight, as selectors inside it (a cat to pick before its tile: `[data-ui="cat:0"]`). */
  point?: readonly string[];
}

/** A first-game tutorial: a fixed seed and a few guided moves that teach the core decision. */
export interface Tutorial {
  seed: number;
  steps: readonly TutorialStep[];
  /** The last words, after the guided moves. */
  done: string;
}

/**
 * What an input means: send an action to the engine, redraw after a UI-only change, say something (e.g. how
 * to end a run deliberately), or nothing.
 */
export type Intent = { act: unknown } | { redraw: true } | { say: string } | null;

/** A pointer on the board's SVG, in the SVG's own units (the page converts screen coordinates). */
export interface BoardPoint {
  x: number;
  y: number;
  /** down: pressed on the board; move: dragged while pressed; up: released. */
  phase: 'down' | 'move' | 'up';
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
  /** A pointer pressed or dragged on the board's `svg[data-points]` (aiming by drag). */
  onPoint?(point: BoardPoint, view: View, ui: U): Intent;
  /** One line of key help shown under the board. */
  keyHelp?: string;
  /** An action named for people ("Lunge to row 20, column 1"), for the turn log and the tutorial. */
  describe?(action: unknown, view: View): string | undefined;
  /** What the last action did, in the player's words (the default is the recap's own text). */
  recapText?(view: View): string | undefined;
  /** How the run ended, when it is over ("out of wisps on wave 5, 5 of 6 lit"). */
  ending?(view: View): string | undefined;
  /** The pitch, reach, wave or day the last action completed, if it did. */
  moment?(view: View): Moment | undefined;
  /** The mark of the unfinished pitch, reach, wave or day the run ended in (the share summary's last). */
  finalMark?(view: View): string | undefined;
  /** Sounds of the last action (the default: gain for points, else a step). */
  cues?(view: View): Cue[];
  /** The first-game tutorial. */
  tutorial?: Tutorial;
}

/**
 * Whether the step that produced this view did `kind`: one of its events (when the engine reported them) or an item
 * of its recap (the engine's own words for it). A board's moments, sounds and motion ask this, never a rule.
 */
export const happened = (view: View, kind: string): boolean =>
  (view.events ?? []).some((e) => e.kind === kind) || (view.recap?.items ?? []).some((i) => i.kind === kind);
