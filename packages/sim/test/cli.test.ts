import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { simMain } from '../src/index.ts';
import { fixture, fixtureWorkerUrl } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
const base = ['--game', 'trail', '--registry', fixture('registry.ts'), '--quiet'];

async function main(args: string[]) {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await simMain(args, { workerUrl: await fixtureWorkerUrl() });
    return { code, stdout: out.mock.calls.map((c) => String(c[0])).join(''), stderr: err.mock.calls.map((c) => String(c[0])).join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('simMain', () => {
  it('runs, shards with --shard K/N and --shard auto, and merges back to the same bytes', async () => {
    const whole = join(dir, 'whole.jsonl');
    const r = await main([
      'run',
      ...base,
      '--policy',
      'greedy',
      '--seeds',
      '10..49',
      '--workers',
      '2',
      '--out',
      whole,
      '--report',
      join(dir, 'r.html'),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/trail\s+greedy\s+40\s+0/);
    expect(r.stdout).toMatch(/steps\/s/);
    const a = join(dir, 'a.jsonl');
    const b = join(dir, 'b.jsonl');
    expect(
      (await main(['run', ...base, '--policy', 'greedy', '--seeds', '10..49', '--workers', '1', '--shard', '0/2', '--out', a])).code,
    ).toBe(0);
    process.env.SLURM_ARRAY_TASK_ID = '2';
    process.env.SLURM_ARRAY_TASK_MIN = '1';
    process.env.SLURM_ARRAY_TASK_COUNT = '2';
    try {
      expect((await main(['run', ...base, '--policy', 'greedy', '--seeds', '10..49', '--shard', 'auto', '--out', b])).code).toBe(0);
    } finally {
      delete process.env.SLURM_ARRAY_TASK_ID;
      delete process.env.SLURM_ARRAY_TASK_MIN;
      delete process.env.SLURM_ARRAY_TASK_COUNT;
    }
    expect(readFileSync(a, 'utf8').trim().split('\n')).toHaveLength(20);
    const merged = join(dir, 'merged.jsonl');
    const m = await main(['merge', b, a, '--out', merged]);
    expect(m.code).toBe(0);
    expect(m.stdout).toMatch(/trail\s+greedy\s+40\s+0/);
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));

    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('Score histogram');
    expect(html.match(/<circle/g)).toHaveLength(40);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  }, 60_000);

  it('writes JSONL to standard output without --out, and refuses bad usage with exit 2', async () => {
    const r = await main(['run', ...base, '--policy', 'random', '--seeds', '1..3', '--workers', '1']);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).seed),
    ).toEqual([1, 2, 3]);
    expect(r.stderr).toMatch(/random/);
    expect((await main(['run', '--game', 'trail'])).code).toBe(2);
    expect((await main(['run', ...base, '--policy', 'random', '--seeds', '5..1'])).code).toBe(2);
    expect((await main(['frobnicate'])).code).toBe(2);
    const unknown = await main(['run', ...base, '--policy', 'nope', '--seeds', '1']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown policy/);
  }, 60_000);

  it('reports errored games and exits 1 under --strict', async () => {
    const args = [
      'run',
      ...base,
      '--policy',
      fixture('policies/throws-on-odd.mjs'),
      '--seeds',
      '1..4',
      '--workers',
      '1',
      '--out',
      join(dir, 'e.jsonl'),
    ];
    const lax = await main(args);
    expect(lax.code).toBe(0);
    expect(lax.stdout).toMatch(/2 game\(s\) ended in an error/);
    expect((await main([...args, '--strict'])).code).toBe(1);
  }, 60_000);

  it('lists games and policies through a worker', async () => {
    expect((await main(['games', '--registry', fixture('registry.ts')])).stdout).toBe('trail\naim\n');
    expect((await main(['policies', '--game', 'aim', '--registry', fixture('registry.ts')])).stdout).toBe('random\ngreedy\nstrong\n');
  }, 30_000);
});

describe('report', () => {
  it('buckets the per-seed plot past 3,000 games so the page stays small', async () => {
    const { renderReport } = await import('../src/index.ts');
    const records = Array.from({ length: 10_000 }, (_, i) => ({
      seed: i,
      game: 'g',
      policy: 'p',
      score: i % 97,
      turns: 1,
      end: 'game_over' as const,
      stats: {},
    }));
    const html = renderReport(records);
    expect(html.match(/<circle/g)!.length).toBe(600);
    expect(html.length).toBeLessThan(250_000);
    expect(html).toMatch(/seeds 0 to 15: mean \d/);
  });
});
