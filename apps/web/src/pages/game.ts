// A game page: seed field, new game, the board, the engine's refusals, what each action did (the engine's
// recap) with a turn log, game over in an overlay, and replay playback step by step. Legality is never judged
// here: every input goes to the engine, in order, through one queue (a key pressed while the engine is
// answering waits its turn instead of being dropped).
import { type ActResponse, nextBody, type OkResponse, type Recap, type Spec } from '@hearth/engine';
import { readBest, recordScore } from '../best-score.ts';
import type { Engine } from '../engine-client.ts';
import { actionLabel } from '../render/generic.ts';
import { rendererFor } from '../render/index.ts';
import { esc, NOT_LEGAL } from '../render/markup.ts';
import type { Intent, View } from '../render/types.ts';
import { formatRoute, randomSeed, readSeed } from '../route.ts';
import { attachSubmit, overMarkup } from './game-over.ts';
import { createReplay, type RunInfo } from './replay.ts';
import { rulesPanel } from './rules-panel.ts';

export interface GameRoute {
  slug: string;
  seed: number | undefined;
  replay: unknown[] | undefined;
  /** Through the server's HTTP API instead of the worker. */
  online?: boolean;
  /** The link carried a replay parameter that does not decode to an action list. */
  badReplay?: boolean;
  /** A stored run (the run page): shown above the board with its score timeline. */
  run?: RunInfo;
}

/** Keys that never mean anything to a game (focus moves, modifiers alone). */
const IGNORED_KEYS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** How many turn-log lines the page keeps (the log scrolls; older lines drop off). */
const LOG_LINES = 200;

/** Shows the page; returns a cleanup for when the route changes. */
export async function showGame(root: HTMLElement, route: GameRoute, engine: Engine): Promise<() => void> {
  const { slug } = route;
  const online = route.online === true;
  root.innerHTML = '<main class="game"><p class="loading">Loading…</p></main>';
  const seed = route.seed ?? randomSeed();
  // spec and init in one round trip's time: the first playable frame waits for both
  const starting = engine.init(slug, seed);
  starting.catch(() => {}); // an unknown game is reported from spec() below
  let spec: Spec;
  try {
    spec = await engine.spec(slug);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    root.innerHTML = `<main class="game"><p class="message" data-kind="refusal">Cannot open “${esc(slug)}”: ${esc(why)}</p><p><a href="${formatRoute({ page: 'home', online: route.online === true })}">All games</a></p></main>`;
    return () => {};
  }
  document.title = `${spec.name} — Hearth`;
  if (route.seed === undefined && !route.run)
    history.replaceState(null, '', formatRoute({ page: 'game', slug, seed, replay: undefined, online }));
  const replayActions = route.replay;
  const renderer = rendererFor(slug);
  const ui = renderer.initUi();

  root.innerHTML = `<main class="game" data-slug="${esc(slug)}"${replayActions ? ' data-replay="true"' : ''}>
<header class="bar"><a href="${formatRoute({ page: 'home', online })}" class="home-link">← All games</a>${online ? '<span class="online-badge">online</span>' : ''}<h1>${esc(spec.name)}</h1>
<div class="score-box">Score <output id="score" data-score="0">0</output> <span class="best">best <span id="best">${esc(readBest(slug) ?? '—')}</span></span></div>
<form id="seed-form" class="seed-form" novalidate><label>Seed <input id="seed" name="seed" inputmode="numeric" value="${seed}" size="10" aria-describedby="seed-error"></label><button type="submit">New game</button>
<a class="board-link" href="${esc(formatRoute({ page: 'leaderboard', slug, online }))}">Leaderboard</a> <button type="button" class="how-link" data-scroll="how-to">How to play</button></form>
</header>
${route.run ? '<section id="run-info" class="run-info"></section>' : ''}
<div id="message" class="message" role="status" aria-live="polite"></div>
<div id="replay-bar" class="replay-bar" hidden></div>
<div id="board" class="board-area" tabindex="-1" data-pending="0"></div>
<p class="keys">${esc(renderer.keyHelp ?? 'Tab to an action and press Enter.')}</p>
<details id="log-box" class="log-box" open><summary>Turn log</summary><ol id="log" class="log"></ol></details>
<div id="confirm" class="confirm" hidden role="alertdialog" aria-labelledby="confirm-text"><div class="confirm-card"><p id="confirm-text"></p>
<p><button type="button" data-confirm-answer="yes">Yes, end it</button> <button type="button" data-confirm-answer="no">Keep playing</button></p></div></div>
<section id="over" class="over" hidden aria-live="polite"></section>
${rulesPanel(spec, renderer.keyHelp)}
</main>`;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const board = $<HTMLDivElement>('#board');
  const scoreOut = $<HTMLOutputElement>('#score');
  const message = $<HTMLDivElement>('#message');
  const over = $<HTMLElement>('#over');
  const log = $<HTMLOListElement>('#log');
  const confirmBox = $<HTMLDivElement>('#confirm');

  let response: OkResponse | undefined;
  let lastAction: unknown;
  const actions: unknown[] = [];
  let responses = 0;
  let disposed = false;
  let pending = 0;
  let queue: Promise<void> = Promise.resolve();
  let confirmAction: unknown;

  const view = (): View | undefined => response && { slug, spec, response, lastAction, replaying: replayActions !== undefined };

  const say = (text: string, kind: 'info' | 'refusal' | 'recap' | 'over' = 'info') => {
    message.textContent = text;
    message.dataset.kind = kind;
  };

  /** Disabled buttons get the engine's own refusal as their tooltip (local play only: a probe costs nothing). */
  const explainDisabled = async (at: OkResponse) => {
    // online a probe would be a request per button; during a replay every button is off for that reason alone
    if (online || replayActions) return;
    for (const el of Array.from(board.querySelectorAll<HTMLButtonElement>('button[disabled][data-act]:not([data-why])'))) {
      const body = nextBody(spec, at, JSON.parse(el.dataset.act as string));
      const r = await engine.act(slug, body as { action: unknown });
      if (disposed || response !== at) return;
      if (!r.ok) el.title = `Not possible now: ${r.message}`;
      else el.title = NOT_LEGAL;
    }
  };

  const draw = () => {
    const v = view();
    if (!v) return;
    const focusKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    board.innerHTML = renderer.render(v, ui);
    if (focusKey) (board.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) as HTMLElement | null)?.focus();
    scoreOut.value = String(v.response.score);
    scoreOut.dataset.score = String(v.response.score);
    board.dataset.turns = String(replayActions ? replay.index() : actions.length);
    board.dataset.gameOver = String(v.response.gameOver);
    const w = window as unknown as { __hearthFirstFrame?: number; __hearthLegal?: unknown[] };
    // the legal list the buttons were drawn from, for the browser suite's disabled-button check
    w.__hearthLegal = v.response.legalActions;
    if (w.__hearthFirstFrame === undefined) {
      w.__hearthFirstFrame = performance.now();
      performance.mark('hearth:first-frame');
    }
    board.dataset.ready = 'true';
    void explainDisabled(v.response);
  };

  const logLine = (turn: number, action: unknown, recap: Recap | undefined, points: number) => {
    const li = document.createElement('li');
    li.value = turn;
    const what = recap?.text || (points ? `${points > 0 ? '+' : ''}${points} points` : 'no points');
    li.textContent = `${actionLabel(action)} — ${what}`;
    li.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
    log.prepend(li);
    while (log.children.length > LOG_LINES) log.lastElementChild?.remove();
  };

  /** What the engine says the action did, as the status line. */
  const sayRecap = (recap: Recap | undefined, points: number) => {
    const text = recap?.text || (points ? `${points > 0 ? '+' : ''}${points} points` : 'No points this turn.');
    say(text, 'recap');
    message.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
  };

  const showOver = (recap?: Recap) => {
    if (!response?.gameOver || replayActions) {
      over.hidden = true;
      return;
    }
    const best = recordScore(slug, response.score);
    $<HTMLSpanElement>('#best').textContent = String(best);
    // the last action's recap says how the run ended, in the game's own words
    const f = { slug, seed, actions: [...actions], score: response.score, online, ...(recap?.text ? { ending: recap.text } : {}) };
    over.innerHTML = overMarkup(f);
    attachSubmit(over, f);
    over.hidden = false;
    // every action is over: the phone's fixed action bar goes (it would show behind the card, all disabled)
    (root.querySelector('main.game') as HTMLElement).dataset.gameOver = 'true';
    say(`Game over: final score ${response.score}.${recap?.text ? ` ${recap.text}` : ''}`, 'over');
    message.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
    // the box can be closed to look at the board; the status line brings it back
    message.insertAdjacentHTML('beforeend', ' <button type="button" data-over="open">Show the result</button>');
    ($<HTMLAnchorElement>('#replay-link') as HTMLElement).focus({ preventScroll: true });
  };

  /** One action through the engine. Runs only from the queue, so steps never overlap. */
  const step = async (action: unknown) => {
    if (!response || replayActions || disposed || response.gameOver) return;
    const before = response;
    const result: ActResponse = await engine.act(slug, nextBody(spec, before, action), { recap: true });
    if (disposed) return;
    if (result.ok) {
      response = result;
      lastAction = action;
      actions.push(action);
      const recap = result.recap as Recap | undefined;
      const points = result.score - before.score;
      if (!result.gameOver) $<HTMLSpanElement>('#best').textContent = String(recordScore(slug, result.score));
      sayRecap(recap, points);
      logLine(actions.length, action, recap, points);
      draw();
      showOver(recap);
    } else {
      say(`Refused (${result.reason}): ${result.message}`, 'refusal');
    }
    board.dataset.responses = String(++responses);
  };

  /** Queues an input; it is read against the state it will apply to (after every input queued before it). */
  const enqueue = (input: () => Intent | Promise<void>) => {
    pending++;
    board.dataset.pending = String(pending);
    queue = queue
      .then(async () => {
        if (disposed) return;
        const intent = await input();
        if (intent) await apply(intent);
      })
      .catch((error) => say(`The engine failed: ${error instanceof Error ? error.message : String(error)}`, 'refusal'))
      .finally(() => {
        pending--;
        board.dataset.pending = String(pending);
      });
  };

  const apply = async (intent: NonNullable<Intent>) => {
    if ('act' in intent) await step(intent.act);
    else if ('say' in intent) say(intent.say);
    else draw();
  };

  const askConfirm = (action: unknown, text: string) => {
    confirmAction = action;
    $<HTMLParagraphElement>('#confirm-text').textContent = text;
    confirmBox.hidden = false;
    ($<HTMLButtonElement>('[data-confirm-answer="no"]') as HTMLElement).focus();
  };
  const closeConfirm = () => {
    confirmBox.hidden = true;
    confirmAction = undefined;
  };

  const replay = createReplay({
    root,
    engine,
    slug,
    seed,
    spec,
    actions: replayActions ?? [],
    online,
    ...(route.run ? { run: route.run } : {}),
    current: () => response,
    onStep(result, action, recap, points, index) {
      response = result;
      lastAction = action;
      sayRecap(recap, points);
      logLine(index, action, recap, points);
      draw();
    },
    say,
    disposed: () => disposed,
  });

  // ---- input ----
  const fromTarget = (target: EventTarget | null) => (target as Element | null)?.closest?.('[data-act],[data-ui]') as HTMLElement | null;
  const activate = (el: HTMLElement) => {
    if (replayActions) return;
    if (el instanceof HTMLButtonElement && el.disabled) return;
    if (el.dataset.act !== undefined) {
      const action = JSON.parse(el.dataset.act);
      if (el.dataset.confirm) return askConfirm(action, el.dataset.confirm);
      enqueue(() => ({ act: action }));
    } else if (el.dataset.ui !== undefined && el.tagName !== 'FORM') {
      const token = el.dataset.ui;
      enqueue(() => {
        const v = view();
        return v ? (renderer.onUi?.(token, v, ui) ?? null) : null;
      });
    }
  };
  const onClick = (e: MouseEvent) => {
    const target = e.target as Element;
    const answer = target.closest?.('[data-confirm-answer]') as HTMLElement | null;
    if (answer) {
      const action = confirmAction;
      closeConfirm();
      if (answer.dataset.confirmAnswer === 'yes' && action !== undefined) enqueue(() => ({ act: action }));
      return;
    }
    const overButton = target.closest?.('[data-over]') as HTMLElement | null;
    if (overButton) {
      over.hidden = overButton.dataset.over === 'close';
      return;
    }
    const scroll = target.closest?.('[data-scroll]') as HTMLElement | null;
    if (scroll) return void root.querySelector(`#${scroll.dataset.scroll}`)?.scrollIntoView({ block: 'start' });
    const replayButton = target.closest?.('[data-replay]') as HTMLElement | null;
    if (replayButton) return void replay.button(replayButton.dataset.replay as string);
    const again = target.closest?.('[data-new-game]') as HTMLElement | null;
    if (again) return void newGame(again.dataset.newGame === 'random');
    const el = fromTarget(e.target);
    if (el && board.contains(el)) activate(el);
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement;
    if (form.id === 'submit-form') return;
    e.preventDefault();
    if (form.id === 'seed-form') return void newGame();
    if (replayActions || form.dataset.ui === undefined) return;
    const token = form.dataset.ui;
    const field = form.elements.namedItem('value') as HTMLInputElement | null;
    const value = field?.value ?? '';
    enqueue(() => {
      const v = view();
      return v ? (renderer.onUi?.(token, v, ui, value) ?? null) : null;
    });
  };
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (t.closest?.('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey) return;
    if (!confirmBox.hidden) {
      if (e.key === 'Escape') closeConfirm();
      return;
    }
    if (e.key === 'Escape' && !over.hidden) {
      over.hidden = true;
      return;
    }
    const el = fromTarget(t);
    if (el && board.contains(el) && (e.key === 'Enter' || e.key === ' ') && el.tagName !== 'BUTTON') {
      e.preventDefault();
      return activate(el);
    }
    // Enter and Space belong to the focused link, button or summary, not to the game
    if ((e.key === 'Enter' || e.key === ' ') && t.closest?.('a, button, summary')) return;
    if (replayActions || !renderer.onKey || !response) return;
    const key = e.key;
    if (IGNORED_KEYS.has(key)) return;
    // Every key joins the queue and is read against the state it applies to (a cat selected by the key before
    // it, say). One the renderer maps now is claimed at once, so Space and the arrows never scroll the page.
    const now = view();
    const copy = ui !== null && typeof ui === 'object' ? { ...ui } : ui;
    if (now && renderer.onKey(key, now, copy) !== null) e.preventDefault();
    enqueue(() => {
      const v = view();
      return v ? (renderer.onKey?.(key, v, ui) ?? null) : null;
    });
  };
  const newGame = (random = false) => {
    let next: number;
    if (random) next = randomSeed();
    else {
      const typed = readSeed($<HTMLInputElement>('#seed').value);
      if (!typed.ok) {
        say(`Seed refused: ${typed.message}.`, 'refusal');
        $<HTMLInputElement>('#seed').setAttribute('aria-invalid', 'true');
        return;
      }
      next = typed.seed;
    }
    const hash = formatRoute({ page: 'game', slug, seed: next, replay: undefined, online });
    if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
    else location.hash = hash;
  };

  root.addEventListener('click', onClick);
  root.addEventListener('submit', onSubmit);
  document.addEventListener('keydown', onKey);
  const unmount =
    renderer.mount?.(board, {
      view,
      ui,
      act: (a) => enqueue(() => ({ act: a })),
      redraw: draw,
    }) ?? (() => {});

  response = await starting;
  draw();
  if (route.badReplay)
    say(`This replay link is damaged (its action list does not decode), so seed ${seed} starts fresh instead.`, 'refusal');
  if (replayActions) await replay.start();
  else showOver();

  return () => {
    disposed = true;
    replay.stop();
    root.removeEventListener('click', onClick);
    root.removeEventListener('submit', onSubmit);
    document.removeEventListener('keydown', onKey);
    unmount();
  };
}
