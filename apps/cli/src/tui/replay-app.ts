// The replay viewer: every position of a recorded game, stepped with the arrow keys or played back on its
// own (space plays and pauses, + and - change the speed), drawn by the same board and panel as play.
import type { OkResponse, Recap, Spec } from '@hearth/engine';
import type { Controller, Key, View } from '@hearth/engine/terminal';
import { actionLabel } from '@hearth/engine/terminal';
import { composeBody, composeBottom, layoutFor, type Size } from './layout.ts';
import { fit, type Style, truncate, visibleWidth } from './style.ts';

/** Autoplay speeds in steps per second; + and - move along this list. */
export const SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
const DEFAULT_SPEED = 2;

export interface ReplayAppOptions {
  spec: Spec;
  seed: number;
  /** responses[0] is init's; responses[i] follows actions[i - 1]. */
  responses: OkResponse[];
  actions: readonly unknown[];
  controller: Controller;
  style: Style;
  /** Set when the record's actions stop at a refusal: shown at the last position. */
  failure?: string;
  /** recaps[i]: what actions[i - 1] did (the engine's recap), shown as the message. */
  recaps?: readonly (Recap | undefined)[];
  /** Start playing at once (hearth replay --play). */
  autoplay?: boolean;
}

export class ReplayApp {
  private step = 0;
  private speed: number = SPEEDS.indexOf(DEFAULT_SPEED);
  private playingNow: boolean;
  /** Milliseconds of play time not yet turned into steps. */
  private pending = 0;

  constructor(private readonly o: ReplayAppOptions) {
    this.playingNow = o.autoplay === true && o.responses.length > 1;
  }

  get position(): number {
    return this.step;
  }

  get playing(): boolean {
    return this.playingNow;
  }

  get stepsPerSecond(): number {
    return SPEEDS[this.speed]!;
  }

  /**
   * Play time passing (the terminal calls it on a timer with the real elapsed time; tests pass any figure).
   * Returns true when the position moved, so the screen repaints only then.
   */
  tick(elapsedMs: number): boolean {
    if (!this.playingNow) return false;
    const last = this.o.responses.length - 1;
    this.pending += elapsedMs;
    const every = 1000 / this.stepsPerSecond;
    let moved = false;
    while (this.pending >= every && this.step < last) {
      this.pending -= every;
      this.step++;
      moved = true;
    }
    if (this.step >= last) {
      this.playingNow = false;
      this.pending = 0;
      moved = true;
    }
    return moved;
  }

  async key(key: Key): Promise<'continue' | 'quit'> {
    const last = this.o.responses.length - 1;
    if (key.name === 'q' || key.name === 'escape') return 'quit';
    if (key.name === 'space' || key.name === 'p') {
      // At the end, play starts again from the beginning.
      if (!this.playingNow && this.step >= last) this.step = 0;
      this.playingNow = !this.playingNow && last > 0;
      this.pending = 0;
      return 'continue';
    }
    if (key.name === '+' || key.name === '=') this.speed = Math.min(SPEEDS.length - 1, this.speed + 1);
    else if (key.name === '-' || key.name === '_') this.speed = Math.max(0, this.speed - 1);
    else if (['right', 'l', 'enter', 'n'].includes(key.name)) this.step++;
    else if (['left', 'h', 'backspace'].includes(key.name)) this.step--;
    else if (key.name === 'pagedown' || key.name === 'L') this.step += 10;
    else if (key.name === 'pageup' || key.name === 'H') this.step -= 10;
    else if (key.name === 'home' || key.name === 'g') this.step = 0;
    else if (key.name === 'end' || key.name === 'G') this.step = last;
    this.step = Math.max(0, Math.min(last, this.step));
    return 'continue';
  }

  view(): View {
    const i = this.step;
    return {
      spec: this.o.spec,
      seed: this.o.seed,
      response: this.o.responses[i]!,
      turn: i,
      lastAction: i > 0 ? this.o.actions[i - 1] : undefined,
      previous: i > 0 ? this.o.responses[i - 1] : undefined,
      recap: this.o.recaps?.[i],
    };
  }

  frame(size?: Size): string[] {
    const layout = layoutFor(size);
    const { style, controller, spec } = this.o;
    const view = this.view();
    const last = this.o.responses.length - 1;
    const play = this.playingNow ? `▶ playing ${this.stepsPerSecond}/s` : `paused ${this.stepsPerSecond}/s`;
    const title = ` ${style.bold(spec.name)} ${style.dim(`· replay · seed ${this.o.seed} · step ${this.step}/${last} · ${play}`)}`;
    const score = `score ${style.bold(style.fg('yellow', String(view.response.score), true))} `;
    const top = style.inverse(fit(title, layout.width - visibleWidth(score)) + score);
    const board = controller.board(view, style, { width: layout.boardWidth, height: layout.bodyHeight });
    const panel = controller.panel(view, style, layout.panelWidth);
    const action = this.step === 0 ? style.dim('start of the game') : `action ${this.step}: ${style.bold(actionLabel(view.lastAction))}`;
    const next = this.step < last ? style.dim(`next: ${actionLabel(this.o.actions[this.step])}`) : style.dim('end of the record');
    const status =
      this.step === last && this.o.failure
        ? style.fg('red', this.o.failure, true)
        : view.response.gameOver
          ? style.fg('red', `Game over. Final score ${view.response.score}.`, true)
          : view.recap?.text
            ? style.fg('green', view.recap.text, true)
            : '';
    const lines = [
      top,
      ...composeBody(board, panel, layout, style),
      style.dim('─'.repeat(layout.width)),
      ...composeBottom([action, next], status, layout),
      style.dim(' space play/pause · + - speed · → l next · ← h back · PgUp PgDn ±10 · Home End · q quit'),
    ];
    return lines.map((l) => truncate(l, layout.width));
  }
}
