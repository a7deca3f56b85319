// The served JSON Schemas checked against what the engine really emits: every state (as it travels on the wire),
// every observation and every legal or accepted action of random play, with ajv (draft 2020-12). A schema kept
// beside a validator can drift from it; this is what keeps the spec honest.
import { type Game, type OkResponse, publicStateOf } from '@hearth/engine';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { CheckOptions } from './checks.ts';
import { seedAt } from './checks.ts';
import { randomPlay } from './play.ts';

/** One compiled validator per served schema, or the reason a schema does not compile. */
export function compileSpecSchemas(
  game: Game,
): { state: ValidateFunction; observation: ValidateFunction; action: ValidateFunction } | { error: string } {
  // strict: unknown keywords and misplaced ones are schema errors; union types are allowed (TypeBox emits them).
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allowUnionTypes: true, allErrors: false });
  try {
    return {
      state: ajv.compile(plain(game.spec.stateSchema)),
      observation: ajv.compile(plain(game.spec.observationSchema)),
      action: ajv.compile(plain(game.spec.actionGrammar)),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Validates every response of random play over up to `maxSeeds` seeds; returns problems and how much it looked at. */
export function checkServedSchemas(game: Game, o: CheckOptions, maxSeeds = 40): { problems: string[]; responses: number; actions: number } {
  const compiled = compileSpecSchemas(game);
  if ('error' in compiled) return { problems: [`a served schema does not compile: ${compiled.error}`], responses: 0, actions: 0 };
  const problems: string[] = [];
  let responses = 0;
  let actions = 0;
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
    randomPlay(game, seed, o.maxTurns, o, (s) => {
      look(`seed ${seed} after ${JSON.stringify(s.action)}`, s.after);
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
