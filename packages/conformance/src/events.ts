// The step report (Rules.apply's events), over random play: events come only when asked for; they are plain JSON
// with snake_case kinds; their points add up to the step's score change; the compact and lean views carry the same
// list; the recap built from them is the recap the engine derives for a caller holding only the two states; and
// asking for them changes nothing else in the response.
import { canonicalJson, type Game, type StepEvent } from '@hearth/engine';
import { type CheckOptions, seedAt } from './checks.ts';
import { randomPlay } from './play.ts';

const KIND = /^[a-z][a-z0-9_]*$/;

export function checkStepEvents(game: Game, o: CheckOptions): { problems: string[]; steps: number; kinds: string[] } {
  const problems: string[] = [];
  const kinds = new Set<string>();
  let steps = 0;
  for (let k = 0; k < o.seeds && problems.length < 20; k++) {
    const seed = seedAt(k);
    randomPlay(game, seed, o.maxTurns, o, ({ before, action, after }) => {
      steps++;
      const where = `seed ${seed} step ${steps} ${JSON.stringify(action)}`;
      const full = game.act(before.state, action, { events: true, recap: true, compact: true });
      const lean = game.act(before.state, action, { events: true, lean: true });
      if (!full.ok || !lean.ok) return void problems.push(`${where}: refused with events asked for`);
      const events = full.events as StepEvent[] | undefined;
      if (!Array.isArray(events)) return void problems.push(`${where}: no events array`);
      if ('events' in after) problems.push(`${where}: events without asking`);
      if (canonicalJson(JSON.parse(JSON.stringify(events))) !== canonicalJson(events)) problems.push(`${where}: events are not plain JSON`);
      let points = 0;
      for (const e of events) {
        kinds.add(e.kind);
        if (!KIND.test(e.kind)) problems.push(`${where}: event kind "${e.kind}" is not snake_case`);
        points += e.points ?? 0;
      }
      const delta = (full.score as number) - before.score;
      if (points !== delta) problems.push(`${where}: events' points ${points}, score change ${delta}`);
      const view = full.view as { events?: unknown } | undefined;
      if (canonicalJson(view?.events) !== canonicalJson(events)) problems.push(`${where}: view.events differs from events`);
      if (canonicalJson(lean.view.events) !== canonicalJson(events)) problems.push(`${where}: the lean view's events differ`);
      if (canonicalJson(full.recap) !== canonicalJson(game.recap(before.state, after.state, action)))
        problems.push(`${where}: the recap from the step's events differs from the recap of the two states`);
      const { events: _e, recap: _r, view: _v, ...rest } = full;
      const { recap: _r2, view: _v2, ...plain } = game.act(before.state, action, { recap: true, compact: true }) as typeof full;
      if (canonicalJson(rest) !== canonicalJson(plain)) problems.push(`${where}: asking for events changed the response`);
    });
  }
  return { problems: problems.slice(0, 20), steps, kinds: [...kinds].sort() };
}

/**
 * The events of every step of a game played by the game's strong bot (else random play), for a test that pins them
 * exactly (a fixture file): `{ action, events }` per step.
 */
export function playedEvents(game: Game, seed: number, maxSteps: number): { action: unknown; events: StepEvent[] }[] {
  const out: { action: unknown; events: StepEvent[] }[] = [];
  const strong = game.policies.strong?.(seed);
  if (!strong) {
    randomPlay(game, seed, maxSteps, {}, ({ before, action }) => {
      const r = game.act(before.state, action, { events: true });
      out.push({ action, events: r.ok ? (r.events as StepEvent[]) : [] });
    });
    return out;
  }
  let r = game.init(seed) as { ok: boolean; state: unknown; gameOver: boolean; legalActions: unknown[]; events?: unknown };
  for (let t = 0; t < maxSteps && !r.gameOver; t++) {
    const action = strong.decide(r.state, r.legalActions);
    const next = game.act(r.state, action, { events: true });
    if (!next.ok) break;
    out.push({ action, events: next.events as StepEvent[] });
    r = next;
  }
  return out;
}
