// hearth: the command line. Dispatches to one command module each; errors become messages and exit codes.
import { agent } from './commands/agent.ts';
import { leaderboard } from './commands/leaderboard.ts';
import { list, spec } from './commands/list.ts';
import { mcp } from './commands/mcp.ts';
import { play } from './commands/play.ts';
import { replay } from './commands/replay.ts';
import { scorecardCommand } from './commands/scorecard.ts';
import { sim } from './commands/sim.ts';
import { submit } from './commands/submit.ts';
import { verify } from './commands/verify.ts';
import { UsageError } from './games.ts';

export const USAGE = `hearth: turn-based score-attack games in the terminal

  hearth list [--json]                         the registered games
  hearth spec <slug> [--json]                  a game's rules, scoring, action grammar, decisions
  hearth play <slug> [--seed N] [--server URL] [--record FILE] [--no-color]
                                               play in the terminal (in-process, or through a server's HTTP API)
  hearth play <slug> --json [--seed N] [--server URL] [--record FILE]
                                               one action JSON per stdin line -> one response JSON per stdout line
  hearth replay <file> [--play]                step through a record { slug, seed, actions } (space plays)
  hearth verify <file> [--json]                replay a record (or an episode record .jsonl): score and state hash
  hearth submit <file> --server URL --name NAME [--agent TEXT] [--notes TEXT] [--key KEY] [--scorecard ID]
                                               a verified run on the server's leaderboards
  hearth leaderboard <slug> --server URL [--board all|daily|challenge] [--kind human|agent]
                                               the best verified run per player
  hearth scorecard open|close|show|compare|export ...
                                               a scorecard on a server: one evaluation's runs on a challenge set
  hearth agent run --seeds season-2|A..B (--command "<program>" | --model openai:<model>|anthropic:<model>) [--jobs N]
                                               evaluate a program or a model over a set's seeds: episode records
                                               with transcripts, progress with 95% intervals, resumable (--server:
                                               a scorecard); hearth agent run --help, hearth agent prompts
  hearth mcp [--server URL | --hearth-server URL]
                                               the MCP server over stdio (for desktop and coding agents)
  hearth sim <args...>                         the simulator (hearth sim --help)

NO_COLOR=1 or --no-color turns colour off. Ctrl-C leaves at once and restores the terminal.
`;

/** Commands that answer --help themselves. */
const SELF_HELP = new Set(['agent', 'scorecard', 'mcp', 'sim']);

/** A command's lines of USAGE: its own lines and their indented continuations. */
export function usageOf(command: string): string {
  const lines = USAGE.split('\n');
  const out: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (line.startsWith('  hearth ')) inside = line.startsWith(`  hearth ${command} `) || line === `  hearth ${command}`;
    else if (!/^ {20,}\S/.test(line)) inside = false;
    if (inside) out.push(line.replace(/^ {2}/, ''));
  }
  return `${out.join('\n')}\n`;
}

const commands: Record<string, (argv: readonly string[]) => Promise<number>> = {
  list,
  spec,
  play,
  replay,
  verify,
  submit,
  leaderboard,
  scorecard: scorecardCommand,
  agent,
  mcp,
  sim,
};

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const run = commands[command];
  if (!run) {
    process.stderr.write(`hearth: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  // --help anywhere before "--": the command's own usage (agent, scorecard, mcp and sim print a longer one).
  const flags = rest.indexOf('--') >= 0 ? rest.slice(0, rest.indexOf('--')) : rest;
  if (!SELF_HELP.has(command) && (flags.includes('--help') || flags.includes('-h'))) {
    process.stdout.write(usageOf(command));
    return 0;
  }
  try {
    return await run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`hearth ${command}: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`hearth ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
