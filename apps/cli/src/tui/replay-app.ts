// The replay viewer: every position of a recorded game, stepped with the arrow keys, drawn by the
// same board and panel as play.
import type { OkResponse, Spec } from '@hearth/engine';
import { actionLabel } from '../render/actions.ts';
import { BOARD_WIDTH, BODY_HEIGHT, type Controller, type Key, PANEL_WIDTH, SCREEN_WIDTH, type View } from '../render/types.ts';
import { fit, type Style, truncate, visibleWidth } from './style.ts';

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
}

export class ReplayApp {
  private step = 0;
  constructor(private readonly o: ReplayAppOptions) {}

  get position(): number {
    return this.step;
  }

  async key(key: Key): Promise<'continue' | 'quit'> {
    const last = this.o.responses.length - 1;
    if (key.name === 'q' || key.name === 'escape') return 'quit';
    if (['right', 'l', 'space', 'enter', 'n'].includes(key.name)) this.step++;
    else if (['left', 'h', 'backspace', 'p'].includes(key.name)) this.step--;
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
    };
  }

  frame(): string[] {
    const { style, controller, spec } = this.o;
    const view = this.view();
    const last = this.o.responses.length - 1;
    const title = ` ${style.bold(spec.name)} ${style.dim(`· replay · seed ${this.o.seed} · step ${this.step}/${last}`)}`;
    const score = `score ${style.bold(style.fg('yellow', String(view.response.score), true))} `;
    const top = style.inverse(fit(title, SCREEN_WIDTH - visibleWidth(score)) + score);
    const board = controller.board(view, style);
    const panel = controller.panel(view, style);
    const body: string[] = [];
    for (let i = 0; i < BODY_HEIGHT; i++)
      body.push(`${fit(board[i] ?? '', BOARD_WIDTH)} ${style.dim('│')}${fit(panel[i] ?? '', PANEL_WIDTH - 1)}`);
    const action = this.step === 0 ? style.dim('start of the game') : `action ${this.step}: ${style.bold(actionLabel(view.lastAction))}`;
    const next = this.step < last ? style.dim(`next: ${actionLabel(this.o.actions[this.step])}`) : style.dim('end of the record');
    const status =
      this.step === last && this.o.failure
        ? style.fg('red', this.o.failure, true)
        : view.response.gameOver
          ? style.fg('red', `Game over. Final score ${view.response.score}.`, true)
          : '';
    const lines = [
      top,
      ...body,
      style.dim('─'.repeat(SCREEN_WIDTH)),
      action,
      next,
      status,
      '',
      style.dim(' → l space next · ← h back · PgUp PgDn ±10 · Home End · q quit'),
    ];
    return lines.map((l) => truncate(l, SCREEN_WIDTH));
  }
}
