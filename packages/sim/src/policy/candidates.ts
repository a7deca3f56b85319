import type { Game, JsonSchema } from '@hearth/engine';

/**
 * The actions a bot considers: the game's legal list, or, when a game returns an empty list by design
 * (Lantern Volley: any angle in range is legal), a finite set derived from its action grammar.
 * Grammar rule: `const` properties are fixed; an integer with minimum/maximum spanning at most 256 values
 * is enumerated; a number with minimum/maximum (or their exclusive forms) is enumerated in steps of 0.1 (the quantum the documents
 * use), at most 20,001 values. Branches of `oneOf` (or `anyOf`) are concatenated in order. Grammar candidates are not
 * known to be legal: callers check them with `rules.refuse`.
 */
export function candidateActions<A>(game: Game<unknown, A>, legal: readonly A[]): readonly A[] {
  return legal.length > 0 ? legal : grammarCandidates(game);
}

const cache = new WeakMap<Game, readonly unknown[]>();

export function grammarCandidates<A>(game: Game<unknown, A>): readonly A[] {
  let list = cache.get(game as Game);
  if (!list) {
    list = enumerateSchema(game.spec.actionGrammar);
    cache.set(game as Game, list);
  }
  return list as readonly A[];
}

export function enumerateSchema(schema: JsonSchema): unknown[] {
  const branches = Array.isArray(schema.oneOf)
    ? (schema.oneOf as JsonSchema[])
    : Array.isArray(schema.anyOf)
      ? (schema.anyOf as JsonSchema[])
      : [schema];
  const out: unknown[] = [];
  for (const branch of branches) {
    const properties = (branch.properties ?? schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (branch.required ?? schema.required ?? Object.keys(properties)) as string[];
    let partial: Record<string, unknown>[] = [{}];
    for (const key of required) {
      const values = propertyValues(properties[key]);
      if (!values) {
        partial = [];
        break;
      }
      const next: Record<string, unknown>[] = [];
      for (const p of partial) for (const value of values) next.push({ ...p, [key]: value });
      partial = next;
    }
    out.push(...partial);
  }
  return out;
}

function propertyValues(p: JsonSchema | undefined): unknown[] | null {
  if (!p) return null;
  if ('const' in p) return [p.const];
  if (Array.isArray(p.enum)) return p.enum;
  const min = typeof p.minimum === 'number' ? p.minimum : p.exclusiveMinimum;
  const max = typeof p.maximum === 'number' ? p.maximum : p.exclusiveMaximum;
  if (typeof min !== 'number' || typeof max !== 'number' || max < min) return null;
  const inRange = (x: number) =>
    (typeof p.minimum === 'number' ? x >= min : x > min) && (typeof p.maximum === 'number' ? x <= max : x < max);
  const values: number[] = [];
  if (p.type === 'integer') {
    if (max - min > 256) return null;
    for (let x = Math.ceil(min); x <= max; x++) if (inRange(x)) values.push(x);
    return values;
  }
  if (p.type === 'number') {
    const lo = Math.ceil(min * 10);
    const hi = Math.floor(max * 10);
    if (hi - lo > 20000) return null;
    for (let k = lo; k <= hi; k++) if (inRange(k / 10)) values.push(k / 10);
    return values;
  }
  return null;
}
