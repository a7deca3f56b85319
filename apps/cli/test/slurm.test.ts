// A sharded simulator sweep on a real Slurm (issue 32): a single-node cluster on loopback
// (tooling/slurm/local-cluster.sh: munged, slurmctld, slurmd in a temporary folder) runs `sim run --shard auto` as
// an `sbatch --array` job (tooling/slurm/sim-array.sbatch, the script docs/sim-sweeps.md shows), and `sim merge` of
// the shards is byte for byte the unsharded run. Skipped, with the reason, where Slurm or root is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(root, 'apps/cli/dist/hearth.mjs');
const CLUSTER = join(root, 'tooling/slurm/local-cluster.sh');
const SCRIPT = join(root, 'tooling/slurm/sim-array.sbatch');

const dir = mkdtempSync(join(tmpdir(), 'hearth-slurm-'));
const start = spawnSync('bash', [CLUSTER, 'start', join(dir, 'cluster')], { encoding: 'utf8', timeout: 120_000 });
const skip = start.status === 0 ? null : start.stdout.trim() || start.stderr.trim() || `exit ${start.status}`;
const env = { ...process.env, SLURM_CONF: join(dir, 'cluster', 'slurm.conf'), PATH: `${process.env.PATH}:/usr/sbin` };

describe.skipIf(skip !== null)(`a Slurm array job of simulator shards${skip ? ` (skipped: ${skip})` : ''}`, () => {
  beforeAll(() => {
    execFileSync('mkdir', ['-p', join(dir, 'shards'), join(dir, 'logs')]);
  });
  afterAll(() => {
    spawnSync('bash', [CLUSTER, 'stop', join(dir, 'cluster')]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('sbatch --array=0-2 runs sim run --shard auto; sim merge of the shards is the unsharded bytes', () => {
    const args = [BIN, 'stormlark', 'greedy', '1..45', join(dir, 'shards'), '60'];
    // --wait: sbatch returns when every task has finished (its exit code is the job's).
    const job = spawnSync('sbatch', ['--wait', '--array=0-2', `--chdir=${join(dir, 'logs')}`, SCRIPT, ...args], {
      env,
      encoding: 'utf8',
      timeout: 600_000,
    });
    expect(job.status, `${job.stdout}\n${job.stderr}`).toBe(0);
    const shards = readdirSync(join(dir, 'shards')).sort();
    expect(shards).toEqual(['stormlark-greedy-0.jsonl', 'stormlark-greedy-1.jsonl', 'stormlark-greedy-2.jsonl']);
    // Each task played its own block of 15 seeds (the Slurm environment decided which).
    for (const f of shards)
      expect(
        readFileSync(join(dir, 'shards', f), 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(15);
    const merged = join(dir, 'merged.jsonl');
    execFileSync('node', [BIN, 'sim', 'merge', ...shards.map((f) => join(dir, 'shards', f)), '--out', merged]);
    const whole = join(dir, 'whole.jsonl');
    execFileSync('node', [
      BIN,
      'sim',
      'run',
      '--game',
      'stormlark',
      '--policy',
      'greedy',
      '--seeds',
      '1..45',
      '--max-turns',
      '60',
      '--quiet',
      '--out',
      whole,
    ]);
    expect(readFileSync(merged)).toEqual(readFileSync(whole));
  }, 600_000);
});
