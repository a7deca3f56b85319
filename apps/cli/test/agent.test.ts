// The agent harness with the shipped example agents (examples/python-agent with python3 alone, examples/ts-agent
// with node + tsx) over a few seeds of every game: every run is recorded, every record verifies to the score
// the harness reported, and the scorecard sums it up. Programs that misbehave end their runs cleanly.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replay } from '@hearth/engine';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { formatScorecard, normalise, scorecard } from '../src/agent/scorecard.ts';
import { parseSeeds } from '../src/commands/agent.ts';

const BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../../examples/', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const HAS_PYTHON = spawnSync('python3', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'hearth-cli-agent-'));

interface Line {
  slug: string;
  seed: number;
  score: number;
  turns: number;
  end: string;
  record: string;
}

function agentRun(command: string, out: string, extra: string[] = []) {
  const games = registry.slugs.join(',');
  const r = spawnSync(
    process.execPath,
    [BIN, 'agent', 'run', '--game', games, '--seeds', '1..3', '--command', command, '--out', out, '--json', ...extra],
    {
      encoding: 'utf8',
    },
  );
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { runs: lines.slice(0, -1) as Line[], card: lines.at(-1).scorecard, stderr: r.stderr };
}

async function checkRecords(runs: Line[]) {
  expect(runs).toHaveLength(registry.slugs.length * 3);
  for (const run of runs) {
    const record = JSON.parse(readFileSync(run.record, 'utf8'));
    expect(record).toMatchObject({ slug: run.slug, seed: run.seed });
    const result = replay((await registry.load(run.slug))!, run.seed, record.actions);
    expect(result.ok && result.score).toBe(run.score);
    expect(record.actions).toHaveLength(run.turns);
    expect(['game_over', 'max_turns']).toContain(run.end);
  }
}

describe('hearth agent run', () => {
  it.skipIf(!HAS_PYTHON)('drives the Python example (python3, standard library only) over every game', async () => {
    const { runs, card } = agentRun(`python3 ${join(EXAMPLES, 'python-agent/agent.py')}`, join(dir, 'py'));
    await checkRecords(runs);
    expect(card.map((g: { slug: string }) => g.slug)).toEqual([...registry.slugs]);
    for (const g of card) expect(g.runs).toBe(3);
  });

  it('drives the TypeScript example (node + tsx) over every game', async () => {
    const { runs } = agentRun(`${TSX} ${join(EXAMPLES, 'ts-agent/agent.ts')}`, join(dir, 'ts'), ['--max-turns', '400']);
    await checkRecords(runs);
  });

  it('a program that answers junk, stalls or exits ends its runs cleanly, with what was accepted', () => {
    const run = (command: string, extra: string[] = []) => {
      const r = spawnSync(
        process.execPath,
        [BIN, 'agent', 'run', '--game', 'stormlark', '--seeds', '1', '--command', command, '--json', '--out', join(dir, 'bad'), ...extra],
        {
          encoding: 'utf8',
        },
      );
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout.split('\n')[0]!) as Line & { refusals: number };
    };
    expect(run(`yes 'not json'`, ['--max-refusals', '5'])).toMatchObject({ end: 'refusals', refusals: 5, turns: 0 });
    expect(run('true')).toMatchObject({ end: 'agent_exit', turns: 0 });
    expect(run('sleep 30', ['--timeout-ms', '300'])).toMatchObject({ end: 'timeout', turns: 0 });
    expect(run(`yes '{"type":"VENT"}'`, ['--max-turns', '4'])).toMatchObject({ end: 'max_turns', turns: 4 });
  });

  it('usage errors are clear', () => {
    const r = spawnSync(process.execPath, [BIN, 'agent', 'run', '--game', 'stormlark', '--seed', '1..3', '--command', 'x'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('did you mean --seeds?');
    expect(() => parseSeeds('3..1')).toThrow('empty');
    expect(parseSeeds('1..3,7')).toEqual([1, 2, 3, 7]);
  });

  it('the scorecard: median, mean, best, and normalised only where baselines exist', () => {
    const run = (slug: string, seed: number, score: number) => ({
      slug,
      seed,
      score,
      actions: [],
      gameOver: true,
      end: 'game_over' as const,
      refusals: 0,
      stderr: '',
    });
    const card = scorecard(
      [run('a', 1, 10), run('a', 2, 30), run('a', 3, 20), run('b', 1, 5)],
      new Map([['a', new Map([[2, { random: 10, strong: 50 }]])]]),
    );
    expect(card[0]).toMatchObject({ slug: 'a', runs: 3, median: 20, mean: 20, best: 30, normalised: { mean: 50, seeds: 1 } });
    expect(card[1]).toMatchObject({ slug: 'b', normalised: null });
    expect(normalise(50, { random: 10, strong: 50 })).toBe(100);
    expect(formatScorecard(card)).toMatch(/a\s+3\s+20\s+20\s+30\s+50 \(1 seed\)/);
  });
});

describe('hearth mcp', () => {
  it('answers an MCP initialize and lists its tools over stdio (the bundled @hearth/mcp)', () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const r = spawnSync(process.execPath, [BIN, 'mcp'], {
      input: `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const answers = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const tools = answers.find((a) => a.id === 2)?.result?.tools?.map((t: { name: string }) => t.name) ?? [];
    expect(tools, r.stderr).toContain('new_game');
    expect(tools).toContain('act');
  });
});
