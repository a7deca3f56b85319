// A game page: seed field, new game, the board, the engine's refusals, game over with a replay link,
// and replay playback step by step. Legality is never judged here: every input goes to the engine.
import type { ActResponse, OkResponse, Spec } from '@hearth/engine';
import { readBest, recordScore } from '../best-score.ts';
import type { Engine } from '../engine-client.ts';
import { rendererFor } from '../render/index.ts';
import { esc } from '../render/markup.ts';
import type { Intent, View } from '../render/types.ts';
import { formatRoute, parseSeed, randomSeed } from '../route.ts';
import { rulesPanel } from './rules-panel.ts';

export interface GameRoute {
  slug: string;
  seed: number | undefined;
  replay: unknown[] | undefined;
  /** Through the server's HTTP API instead of the worker. */
  online?: boolean;
}

/** Replay playback speeds: milliseconds per action. */
const REPLAY_SPEEDS = [900, 450, 150, 40];

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
  if (route.seed === undefined) history.replaceState(null, '', formatRoute({ page: 'game', slug, seed, replay: undefined, online }));
  const replayActions = route.replay;
  const renderer = rendererFor(slug);
  const ui = renderer.initUi();

  root.innerHTML = `<main class="game" data-slug="${esc(slug)}">
<header class="bar"><a href="${formatRoute({ page: 'home', online })}" class="home-link">← All games</a>${online ? '<span class="online-badge">online</span>' : ''}<h1>${esc(spec.name)}</h1>
<div class="score-box">Score <output id="score" data-score="0">0</output> <span class="best">best <span id="best">${esc(readBest(slug) ?? '—')}</span></span></div>
<form id="seed-form" class="seed-form"><label>Seed <input id="seed" name="seed" inputmode="numeric" value="${seed}" size="10"></label><button type="submit">New game</button></form>
</header>
<div id="message" class="message" role="status" aria-live="polite"></div>
<div id="replay-bar" class="replay-bar" hidden></div>
<div id="board" class="board-area" tabindex="-1"></div>
<p class="keys">${esc(renderer.keyHelp ?? 'Tab to an action and press Enter.')}</p>
<section id="over" class="over" hidden aria-live="polite"></section>
${rulesPanel(spec)}
</main>`;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const board = $<HTMLDivElement>('#board');
  const scoreOut = $<HTMLOutputElement>('#score');
  const message = $<HTMLDivElement>('#message');
  const over = $<HTMLElement>('#over');
  const replayBar = $<HTMLDivElement>('#replay-bar');

  let response: OkResponse | undefined;
  let lastAction: unknown;
  const actions: unknown[] = [];
  let busy = false;
  let responses = 0;
  let disposed = false;
  let replayIndex = 0;
  let replayTimer: ReturnType<typeof setTimeout> | undefined;
  let playing = false;
  let speed = 1;

  const view = (): View | undefined => response && { slug, spec, response, lastAction, replaying: replayActions !== undefined };

  const say = (text: string, kind: 'info' | 'refusal' = 'info') => {
    message.textContent = text;
    message.dataset.kind = kind;
  };

  const draw = () => {
    const v = view();
    if (!v) return;
    const focusKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    board.innerHTML = renderer.render(v, ui);
    if (focusKey) (board.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) as HTMLElement | null)?.focus();
    scoreOut.value = String(v.response.score);
    scoreOut.dataset.score = String(v.response.score);
    board.dataset.turns = String(replayActions ? replayIndex : actions.length);
    board.dataset.gameOver = String(v.response.gameOver);
    const w = window as unknown as { __hearthFirstFrame?: number };
    if (w.__hearthFirstFrame === undefined) {
      w.__hearthFirstFrame = performance.now();
      performance.mark('hearth:first-frame');
    }
    board.dataset.ready = 'true';
  };

  const showOver = () => {
    if (!response?.gameOver || replayActions) {
      over.hidden = true;
      return;
    }
    const best = recordScore(slug, response.score);
    $<HTMLSpanElement>('#best').textContent = String(best);
    const link = formatRoute({ page: 'game', slug, seed, replay: actions, online });
    over.hidden = false;
    over.innerHTML = `<h2>Game over</h2><p>Final score <strong id="final-score">${esc(response.score)}</strong> in ${actions.length} actions.</p>
<p><a id="replay-link" href="${esc(link)}">Watch the replay</a> (seed ${seed} and your ${actions.length} actions; the link can be shared).</p>
<p><button type="button" data-new-game="same">Play seed ${seed} again</button> <button type="button" data-new-game="random">New game with a random seed</button></p>`;
  };

  const act = async (action: unknown) => {
    if (!response || busy || replayActions || disposed) return;
    busy = true;
    try {
      const body = spec.carry === 'stateToken' ? { stateToken: response.stateToken, action } : { state: response.state, action };
      const result: ActResponse = await engine.act(slug, body as { action: unknown });
      if (disposed) return;
      if (result.ok) {
        response = result;
        lastAction = action;
        actions.push(action);
        if (!result.gameOver) recordScore(slug, result.score);
        say('');
        draw();
        showOver();
      } else {
        say(`Refused (${result.reason}): ${result.message}`, 'refusal');
      }
    } finally {
      busy = false;
      board.dataset.responses = String(++responses);
    }
  };

  const apply = (intent: Intent) => {
    if (!intent) return;
    if ('act' in intent) void act(intent.act);
    else draw();
  };

  // ---- replay playback ----
  const replayStep = async (): Promise<boolean> => {
    if (!replayActions || !response || replayIndex >= replayActions.length) return false;
    const action = replayActions[replayIndex];
    const body = spec.carry === 'stateToken' ? { stateToken: response.stateToken, action } : { state: response.state, action };
    const result = await engine.act(slug, body as { action: unknown });
    if (disposed) return false;
    if (!result.ok) {
      say(`The replay stops at action ${replayIndex + 1}: refused (${result.reason}): ${result.message}`, 'refusal');
      playing = false;
      return false;
    }
    response = result;
    lastAction = action;
    replayIndex++;
    draw();
    drawReplayBar();
    return replayIndex < replayActions.length;
  };
  const schedule = () => {
    clearTimeout(replayTimer);
    if (!playing) return;
    replayTimer = setTimeout(async () => {
      const more = await replayStep();
      if (!more) playing = false;
      drawReplayBar();
      schedule();
    }, REPLAY_SPEEDS[speed]);
  };
  const drawReplayBar = () => {
    if (!replayActions) return;
    const done = replayIndex >= replayActions.length;
    replayBar.hidden = false;
    replayBar.dataset.step = String(replayIndex);
    replayBar.dataset.done = String(done);
    replayBar.innerHTML = `<span>Replay of seed ${seed}: action <strong>${replayIndex}</strong> of ${replayActions.length}${done ? ' — finished' : ''}</span>
<button type="button" data-replay="toggle" ${done ? 'disabled' : ''}>${playing ? 'Pause' : 'Play'}</button>
<button type="button" data-replay="step" ${done || playing ? 'disabled' : ''}>Step</button>
<button type="button" data-replay="speed" title="playback speed">Speed ${speed + 1}/${REPLAY_SPEEDS.length}</button>
<button type="button" data-replay="end" ${done ? 'disabled' : ''}>To the end</button>
<a href="${esc(formatRoute({ page: 'game', slug, seed, replay: undefined, online }))}">Play this seed</a>`;
  };
  const onReplayButton = async (what: string) => {
    if (what === 'toggle') {
      playing = !playing;
      drawReplayBar();
      schedule();
    } else if (what === 'speed') {
      speed = (speed + 1) % REPLAY_SPEEDS.length;
      drawReplayBar();
    } else if (what === 'step') {
      await replayStep();
    } else if (what === 'end') {
      playing = false;
      clearTimeout(replayTimer);
      while (await replayStep()) {}
      drawReplayBar();
    }
  };

  // ---- input ----
  const fromTarget = (target: EventTarget | null) => (target as Element | null)?.closest?.('[data-act],[data-ui]') as HTMLElement | null;
  const activate = (el: HTMLElement) => {
    const v = view();
    if (!v || replayActions) return;
    if (el.dataset.act !== undefined) {
      apply({ act: JSON.parse(el.dataset.act) });
    } else if (el.dataset.ui !== undefined && el.tagName !== 'FORM') {
      apply(renderer.onUi?.(el.dataset.ui, v, ui) ?? null);
    }
  };
  const onClick = (e: MouseEvent) => {
    const replayButton = (e.target as Element).closest?.('[data-replay]') as HTMLElement | null;
    if (replayButton) return void onReplayButton(replayButton.dataset.replay as string);
    const again = (e.target as Element).closest?.('[data-new-game]') as HTMLElement | null;
    if (again) return void newGame(again.dataset.newGame === 'random');
    const el = fromTarget(e.target);
    if (el && board.contains(el)) activate(el);
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement;
    e.preventDefault();
    if (form.id === 'seed-form') return void newGame();
    const v = view();
    if (!v || replayActions || form.dataset.ui === undefined) return;
    const field = form.elements.namedItem('value') as HTMLInputElement | null;
    apply(renderer.onUi?.(form.dataset.ui, v, ui, field?.value ?? '') ?? null);
  };
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (t.closest?.('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey) return;
    const el = fromTarget(t);
    if (el && board.contains(el) && (e.key === 'Enter' || e.key === ' ') && el.tagName !== 'BUTTON') {
      e.preventDefault();
      return activate(el);
    }
    // Enter and Space belong to the focused link, button or summary, not to the game
    if ((e.key === 'Enter' || e.key === ' ') && t.closest?.('a, button, summary')) return;
    const v = view();
    if (!v || replayActions || !renderer.onKey) return;
    const intent = renderer.onKey(e.key, v, ui);
    if (intent) {
      e.preventDefault();
      apply(intent);
    }
  };
  const newGame = (random = false) => {
    const typed = random ? undefined : parseSeed($<HTMLInputElement>('#seed').value);
    const next = formatRoute({ page: 'game', slug, seed: typed ?? randomSeed(), replay: undefined, online });
    if (location.hash === next) window.dispatchEvent(new HashChangeEvent('hashchange'));
    else location.hash = next;
  };

  root.addEventListener('click', onClick);
  root.addEventListener('submit', onSubmit);
  document.addEventListener('keydown', onKey);
  const unmount = renderer.mount?.(board, { view, ui, act: (a) => void act(a), redraw: draw }) ?? (() => {});

  response = await starting;
  draw();
  if (replayActions) {
    playing = true;
    drawReplayBar();
    schedule();
  } else {
    showOver();
  }

  return () => {
    disposed = true;
    clearTimeout(replayTimer);
    root.removeEventListener('click', onClick);
    root.removeEventListener('submit', onSubmit);
    document.removeEventListener('keydown', onKey);
    unmount();
  };
}
