// A game page: seed field, new game, the board, the engine's refusals, what each action did (the engine's
// recap) with a turn log, game over in an overlay, and replay playback step by step. Legality is never judged
// here: every input goes to the engine, in order, through one queue (a key pressed while the engine is
// answering waits its turn instead of being dropped).
//
// Nothing is lost: after every accepted action the seed and the actions go into localStorage and into the URL
// (`play=`), so a reload, a closed tab or a shared link resumes exactly (the actions are replayed through the
// engine). A finished run goes into the personal history; leaving it unsubmitted asks first.
import { type ActResponse, canonicalJson, nextBody, type OkResponse, type Recap, type Spec } from '@hearth/engine';
import type { Intent, View } from '@hearth/engine/web';
import { esc, NOT_LEGAL } from '@hearth/engine/web';
import { readBest, recordScore } from '../best-score.ts';
import { challenges, type Daily, resetText, seedRole } from '../daily.ts';
import type { Engine } from '../engine-client.ts';
import { setLeaveGuard } from '../leave.ts';
import { rendererFor } from '../render/index.ts';
import { formatRoute, type GameRouteFields, randomSeed, readSeed, SEED_WORDS } from '../route.ts';
import { markSubmitted, readCurrent, readHistory, recordRun, sameRun, saveCurrent, utcDay } from '../saved.ts';
import { sentence } from '../text.ts';
import { attachOver, type Finished, overMarkup } from './game-over.ts';
import { createReplay, type RunInfo } from './replay.ts';
import { rulesPanel } from './rules-panel.ts';

/** A game page's route, and on the run page the stored run it shows above the board with its score timeline. */
export interface GameRoute extends GameRouteFields {
  run?: RunInfo;
}

/** Keys that never mean anything to a game (focus moves, modifiers alone). */
const IGNORED_KEYS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** How many turn-log lines the page keeps (the log scrolls; older lines drop off). */
const LOG_LINES = 200;

/** Whether the engine's recap says the run was won (a `…_won` item, e.g. Lantern Volley's `round_won`). */
const isWin = (recap: Recap | undefined) => (recap?.items ?? []).some((i) => /(^|_)won$/.test(i.kind));

const header = (slug: string, name: string, seedText: string, online: boolean) =>
  `<header class="bar"><a href="${formatRoute({ page: 'home', online })}" class="home-link">← All games</a>${online ? '<span class="online-badge">online</span>' : ''}<h1>${esc(name)}</h1>
<div class="score-box">Score <output id="score" data-score="0">0</output> <span class="best">best <span id="best">${esc(readBest(slug) ?? '—')}</span></span></div>
<form id="seed-form" class="seed-form" novalidate><label>Seed <input id="seed" name="seed" inputmode="numeric" value="${esc(seedText)}" size="10" aria-describedby="message"></label><button type="submit">New game</button>
<a class="board-link" href="${esc(formatRoute({ page: 'leaderboard', slug, online }))}">Leaderboard</a> <button type="button" class="how-link" data-scroll="how-to">How to play</button></form>
<p id="seed-role" class="seed-role" hidden></p>
</header>`;

/** A URL whose seed the seed rule refuses: say so in a player's words and start nothing (never a random seed). */
async function showSeedRefused(root: HTMLElement, route: GameRoute, engine: Engine): Promise<() => void> {
  const online = route.online === true;
  const spec = await engine.spec(route.slug);
  document.title = `Seed refused — ${spec.name} — Hearth`;
  const text = route.seedError?.text ?? '';
  root.innerHTML = `<main class="game" data-slug="${esc(route.slug)}">${header(route.slug, spec.name, text, online)}
<p id="message" class="message" data-kind="refusal" role="status">Seed refused: “${esc(text)}” is not a seed: ${esc(SEED_WORDS)}. Type one above, or <button type="button" data-new-game="random">play a random seed</button>.</p></main>`;
  (root.querySelector('#seed') as HTMLInputElement).setAttribute('aria-invalid', 'true');
  const go = (seed: number) => {
    location.hash = formatRoute({ page: 'game', slug: route.slug, seed, replay: undefined, online });
  };
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const typed = readSeed((root.querySelector('#seed') as HTMLInputElement).value);
    if (typed.ok) go(typed.seed);
  };
  const onClick = (e: MouseEvent) => {
    if ((e.target as Element).closest?.('[data-new-game]')) go(randomSeed());
  };
  root.addEventListener('submit', onSubmit);
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('submit', onSubmit);
    root.removeEventListener('click', onClick);
  };
}

/** Shows the page; returns a cleanup for when the route changes. */
export async function showGame(root: HTMLElement, route: GameRoute, engine: Engine): Promise<() => void> {
  const { slug } = route;
  const online = route.online === true;
  root.innerHTML = '<main class="game"><p class="loading">Loading…</p></main>';
  if (route.seedError) return showSeedRefused(root, route, engine);
  const replayActions = route.replay;
  const watching = replayActions !== undefined;
  // a bare game link resumes this browser's game in progress (or its finished, unsubmitted run)
  const saved = route.seed === undefined && !watching ? readCurrent(slug) : undefined;
  const resumeFrom = saved && !(saved.over && saved.runId) ? saved : undefined;
  const seed = route.seed ?? resumeFrom?.seed ?? randomSeed();
  const resumeActions = watching ? undefined : (route.play ?? resumeFrom?.actions);
  // spec and init in one round trip's time: the first playable frame waits for both
  const starting = engine.init(slug, seed);
  starting.catch(() => {}); // an unknown game is reported from spec() below
  let spec: Spec;
  try {
    spec = await engine.spec(slug);
  } catch {
    document.title = 'Page not found — Hearth';
    root.innerHTML = `<main class="game unknown"><h1>Unknown game</h1><p class="message" data-kind="refusal" role="status">There is no game called “${esc(slug)}” here.</p><p><a href="${formatRoute({ page: 'home', online })}">All games</a></p></main>`;
    return () => {};
  }
  document.title = `${spec.name} — Hearth`;
  const renderer = rendererFor(slug);
  const ui = renderer.initUi();

  root.innerHTML = `<main class="game" data-slug="${esc(slug)}"${watching ? ' data-replay="true"' : ''}>
${header(slug, spec.name, String(seed), online)}
${route.run ? '<section id="run-info" class="run-info"></section>' : ''}
<div class="status-row"><div id="message" class="message" role="status" aria-live="polite"></div><button type="button" id="show-result" data-over="open" hidden>Show the result</button></div>
<div id="replay-bar" class="replay-bar" hidden></div>
<div id="board" class="board-area" tabindex="-1" data-pending="0"></div>
<div id="why-not" class="why-not" hidden></div>
<p class="keys">${esc(renderer.keyHelp ?? 'Tab to an action and press Enter.')}</p>
<details id="log-box" class="log-box" open><summary>Turn log</summary><ol id="log" class="log" tabindex="0" aria-label="Turn log, newest first"></ol></details>
<div id="confirm" class="confirm" hidden role="alertdialog" aria-modal="true" aria-labelledby="confirm-text"><div class="confirm-card"><p id="confirm-text"></p>
<p><button type="button" data-confirm-answer="yes">Yes, end it</button> <button type="button" data-confirm-answer="no">Keep playing</button></p></div></div>
<section id="over" class="over" hidden aria-live="polite"></section>
${rulesPanel(spec, renderer.keyHelp)}
</main>`;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const board = $<HTMLDivElement>('#board');
  const scoreOut = $<HTMLOutputElement>('#score');
  const message = $<HTMLDivElement>('#message');
  const over = $<HTMLElement>('#over');
  const showResult = $<HTMLButtonElement>('#show-result');
  const log = $<HTMLOListElement>('#log');
  const confirmBox = $<HTMLDivElement>('#confirm');
  const whyNot = $<HTMLDivElement>('#why-not');

  let response: OkResponse | undefined;
  let lastAction: unknown;
  const actions: unknown[] = [];
  let responses = 0;
  let disposed = false;
  let pending = 0;
  let queue: Promise<void> = Promise.resolve();
  let confirmAction: unknown;
  /** The stored run's id once this finished run is submitted. */
  let submittedId: string | undefined = resumeFrom?.runId;
  let daily: Daily | undefined;
  /** The best score here before this game (a new best gets its moment at game over). */
  const bestBefore = Math.max(readBest(slug) ?? Number.NEGATIVE_INFINITY, ...readHistory(slug).map((e) => e.score));

  const view = (): View | undefined => response && { slug, spec, response, lastAction, replaying: watching };

  const say = (text: string, kind: 'info' | 'refusal' | 'recap' | 'over' = 'info') => {
    message.textContent = text;
    message.dataset.kind = kind;
  };

  /** The name of an action as the board's own button says it (without its key hint), if the board has one. */
  const buttonLabel = (action: unknown): string | undefined => {
    const want = canonicalJson(action as never);
    for (const el of Array.from(board.querySelectorAll<HTMLElement>('[data-act]'))) {
      try {
        if (canonicalJson(JSON.parse(el.dataset.act as string)) === want)
          return (el.getAttribute('aria-label') || el.textContent || '').replace(/\s*\([^)]*\)\s*$/, '').trim() || undefined;
      } catch {
        // not JSON: not an action button
      }
    }
    return undefined;
  };

  /** The engine's words with its action names as the game's look labels them ("endRun" -> "“End run”"). */
  const inPlayerWords = (text: string): string => {
    let out = text;
    for (const [type, a] of Object.entries(spec.look?.actions ?? {}))
      out = out.replace(new RegExp(`\\b${type.replace(/[^A-Za-z0-9_]/g, '')}\\b`, 'g'), `“${a.label}”`);
    return out;
  };

  /** Every disabled action with the engine's reason, as visible text under the board (not only a tooltip). */
  const drawWhyNot = () => {
    const off = Array.from(board.querySelectorAll<HTMLButtonElement>('button[disabled][data-act]'));
    if (!off.length || watching || response?.gameOver) {
      whyNot.hidden = true;
      whyNot.innerHTML = '';
      return;
    }
    whyNot.hidden = false;
    whyNot.innerHTML = `<p class="why-title">Not possible now:</p><ul>${off
      .map((el) => {
        const name = (el.textContent ?? '').replace(/\s*\([^)]*\)\s*$/, '').trim();
        const why = (el.title || NOT_LEGAL).replace(/^Not possible now:\s*/, '');
        return `<li data-key="${esc(el.dataset.key ?? '')}"><strong>${esc(name)}</strong>: ${esc(sentence(inPlayerWords(why)))}</li>`;
      })
      .join('')}</ul>`;
  };

  /** Disabled buttons get the engine's own refusal as their reason (local play only: a probe costs nothing). */
  const explainDisabled = async (at: OkResponse) => {
    // online a probe would be a request per button; during a replay every button is off for that reason alone
    if (!online && !watching) {
      for (const el of Array.from(board.querySelectorAll<HTMLButtonElement>('button[disabled][data-act]:not([data-why])'))) {
        const r = await engine.act(slug, bodyFor(at, JSON.parse(el.dataset.act as string)));
        if (disposed || response !== at) return;
        el.title = r.ok ? NOT_LEGAL : `Not possible now: ${r.message}`;
      }
    }
    if (!disposed && response === at) drawWhyNot();
  };

  const draw = () => {
    const v = view();
    if (!v) return;
    const focusKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    board.innerHTML = renderer.render(v, ui);
    if (focusKey) (board.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) as HTMLElement | null)?.focus();
    scoreOut.value = String(v.response.score);
    scoreOut.dataset.score = String(v.response.score);
    board.dataset.turns = String(watching ? replay.index() : actions.length);
    board.dataset.gameOver = String(v.response.gameOver);
    const w = window as unknown as { __hearthFirstFrame?: number; __hearthLegal?: unknown[] };
    // the legal list the buttons were drawn from, for the browser suite's disabled-button check
    w.__hearthLegal = v.response.legalActions;
    if (w.__hearthFirstFrame === undefined) {
      w.__hearthFirstFrame = performance.now();
      performance.mark('hearth:first-frame');
    }
    board.dataset.ready = 'true';
    drawWhyNot();
    void explainDisabled(v.response);
  };

  const bodyFor = (at: OkResponse, action: unknown) => nextBody(spec, at, action);

  const logLine = (turn: number, label: string | undefined, recap: Recap | undefined, points: number) => {
    const li = document.createElement('li');
    li.value = turn;
    const what = recap?.text ? sentence(recap.text) : points ? `${points > 0 ? '+' : ''}${points} points` : 'No points.';
    li.textContent = label ? `${label}: ${what}` : what;
    li.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
    log.prepend(li);
    while (log.children.length > LOG_LINES) log.lastElementChild?.remove();
  };

  /** What the engine says the action did, as the status line. */
  const sayRecap = (recap: Recap | undefined, points: number) => {
    const text = recap?.text ? sentence(recap.text) : points ? `${points > 0 ? '+' : ''}${points} points` : 'No points this turn.';
    say(text, 'recap');
    message.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
  };

  /** Seed and actions into localStorage and the URL, so a reload or a shared link resumes exactly here. */
  const persist = () => {
    if (watching || route.run || !response) return;
    saveCurrent(slug, {
      seed,
      actions: [...actions],
      score: response.score,
      over: response.gameOver,
      ...(submittedId ? { runId: submittedId } : {}),
    });
    const hash = formatRoute({ page: 'game', slug, seed, replay: undefined, play: actions, online });
    if (location.hash !== hash) history.replaceState(null, '', hash);
  };

  const finished = (): Finished => ({
    slug,
    seed,
    actions: [...actions],
    score: response?.score ?? 0,
    online,
    name: spec.name,
    ...(daily ? { daily: daily.date } : {}),
  });

  const openOver = (open: boolean) => {
    over.hidden = !open;
    showResult.hidden = open || !response?.gameOver || watching;
    if (open) (over.querySelector('#over-title') as HTMLElement | null)?.focus({ preventScroll: true });
  };

  const showOver = (recap?: Recap) => {
    if (!response?.gameOver || watching) {
      over.hidden = true;
      showResult.hidden = true;
      return;
    }
    const best = recordScore(slug, response.score);
    $<HTMLSpanElement>('#best').textContent = String(best);
    // a run already submitted (a reload of it, its link) is still submitted
    submittedId ??= readHistory(slug).find((e) => e.runId && sameRun(e, { seed, actions }))?.runId;
    recordRun(slug, {
      seed,
      score: response.score,
      actions: [...actions],
      day: utcDay(Date.now()),
      at: Date.now(),
      ...(daily ? { daily: true } : {}),
      ...(submittedId ? { runId: submittedId } : {}),
    });
    // the last action's recap says how the run ended, in the game's own words
    const f = {
      ...finished(),
      ...(recap?.text ? { ending: sentence(recap.text) } : {}),
      newBest: actions.length > 0 && response.score > bestBefore && response.score > 0,
      won: isWin(recap),
      ...(submittedId ? { runId: submittedId } : {}),
    };
    over.innerHTML = overMarkup(f);
    attachOver(over, f, (runId, rank) => {
      submittedId = runId;
      markSubmitted(slug, { seed, actions }, runId, rank ?? undefined);
    });
    // every action is over: the phone's fixed action bar goes (it would show behind the card, all disabled)
    (root.querySelector('main.game') as HTMLElement).dataset.gameOver = 'true';
    say(`Game over: final score ${response.score}.${recap?.text ? ` ${sentence(recap.text)}` : ''}`, 'over');
    message.dataset.kinds = (recap?.items ?? []).map((i) => i.kind).join(' ');
    whyNot.hidden = true;
    // focus on the card itself: Enter or Space pressed in the heat of play does nothing here, never a link
    openOver(true);
  };

  /** One action through the engine. Runs only from the queue, so steps never overlap. */
  const step = async (action: unknown) => {
    if (!response || watching || disposed || response.gameOver) return;
    const before = response;
    const label = buttonLabel(action);
    const result: ActResponse = await engine.act(slug, bodyFor(before, action), { recap: true });
    if (disposed) return;
    if (result.ok) {
      response = result;
      lastAction = action;
      actions.push(action);
      const recap = result.recap as Recap | undefined;
      const points = result.score - before.score;
      if (!result.gameOver) $<HTMLSpanElement>('#best').textContent = String(recordScore(slug, result.score));
      sayRecap(recap, points);
      logLine(actions.length, label, recap, points);
      draw();
      persist();
      showOver(recap);
    } else {
      say(`Refused: ${sentence(inPlayerWords(result.message))}`, 'refusal');
      message.dataset.reason = result.reason;
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

  /** The confirm question of the board's button for this action, if it has one (End run asks before it ends). */
  const confirmOf = (action: unknown): string | undefined => {
    const want = canonicalJson(action as never);
    // a disabled one does not ask: the engine's refusal says why it cannot be done now
    for (const el of Array.from(board.querySelectorAll<HTMLElement>('[data-act][data-confirm]:not([disabled])'))) {
      try {
        if (canonicalJson(JSON.parse(el.dataset.act as string)) === want) return el.dataset.confirm;
      } catch {
        // not an action
      }
    }
    return undefined;
  };

  const apply = async (intent: NonNullable<Intent>) => {
    if ('act' in intent) {
      // a key for an action whose button asks first (Shift+E) asks the same question
      const question = response && !response.gameOver ? confirmOf(intent.act) : undefined;
      if (question) askConfirm(intent.act, question);
      else await step(intent.act);
    } else if ('say' in intent) {
      if (!response?.gameOver) say(intent.say);
    } else draw();
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
    board.focus({ preventScroll: true });
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
      logLine(index, buttonLabel(action), recap, points);
      draw();
    },
    onBack(result, action, index) {
      response = result;
      lastAction = action;
      for (const li of Array.from(log.children) as HTMLLIElement[]) if (li.value > index) li.remove();
      say(index === 0 ? 'Back at the start.' : `Back to action ${index}.`);
      draw();
    },
    say,
    disposed: () => disposed,
  });

  // ---- input ----
  const fromTarget = (target: EventTarget | null) => (target as Element | null)?.closest?.('[data-act],[data-ui]') as HTMLElement | null;
  const activate = (el: HTMLElement) => {
    if (watching) return;
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
    // a pointer click never leaves a button focused: the next Space or Enter is the game's, not that button's
    if (e.detail > 0 && !target.closest?.('#over, #confirm, input, select, textarea, a')) {
      const focused = target.closest?.('button, [role="button"]') as HTMLElement | null;
      if (focused && document.activeElement === focused) board.focus({ preventScroll: true });
    }
    const answer = target.closest?.('[data-confirm-answer]') as HTMLElement | null;
    if (answer) {
      const action = confirmAction;
      closeConfirm();
      // answered: straight to the engine (the question is not asked twice)
      if (answer.dataset.confirmAnswer === 'yes' && action !== undefined) enqueue(() => step(action));
      return;
    }
    const overButton = target.closest?.('[data-over]') as HTMLElement | null;
    if (overButton) return openOver(overButton.dataset.over === 'open');
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
    if (form.id === 'submit-form' || form.closest('#over')) return;
    e.preventDefault();
    if (form.id === 'seed-form') return void newGame();
    if (watching || form.dataset.ui === undefined) return;
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
    // after the end only the card's own controls act (Esc and a lone e never hide the result)
    if (response?.gameOver || watching) return;
    // a control the player reached with Tab keeps its own Enter and Space (a pointer click never leaves focus on one)
    const el = fromTarget(t);
    if (el && board.contains(el) && (e.key === 'Enter' || e.key === ' ') && el.tagName !== 'BUTTON') {
      e.preventDefault();
      return activate(el);
    }
    if ((e.key === 'Enter' || e.key === ' ') && t.closest?.('a, button, summary')) return;
    if (!renderer.onKey || !response) return;
    if (IGNORED_KEYS.has(e.key)) return;
    // a named key held with Shift reaches the board as "Shift+ArrowLeft" (coarse aiming), else as itself; a
    // character already says its case ("E" is Shift+E)
    const keys = e.shiftKey && e.key.length > 1 ? [`Shift+${e.key}`, e.key] : [e.key];
    const read = (v: View, u: unknown): Intent => {
      for (const k of keys) {
        const intent = renderer.onKey?.(k, v, u) ?? null;
        if (intent !== null) return intent;
      }
      return null;
    };
    // Every key joins the queue and is read against the state it applies to (a cat selected by the key before
    // it, say). One the renderer maps now is claimed at once, so Space and the arrows never scroll the page.
    const now = view();
    const copy = ui !== null && typeof ui === 'object' ? { ...ui } : ui;
    if (now && read(now, copy) !== null) e.preventDefault();
    enqueue(() => {
      const v = view();
      return v ? read(v, ui) : null;
    });
  };
  const newGame = (random = false) => {
    let next: number;
    if (random) next = randomSeed();
    else {
      const typed = readSeed($<HTMLInputElement>('#seed').value);
      if (!typed.ok) {
        say(`Seed refused: ${SEED_WORDS}.`, 'refusal');
        $<HTMLInputElement>('#seed').setAttribute('aria-invalid', 'true');
        return;
      }
      next = typed.seed;
    }
    // a fresh game: the one kept so far is replaced once the new one's first action is played
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
  // watching this run's own replay loses nothing (Back returns to it); anywhere else asks first
  const ownReplay = () => formatRoute({ page: 'game', slug, seed, replay: actions, online });
  setLeaveGuard((target) =>
    response?.gameOver && !watching && !submittedId && actions.length > 0 && target !== ownReplay()
      ? `Your finished ${spec.name} run (score ${response.score}) is not submitted. Leave it? It stays under “Your runs” on the home page, where you can still submit it.`
      : undefined,
  );

  // today's daily or a challenge seed: said beside the seed (the server publishes both; without it, nothing)
  void challenges([slug]).then((r) => {
    if (disposed || !r.ok) return;
    const role = seedRole(r.byGame.get(slug), seed);
    daily = role.daily;
    const roleBox = $<HTMLParagraphElement>('#seed-role');
    if (role.daily) {
      roleBox.innerHTML = `<strong>Today’s daily</strong> (${esc(role.daily.date)} UTC): everyone plays this seed today; ${esc(resetText(Date.now()))}.`;
    } else if (role.challenge) {
      const c = role.challenge;
      roleBox.innerHTML = `<strong>Challenge seed</strong> ${c.index + 1} of ${c.set.seeds.length} in ${esc(c.set.title)}.`;
    } else return;
    roleBox.hidden = false;
    roleBox.dataset.role = role.daily ? 'daily' : 'challenge';
  });

  response = await starting;
  if (resumeActions?.length) {
    // replayed through the engine, one action at a time, exactly as played (the last with its recap)
    let recap: Recap | undefined;
    for (let i = 0; i < resumeActions.length && !disposed; i++) {
      const action = resumeActions[i];
      const last = i === resumeActions.length - 1;
      const r = await engine.act(slug, bodyFor(response, action), last ? { recap: true } : undefined);
      if (!r.ok) {
        say(`The saved game stops at action ${i + 1} (refused: ${r.message}), so it resumes after action ${i}.`, 'refusal');
        recap = undefined;
        break;
      }
      response = r;
      lastAction = action;
      actions.push(action);
      if (last) recap = r.recap as Recap | undefined;
    }
    if (disposed) return () => {};
    draw();
    persist();
    if (recap && !response.gameOver) say(`Resumed at action ${actions.length}. ${sentence(recap.text)}`, 'recap');
    showOver(recap);
  } else {
    draw();
    // the seed into the URL as the rule reads it (`-1` is 4294967295); the kept game of another seed is replaced
    // once this one's first action is played
    if (!watching && !route.run) {
      const hash = formatRoute({ page: 'game', slug, seed, replay: undefined, online });
      if (location.hash !== hash) history.replaceState(null, '', hash);
    }
  }
  if (route.badReplay)
    say(`This replay link is damaged (its action list does not decode), so seed ${seed} starts fresh instead.`, 'refusal');
  if (watching) await replay.start();
  else if (!resumeActions?.length) showOver();

  return () => {
    disposed = true;
    setLeaveGuard(undefined);
    replay.stop();
    root.removeEventListener('click', onClick);
    root.removeEventListener('submit', onSubmit);
    document.removeEventListener('keydown', onKey);
    unmount();
  };
}
