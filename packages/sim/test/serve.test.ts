import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { tensorRowProblem } from '@hearth/engine';
import { registry } from '@hearth/games';
import { describe, expect, it, vi } from 'vitest';
import { BatchServer, serveMain } from '../src/index.ts';

const key = (a: unknown) => JSON.stringify(a, Object.keys(a as object).sort());

describe('hearth sim serve: the batched pipe', () => {
  for (const slug of registry.slugs) {
    it(`${slug}: masks are exactly the legal actions and every slot's row is the game's tensor of its state, over random play`, async () => {
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
          // The slot's row is the game's tensor of its state, and keeps the tensor's declaration.
          const size = server.tensor.size;
          const expected = new Float32Array(size);
          server.tensor.encode(sims[i]!.state, expected, 0);
          expect(Array.from(server.obs.subarray(i * size, (i + 1) * size))).toEqual(Array.from(expected));
          expect(tensorRowProblem(server.tensor, Float32Array.from(server.obs.subarray(i * size, (i + 1) * size)))).toBeNull();
          expect(server.wire).toBe(server.tensor.fields.every((f) => f.dtype === 'int8') ? 'int8' : 'float32');
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
    // The answer stream: a header line, then (for an accepted line) exactly `bytes` bytes of frame.
    let stream = Buffer.alloc(0);
    output.on('data', (c: Buffer) => {
      stream = Buffer.concat([stream, c]);
    });
    const done = serveMain(['--game', 'stormlark', '--envs', '2', '--obs', 'none'], { input, output, error });
    input.write('not json\n');
    input.write('{"step":[0]}\n');
    input.write('{"reset":[[2,1]]}\n');
    input.write('{"reset":[[0,7],[1,8]]}\n');
    input.write('{"step":[4,-1]}\n'); // NEXT_REACH is illegal while flying
    input.write('{"text":true}\n');
    input.end();
    expect(await done).toBe(0);
    const read: { header: Record<string, unknown>; frame?: Buffer }[] = [];
    let at = 0;
    while (at < stream.length) {
      const nl = stream.indexOf(10, at);
      const header = JSON.parse(stream.subarray(at, nl).toString());
      at = nl + 1;
      if (typeof header.bytes === 'number') {
        read.push({ header, frame: stream.subarray(at, at + header.bytes) });
        at += header.bytes;
      } else read.push({ header });
    }
    const [hello, ...answers] = read.map((r) => r.header as Record<string, any>);
    expect(hello).toMatchObject({ ok: true, protocol: 'hearth-batch/3', game: 'stormlark', envs: 2, actions: { size: 6 } });
    expect(answers.map((a) => a.reason ?? 'ok')).toEqual(['invalid_json', 'bad_request', 'bad_request', 'ok', 'ok', 'ok']);
    expect(answers[1]!.message).toContain('2 action indices');
    expect(answers[4]!.refusals).toEqual([expect.objectContaining({ slot: 0, reason: expect.any(String) })]);
    expect(read[5]!.frame!.length).toBe(2 * 3 * 8 + 2 * (4 + 6)); // --obs none: no observation section
    expect(hello!.frame.bytes).toBe(2 * 3 * 8 + 2 * (4 + 6));
    // text on request: every slot's picture, and nothing stepped (the frame is the same as the previous one)
    expect(answers[5]!.text).toHaveLength(2);
    expect(answers[5]!.text[0]).toContain('Stormlark');
    expect(read[6]!.frame![48 + 2 * 2]).toBe(0); // the refused flags are cleared on a batch without steps (slot 0 was refused before)
    expect(read[5]!.frame![48 + 2 * 2]).toBe(1);
    expect(read[6]!.frame!.subarray(16, 48).equals(read[5]!.frame!.subarray(16, 48))).toBe(true); // score and turns kept
  });

  it('a packed step (N little-endian int16 in base64) plays exactly what the same list plays; a malformed one is refused whole', async () => {
    const game = (await registry.load('stormlark'))!;
    const n = 3;
    const pack = (ks: number[]) => {
      const b = Buffer.alloc(2 * ks.length);
      for (const [i, k] of ks.entries()) b.writeInt16LE(k, 2 * i);
      return b.toString('base64');
    };
    const listed = new BatchServer(game, n, {});
    const packed = new BatchServer(game, n, {});
    const resets: [number, number][] = [
      [0, 5],
      [1, 6],
      [2, 7],
    ];
    listed.run(resets, null);
    packed.run(resets, null);
    for (let t = 0; t < 40; t++) {
      // The first legal index of each slot (or -1 for a slot that is over): the same list, sent both ways.
      const ks = Array.from({ length: n }, (_, i) => (listed.running[i] ? listed.mask.subarray(i * 6, i * 6 + 6).indexOf(1) : -1));
      const request = packed.parse({ step: pack(ks) });
      if (typeof request === 'string') throw new Error(request);
      expect(Array.from(request.step!)).toEqual(ks);
      expect(packed.run(request.resets, request.step)).toEqual(listed.run([], ks));
      expect(Buffer.from(packed.frame).equals(Buffer.from(listed.frame))).toBe(true);
    }
    const refusal = (step: string) => packed.parse({ step }) as string;
    expect(refusal(pack([0, 1]))).toContain('3 little-endian int16 in base64 (8 characters)'); // two slots of three
    expect(refusal(pack([0, 1, 2, 3]))).toContain('8 characters');
    expect(refusal('AAA*AAAA')).toContain('base64');
    expect(refusal(pack([0, 6, 1]))).toBe('step index 6 (slot 1) is not -1 or an action index in 0..5');
    expect(refusal(pack([0, 1, -2]))).toBe('step index -2 (slot 2) is not -1 or an action index in 0..5');
    // A refused line changes nothing: the frame is the one the last accepted line wrote.
    expect(Buffer.from(packed.frame).equals(Buffer.from(listed.frame))).toBe(true);
  });

  it("--frame-file: each frame is written at the start of the file and the header alone travels, byte for byte the pipe's frames", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-frame-'));
    const file = join(dir, 'frame');
    writeFileSync(file, 'not a frame, and longer than one: the server sizes the file itself'.repeat(200));
    const requests = ['{"reset":[[0,7],[1,8]]}', '{"step":[0,1]}', 'not json', '{"step":[2,-1],"actions":true}', '{"step":[1,1]}'];
    // The same lines, once through the pipe (each frame follows its header) and once with the frame file.
    const serve = async (args: string[], onHeader: (header: Record<string, any>, rest: Buffer) => Buffer) => {
      const input = new PassThrough();
      const output = new PassThrough();
      let stream = Buffer.alloc(0);
      output.on('data', (c: Buffer) => {
        stream = Buffer.concat([stream, c]);
      });
      const headers: Record<string, any>[] = [];
      const frames: Buffer[] = [];
      const done = serveMain(['--game', 'cragwake', '--envs', '2', ...args], { input, output, error: new PassThrough() });
      // One line at a time, each answer read before the next line goes (the file holds the last frame only).
      const answer = async () => {
        await vi.waitFor(() => expect(stream.indexOf(10)).toBeGreaterThanOrEqual(0));
        const nl = stream.indexOf(10);
        const header = JSON.parse(stream.subarray(0, nl).toString());
        await vi.waitFor(() => expect(stream.length).toBeGreaterThanOrEqual(nl + 1 + (header.bytes ?? 0)));
        stream = stream.subarray(nl + 1);
        headers.push(header);
        const frame = onHeader(header, stream);
        if (header.ok) frames.push(Buffer.from(frame));
        stream = stream.subarray(header.bytes ?? 0);
      };
      await answer(); // the hello
      for (const line of requests) {
        input.write(`${line}\n`);
        await answer();
      }
      input.end();
      expect(await done).toBe(0);
      return { headers, frames };
    };
    const piped = await serve([], (h, rest) => rest.subarray(0, h.bytes ?? 0));
    const filed = await serve(['--frame-file', file], () => readFileSync(file));
    const [hello, ...answers] = filed.headers;
    expect(hello!.frame).toMatchObject({ transport: 'file', bytes: piped.headers[0]!.frame.bytes });
    expect(piped.headers[0]!.frame.transport).toBe('pipe');
    expect(statSync(file).size).toBe(hello!.frame.bytes); // sized by the server, the old content cut off
    // Nothing but header lines on the output; every accepted answer says where its frame is and how long it is.
    expect(answers.map((a) => (a.ok ? Object.keys(a).slice(0, 2) : a.reason))).toEqual([
      ['ok', 'file'],
      ['ok', 'file'],
      'invalid_json',
      ['ok', 'file'],
      ['ok', 'file'],
    ]);
    expect(answers.every((a) => a.bytes === undefined && (a.ok === false || a.file === hello!.frame.bytes))).toBe(true);
    expect(answers[3]!.actions).toEqual(piped.headers[4]!.actions);
    // The frames (answers only: the hello has none) equal the pipe's, one for one.
    expect(filed.frames.slice(1).map((f) => f.toString('hex'))).toEqual(piped.frames.slice(1).map((f) => f.toString('hex')));
    rmSync(dir, { recursive: true });
  });

  it('--frame-file that cannot be opened: the frames go through the pipe, the hello says so, and stderr says why', async () => {
    const error = new PassThrough();
    let text = '';
    error.on('data', (c: Buffer) => {
      text += c.toString();
    });
    const input = new PassThrough();
    const output = new PassThrough();
    let out = Buffer.alloc(0);
    output.on('data', (c: Buffer) => {
      out = Buffer.concat([out, c]);
    });
    const missing = join(tmpdir(), 'hearth-no-such-dir', 'frame');
    const done = serveMain(['--game', 'stormlark', '--envs', '2', '--frame-file', missing], { input, output, error });
    input.end('{"reset":[[0,1],[1,2]]}\n');
    expect(await done).toBe(0);
    expect(text).toContain(`--frame-file ${missing}: ENOENT`);
    expect(text).toContain('the frames go through the pipe');
    const nl = out.indexOf(10);
    const hello = JSON.parse(out.subarray(0, nl).toString());
    expect(hello.frame.transport).toBe('pipe');
    const rest = out.subarray(nl + 1);
    const header = JSON.parse(rest.subarray(0, rest.indexOf(10)).toString());
    expect(header).toMatchObject({ ok: true, bytes: hello.frame.bytes });
    expect(rest.length).toBe(rest.indexOf(10) + 1 + hello.frame.bytes); // the frame follows its header on the pipe
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
