// The interactive play screen as a pure state machine: keys in, frames (arrays of lines) out.
// The terminal layer only feeds it keys and paints its frames, so tests drive it without a terminal.
import type { OkResponse, Recap } from '@hearth/engine';
import type { Controller, Key, KeyResult, Prompt, View } from '@hearth/engine/terminal';
import { jsonPrompt } from '@hearth/engine/terminal';
import { type Response, recapOf, type Session } from '../session.ts';
import { helpLines } from './help.ts';
import { composeBody, composeBottom, type Layout, layoutFor, type Size } from './layout.ts';
import { fit, type Style, stripAnsi, truncate, visibleWidth } from './style.ts';

type Mode = 'board' | 'help' | 'confirm-quit' | 'prompt' | 'over';

export interface PlayAppOptions {
  session: Session;
  controller: Controller;
  style: Style;
  /** Called after every accepted action with the whole action list so far (for --record). */
  onAccepted?(actions: readonly unknown[], session: Session): void;
  /** Starts another game (n / r on the game-over screen); absent: those keys are not offered. */
  restart?(seed: number | undefined): Promise<Session>;
  /** Where the engine runs, shown in the title bar. */
  where?: string;
}

export class PlayApp {
  private session: Session;
  private mode: Mode = 'board';
  private message = '';
  private messageKind: 'info' | 'error' = 'info';
  private helpScroll = 0;
  private prompt: Prompt | undefined;
  private promptText = '';
  private promptError = '';
  /** The initial text is selected: the first character typed replaces it (as in a dialog box). */
  private promptFresh = false;
  private overlay = true;
  private busy = false;
  private actions: unknown[] = [];
  private previous: OkResponse | undefined;
  private lastRecap: Recap | undefined;

  constructor(private readonly options: PlayAppOptions) {
    this.session = options.session;
    if (this.session.current.gameOver) this.mode = 'over';
  }

  get actionsSoFar(): readonly unknown[] {
    return this.actions;
  }

  get currentSession(): Session {
    return this.session;
  }

  view(): View {
    return {
      spec: this.session.spec,
      seed: this.session.seed,
      response: this.session.current,
      turn: this.actions.length,
      lastAction: this.actions[this.actions.length - 1],
      previous: this.previous,
      recap: this.lastRecap,
    };
  }

  /** Handles one key; resolves to 'quit' when the player leaves. */
  async key(key: Key): Promise<'continue' | 'quit'> {
    if (key.ctrl && (key.name === 'c' || key.name === 'd')) return 'quit';
    if (this.busy) return 'continue';
    switch (this.mode) {
      case 'help':
        return this.helpKey(key);
      case 'confirm-quit':
        if (key.name === 'y' || key.name === 'q') return 'quit';
        this.mode = this.session.current.gameOver ? 'over' : 'board';
        return 'continue';
      case 'prompt':
        return this.promptKey(key);
      case 'over':
        return this.overKey(key);
      default:
        return this.boardKey(key);
    }
  }

  private async boardKey(key: Key): Promise<'continue' | 'quit'> {
    if (key.name === '?' || key.name === 'f1') {
      this.mode = 'help';
      this.helpScroll = 0;
      return 'continue';
    }
    if (key.name === ':') return this.apply({ kind: 'prompt', prompt: jsonPrompt(this.session.spec) });
    // The game's keys first (Esc may clear a selection), then q / Esc ask to quit.
    const result = key.name === 'q' ? ({ kind: 'unhandled' } as const) : this.options.controller.key(key, this.view());
    if (result.kind === 'unhandled' && (key.name === 'q' || key.name === 'escape')) {
      this.mode = 'confirm-quit';
      return 'continue';
    }
    return this.apply(result);
  }

  private async apply(result: KeyResult): Promise<'continue'> {
    if (result.kind === 'act') await this.send(result.action);
    else if (result.kind === 'prompt') {
      this.prompt = result.prompt;
      this.promptText = result.prompt.initial;
      this.promptFresh = result.prompt.initial.length > 0;
      this.promptError = '';
      this.mode = 'prompt';
    } else if (result.kind === 'unhandled') this.say('That key does nothing here. Press ? for help.', 'info');
    return 'continue';
  }

  private async send(action: unknown): Promise<void> {
    this.busy = true;
    const before = this.session.current;
    let response: Response;
    try {
      response = await this.session.act(action, { recap: true });
    } finally {
      this.busy = false;
    }
    if (!response.ok) {
      this.say(`Refused (${response.reason}): ${response.message}`, 'error');
      return;
    }
    this.previous = before;
    this.actions.push(action);
    this.options.onAccepted?.(this.actions, this.session);
    this.options.controller.reset?.();
    // The engine's own "what happened" (points and from what, hull or stamina lost, lanterns lit...).
    const recap = recapOf(response);
    const delta = response.score - before.score;
    this.lastRecap = recap;
    this.say(recap?.text ?? (delta !== 0 ? `${delta > 0 ? '+' : ''}${delta} points` : ''), 'info');
    if (response.gameOver) {
      this.mode = 'over';
      this.overlay = true;
    } else this.mode = 'board';
  }

  private async promptKey(key: Key): Promise<'continue'> {
    const prompt = this.prompt!;
    if (key.name === 'escape') {
      this.mode = 'board';
      return 'continue';
    }
    if (key.name === 'enter' || key.name === 'return') {
      const result = prompt.submit(this.promptText);
      if ('error' in result) {
        this.promptError = result.error;
        return 'continue';
      }
      this.mode = 'board';
      await this.send(result.action);
      return 'continue';
    }
    if (key.name === 'backspace') {
      this.promptText = this.promptFresh ? '' : this.promptText.slice(0, -1);
      this.promptFresh = false;
      return 'continue';
    }
    const adjusted = prompt.adjust?.(key, this.promptText);
    if (adjusted !== undefined) {
      this.promptText = adjusted;
      this.promptFresh = false;
      this.promptError = '';
      return 'continue';
    }
    const typed = key.name.length === 1 && !key.ctrl ? key.name : key.name === 'space' ? ' ' : undefined;
    if (typed !== undefined) {
      this.promptText = this.promptFresh ? typed : this.promptText + typed;
      this.promptFresh = false;
    }
    return 'continue';
  }

  private helpKey(key: Key): 'continue' {
    const layout = this.layout;
    const page = layout.height - 2;
    const max = Math.max(0, helpLines(this.session.spec, this.options.controller, layout.width - 2).length - page);
    if (key.name === 'down' || key.name === 'j') this.helpScroll++;
    else if (key.name === 'up' || key.name === 'k') this.helpScroll--;
    else if (key.name === 'pagedown' || key.name === 'space') this.helpScroll += page;
    else if (key.name === 'pageup') this.helpScroll -= page;
    else if (key.name === 'home' || key.name === 'g') this.helpScroll = 0;
    else if (key.name === 'end') this.helpScroll = max;
    else if (key.name === 'q' || key.name === 'escape' || key.name === '?') this.mode = this.session.current.gameOver ? 'over' : 'board';
    this.helpScroll = Math.max(0, Math.min(max, this.helpScroll));
    return 'continue';
  }

  private async overKey(key: Key): Promise<'continue' | 'quit'> {
    if (key.name === 'q' || key.name === 'escape') return 'quit';
    if (key.name === '?') {
      this.mode = 'help';
      return 'continue';
    }
    if (key.name === 'v' || key.name === 'space') {
      this.overlay = !this.overlay;
      return 'continue';
    }
    if ((key.name === 'n' || key.name === 'r') && this.options.restart) {
      this.busy = true;
      try {
        this.session = await this.options.restart(key.name === 'r' ? this.session.seed : undefined);
      } catch (error) {
        this.say(error instanceof Error ? error.message : String(error), 'error');
        return 'continue';
      } finally {
        this.busy = false;
      }
      this.actions = [];
      this.previous = undefined;
      this.lastRecap = undefined;
      this.options.controller.reset?.();
      this.mode = this.session.current.gameOver ? 'over' : 'board';
      this.say(`New game, seed ${this.session.seed}.`, 'info');
    }
    return 'continue';
  }

  private say(text: string, kind: 'info' | 'error'): void {
    this.message = text;
    this.messageKind = kind;
  }

  /** The last size painted: help scrolling pages by it. */
  private layout: Layout = layoutFor();

  /** The whole screen for a terminal `size` (80x24 at least): exactly `height` lines of at most `width` columns. */
  frame(size?: Size): string[] {
    const layout = layoutFor(size);
    this.layout = layout;
    const { style, controller } = this.options;
    const view = this.view();
    const spec = this.session.spec;
    const title = ` ${style.bold(spec.name)} ${style.dim(`· ${spec.genre} · seed ${this.session.seed}${this.options.where ? ` · ${this.options.where}` : ''}`)}`;
    const score = `score ${style.bold(style.fg('yellow', String(view.response.score), true))} `;
    const top = style.inverse(fit(title, layout.width - visibleWidth(score)) + score);
    if (this.mode === 'help') return this.helpFrame(top, layout);

    const board = safe(() => controller.board(view, style, { width: layout.boardWidth, height: layout.bodyHeight }), view);
    const panel = safe(() => controller.panel(view, style, layout.panelWidth), view);
    let body = composeBody(board, panel, layout, style);
    if (this.mode === 'over' && this.overlay) body = this.overOverlay(body, layout);

    let hints: string[];
    if (this.mode === 'prompt') hints = this.promptLines();
    else if (this.mode === 'over')
      hints = [
        `${style.fg('red', 'Game over.', true)} Final score ${style.bold(String(view.response.score))} after ${view.turn} turns.`,
        style.dim(`v toggles this box · ${this.options.restart ? 'r replays this seed · n new seed · ' : ''}q quits`),
      ];
    else if (this.mode === 'confirm-quit') hints = [style.fg('yellow', 'Quit this game? y = quit, any other key = keep playing.', true)];
    else hints = safe(() => controller.hints(view, style, layout.width), view);

    const message =
      this.messageKind === 'error' ? style.fg('red', this.message, true) : this.message ? style.fg('green', this.message, true) : '';
    const footer = style.dim(
      this.mode === 'over' ? ' ? help  v board  q quit' : ' ? help   : action as JSON   q quit   Ctrl-C leave at once',
    );
    const lines = [top, ...body, style.dim('─'.repeat(layout.width)), ...composeBottom(hints, message, layout), footer];
    return lines.map((l) => truncate(l, layout.width));
  }

  private promptLines(): string[] {
    const { style } = this.options;
    const p = this.prompt!;
    const preview = p.preview?.(this.promptText);
    return [
      `${style.bold(p.title)}: ${this.promptFresh ? style.inverse(this.promptText) : this.promptText}${style.inverse(' ')}`,
      this.promptError ? style.fg('red', this.promptError, true) : (preview ?? ''),
      style.dim(`Enter sends · Esc cancels${p.adjust ? ' · arrows adjust' : ''}`),
    ];
  }

  private overOverlay(body: string[], layout: Layout): string[] {
    const { style } = this.options;
    const r = this.session.current;
    const inner = [
      '',
      style.bold(style.fg('red', 'G A M E   O V E R', true)),
      '',
      `Final score  ${style.bold(style.fg('yellow', String(r.score), true))}`,
      `Turns        ${this.actions.length}`,
      `Seed         ${this.session.seed}`,
      '',
      style.dim('v: look at the board'),
      '',
    ];
    const w = 34;
    const left = Math.floor((layout.width - w) / 2);
    const box = [`╭${'─'.repeat(w - 2)}╮`, ...inner.map((l) => `│ ${fit(l, w - 4)} │`), `╰${'─'.repeat(w - 2)}╯`];
    const topRow = Math.max(0, Math.floor((layout.bodyHeight - box.length) / 2));
    return body.map((line, i) => {
      const b = box[i - topRow];
      if (b === undefined) return line;
      // Right of the box the line goes on, without its styling (escapes cannot be cut mid-way safely).
      const rest = [...stripAnsi(line)].slice(left + w).join('');
      return `${fit(line, left)}${b}${rest}`;
    });
  }

  private helpFrame(top: string, layout: Layout): string[] {
    const { style } = this.options;
    const lines = helpLines(this.session.spec, this.options.controller, layout.width - 2);
    const page = layout.height - 2;
    const shown = lines.slice(this.helpScroll, this.helpScroll + page).map((l) => ` ${l}`);
    while (shown.length < page) shown.push('');
    const pos = `${Math.min(lines.length, this.helpScroll + page)}/${lines.length}`;
    const footer = style.dim(` ↑↓ j k scroll · PgUp PgDn · q, Esc or ? back to the game   ${pos}`);
    return [top, ...shown.map((l) => styleHeading(l, style)), footer].map((l) => truncate(l, layout.width));
  }
}

function styleHeading(line: string, style: Style): string {
  return /^ [A-Z][A-Z ]+$/.test(line) ? style.bold(style.fg('cyan', line)) : line;
}

/** A renderer bug must never take the game down: fall back to the observation's text picture. */
function safe(draw: () => string[], view: View): string[] {
  try {
    return draw();
  } catch (error) {
    const text = typeof view.response.observation?.text === 'string' ? view.response.observation.text.split('\n') : [];
    return [`(renderer failed: ${error instanceof Error ? error.message : String(error)})`, ...text];
  }
}
