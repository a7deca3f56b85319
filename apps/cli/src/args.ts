// Command-line options through node:util parseArgs in strict mode. An unknown or misspelled option is an
// error naming the nearest known one (`--max-turn` → did you mean --max-turns?), so a typo never runs silently.
import { parseArgs as nodeParseArgs } from 'node:util';
import { unknownOption } from '@hearth/sim/options';

export { unknownOption };

export type OptionTypes = Record<string, 'string' | 'boolean'>;

type Values<T extends OptionTypes> = { [K in keyof T]?: T[K] extends 'string' ? string : boolean };

export interface Parsed<T extends OptionTypes> {
  positionals: string[];
  values: Values<T>;
}

/** Parses `argv` against `options` (name → type): the values and positionals, or the error to show. */
export function parseArgs<T extends OptionTypes>(argv: readonly string[], options: T): Parsed<T> | { error: string } {
  const known = Object.keys(options);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-') continue;
    const name = arg.replace(/^--?/, '').split('=')[0]!;
    if (!known.includes(name)) return { error: unknownOption(arg.startsWith('--') ? `--${name}` : arg, known) };
    if (options[name] === 'string' && !arg.includes('=')) i++; // its value, whatever it looks like
  }
  try {
    const config = Object.fromEntries(Object.entries(options).map(([k, type]) => [k, { type }]));
    const { values, positionals } = nodeParseArgs({ args: [...argv], options: config, strict: true, allowPositionals: true });
    return { positionals, values: values as Values<T> };
  } catch (error) {
    // parseArgs' own messages ("Option '--seed <value>' argument missing") are clear; drop its advice on '--'.
    return { error: (error instanceof Error ? error.message : String(error)).split('. To specify')[0]! };
  }
}

/** A u32 seed from the command line: a non-negative integer below 2^32. */
export function parseSeed(text: string | undefined): number | undefined | { error: string } {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) > 0xffffffff) return { error: `--seed must be an integer from 0 to 4294967295` };
  return Number(text);
}

/** A fresh seed when none is given (shown on screen and saved in the record, so the game can be replayed). */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}
