// hearth list [--json] and hearth spec <slug> [--json]
import { parseArgs } from '../args.ts';
import { loadGame, registry, UsageError } from '../games.ts';
import { hasOwnController } from '../render/index.ts';
import { wrap } from '../tui/style.ts';

export async function list(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { json: 'boolean' });
  if ('error' in args) throw new UsageError(args.error);
  const games = await registry.loadAll();
  if (args.values.json) {
    const out = games.map((g) => ({
      slug: g.slug,
      name: g.name,
      genre: g.spec.genre,
      description: g.spec.description,
      carry: g.spec.carry,
    }));
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  }
  if (games.length === 0) process.stdout.write('No games are registered yet.\n');
  for (const g of games) {
    process.stdout.write(`${g.slug.padEnd(16)}${g.name} (${g.spec.genre})${hasOwnController(g.slug) ? '' : ' [generic screen]'}\n`);
    for (const line of wrap(g.spec.description, 62)) process.stdout.write(`${' '.repeat(16)}${line}\n`);
  }
  if (games.length > 0) process.stdout.write('\nPlay one: hearth play <slug> [--seed N]\n');
  return 0;
}

export async function spec(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { json: 'boolean' });
  if ('error' in args) throw new UsageError(args.error);
  const [slug, ...extra] = args.positionals;
  if (!slug || extra.length > 0) throw new UsageError('usage: hearth spec <slug> [--json]');
  const game = await loadGame(slug);
  const s = game.spec;
  if (args.values.json) {
    process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
    return 0;
  }
  const width = Math.max(40, Math.min(100, (process.stdout.columns ?? 80) - 2));
  const out: string[] = [`${s.name} (${s.slug}, ${s.genre}, rules v${s.version}, carries ${s.carry})`, ...wrap(s.description, width), ''];
  for (const [title, text] of [
    ['GOAL', s.goal],
    ['SCORING', s.scoring],
    ['RULES', s.rules],
  ] as const)
    out.push(title, ...wrap(text, width), '');
  out.push('ACTION GRAMMAR', JSON.stringify(s.actionGrammar, null, 2), '');
  if (Object.keys(s.legend ?? {}).length) out.push('LEGEND', ...Object.entries(s.legend).map(([k, v]) => `  ${k}  ${v}`), '');
  if (s.decisions.length) {
    out.push('DECISIONS');
    for (const d of s.decisions) out.push(...wrap(`- ${d.topic}: ${d.decision}`, width));
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
