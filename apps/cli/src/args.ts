// A small argv parser: positionals, --flag, --key value, --key=value. Unknown flags are errors, so typos show.

export interface Parsed {
  positionals: string[];
  flags: Map<string, string | true>;
}

export function parseArgs(argv: readonly string[], valued: readonly string[], booleans: readonly string[]): Parsed | { error: string } {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (valued.includes(name)) {
      const value = eq < 0 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined) return { error: `--${name} needs a value` };
      flags.set(name, value);
    } else if (booleans.includes(name) && eq < 0) flags.set(name, true);
    else return { error: `unknown option --${name}` };
  }
  return { positionals, flags };
}

/** A u32 seed from the command line: a non-negative integer below 2^32. */
export function parseSeed(text: string | true | undefined): number | undefined | { error: string } {
  if (text === undefined) return undefined;
  if (text === true || !/^\d+$/.test(text) || Number(text) > 0xffffffff) return { error: `--seed must be an integer from 0 to 4294967295` };
  return Number(text);
}

/** A fresh seed when none is given (shown on screen and saved in the record, so the game can be replayed). */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}
