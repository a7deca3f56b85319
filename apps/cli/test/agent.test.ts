// The agent harness with the shipped example agents (examples/python-agent with python3 alone, examples/ts-agent
// with node + tsx) over a few seeds of every game: every run is recorded, every record verifies to the score
// the harness reported, and the scorecard sums it up. Programs that misbehave end their runs cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replay } from '@hearth/engine';
import { registry } from '@hearth/games';
import { CHALLENGE_SETS, parseEpisode } from '@hearth/store/challenges';
import { describe, expect, it } from 'vitest';
import { formatScorecard, scorecard } from '../src/agent/scorecard.ts';
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
    const record = parseEpisode(readFileSync(run.record, 'utf8'));
    if (!record.ok) throw new Error(record.message);
    expect(record.header).toMatchObject({ game: run.slug, seed: run.seed });
    expect(record.end).toMatchObject({ score: run.score, turns: run.turns });
    const result = replay((await registry.load(run.slug))!, run.seed, record.actions);
    expect(result.ok && result.score).toBe(run.score);
    expect(record.actions).toHaveLength(run.turns);
    expect(['game_over', 'max_turns']).toContain(run.end);
  }
}

describe('hearth agent run', () => {
  it.skipIf(!HAS_PYTHON)(
    'drives the Python example (python3, standard library only) over every game',
    async () => {
      const { runs, card } = agentRun(`python3 ${join(EXAMPLES, 'python-agent/agent.py')}`, join(dir, 'py'));
      await checkRecords(runs);
      expect(card.map((g: { slug: string }) => g.slug)).toEqual([...registry.slugs]);
      for (const g of card) expect(g.runs).toBe(3);
    },
    180_000,
  );

  it('drives the TypeScript example (node + tsx) over every game', async () => {
    const { runs } = agentRun(`${TSX} ${join(EXAMPLES, 'ts-agent/agent.ts')}`, join(dir, 'ts'), ['--max-turns', '400']);
    await checkRecords(runs);
  }, 180_000);

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
    const unknown = spawnSync(process.execPath, [BIN, 'agent', 'run', '--seeds', 'season-9', '--command', 'x'], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no such challenge set; the sets are season-1, season-2');
    expect(() => parseSeeds('3..1')).toThrow('empty');
    expect(parseSeeds('1..3,7')).toEqual([1, 2, 3, 7]);
  });

  it('the scorecard: median, mean, best, and progress with its interval only on a set; its absence explained', () => {
    const run = (slug: string, seed: number, score: number) => ({
      slug,
      seed,
      score,
      turns: 1,
      end: 'game_over',
      refusals: 1,
      steps: 2,
      ms: 10,
      usage: { input: 5, output: null, cost: null },
    });
    const set = {
      id: 't',
      title: 't',
      description: 't',
      format: 2 as const,
      games: {
        a: {
          version: '1',
          budget: null,
          seeds: [
            { seed: 1, random: 0, strong: 100 },
            { seed: 2, random: 10, strong: 50 },
            { seed: 3, random: 0, strong: 10 },
          ],
        },
      },
    };
    const card = scorecard([run('a', 1, 10), run('a', 2, 30), run('a', 3, 20), run('b', 1, 5)], set, 't');
    expect(card[0]).toMatchObject({ slug: 'a', runs: 3, median: 20, mean: 20, best: 30, refusals: 3, usage: { input: 15 } });
    // Progress per seed 10, 50 and 100 (20 is above the strong 10: clipped, counted above strong).
    expect(card[0]!.progress).toMatchObject({ progress: 160 / 3, played: 3, seeds: 3, aboveStrong: 1 });
    expect(card[1]).toMatchObject({ slug: 'b', progress: null, why: 't has no b' });
    const text = formatScorecard(card);
    expect(text).toMatch(/a\s+3\s+20\s+20\s+30\s+53\.3 \[/);
    expect(text).toContain('a: 1 seeds above the strong bot');
    const plain = scorecard([run('a', 1, 10)], null, '1..10');
    expect(formatScorecard(plain)).toContain(
      "no baseline for seeds 1..10 (progress is measured on a challenge set's seeds): use --seeds season-2",
    );
  });

  it('--jobs 4 --seeds season-1 --view compact with a slow agent (2 s a step): finishes, and resumes after SIGINT without replaying recorded runs', async () => {
    const out = join(dir, 'slow');
    const command = `python3 ${join(EXAMPLES, 'python-agent/agent.py')} --delay 2 --usage`;
    const argv = [
      BIN,
      'agent',
      'run',
      '--game',
      'cragwake,stormlark',
      '--seeds',
      'season-1',
      '--max-seeds',
      '4',
      '--max-turns',
      '2',
      '--jobs',
      '4',
      '--view',
      'compact',
      '--command',
      command,
      '--out',
      out,
    ];
    const records = () => (existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.jsonl')) : []);
    // First pass: interrupted once the first records are complete (waited on, not slept).
    const first = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    first.stdout.on('data', (d) => (stdout += d));
    first.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));
    await expect.poll(() => records().length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(1);
    first.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    const kept = records();
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(8);
    expect(stderr).toContain('interrupted:');
    expect(readdirSync(out).filter((f) => f.endsWith('.partial'))).toEqual([]);
    const mtimes = new Map(kept.map((f) => [f, statSync(join(out, f)).mtimeMs]));
    // Second pass: only the runs not recorded are played; the recorded files are untouched.
    const second = spawnSync(process.execPath, argv, { encoding: 'utf8', timeout: 120_000 });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toContain(`resuming: ${kept.length} of 8 runs are recorded`);
    const played = second.stdout.split('\n').filter((l) => /^\[\d+\/8\]/.test(l));
    expect(played).toHaveLength(8 - kept.length);
    for (const [f, t] of mtimes) expect(statSync(join(out, f)).mtimeMs).toBe(t);
    expect(records()).toHaveLength(8);
    // Every record: compact views hashed, the usage the agent reported, 2 s or more per answer, and it verifies.
    const season1 = CHALLENGE_SETS.find((x) => x.id === 'season-1')!;
    for (const f of records()) {
      const text = readFileSync(join(out, f), 'utf8');
      const ep = parseEpisode(text);
      if (!ep.ok) throw new Error(ep.message);
      expect(ep.header).toMatchObject({ set: 'season-1', view: 'compact' });
      expect(season1.games[ep.header.game]!.seeds.slice(0, 4).map((x) => x.seed)).toContain(ep.header.seed);
      expect(ep.steps.length).toBeGreaterThanOrEqual(1);
      for (const st of ep.steps) {
        expect(st.view).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(st.ms).toBeGreaterThanOrEqual(1900);
        expect(st.usage?.input).toBeGreaterThan(0);
      }
      const verified = spawnSync(process.execPath, [BIN, 'verify', join(out, f), '--json'], { encoding: 'utf8' });
      expect(verified.status, verified.stderr).toBe(0);
      expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, score: ep.end!.score, turns: ep.end!.turns });
    }
    expect(second.stdout).toMatch(/progress \[95% CI\]/);
    expect(second.stdout).toMatch(/cragwake\s.*\s4 of 20/);
  }, 240_000);
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
