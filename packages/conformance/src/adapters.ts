// What adapters rely on beyond the gameboard shapes: the how-to-play summary, the recap of every action, the compact
// view, and the act options (trusted path, recap, compact) that must never change the step itself.
import { canonicalJson, checkLook, type Game, type OkResponse, Reasons } from '@hearth/engine';
import type { CheckOptions } from './checks.ts';
import { seedAt } from './checks.ts';
import { randomPlay } from './play.ts';

const KIND = /^[a-z][a-z0-9_]*$/;

/** spec.summary: three to six short sentences for a player. */
export function checkSummary(game: Game): string[] {
  const s = game.spec.summary;
  if (!Array.isArray(s) || s.length < 3 || s.length > 6) return [`spec.summary must hold 3 to 6 sentences, got ${JSON.stringify(s)}`];
  return s.flatMap((line, i) =>
    typeof line !== 'string' || line.trim().length === 0 || line.length > 300
      ? [`spec.summary[${i}] must be a short non-empty sentence`]
      : [],
  );
}

/** spec.look, where the game has one, is a valid look (its shape, distinct kind ids and glyphs). */
export function checkSpecLook(game: Game): string[] {
  if (game.spec.look === undefined) return [];
  const problem = checkLook(game.spec.look);
  return problem ? [`spec.look: ${problem}`] : [];
}

/**
 * Over random play: the recap of every step counts exactly the score change and has well-formed items; the compact
 * view agrees with the response; act with { recap, compact } and with { trusted } gives the same step as plain act.
 */
export function checkRecapAndOptions(game: Game, o: CheckOptions, maxSeeds = 12): { problems: string[]; steps: number } {
  const problems: string[] = [];
  let steps = 0;
  for (let k = 0; k < Math.min(o.seeds, maxSeeds) && problems.length < 20; k++) {
    const seed = seedAt(k);
    randomPlay(game, seed, o.maxTurns, o, (s) => {
      steps++;
      const where = `seed ${seed} ${JSON.stringify(s.action)}`;
      const parsed = game.rules.parseAction(s.action);
      if (!parsed.ok) return void problems.push(`${where}: an accepted action does not parse`);
      const recap = game.recap(s.before.state, s.after.state, parsed.value);
      if (typeof recap?.text !== 'string' || recap.text.length === 0) problems.push(`${where}: recap.text is empty`);
      if (recap.points !== s.after.score - s.before.score)
        problems.push(`${where}: recap.points ${recap.points} but the score moved ${s.after.score - s.before.score}`);
      if (!Array.isArray(recap.items)) problems.push(`${where}: recap.items is not an array`);
      else
        for (const item of recap.items)
          if (!KIND.test(String(item?.kind)) || typeof item.text !== 'string')
            problems.push(`${where}: bad recap item ${JSON.stringify(item)}`);
      const rich = game.act(s.before.state, s.action, { recap: true, compact: true });
      if (!rich.ok) return void problems.push(`${where}: refused with { recap, compact }: ${rich.reason}`);
      const { recap: r2, view, ...rest } = rich;
      if (canonicalJson(rest) !== canonicalJson(s.after)) problems.push(`${where}: { recap, compact } changed the step`);
      if (canonicalJson(r2) !== canonicalJson(recap)) problems.push(`${where}: response.recap differs from game.recap`);
      const v = view as { score?: unknown; gameOver?: unknown; text?: unknown };
      if (v?.score !== s.after.score || v.gameOver !== s.after.gameOver || typeof v.text !== 'string')
        problems.push(`${where}: the compact view disagrees with the response`);
      const trusted = game.act(s.before.state, s.action, { trusted: true });
      if (canonicalJson(trusted) !== canonicalJson(s.after)) problems.push(`${where}: the trusted path gives a different response`);
      if (!trusted.ok && trusted.reason === Reasons.internalError) problems.push(`${where}: trusted path internal_error`);
    });
  }
  return { problems: problems.slice(0, 20), steps };
}

/** Every state the game's own policies reach parses back: an engine never hands out a state it would refuse. */
export function checkPoliciesEmitParseable(game: Game, o: CheckOptions, seedsPerPolicy = 2): { problems: string[]; states: number } {
  const problems: string[] = [];
  let states = 0;
  for (const [name, make] of Object.entries(game.policies)) {
    for (let k = 0; k < seedsPerPolicy; k++) {
      const seed = seedAt(k + 4);
      const policy = make(seed);
      let r: OkResponse = game.init(seed);
      for (let t = 0; t < o.maxTurns && !r.gameOver; t++) {
        const next = game.act(r.state, policy.decide(r.state, r.legalActions));
        if (!next.ok) {
          problems.push(`policy ${name} seed ${seed} turn ${t}: its action was refused (${next.reason}: ${next.message})`);
          break;
        }
        states++;
        const back = game.rules.parseState(JSON.parse(JSON.stringify(next.state)));
        if (!back.ok) problems.push(`policy ${name} seed ${seed} turn ${t}: emitted a state it refuses: ${back.message}`);
        r = next;
      }
    }
  }
  return { problems: problems.slice(0, 20), states };
}
