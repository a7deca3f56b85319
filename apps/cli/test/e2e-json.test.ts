// End to end: `hearth play <slug> --json` driven through a pipe by a seeded random player, to game over or a
// turn bound, for every registered game; junk lines mixed in are answered with refusals and change nothing.
// The final position must match an in-process replay of the same actions and `hearth verify` on the record.
import { type ChildProcessWithoutNullStreams, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { endReason, PlainTokenCodec, replay, stateHash } from '@hearth/engine';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { startWireServer } from './helpers/http-server.ts';

const BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));
const MAX_TURNS = 300;
const JUNK = ['not json', '{"type":"nope"}', '42', 'null', '[]', '{"type":', '"SHOOT"'];
const dir = mkdtempSync(join(tmpdir(), 'hearth-cli-json-'));

/** A line-by-line conversation with the child: send one line, read one line. */
function converse(child: ChildProcessWithoutNullStreams) {
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async next(): Promise<any> {
      const { value, done } = await lines.next();
      if (done) throw new Error('the CLI closed its output');
      return JSON.parse(value);
    },
    send(line: string) {
      child.stdin.write(`${line}\n`);
    },
  };
}

/** xorshift32: the test player's own seeded randomness. */
function rng(seed: number) {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const isEnd = (a: any) => a && typeof a === 'object' && /^(end_?run)$/i.test(String(a.type));

describe('hearth play --json through a pipe', () => {
  for (const slug of registry.slugs) {
    it(`${slug}: to game over or ${MAX_TURNS} turns, matching replay and verify`, async () => {
      const game = (await registry.load(slug))!;
      const seed = 11;
      const record = join(dir, `${slug}.json`);
      const child = spawn(process.execPath, [BIN, 'play', slug, '--json', '--seed', String(seed), '--record', record]);
      const io = converse(child);
      const random = rng(seed * 7919);
      let current = await io.next();
      expect(current).toMatchObject({ ok: true, score: 0, gameOver: false });
      expect(current.spec.slug).toBe(slug);
      const actions: unknown[] = [];
      let refusals = 0;
      while (!current.gameOver && actions.length < MAX_TURNS) {
        if (random() < 0.05) {
          io.send(JUNK[Math.floor(random() * JUNK.length)]!);
          const refusal = await io.next();
          expect(refusal.ok).toBe(false);
          expect(typeof refusal.reason).toBe('string');
          expect(refusal.legalActions).toEqual(current.legalActions);
          refusals++;
          continue;
        }
        const legal: unknown[] = current.legalActions;
        let action: unknown;
        if (legal.length === 0) action = { type: 'SHOOT', angleDeg: 15 + Math.floor(random() * 1501) / 10 };
        else {
          const playable = legal.filter((a) => !isEnd(a));
          const from = playable.length > 0 ? playable : legal;
          action = from[Math.floor(random() * from.length)];
        }
        io.send(JSON.stringify(action));
        const next = await io.next();
        expect(next.ok, JSON.stringify(next).slice(0, 300)).toBe(true);
        expect(next.score).toBeGreaterThanOrEqual(current.score);
        actions.push(action);
        current = next;
      }
      // At the bound, stop the run where the game offers a way to (END_RUN / endRun): it must end the game.
      const stop = current.gameOver ? undefined : (current.legalActions as unknown[]).find(isEnd);
      if (stop) {
        io.send(JSON.stringify(stop));
        current = await io.next();
        expect(current).toMatchObject({ ok: true, gameOver: true });
        actions.push(stop);
      }
      child.stdin.end();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(0);

      // The engine state behind the last response: the plain state, or the one inside the (plain) token.
      const finalState = current.stateToken !== undefined ? (PlainTokenCodec.open(current.stateToken) as any).value : current.state;
      const local = replay(game, seed, actions);
      expect(local.ok).toBe(true);
      if (!local.ok) return;
      expect(current.score).toBe(local.score);
      expect(current.gameOver).toBe(local.gameOver);
      expect(stateHash(finalState)).toBe(local.stateHash);

      const saved = JSON.parse(readFileSync(record, 'utf8'));
      expect(saved).toEqual({ slug, seed, actions });
      const verified = JSON.parse(execFileSync(process.execPath, [BIN, 'verify', record, '--json'], { encoding: 'utf8' }));
      expect(verified).toEqual({
        ok: true,
        slug,
        seed,
        score: local.score,
        gameOver: local.gameOver,
        turns: actions.length,
        stateHash: local.stateHash,
        end: endReason(local.final.observation.end),
      });
      expect(refusals + actions.length).toBeGreaterThan(0);
    });
  }

  it('--server: every game through HTTP answers exactly as in-process, stateToken games included', async () => {
    const { url, server, requests } = await startWireServer();
    try {
      // All games at once: each run is mostly process start-up, so they overlap well.
      await Promise.all(
        registry.slugs.map(async (slug) => {
          const game = (await registry.load(slug))!;
          // A few first legal actions (or shots), plus one junk and one refused action.
          let r: any = game.init(5);
          const lines: string[] = ['{"type":"nope"}'];
          for (let i = 0; i < 6 && !r.gameOver; i++) {
            const action = r.legalActions.find((a: unknown) => !isEnd(a)) ?? { type: 'SHOOT', angleDeg: 40 + 17 * i };
            lines.push(JSON.stringify(action));
            const next = game.act(r.state, action);
            if (next.ok) r = next;
          }
          const input = `${lines.join('\n')}\n`;
          // Asynchronous: the HTTP server lives in this process, so its event loop must keep turning.
          const run = (extra: string[]) =>
            new Promise<string>((resolve, reject) => {
              const child = execFile(
                process.execPath,
                [BIN, 'play', slug, '--json', '--seed', '5', ...extra],
                { encoding: 'utf8' },
                (error, stdout) => (error ? reject(error) : resolve(stdout)),
              );
              child.stdin!.end(input);
            });
          const record = join(dir, `remote-${slug}.json`);
          const [local, remote] = await Promise.all([run([]), run(['--server', url, '--record', record])]);
          expect(remote).toBe(local);
          expect(remote.trim().split('\n')).toHaveLength(1 + lines.length);
          // verify --server asks the server's /verify; it prints what the local verify prints.
          const verify = (extra: string[]) =>
            new Promise<string>((resolve, reject) => {
              execFile(process.execPath, [BIN, 'verify', record, '--json', ...extra], { encoding: 'utf8' }, (error, stdout) =>
                error ? reject(error) : resolve(stdout),
              );
            });
          const [mine, theirs] = await Promise.all([verify([]), verify(['--server', url])]);
          expect(JSON.parse(theirs)).toEqual(JSON.parse(mine));
          expect(JSON.parse(mine).ok).toBe(true);
        }),
      );
      expect(requests.filter((q) => q.startsWith('GET'))).toHaveLength(registry.slugs.length);
    } finally {
      server.close();
    }
  });

  it('answers every line even when the input is all junk, and exits 0 at end of input', async () => {
    const slug = registry.slugs[0];
    if (!slug) return;
    const out = execFileSync(process.execPath, [BIN, 'play', slug, '--json', '--seed', '3'], {
      input: `${JUNK.join('\n')}\n\n`,
      encoding: 'utf8',
    });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // JUNK and one blank line (the final newline ends the last line; it is not a line of its own).
    expect(lines).toHaveLength(1 + JUNK.length + 1);
    expect(lines[0].ok).toBe(true);
    for (const l of lines.slice(1)) expect(l).toMatchObject({ ok: false });
    expect(lines[1].reason).toBe('invalid_json');
    expect(lines.at(-1)).toMatchObject({ ok: false, reason: 'empty_line', legalActions: lines[0].legalActions });
    expect(lines.at(-1).message).toContain('is empty');
  });
});
