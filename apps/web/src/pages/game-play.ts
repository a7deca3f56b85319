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
  const r = p.run;
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let onConfirm: (() => void) | undefined;

  const logLine = (turn: number, label: string | undefined, text: string) => {
    const li = document.createElement('li');
    li.value = turn;
    li.textContent = label ? `${label}: ${text}` : text;
    li.dataset.kinds = (r.recap?.items ?? []).map((i) => i.kind).join(' ');
    p.el.log.prepend(li);
    while (p.el.log.children.length > LOG_LINES) p.el.log.lastElementChild?.remove();
  };

  /** What the last action did in the player's words: the board's own, else the engine's recap. */
  const recapLine = (v: View | undefined, recap: Recap | undefined, points: number): string => {
    const own = v ? p.renderer.recapText?.(v) : undefined;
    const text = own ?? recap?.text;
    if (text) return sentence(inPlayerWords(text, p.spec.look, { plainActions: false }));
    return points ? `${points > 0 ? '+' : ''}${points} points` : 'No points this turn.';
  };

  const showStep = (action: unknown, recap: Recap | undefined, points: number, index: number) => {
    const v = viewOf(p);
    const line = recapLine(v, recap, points);
    p.say(line, 'recap');
    p.el.message.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
    logLine(index, board.nameOf(action), line);
  };

  /** The step's sounds and moments (a completed pitch, reach, wave or day; a new best once per game). */
  const celebrate = (v: View, points: number) => {
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
  };

  const persist = () => {
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
  };

  const openOver = (open: boolean) => {
    p.el.over.hidden = !open;
    p.el.showResult.hidden = open || !r.response?.gameOver || p.watching;
    if (open) (p.el.over.querySelector('#over-title') as HTMLElement | null)?.focus({ preventScroll: true });
  };

  const showOver = (recap?: Recap) => {
    if (!r.response?.gameOver || p.watching) {
      p.el.over.hidden = true;
      p.el.showResult.hidden = true;
      return;
    }
    const v = viewOf(p) as View;
    const score = r.response.score;
    const best = recordScore(p.slug, score);
    p.el.best.textContent = String(best);
    // a run already submitted (a reload of it, its link) is still submitted
    r.submittedId ??= readHistory(p.slug).find((e) => e.runId && sameRun(e, { seed: p.seed, actions: r.actions }))?.runId;
    const now = Date.now();
    if (!p.tutorial) {
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
    const ending = p.renderer.ending?.(v) ?? recap?.text;
    const last = p.renderer.finalMark?.(v);
    const f: Finished = {
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
    p.el.over.innerHTML = overMarkup(f);
    attachOver(p.el.over, f, (runId, rank) => {
      r.submittedId = runId;
      markSubmitted(p.slug, { seed: p.seed, actions: r.actions }, runId, rank ?? undefined);
      persist();
    });
    // every action is over: the phone's fixed action bar goes (it would show behind the card, all disabled)
    (p.root.querySelector('main.game') as HTMLElement).dataset.gameOver = 'true';
    p.say(`Game over: final score ${score}.${f.ending ? ` ${f.ending}` : ''}`, 'over');
    p.el.message.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
    p.el.whyNot.hidden = true;
    if (r.actions.length > 0) playSound(['over']);
    // focus on the card itself: Enter or Space pressed in the heat of play does nothing here, never a link
    openOver(true);
  };

  /** One action through the engine. Runs only from the queue, so steps never overlap. */
  const step = async (action: unknown) => {
    const before = r.response;
    if (!before || p.watching || r.disposed || before.gameOver) return;
    const refused = api.gate?.(action);
    if (refused) {
      p.say(refused, 'info');
      return;
    }
    const result: ActResponse = await p.engine.act(p.slug, bodyFor(p, before, action), { recap: true, events: true });
    if (r.disposed) return;
    if (result.ok) {
      accepted(before, result, action);
    } else if (p.online && isTransportFailure(result.reason)) {
      // the server never judged the move (it is down, or answered no JSON): nothing was played
      lostMove(() => enqueue(() => step(action)), new Error(result.message));
    } else {
      p.say(`Refused: ${sentence(inPlayerWords(result.message, p.spec.look))}`, 'refusal');
      p.el.message.dataset.reason = result.reason;
      playSound(['refuse']);
    }
    p.el.board.dataset.responses = String(++r.responses);
  };

  const accepted = (before: OkResponse, result: OkResponse, action: unknown) => {
    r.previous = before;
    r.response = result;
    r.lastAction = action;
    r.recap = result.recap as Recap | undefined;
    r.events = (result as OkResponse & { events?: View['events'] }).events;
    r.actions.push(action);
    const points = result.score - before.score;
    if (!result.gameOver && !p.tutorial) p.el.best.textContent = String(recordScore(p.slug, result.score));
    board.draw(true);
    p.el.board.dataset.turns = String(r.actions.length);
    showStep(action, r.recap, points, r.actions.length);
    celebrate(viewOf(p) as View, points);
    persist();
    showOver(r.recap);
    p.root.dispatchEvent(new CustomEvent('hearth:step', { detail: { action } }));
  };

  /** Online, a move the server never answered: say so, with Try again and Play in the page. */
  const lostMove = (retry: () => void, error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    if (!p.online) return p.say(`The engine failed: ${text}`, 'refusal');
    const local = formatRoute({ page: 'game', slug: p.slug, seed: p.seed, replay: undefined, play: r.actions, online: false });
    p.el.message.innerHTML = `The server cannot be reached, so that move was not played (your game so far is kept). <button type="button" data-retry>Try again</button> <a href="${esc(local)}" data-local>Play on in this page instead</a>`;
    p.el.message.dataset.kind = 'refusal';
    retryLast = retry;
  };
  let retryLast: (() => void) | undefined;
  /** Try again: the move the server never answered, sent again. */
  const retry = () => {
    const again = retryLast;
    retryLast = undefined;
    if (!again) return;
    p.say('Trying again…');
    again();
  };

  const enqueue = (input: () => Intent | Promise<void>) => {
    pending++;
    p.el.board.dataset.pending = String(pending);
    queue = queue
      .then(async () => {
        if (r.disposed) return;
        const intent = await input();
        if (intent) await apply(intent);
      })
      .catch((error) => lostMove(() => enqueue(input), error))
      .finally(() => {
        pending--;
        p.el.board.dataset.pending = String(pending);
      });
  };

  /** The confirm question of the board's button for this action, if it has one (End run asks before it ends). */
  const confirmOf = (action: unknown): string | undefined => {
    const el = elementOf(p.el.board, action);
    // a disabled one does not ask: the engine's refusal says why it cannot be done now
    return el && !(el as HTMLButtonElement).disabled ? el.dataset.confirm : undefined;
  };

  const askConfirm = (question: string, yes: string, no: string, then: () => void) => {
    onConfirm = then;
    (p.root.querySelector('#confirm-text') as HTMLElement).textContent = question;
    (p.root.querySelector('[data-confirm-answer="yes"]') as HTMLElement).textContent = yes;
    (p.root.querySelector('[data-confirm-answer="no"]') as HTMLElement).textContent = no;
    p.el.confirm.hidden = false;
    (p.root.querySelector('[data-confirm-answer="no"]') as HTMLElement).focus();
  };
  const closeConfirm = () => {
    p.el.confirm.hidden = true;
    onConfirm = undefined;
    p.el.board.focus({ preventScroll: true });
  };
  const answerConfirm = (yes: boolean) => {
    const then = onConfirm;
    closeConfirm();
    if (yes) then?.();
  };

  const apply = async (intent: NonNullable<Intent>) => {
    if ('act' in intent) {
      // a key for an action whose button asks first (Shift+E) asks the same question
      const question = r.response && !r.response.gameOver ? confirmOf(intent.act) : undefined;
      if (question) askConfirm(question, 'Yes, end it', 'Keep playing', () => enqueue(() => step(intent.act)));
      else await step(intent.act);
    } else if ('say' in intent) {
      if (!r.response?.gameOver) p.say(intent.say);
    } else {
      board.draw();
      playSound(['select']);
    }
  };

  const newGame = (random = false) => {
    let next: number;
    if (random) next = randomSeed();
    else {
      const field = p.root.querySelector('#seed') as HTMLInputElement;
      const typed = readSeed(field.value);
      if (!typed.ok) {
        p.say(`Seed refused: ${SEED_WORDS}.`, 'refusal');
        field.setAttribute('aria-invalid', 'true');
        return;
      }
      next = typed.seed;
    }
    const go = () => {
      const hash = formatRoute({ page: 'game', slug: p.slug, seed: next, replay: undefined, online: p.online });
      if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
      else location.hash = hash;
    };
    // a run under way is never thrown away by one click: the question says what would be lost
    const under = r.response && !r.response.gameOver && r.actions.length > 0 && !p.watching && !p.tutorial;
    if (!under) return go();
    askConfirm(
      `Start a new game on seed ${next}? Your ${p.spec.name} run on seed ${p.seed} (score ${r.response?.score}, ${r.actions.length} actions) ends here and is not kept.`,
      'Start the new game',
      'Keep playing',
      go,
    );
  };

  const api: Play = {
    enqueue,
    step,
    apply,
    askConfirm,
    closeConfirm,
    answerConfirm,
    newGame,
    openOver,
    showStep,
    showOver,
    persist,
    retry,
  };
  return api;
}
