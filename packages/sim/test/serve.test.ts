import { PassThrough } from 'node:stream';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { BatchServer, serveMain } from '../src/index.ts';

const key = (a: unknown) => JSON.stringify(a, Object.keys(a as object).sort());

describe('hearth sim serve: the batched pipe', () => {
  for (const slug of registry.slugs) {
    it(`${slug}: masks are exactly the legal actions and observations stay in their fields' bounds over random play`, async () => {
      const game = (await registry.load(slug))!;
      const n = 3;
      const server = new BatchServer(game, n, { maxTurns: 60 });
      const k = server.actions.size;
      server.run(
        Array.from({ length: n }, (_, i) => [i, 11 + i] as [number, number]),
        null,
      );
      let x = 7;
      const sims = Array.from({ length: n }, (_, i) => {
        const sim = game.createSim();
        sim.reset(11 + i);
        return sim;
      });
      for (let t = 0; t < 60; t++) {
        const step: number[] = [];
        for (let i = 0; i < n; i++) {
          const legal = server.running[i] ? sims[i]!.legalActions() : [];
          const masked: number[] = [];
          for (let j = 0; j < k; j++) if (server.mask[i * k + j]) masked.push(j);
          if (legal.length > 0)
            expect(masked.map((j) => key(server.actions.decode(j, sims[i]!.state))).sort()).toEqual(legal.map(key).sort());
          else if (server.running[i])
            for (const j of masked) expect(game.rules.refuse(sims[i]!.state, server.actions.decode(j, sims[i]!.state))).toBeNull();
          const outside: string[] = [];
          const { narrow, wide } = server.observation;
          const full = new Float64Array(server.observation.size);
          server.observation.encode(game.rules.observe(sims[i]!.state), full, 0);
          for (const f of server.observation.fields) {
            const size = f.shape.reduce((a, b) => a * b, 1);
            for (let c = 0; c < size; c++) {
              const v = f.wire === 'i8' ? server.obs8[i * narrow + f.wireOffset + c]! : server.obs[i * wide + f.wireOffset + c]!;
              if (!(v >= f.low && v <= f.high)) outside.push(`${f.name}[${c}] = ${v}`);
              if (v !== full[f.offset + c]) outside.push(`${f.name}[${c}] travels as ${v}, is ${full[f.offset + c]}`);
            }
          }
          expect(outside).toEqual([]);
          x = (x * 1103515245 + 12345) >>> 0;
          step.push(masked.length > 0 ? masked[x % masked.length]! : -1);
        }
        const before = Array.from(server.score);
        const refusals = server.run([], step);
        expect(refusals).toEqual([]);
        for (let i = 0; i < n; i++) {
          if (step[i]! < 0) continue;
          sims[i]!.step(server.actions.decode(step[i]!, sims[i]!.state));
          expect(server.score[i]).toBe(sims[i]!.score());
          expect(server.reward[i]).toBe(sims[i]!.score() - before[i]!);
          expect(server.terminated[i]).toBe(sims[i]!.gameOver() ? 1 : 0);
        }
      }
    }, 60_000);
  }

  it('refuses a bad line whole, answers a refused action with its reason, and ends at end of input', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const error = new PassThrough();
    const lines: string[] = [];
    let buffered = '';
    output.on('data', (c: Buffer) => {
      buffered += c.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      lines.push(...parts);
    });
    const done = serveMain(['--game', 'stormlark', '--envs', '2', '--obs', 'none'], { input, output, error });
    input.write('not json\n');
    input.write('{"step":[0]}\n');
    input.write('{"reset":[[2,1]]}\n');
    input.write('{"reset":[[0,7],[1,8]]}\n');
    input.write('{"step":[4,-1]}\n'); // NEXT_REACH is illegal while flying
    input.end();
    expect(await done).toBe(0);
    const [hello, ...answers] = lines.map((l) => JSON.parse(l));
    expect(hello).toMatchObject({ ok: true, protocol: 'hearth-batch/1', game: 'stormlark', envs: 2, actions: { size: 6 } });
    expect(answers.map((a) => a.reason ?? 'ok')).toEqual(['invalid_json', 'bad_request', 'bad_request', 'ok', 'ok']);
    expect(answers[1].message).toContain('2 action indices');
    expect(answers[4].refusals).toEqual([expect.objectContaining({ slot: 0, reason: expect.any(String) })]);
    const buf = Buffer.from(answers[4].buf, 'base64');
    expect(buf.length).toBe(2 * 3 * 8 + 2 * (4 + 6)); // --obs none: no observation sections
  });

  it('names a misspelt option and an unknown game', async () => {
    const error = new PassThrough();
    let text = '';
    error.on('data', (c: Buffer) => {
      text += c.toString();
    });
    const io = { input: new PassThrough(), output: new PassThrough(), error };
    expect(await serveMain(['--game', 'stormlark', '--env', '2'], io)).toBe(2);
    expect(text).toContain('--envs');
    expect(await serveMain(['--game', 'nope'], io)).toBe(1);
    expect(text).toContain('unknown game "nope"');
  });
});
