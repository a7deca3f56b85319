// Options are parsed by node:util parseArgs in strict mode: unknown and misspelled options are errors with a hint.
import { describe, expect, it } from 'vitest';
import { parseArgs, parseSeed, unknownOption } from '../src/args.ts';

const PLAY = { seed: 'string', server: 'string', json: 'boolean', 'no-color': 'boolean' } as const;

describe('parseArgs (strict)', () => {
  it('reads positionals, --key value, --key=value and booleans', () => {
    const r = parseArgs(['cragwake', '--seed', '7', '--server=http://x', '--json'], PLAY);
    expect(r).toEqual({ positionals: ['cragwake'], values: { seed: '7', server: 'http://x', json: true } });
  });

  it('names the nearest option for a misspelling', () => {
    expect(parseArgs(['x', '--seeed', '3'], PLAY)).toEqual({ error: 'unknown option --seeed; did you mean --seed?' });
    expect(parseArgs(['--no-colour'], PLAY)).toEqual({ error: 'unknown option --no-colour; did you mean --no-color?' });
    expect(unknownOption('--max-turn', ['max-turns', 'out'])).toBe('unknown option --max-turn; did you mean --max-turns?');
  });

  it('lists the options when nothing is close, and refuses short flags it does not know', () => {
    expect(parseArgs(['--frobnicate'], PLAY)).toEqual({ error: 'unknown option --frobnicate; options: --seed --server --json --no-color' });
    expect('error' in parseArgs(['-x'], PLAY)).toBe(true);
  });

  it('a string option without its value, or a boolean given a value, is an error', () => {
    expect(parseArgs(['--seed'], PLAY)).toEqual({ error: "Option '--seed <value>' argument missing" });
    expect('error' in parseArgs(['--json=yes'], PLAY)).toBe(true);
  });

  it('a value that looks like an option is still a value of a string option', () => {
    expect(parseArgs(['--server=-odd'], PLAY)).toEqual({ positionals: [], values: { server: '-odd' } });
  });

  it('seeds are u32', () => {
    expect(parseSeed('4294967295')).toBe(4294967295);
    expect(parseSeed('4294967296')).toHaveProperty('error');
    expect(parseSeed('-1')).toHaveProperty('error');
    expect(parseSeed(undefined)).toBeUndefined();
  });
});
