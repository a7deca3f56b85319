// The served JSON Schemas checked against what the engine really emits: every state (as it travels on the wire),
// every observation and every legal or accepted action of random play, with ajv (draft 2020-12). A schema kept
// beside a validator can drift from it; this is what keeps the spec honest.
import {
  canonicalJson,
  createWire,
  type Game,
  leanOf,
  leanResponseSchema,
  type OkResponse,
  PlainTokenCodec,
  publicStateOf,
} from '@hearth/engine';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { CheckOptions } from './checks.ts';
import { seedAt } from './checks.ts';
import { randomPlay } from './play.ts';

/** One compiled validator per served schema, or the reason a schema does not compile. */
export function compileSpecSchemas(
  game: Game,
): { state: ValidateFunction; observation: ValidateFunction; action: ValidateFunction; lean: ValidateFunction } | { error: string } {
  // strict: unknown keywords and misplaced ones are schema errors; union types are allowed (TypeBox emits them).
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allowUnionTypes: true, allErrors: false });
  try {
    return {
      state: ajv.compile(plain(game.spec.stateSchema)),
      observation: ajv.compile(plain(game.spec.observationSchema)),
      action: ajv.compile(plain(game.spec.actionGrammar)),
      lean: ajv.compile(leanResponseSchema(game.spec)),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Validates every response of random play over up to `maxSeeds` seeds; returns problems and how much it looked at.
 * Each step is also taken through the wire in the lean form, which must match leanResponseSchema and be byte for
 * byte the lean form of the compact response (leanOf), so the engine's lean path and the pipe's agree.
 */
export function checkServedSchemas(game: Game, o: CheckOptions, maxSeeds = 40): { problems: string[]; responses: number; actions: number } {
  const compiled = compileSpecSchemas(game);
  if ('error' in compiled) return { problems: [`a served schema does not compile: ${compiled.error}`], responses: 0, actions: 0 };
  const problems: string[] = [];
  let responses = 0;
  let actions = 0;
  const wire = createWire(game);
  const body = (state: unknown, action: unknown) =>
    game.spec.carry === 'stateToken' ? { stateToken: PlainTokenCodec.seal(state), action } : { state, action };
  const lookLean = (where: string, lean: unknown, compact: OkResponse) => {
    if (!compiled.lean(lean)) problems.push(`${where}: lean response fails leanResponseSchema: ${describe(compiled.lean)}`);
    const expected = JSON.stringify(leanOf(compact));
    if (JSON.stringify(lean) !== expected) problems.push(`${where}: the lean response is not leanOf(the compact response)`);
  };
  const look = (where: string, r: OkResponse) => {
    responses++;
    const wireState = publicStateOf(game, r.state);
    if (!compiled.state(wireState)) problems.push(`${where}: state fails stateSchema: ${describe(compiled.state)}`);
    if (!compiled.observation(r.observation))
      problems.push(`${where}: observation fails observationSchema: ${describe(compiled.observation)}`);
    for (const a of r.legalActions) {
      actions++;
      if (!compiled.action(a))
        problems.push(`${where}: legal action ${JSON.stringify(a)} fails actionGrammar: ${describe(compiled.action)}`);
    }
  };
  for (let k = 0; k < Math.min(o.seeds, maxSeeds) && problems.length < 20; k++) {
    const seed = seedAt(k);
    look(`seed ${seed} init`, game.init(seed));
    const { spec: _, ...leanInit } = wire.init(seed, { lean: true });
    lookLean(`seed ${seed} init`, leanInit, wire.init(seed, { compact: true }));
    randomPlay(game, seed, o.maxTurns, o, (s) => {
      const where = `seed ${seed} after ${JSON.stringify(s.action)}`;
      look(where, s.after);
      const compact = wire.act(body(s.before.state, s.action), { compact: true });
      if (compact.ok) lookLean(where, wire.act(body(s.before.state, s.action), { lean: true }), compact);
      else problems.push(`${where}: the wire refused what act accepted: ${compact.reason}`);
      actions++;
      if (!compiled.action(s.action)) problems.push(`seed ${seed}: accepted action ${JSON.stringify(s.action)} fails actionGrammar`);
    });
  }
  return { problems: problems.slice(0, 20), responses, actions };
}

// TypeBox schemas carry symbol keys; a JSON round trip gives the plain schema a client downloads.
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema));

function describe(v: ValidateFunction): string {
  const e = v.errors?.[0];
  return e ? `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}` : 'invalid';
}

/**
 * A plain-state game builds every state with its keys in canonical (sorted) order, at every depth, so the server
 * signs the state's native JSON without a sorted copy: JSON.stringify(state) is canonicalJson(state) for init's
 * state and every state act returns, over random play.
 */
export function checkCanonicalOrder(game: Game, o: CheckOptions, maxSeeds = 20): { problems: string[]; states: number } {
  const problems: string[] = [];
  let states = 0;
  const look = (where: string, state: unknown) => {
    states++;
    if (JSON.stringify(state) !== canonicalJson(state)) problems.push(`${where}: the state's keys are not in canonical order`);
  };
  for (let k = 0; k < Math.min(o.seeds, maxSeeds) && problems.length < 10; k++) {
    const seed = seedAt(k);
    look(`seed ${seed} init`, game.init(seed).state);
    randomPlay(game, seed, o.maxTurns, o, (s) => look(`seed ${seed} after ${JSON.stringify(s.action)}`, s.after.state));
  }
  return { problems: problems.slice(0, 10), states };
}
