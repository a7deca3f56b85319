// What every part of a game page shares: its route and game, its elements, and the run as it stands (the last
// response and the one before it, the actions, what the last step said). The parts (board, play, input, coach,
// replay) each take this one object, so the page reads top-down in game.ts.
import type { OkResponse, Recap, Spec } from '@hearth/engine';
import type { StepEventLike, Tutorial, View, WebBoard } from '@hearth/engine/web';
import type { Daily } from '../daily.ts';
import type { Engine } from '../engine-client.ts';
import type { GameRouteFields } from '../route.ts';
import type { RunInfo } from './replay.ts';

/** A game page's route, and on the run page the stored run it shows above the board with its score timeline. */
export interface GameRoute extends GameRouteFields {
  run?: RunInfo;
}

export type SayKind = 'info' | 'refusal' | 'recap' | 'over';

export interface GamePage {
  root: HTMLElement;
  route: GameRoute;
  engine: Engine;
  spec: Spec;
  slug: string;
  seed: number;
  online: boolean;
  /** A recorded action list plays back (a replay link or a stored run). */
  watching: boolean;
  /** The first-game tutorial runs on this page. */
  tutorial: Tutorial | undefined;
  renderer: WebBoard<unknown>;
  ui: unknown;
  el: {
    board: HTMLDivElement;
    score: HTMLOutputElement;
    best: HTMLSpanElement;
    message: HTMLDivElement;
    over: HTMLElement;
    showResult: HTMLButtonElement;
    log: HTMLOListElement;
    confirm: HTMLDivElement;
    whyNot: HTMLDivElement;
    moments: HTMLDivElement;
    coach: HTMLDivElement;
  };
  run: {
    response?: OkResponse;
    previous?: OkResponse;
    lastAction?: unknown;
    recap?: Recap;
    events?: readonly StepEventLike[];
    actions: unknown[];
    responses: number;
    disposed: boolean;
    /** The stored run's id once this finished run is submitted. */
    submittedId?: string;
    daily?: Daily;
    /** The marks of the pitches, reaches, waves or days completed so far (the share summary). */
    marks: string[];
    /** The best score here before this game (a new best gets its moment once). */
    bestBefore: number;
    newBestShown: boolean;
  };
  say(text: string, kind?: SayKind): void;
}

/** The board's view of the run now; `motion` only for the first draw after an accepted step. */
export function viewOf(p: GamePage, motion = false): View | undefined {
  const r = p.run;
  if (!r.response) return undefined;
  return {
    slug: p.slug,
    spec: p.spec,
    response: r.response,
    lastAction: r.lastAction,
    replaying: p.watching,
    previous: r.previous,
    recap: r.recap,
    events: r.events,
    motion,
  };
}
