// The fifth game through the CLI with no CLI change: a test build of the bundle (HEARTH_REGISTRY = the test
// registry, the real games plus Pebble) plays the test-only game through the JSON pipe, records and verifies it,
// and runs it through the simulator; the production bundle does not know it. Any slug-specific code the CLI
// needed for a new game would fail here.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { endReason, type OkResponse, PlainTokenCodec, replay, stateHash } from '@hearth/engine';
import { registry } from '@hearth/games/testing';
import { beforeAll, describe, expect, it } from 'vitest';

const SLUG = 'pebble';
const TEST_REGISTRY = fileURLToPath(new URL('../../../packages/games/src/testing.ts', import.meta.url));
const PRODUCTION_BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hearth-cli-fifth-'));
const BIN = join(dir, 'hearth.mjs');

const run = (bin: string, args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [bin, ...args], { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr }),
    ),
  );

beforeAll(() => {
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url)), dir], {
    env: { ...process.env, HEARTH_REGISTRY: TEST_REGISTRY },
    stdio: 'pipe',
  });
}, 120_000);

describe('a fifth game through the CLI, with no CLI change', () => {
  it('plays through `hearth play --json` to game over, matching the engine in-process and `hearth verify`', async () => {
    const seed = 5;
    const record = join(dir, 'pebble.json');
    const child = spawn(process.execPath, [BIN, 'play', SLUG, '--json', '--seed', String(seed), '--record', record]);
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value) as OkResponse & { spec?: { slug: string } };
    let current = await next();
    expect(current.spec?.slug).toBe(SLUG);
    const actions: unknown[] = [];
    for (let turn = 0; !current.gameOver; turn++) {
      // A refused line changes nothing and is answered with the real legal list.
      if (turn === 2) {
        child.stdin.write('{"type":"jump"}\n');
        expect(await next()).toMatchObject({ ok: false, reason: 'unknown_action', legalActions: current.legalActions });
      }
      const action = current.legalActions[turn % (current.legalActions.length - 1)];
      child.stdin.write(`${JSON.stringify(action)}\n`);
      current = await next();
      expect(current.ok).toBe(true);
      actions.push(action);
    }
    child.stdin.end();
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);

    const local = replay((await registry.load(SLUG))!, seed, actions);
    if (!local.ok) throw new Error(local.message);
    expect(actions).toHaveLength(10);
    expect(current.score).toBe(local.score);
    const opened = PlainTokenCodec.open(String(current.stateToken));
    expect(opened.ok && stateHash(opened.value)).toBe(local.stateHash);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({ slug: SLUG, seed, actions });
    const verified = await run(BIN, ['verify', record, '--json']);
    expect(JSON.parse(verified.stdout)).toEqual({
      ok: true,
      slug: SLUG,
      seed,
      score: local.score,
      gameOver: true,
      turns: 10,
      stateHash: local.stateHash,
      end: endReason(local.final.observation.end),
    });
  });

  it('runs through the simulator with every built-in policy and its own bot, reporting its own headline figure', async () => {
    const listed = await run(BIN, ['sim', 'games']);
    expect(listed.stdout).toContain(SLUG);
    // The game's own policies and stats reach the simulator through the engine contract alone (game.policies,
    // rules.stats): Pebble ships a greedy bot, listed beside the built-in one as game:greedy.
    const policies = await run(BIN, ['sim', 'policies', '--game', SLUG]);
    expect(policies.stdout).toContain('game:greedy');
    for (const policy of ['random', 'greedy', 'strong', 'game:greedy']) {
      const out = join(dir, `sim-${policy}.jsonl`);
      const r = await run(BIN, [
        'sim',
        'run',
        '--game',
        SLUG,
        '--policy',
        policy,
        '--seeds',
        '1..30',
        '--workers',
        '1',
        '--quiet',
        '--strict',
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const games = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(games.map((g) => g.seed)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      for (const g of games) {
        expect(g).toMatchObject({ game: SLUG, policy });
        expect(g.error).toBeUndefined();
        expect(g.score % 10).toBe(0);
        expect(g.stats.pebblesCollected).toBe(g.score / 10);
      }
      // A bot that searches picks up pebbles; random play sometimes does.
      if (policy !== 'random') expect(games.reduce((s, g) => s + g.score, 0) / games.length).toBeGreaterThan(20);
    }
  });

  it('is not in the production bundle', async () => {
    const r = await run(PRODUCTION_BIN, ['play', SLUG, '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown game "${SLUG}"`);
    expect(readFileSync(PRODUCTION_BIN, 'utf8')).not.toContain('pebble:place');
  });
});
