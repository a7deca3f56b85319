// A game page, top-down: load the spec (or say plainly why the game cannot open), lay out the page, then the
// board, the play queue, replays, the tutorial's coach and the input on top of them; guard a finished run against
// being left unsubmitted; say what the seed is (today's daily, a challenge seed); then start, resume or replay
// the run. Legality is never judged here: every input goes to the engine, in order, through one queue.
//
// Nothing is lost: after every accepted action the seed and the actions go into localStorage and into the URL
// (`play=`), so a reload, a closed tab or a shared link resumes exactly (the actions are replayed through the
// engine). A finished run goes into the personal history and the stats; leaving it unsubmitted asks first.
import type { Recap, Spec } from '@hearth/engine';
import { esc, type View } from '@hearth/engine/web';
import { readBest } from '../best-score.ts';
import { challenges, resetText, seedRole } from '../daily.ts';
import type { Engine } from '../engine-client.ts';
import { setLeaveGuard } from '../leave.ts';
import { rendererFor } from '../render/index.ts';
import { formatRoute, randomSeed, readSeed, SEED_WORDS } from '../route.ts';
import { readCurrent, readHistory } from '../saved.ts';
import { sentence } from '../text.ts';
import { createBoard } from './game-board.ts';
import { createCoach } from './game-coach.ts';
import { gameFrame, header } from './game-frame.ts';
import { attachInput } from './game-input.ts';
import { type GamePage, type GameRoute, type SayKind, viewOf } from './game-page.ts';
import { createPlay, type Play } from './game-play.ts';
import { createReplay } from './replay.ts';

export type { GameRoute } from './game-page.ts';

/** Shows the page; returns a cleanup for when the route changes. */
export async function showGame(root: HTMLElement, route: GameRoute, engine: Engine): Promise<() => void> {
  root.innerHTML = '<main class="game"><p class="loading">Loading…</p></main>';
  if (route.seedError) return showSeedRefused(root, route, engine);
  const opening = openingOf(route);
  // spec and init in one round trip's time: the first playable frame waits for both
  const starting = engine.init(route.slug, opening.seed);
  starting.catch(() => {}); // reported by loadSpec below
  const spec = await loadSpec(root, route, engine);
  if (!spec) return () => {};
  const p = mountPage(root, route, engine, spec, opening.seed);
  const board = createBoard(p);
  const play = createPlay(p, board);
  const replay = createReplay({
    root,
    engine,
    slug: p.slug,
    seed: p.seed,
    spec,
    actions: route.replay ?? [],
    online: p.online,
    ...(route.run ? { run: route.run } : {}),
    current: () => p.run.response,
    onStep(result, action, recap, points, index) {
      Object.assign(p.run, { previous: p.run.response, response: result, lastAction: action, recap });
      board.draw(true);
      p.el.board.dataset.turns = String(index);
      play.showStep(action, recap, points, index);
    },
    onBack(result, action, index) {
      Object.assign(p.run, { previous: undefined, response: result, lastAction: action, recap: undefined });
      for (const li of Array.from(p.el.log.children) as HTMLLIElement[]) if (li.value > index) li.remove();
      p.say(index === 0 ? 'Back at the start.' : `Back to action ${index}.`);
      board.draw();
      p.el.board.dataset.turns = String(index);
    },
    say: p.say,
    disposed: () => p.run.disposed,
  });
  const coach = createCoach(p, play, board);
  const detach = attachInput(p, play, replay, coach);
  guardLeaving(p);
  keepActionBarClear(p);
  void sayTheSeedRole(p);
  try {
    p.run.response = await starting;
  } catch (error) {
    showEngineDown(root, route, error);
    return () => {};
  }
  await resumeOrStart(p, play, board, opening.actions);
  if (route.badReplay) p.say(`This replay link is damaged (its moves do not decode), so seed ${p.seed} starts fresh instead.`, 'refusal');
  if (p.watching) await replay.start();
  coach.offer(opening.bare);

  return () => {
    p.run.disposed = true;
    setLeaveGuard(undefined);
    replay.stop();
    coach.stop();
    detach();
  };
}

/** Which seed and actions the page opens with: the URL's, the tutorial's, or this browser's game in progress. */
function openingOf(route: GameRoute): { seed: number; actions: unknown[] | undefined; bare: boolean } {
  const tutorial = route.tutorial ? rendererFor(route.slug).tutorial : undefined;
  if (tutorial) return { seed: tutorial.seed, actions: undefined, bare: false };
  const watching = route.replay !== undefined;
  // a bare game link resumes this browser's game in progress (or its finished, unsubmitted run)
  const saved = route.seed === undefined && !watching ? readCurrent(route.slug) : undefined;
  const resume = saved && !(saved.over && saved.runId) ? saved : undefined;
  return {
    seed: route.seed ?? resume?.seed ?? randomSeed(),
    actions: watching ? undefined : (route.play ?? resume?.actions),
    bare: route.seed === undefined && !watching && !resume,
  };
}

/** The game's spec, or the page says why there is none: no such game, or (online) the server cannot be reached. */
async function loadSpec(root: HTMLElement, route: GameRoute, engine: Engine): Promise<Spec | undefined> {
  try {
    return await engine.spec(route.slug);
  } catch (error) {
    if (route.online && isUnreachable(error)) showEngineDown(root, route, error);
    else {
      document.title = 'Page not found — Hearth';
      root.innerHTML = `<main class="game unknown"><h1>Unknown game</h1><p class="message" data-kind="refusal" role="status">There is no game called “${esc(route.slug)}” here.</p><p><a href="${formatRoute({ page: 'home', online: route.online === true })}">All games</a></p></main>`;
    }
    return undefined;
  }
}

/** The online client could not reach the server or read its answer (its TransportError), or fetch itself failed. */
const isUnreachable = (error: unknown) => {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return error instanceof TypeError || reason === 'server_unreachable' || reason === 'server_error' || /^http_5\d\d$/.test(String(reason));
};

/** Online, the server does not answer: say so, and offer to try again or to play the same game in the page. */
function showEngineDown(root: HTMLElement, route: GameRoute, error: unknown): void {
  document.title = 'Server unreachable — Hearth';
  const local = formatRoute({ ...route, page: 'game', online: false });
  const detail = isUnreachable(error)
    ? 'The Hearth server cannot be reached right now.'
    : `The server answered: ${sentence(String((error as Error)?.message ?? error))}`;
  root.innerHTML = `<main class="game"><h1>Online play is not available</h1><p class="message" data-kind="refusal" role="status">${esc(detail)} Online mode plays every move through the server.</p>
<p><button type="button" data-retry-page>Try again</button> <a class="button-link" href="${esc(local)}" data-local>Play in this page instead</a> <a href="${formatRoute({ page: 'home' })}">All games</a></p></main>`;
  root.querySelector('[data-retry-page]')?.addEventListener('click', () => window.dispatchEvent(new HashChangeEvent('hashchange')));
}

/** Lays out the page and gathers what its parts share. */
function mountPage(root: HTMLElement, route: GameRoute, engine: Engine, spec: Spec, seed: number): GamePage {
  const renderer = rendererFor(route.slug);
  const watching = route.replay !== undefined;
  const tutorial = route.tutorial && !watching ? renderer.tutorial : undefined;
  document.title = `${tutorial ? 'Tutorial: ' : ''}${spec.name} — Hearth`;
  root.innerHTML = gameFrame(spec, renderer.keyHelp, {
    slug: route.slug,
    name: spec.name,
    seedText: String(seed),
    online: route.online === true,
    tutorial: renderer.tutorial !== undefined,
    watching,
    run: route.run !== undefined,
  });
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const el = {
    board: $<HTMLDivElement>('#board'),
    score: $<HTMLOutputElement>('#score'),
    best: $<HTMLSpanElement>('#best'),
    message: $<HTMLDivElement>('#message'),
    over: $<HTMLElement>('#over'),
    showResult: $<HTMLButtonElement>('#show-result'),
    log: $<HTMLOListElement>('#log'),
    confirm: $<HTMLDivElement>('#confirm'),
    whyNot: $<HTMLDivElement>('#why-not'),
    moments: $<HTMLDivElement>('#moments'),
    coach: $<HTMLDivElement>('#coach'),
  };
  return {
    root,
    route,
    engine,
    spec,
    slug: route.slug,
    seed,
    online: route.online === true,
    watching,
    tutorial,
    renderer,
    ui: renderer.initUi(),
    el,
    run: {
      actions: [],
      responses: 0,
      disposed: false,
      marks: [],
      bestBefore: Math.max(readBest(route.slug) ?? Number.NEGATIVE_INFINITY, ...readHistory(route.slug).map((e) => e.score)),
      newBestShown: false,
    },
    say(text: string, kind: SayKind = 'info') {
      el.message.textContent = text;
      el.message.dataset.kind = kind;
    },
  };
}

/** Leaving a finished, unsubmitted run for any page but its own replay asks first (the run is kept either way). */
function guardLeaving(p: GamePage): void {
  const ownReplay = () => formatRoute({ page: 'game', slug: p.slug, seed: p.seed, replay: p.run.actions, online: p.online });
  setLeaveGuard((target) =>
    p.run.response?.gameOver && !p.watching && !p.tutorial && !p.run.submittedId && p.run.actions.length > 0 && target !== ownReplay()
      ? `Your finished ${p.spec.name} run (score ${p.run.response.score}) is not submitted. Leave it? It stays under “Your runs” on the home page, where you can still submit it.`
      : undefined,
  );
}

/** On a phone the actions are a bar fixed at the bottom: the page ends above it, whatever its height. */
function keepActionBarClear(p: GamePage): void {
  const main = p.root.querySelector('main.game') as HTMLElement;
  const measure = () => {
    const bar = p.el.board.querySelector('.actions') as HTMLElement | null;
    const fixed = bar && getComputedStyle(bar).position === 'fixed';
    main.style.setProperty('--bar-h', `${fixed ? Math.ceil(bar.getBoundingClientRect().height) : 0}px`);
  };
  new ResizeObserver(measure).observe(p.el.board);
  window.addEventListener('resize', measure, { passive: true });
}

/** Today's daily or a challenge seed: a short tag above the board, the full sentence in the menu. */
async function sayTheSeedRole(p: GamePage): Promise<void> {
  const r = await challenges([p.slug]);
  if (p.run.disposed || !r.ok || p.tutorial) return;
  const role = seedRole(r.byGame.get(p.slug), p.seed);
  p.run.daily = role.daily;
  const tag = p.root.querySelector('#seed-role') as HTMLElement;
  const text = p.root.querySelector('#seed-role-text') as HTMLElement;
  if (role.daily) {
    tag.innerHTML = `<strong>Today’s daily</strong> <span class="seed-role-date">${esc(role.daily.date)}</span>`;
    text.textContent = `Everyone plays seed ${p.seed} today (${role.daily.date} UTC); ${resetText(Date.now())}.`;
  } else if (role.challenge) {
    const c = role.challenge;
    tag.innerHTML = `<strong>Challenge seed</strong> ${c.index + 1} of ${c.set.seeds.length}`;
    text.textContent = `Seed ${c.index + 1} of ${c.set.seeds.length} in ${c.set.title}.`;
  } else return;
  tag.hidden = false;
  text.hidden = false;
  tag.dataset.role = role.daily ? 'daily' : 'challenge';
}

/** A saved or linked run is replayed through the engine one action at a time (the last with its recap). */
async function resumeOrStart(p: GamePage, play: Play, board: ReturnType<typeof createBoard>, actions: unknown[] | undefined) {
  const r = p.run;
  if (!actions?.length) {
    board.draw();
    p.el.board.dataset.turns = '0';
    // the seed into the URL as the rule reads it (`-1` is 4294967295); the kept game of another seed is replaced
    // once this one's first action is played
    if (!p.watching && !p.route.run && !p.tutorial) {
      const hash = formatRoute({ page: 'game', slug: p.slug, seed: p.seed, replay: undefined, online: p.online });
      if (location.hash !== hash) history.replaceState(null, '', hash);
    }
    if (!p.watching) play.showOver();
    return;
  }
  let recap: Recap | undefined;
  for (let i = 0; i < actions.length && !r.disposed; i++) {
    const last = i === actions.length - 1;
    // each step with its recap and events: the share's marks count the pitches, reaches, waves and days resumed too
    const next = await p.engine.act(p.slug, { ...nextBodyOf(p), action: actions[i] }, { recap: true, events: true });
    if (!next.ok) {
      p.say(`The saved game stops at move ${i + 1} (refused: ${next.message}), so it resumes after move ${i}.`, 'refusal');
      recap = undefined;
      break;
    }
    r.previous = r.response;
    r.response = next;
    r.lastAction = actions[i];
    r.recap = next.recap as Recap | undefined;
    r.events = (next as { events?: GamePage['run']['events'] }).events;
    r.actions.push(actions[i]);
    const moment = p.renderer.moment?.(viewOf(p) as View);
    if (moment) r.marks.push(moment.mark);
    if (last) recap = r.recap;
  }
  if (r.disposed) return;
  r.recap = recap;
  board.draw();
  p.el.board.dataset.turns = String(r.actions.length);
  play.persist();
  if (recap && !r.response?.gameOver) p.say(`Resumed at move ${r.actions.length}. ${sentence(recap.text)}`, 'recap');
  play.showOver(recap);
}

const nextBodyOf = (p: GamePage) =>
  p.spec.carry === 'stateToken' ? { stateToken: p.run.response?.stateToken } : { state: p.run.response?.state };

/** A URL whose seed the seed rule refuses: say so in a player's words and start nothing (never a random seed). */
async function showSeedRefused(root: HTMLElement, route: GameRoute, engine: Engine): Promise<() => void> {
  const online = route.online === true;
  const spec = await engine.spec(route.slug);
  document.title = `Seed refused — ${spec.name} — Hearth`;
  const text = route.seedError?.text ?? '';
  root.innerHTML = `<main class="game" data-slug="${esc(route.slug)}">${header({ slug: route.slug, name: spec.name, seedText: text, online })}
<p id="message" class="message" data-kind="refusal" role="status">Seed refused: “${esc(text)}” is not a seed: ${esc(SEED_WORDS)}. Type one in the menu (☰), or <button type="button" data-new-game="random">play a random seed</button>.</p></main>`;
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
    const t = e.target as Element;
    if (t.closest?.('[data-new-game]')) go(randomSeed());
    if (t.closest?.('#menu-toggle')) {
      const menu = root.querySelector('#game-menu') as HTMLElement;
      menu.hidden = !menu.hidden;
      (root.querySelector('#menu-toggle') as HTMLElement).setAttribute('aria-expanded', String(!menu.hidden));
    }
  };
  root.addEventListener('submit', onSubmit);
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('submit', onSubmit);
    root.removeEventListener('click', onClick);
  };
}
