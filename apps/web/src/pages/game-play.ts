// Playing a run: one queue of inputs (every key and click is read against the state it will apply to, so a burst
// of keys gives exactly as many engine calls as keys, in order), one engine call per action, and what an accepted
// step shows: the board with its motion, the status line and a readable log line, its sound, a moment for a
// completed pitch, reach, wave or day and for a new best. Nothing is lost: after every accepted action the seed
// and actions go to localStorage and the URL. A finished run opens its card. Ending a run, and leaving one for a
// new game, ask first. Online, a move the server never answered offers to try again or to play on in the page.
import type { ActResponse, OkResponse, Recap } from '@hearth/engine';
import { type Cue, esc, type Intent, inPlayerWords, type View } from '@hearth/engine/web';
import { recordScore } from '../best-score.ts';
import { showMoment } from '../feel/moment.ts';
import { play as playSound } from '../feel/sound.ts';
import { formatRoute, randomSeed, readSeed, SEED_WORDS } from '../route.ts';
import { markSubmitted, readHistory, recordRun, sameRun, saveCurrent, utcDay } from '../saved.ts';
import { recordPlay } from '../stats.ts';
import { sentence } from '../text.ts';
import { type Board, bodyFor, elementOf } from './game-board.ts';
import { attachOver, type Finished, overMarkup } from './game-over.ts';
import { type GamePage, viewOf } from './game-page.ts';

/** How many turn-log lines the page keeps (the log scrolls; older lines drop off). */
const LOG_LINES = 200;

/** A refusal that is no engine's: the online client could not reach the server or read its answer. */
const isTransportFailure = (reason: string) => reason === 'server_unreachable' || reason === 'server_error' || /^http_5\d\d$/.test(reason);

/** Whether the engine's recap says the run was won (a `…_won` item, e.g. Lantern Volley's `round_won`). */
const isWin = (recap: Recap | undefined) => (recap?.items ?? []).some((i) => /(^|_)won$/.test(i.kind));

export interface Play {
  /** Queues an input; it is read against the state it will apply to (after every input queued before it). */
  enqueue(input: () => Intent | Promise<void>): void;
  /** One action straight to the engine (the confirm already answered). */
  step(action: unknown): Promise<void>;
  /** Asks before an action whose button asks (End run), else sends it. */
  apply(intent: NonNullable<Intent>): Promise<void>;
  askConfirm(question: string, yes: string, no: string, onYes: () => void): void;
  closeConfirm(): void;
  answerConfirm(yes: boolean): void;
  /** A new game on the typed seed (or a random one): asks first when a run is under way. */
  newGame(random?: boolean): void;
  openOver(open: boolean): void;
  /** After a resume or a replay step: the status line and the log from a response the page already holds. */
  showStep(action: unknown, recap: Recap | undefined, points: number, index: number): void;
  showOver(recap?: Recap): void;
  persist(): void;
  /** Online: sends again the move the server never answered. */
  retry(): void;
  /** Whether an accepted action may be sent now (a tutorial accepts only its own moves). */
  gate?: (action: unknown) => string | undefined;
}

export function createPlay(p: GamePage, board: Board): Play {
  return new PlayQueue(p, board);
}

/**
 * The run being played on a page: the input queue and the steps it drives (step -> accepted -> the board, status
 * line, log, moments, saving, the card), the confirm box, and the retry of a move the server never answered.
 */
class PlayQueue implements Play {
  gate?: (action: unknown) => string | undefined;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private onConfirm: (() => void) | undefined;
  private retryLast: (() => void) | undefined;

  constructor(
    private readonly p: GamePage,
    private readonly board: Board,
  ) {}

  private get r() {
    return this.p.run;
  }

  enqueue(input: () => Intent | Promise<void>): void {
    const { p } = this;
    this.pending++;
    p.el.board.dataset.pending = String(this.pending);
    this.queue = this.queue
      .then(async () => {
        if (this.r.disposed) return;
        const intent = await input();
        if (intent) await this.apply(intent);
      })
      .catch((error) => this.lostMove(() => this.enqueue(input), error))
      .finally(() => {
        this.pending--;
        p.el.board.dataset.pending = String(this.pending);
      });
  }

  async apply(intent: NonNullable<Intent>): Promise<void> {
    const { r } = this;
    if ('act' in intent) {
      // a key for an action whose button asks first (Shift+E) asks the same question
      const question = r.response && !r.response.gameOver ? this.confirmOf(intent.act) : undefined;
      if (question) this.askConfirm(question, 'Yes, end it', 'Keep playing', () => this.enqueue(() => this.step(intent.act)));
      else await this.step(intent.act);
    } else if ('say' in intent) {
      if (!r.response?.gameOver) this.p.say(intent.say);
    } else {
      this.board.draw();
      playSound(['select']);
    }
  }

  /** One action through the engine. Runs only from the queue, so steps never overlap. */
  async step(action: unknown): Promise<void> {
    const { p, r } = this;
    const before = r.response;
    if (!before || p.watching || r.disposed || before.gameOver) return;
    const refused = this.gate?.(action);
    if (refused) {
      p.say(refused, 'info');
      return;
    }
    const result: ActResponse = await p.engine.act(p.slug, bodyFor(p, before, action), { recap: true, events: true });
    if (r.disposed) return;
    if (result.ok) {
      this.accepted(before, result, action);
    } else if (p.online && isTransportFailure(result.reason)) {
      // the server never judged the move (it is down, or answered no JSON): nothing was played
      this.lostMove(() => this.enqueue(() => this.step(action)), new Error(result.message));
    } else {
      p.say(`Refused: ${sentence(inPlayerWords(result.message, p.spec.look))}`, 'refusal');
      p.el.message.dataset.reason = result.reason;
      playSound(['refuse']);
    }
    p.el.board.dataset.responses = String(++r.responses);
  }

  /** An accepted step: the run moves on, the board draws it with its motion, and everything that shows it follows. */
  private accepted(before: OkResponse, result: OkResponse, action: unknown): void {
    const { p, r } = this;
    r.previous = before;
    r.response = result;
    r.lastAction = action;
    r.recap = result.recap as Recap | undefined;
    r.events = (result as OkResponse & { events?: View['events'] }).events;
    r.actions.push(action);
    const points = result.score - before.score;
    if (!result.gameOver && !p.tutorial) p.el.best.textContent = String(recordScore(p.slug, result.score));
    this.board.draw(true);
    p.el.board.dataset.turns = String(r.actions.length);
    this.showStep(action, r.recap, points, r.actions.length);
    this.celebrate(viewOf(p) as View, points);
    this.persist();
    this.showOver(r.recap);
    p.root.dispatchEvent(new CustomEvent('hearth:step', { detail: { action } }));
  }

  showStep(action: unknown, recap: Recap | undefined, points: number, index: number): void {
    const { p } = this;
    const line = recapLine(p, viewOf(p), recap, points);
    p.say(line, 'recap');
    p.el.message.dataset.kinds = kindsOf(recap);
    this.logLine(index, this.board.nameOf(action), line);
  }

  private logLine(turn: number, label: string | undefined, text: string): void {
    const { log } = this.p.el;
    const li = document.createElement('li');
    li.value = turn;
    li.textContent = label ? `${label}: ${text}` : text;
    li.dataset.kinds = kindsOf(this.r.recap);
    log.prepend(li);
    while (log.children.length > LOG_LINES) log.lastElementChild?.remove();
  }

  /** The step's sounds and moments (a completed pitch, reach, wave or day; a new best once per game). */
  private celebrate(v: View, points: number): void {
    const { p, r } = this;
    const moment = p.renderer.moment?.(v);
    const cues: Cue[] = p.renderer.cues?.(v) ?? [points > 0 ? 'gain' : 'step'];
    if (moment) {
      r.marks.push(moment.mark);
      showMoment(p.el.moments, moment, 'moment');
    } else playSound(cues);
    const best = Number.isFinite(r.bestBefore) && v.response.score > r.bestBefore && v.response.score > 0;
    if (best && !r.newBestShown && !p.tutorial) {
      r.newBestShown = true;
      showMoment(p.el.moments, { title: 'New best', detail: `${v.response.score} beats your ${r.bestBefore}` }, 'best');
    }
  }

  /** The seed and actions to localStorage and the URL (not for a replay, a stored run or the tutorial). */
  persist(): void {
    const { p, r } = this;
    if (p.watching || p.route.run || p.tutorial || !r.response) return;
    saveCurrent(p.slug, {
      seed: p.seed,
      actions: [...r.actions],
      score: r.response.score,
      over: r.response.gameOver,
      ...(r.submittedId ? { runId: r.submittedId } : {}),
    });
    const hash = formatRoute({ page: 'game', slug: p.slug, seed: p.seed, replay: undefined, play: r.actions, online: p.online });
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  openOver(open: boolean): void {
    const { p } = this;
    p.el.over.hidden = !open;
    p.el.showResult.hidden = open || !this.r.response?.gameOver || p.watching;
    if (open) (p.el.over.querySelector('#over-title') as HTMLElement | null)?.focus({ preventScroll: true });
  }

  /** A finished run: its best and history kept, its card drawn and opened (hidden while the run goes on). */
  showOver(recap?: Recap): void {
    const { p, r } = this;
    if (!r.response?.gameOver || p.watching) {
      p.el.over.hidden = true;
      p.el.showResult.hidden = true;
      return;
    }
    const score = r.response.score;
    p.el.best.textContent = String(recordScore(p.slug, score));
    // a run already submitted (a reload of it, its link) is still submitted
    r.submittedId ??= readHistory(p.slug).find((e) => e.runId && sameRun(e, { seed: p.seed, actions: r.actions }))?.runId;
    if (!p.tutorial) recordFinished(p, score);
    const f = finishedOf(p, viewOf(p) as View, recap, score);
    p.el.over.innerHTML = overMarkup(f);
    attachOver(p.el.over, f, (runId, rank) => {
      r.submittedId = runId;
      markSubmitted(p.slug, { seed: p.seed, actions: r.actions }, runId, rank ?? undefined);
      this.persist();
    });
    // every action is over: the phone's fixed action bar goes (it would show behind the card, all disabled)
    (p.root.querySelector('main.game') as HTMLElement).dataset.gameOver = 'true';
    p.say(`Game over: final score ${score}.${f.ending ? ` ${f.ending}` : ''}`, 'over');
    p.el.message.dataset.kinds = kindsOf(recap);
    p.el.whyNot.hidden = true;
    if (r.actions.length > 0) playSound(['over']);
    // focus on the card itself: Enter or Space pressed in the heat of play does nothing here, never a link
    this.openOver(true);
  }

  /** Online, a move the server never answered: say so, with Try again and Play in the page. */
  private lostMove(retry: () => void, error: unknown): void {
    const { p } = this;
    const text = error instanceof Error ? error.message : String(error);
    if (!p.online) {
      p.say(`The engine failed: ${text}`, 'refusal');
      return;
    }
    const local = formatRoute({ page: 'game', slug: p.slug, seed: p.seed, replay: undefined, play: this.r.actions, online: false });
    p.el.message.innerHTML = `The server cannot be reached, so that move was not played (your game so far is kept). <button type="button" data-retry>Try again</button> <a href="${esc(local)}" data-local>Play on in this page instead</a>`;
    p.el.message.dataset.kind = 'refusal';
    this.retryLast = retry;
  }

  /** Try again: the move the server never answered, sent again. */
  retry(): void {
    const again = this.retryLast;
    this.retryLast = undefined;
    if (!again) return;
    this.p.say('Trying again…');
    again();
  }

  /** The confirm question of the board's button for this action, if it has one (End run asks before it ends). */
  private confirmOf(action: unknown): string | undefined {
    const el = elementOf(this.p.el.board, action);
    // a disabled one does not ask: the engine's refusal says why it cannot be done now
    return el && !(el as HTMLButtonElement).disabled ? el.dataset.confirm : undefined;
  }

  askConfirm(question: string, yes: string, no: string, then: () => void): void {
    const { root, el } = this.p;
    this.onConfirm = then;
    (root.querySelector('#confirm-text') as HTMLElement).textContent = question;
    (root.querySelector('[data-confirm-answer="yes"]') as HTMLElement).textContent = yes;
    (root.querySelector('[data-confirm-answer="no"]') as HTMLElement).textContent = no;
    el.confirm.hidden = false;
    (root.querySelector('[data-confirm-answer="no"]') as HTMLElement).focus();
  }

  closeConfirm(): void {
    this.p.el.confirm.hidden = true;
    this.onConfirm = undefined;
    this.p.el.board.focus({ preventScroll: true });
  }

  answerConfirm(yes: boolean): void {
    const then = this.onConfirm;
    this.closeConfirm();
    if (yes) then?.();
  }

  /** A new game on the typed seed (or a random one); a run under way is never thrown away by one click. */
  newGame(random = false): void {
    const { p, r } = this;
    const next = random ? randomSeed() : typedSeed(p);
    if (next === null) return;
    const go = () => {
      const hash = formatRoute({ page: 'game', slug: p.slug, seed: next, replay: undefined, online: p.online });
      if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
      else location.hash = hash;
    };
    // the question says what would be lost
    const under = r.response && !r.response.gameOver && r.actions.length > 0 && !p.watching && !p.tutorial;
    if (!under) {
      go();
      return;
    }
    this.askConfirm(
      `Start a new game on seed ${next}? Your ${p.spec.name} run on seed ${p.seed} (score ${r.response?.score}, ${r.actions.length} actions) ends here and is not kept.`,
      'Start the new game',
      'Keep playing',
      go,
    );
  }
}

const kindsOf = (recap: Recap | undefined) => (recap?.items ?? []).map((i) => i.kind).join(' ');

/** What the last action did in the player's words: the board's own, else the engine's recap. */
function recapLine(p: GamePage, v: View | undefined, recap: Recap | undefined, points: number): string {
  const own = v ? p.renderer.recapText?.(v) : undefined;
  const text = own ?? recap?.text;
  if (text) return sentence(inPlayerWords(text, p.spec.look, { plainActions: false }));
  return points ? `${points > 0 ? '+' : ''}${points} points` : 'No points this turn.';
}

/** The seed typed in the seed field; null (said, and the field marked) when it is not one. */
function typedSeed(p: GamePage): number | null {
  const field = p.root.querySelector('#seed') as HTMLInputElement;
  const typed = readSeed(field.value);
  if (typed.ok) return typed.seed;
  p.say(`Seed refused: ${SEED_WORDS}.`, 'refusal');
  field.setAttribute('aria-invalid', 'true');
  return null;
}

/** The finished run into this browser's history and the player's plays. */
function recordFinished(p: GamePage, score: number): void {
  const r = p.run;
  const now = Date.now();
  recordRun(p.slug, {
    seed: p.seed,
    score,
    actions: [...r.actions],
    day: utcDay(now),
    at: now,
    ...(r.daily ? { daily: true } : {}),
    ...(r.submittedId ? { runId: r.submittedId } : {}),
  });
  recordPlay(p.slug, { day: utcDay(now), score, seed: p.seed, at: now, ...(r.daily ? { daily: true } : {}) });
}

/** What the run's card shows: the score, the ending in the player's words, the marks, a new best, a win. */
function finishedOf(p: GamePage, v: View, recap: Recap | undefined, score: number): Finished {
  const r = p.run;
  const ending = p.renderer.ending?.(v) ?? recap?.text;
  const last = p.renderer.finalMark?.(v);
  return {
    slug: p.slug,
    seed: p.seed,
    actions: [...r.actions],
    score,
    online: p.online,
    name: p.spec.name,
    ...(r.daily ? { daily: r.daily.date } : {}),
    ...(ending ? { ending: sentence(inPlayerWords(ending, p.spec.look)) } : {}),
    marks: last ? [...r.marks, last] : [...r.marks],
    newBest: r.actions.length > 0 && score > r.bestBefore && score > 0,
    won: isWin(recap),
    ...(r.submittedId ? { runId: r.submittedId } : {}),
  };
}
