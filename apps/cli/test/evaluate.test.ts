// A whole evaluation of a language model, as a research group would run one, against a stand-in model that speaks
// the real protocols (test/helpers/model-stub.ts: no hosted model can be reached from here) and the real bundled
// server started with its DEFAULT limits: season-2, all four games, --jobs 4, through the OpenAI-compatible adapter
// with 429s (Retry-After), a reply slower than the timeout, replies with no action and refused actions; interrupted
// with SIGINT and resumed to a closed complete scorecard; transcripts in the records and served with them; the key
// never written anywhere. Then the Anthropic adapter in tool mode, and two shards filling one scorecard.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stub, startModelStub } from './helpers/model-stub.ts';

const BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('../../server/dist/server.mjs', import.meta.url));
const skipReason = !existsSync(SERVER)
  ? `${SERVER} is not built (pnpm --filter @hearth/server build)`
  : !readFileSync(SERVER, 'utf8').includes('/api/scorecards/:id/runs')
    ? `${SERVER} predates the batch route`
    : undefined;
if (skipReason) console.warn(`evaluate: skipped: ${skipReason}`);

const KEY = 'sk-stand-in-0123456789-never-logged';
const dir = mkdtempSync(join(tmpdir(), 'hearth-evaluate-'));
const config = join(dir, 'config');
let server: ChildProcess | undefined;
let url = '';

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  XDG_CONFIG_HOME: config,
  OPENAI_API_KEY: KEY,
  ANTHROPIC_API_KEY: KEY,
  ...extra,
});
const hearth = (args: string[], extra: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { encoding: 'utf8', env: env(extra), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
const api = async (path: string) => (await fetch(`${url}${path}`)).json() as Promise<any>;
const records = (out: string) => readdirSync(out).filter((f) => f.endsWith('.jsonl'));

describe.skipIf(skipReason !== undefined)('an evaluation of a model through the stand-in', () => {
  beforeAll(async () => {
    // The server exactly as `pnpm start` runs it: no limit raised.
    server = spawn(process.execPath, ['--max-semi-space-size=4', '--max-old-space-size=512', SERVER], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: server.stdout! });
    url = await new Promise<string>((resolve, reject) => {
      lines.on('line', (line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === 'listening' && entry.url) resolve(entry.url);
        } catch {
          // not a log line
        }
      });
      server!.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
  });
  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('season-2, all four games, --jobs 4, default server: interrupted, resumed, a closed complete scorecard', async () => {
    const stub: Stub = await startModelStub({
      rateLimitEvery: 97,
      retryAfter: '1',
      slow: [5],
      slowMs: 2500,
      malformedEvery: 61,
      illegalEvery: 89,
    });
    const out = join(dir, 'season');
    const args = ['agent', 'run', '--model', 'openai:stand-in', '--base-url', `${stub.url}/v1`, '--seeds', 'season-2', '--jobs', '4'];
    args.push('--out', out, '--server', url, '--name', 'stand-in-lab', '--timeout-ms', '1000', '--price-in', '0.5', '--price-out', '1.5');
    const began = performance.now();
    try {
      // Interrupted once some runs are recorded (Ctrl-C: SIGINT to the process).
      const first = spawn(process.execPath, [BIN, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      let stdout = '';
      first.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      first.stdout!.on('data', (d: Buffer) => {
        stdout += d.toString();
      });
      const exited = new Promise<number>((resolve) => first.once('exit', (code) => resolve(code ?? -1)));
      while (!existsSync(out) || records(out).length < 8) await new Promise((r) => setTimeout(r, 50));
      first.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toContain('run the same command again');
      expect(stderr).toContain('--model openai:stand-in');
      const recorded = records(out).length;
      expect(recorded).toBeGreaterThanOrEqual(8);
      expect(recorded).toBeLessThan(80);
      const card = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).id as string;
      expect((await api(`/api/scorecards/${card}`)).scorecard.closed).toBe(false);

      // Resumed: the recorded runs are not played again; the scorecard gets all 80 and is closed.
      const again = await hearth(args);
      const wall = (performance.now() - began) / 1000;
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain(`resuming: ${recorded} of 80 runs are recorded`);
      const report = await api(`/api/scorecards/${card}`);
      expect(report.scorecard.closed).toBe(true);
      expect(report.complete).toBe(true);
      expect(report.totals.runs).toBe(80);
      const prompts = JSON.parse((await hearth(['agent', 'prompts', '--json'])).stdout);
      const naive = prompts.prompts.find((p: any) => p.id === 'naive-v1');
      expect(report.scorecard.tags).toMatchObject({
        model: 'openai:stand-in',
        prompt: 'naive-v1',
        meta: { promptHash: naive.hash, mode: 'text', history: 4 },
      });
      expect(report.totals.usage.input).toBeGreaterThan(0);
      expect(report.cost.dollars).toBeCloseTo((report.totals.usage.input * 0.5 + report.totals.usage.output * 1.5) / 1e6, 6);
      // Malformed replies and refused actions were answered in the conversation and asked again, counted.
      expect(stub.stats.malformed).toBeGreaterThan(0);
      expect(stub.stats.illegal).toBeGreaterThan(0);
      expect(report.totals.retries).toBeGreaterThanOrEqual(1);
      expect(report.totals.refusals).toBe(report.totals.retries);
      expect(report.progress).toBeGreaterThan(5);
      // 429 with Retry-After: waited as asked; the slow reply: given up at the timeout and asked again.
      expect(stub.stats.rateLimited).toBeGreaterThan(0);
      expect(stderr + again.stderr).toContain('HTTP 429: slow down; retrying in 1.0 s');
      expect(stub.stats.slow).toBe(1);
      expect(stderr + again.stderr).toContain('no answer within 1 s');
      const figures = /model: (\d+) calls, (\d+) HTTP retries, (\d+) input and (\d+) output tokens/.exec(again.stdout);
      expect(figures).not.toBeNull();
      console.log(
        `stand-in season-2 evaluation: wall ${wall.toFixed(1)} s (interrupt and resume included), stand-in requests ${stub.stats.requests} (429s ${stub.stats.rateLimited}, slow ${stub.stats.slow}, malformed ${stub.stats.malformed}, illegal ${stub.stats.illegal}); the resumed part: ${figures![0]}; scorecard: ${report.totals.runs} runs, progress ${report.progress.toFixed(1)}, retries ${report.totals.retries}, tokens ${report.totals.usage.input}/${report.totals.usage.output}, prompt naive-v1 ${naive.hash}`,
      );

      // The same command once more, after it finished: nothing played or sent, no second scorecard.
      const third = await hearth(args);
      expect(third.code, third.stderr).toBe(0);
      expect(third.stderr).toContain(`scorecard ${card}`);
      expect(third.stderr).toContain('closed already: this evaluation is complete');
      const board = await api('/api/scorecards?kind=agent');
      expect([...board.rows, ...board.incomplete].filter((r: any) => r.player === 'stand-in-lab').map((r: any) => r.scorecard)).toEqual([
        card,
      ]);

      // Transcripts: in every model line of the records, and served with the scorecard's records.
      const one = records(out).find((f) => f.startsWith('cragwake-'))!;
      const lines = readFileSync(join(out, one), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const steps = lines.slice(1, -1);
      expect(steps.every((s: any) => Array.isArray(s.transcript?.sent) && typeof s.transcript.reply === 'string')).toBe(true);
      expect(steps[0].transcript.sent[0].role).toBe('system');
      expect(steps[0].transcript.reasoning).toMatch(/lines read/);
      const seed = Number(one.slice('cragwake-'.length, -'.jsonl'.length));
      const served = await (await fetch(`${url}/api/scorecards/${card}/records/cragwake/${seed}`)).text();
      expect(served.split('\n')[1]).toContain('"transcript"');
      // Any record replays to its score.
      const verified = await hearth(['verify', join(out, one), '--json']);
      expect(verified.code, verified.stderr).toBe(0);
      expect(JSON.parse(verified.stdout).score).toBe(lines[lines.length - 1].score);
      // The runs are the model's (agent runs), never a person's on the per-game boards.
      const runId = report.games[0].perSeed[0].runId;
      expect(await api(`/api/runs/${runId}`)).toMatchObject({ kind: 'agent', agent: expect.stringContaining('openai:stand-in') });
      // 80 runs at --jobs 4 leave no listener piling up on the run's abort signal.
      expect(stderr + again.stderr).not.toContain('MaxListenersExceededWarning');
      // The key reached the API, and nothing else: not the records, not the output.
      expect([...stub.keys]).toEqual([`Bearer ${KEY}`]);
      for (const f of readdirSync(out)) expect(readFileSync(join(out, f), 'utf8')).not.toContain(KEY);
      expect(stderr + stdout + again.stdout + again.stderr).not.toContain(KEY);
      expect(JSON.stringify(report)).not.toContain(KEY);
    } finally {
      await stub.close();
    }
  }, 600_000);

  it('the Anthropic Messages adapter in tool mode with the few-shot prompt', async () => {
    const stub = await startModelStub({ malformedEvery: 13 });
    try {
      const out = join(dir, 'anthropic');
      const r = await hearth([
        'agent',
        'run',
        '--model',
        'anthropic:stand-in',
        '--base-url',
        stub.url,
        '--mode',
        'tools',
        '--prompt',
        'few-shot-v1',
        '--game',
        'lantern-volley,sunloaf',
        '--seeds',
        'season-2',
        '--max-seeds',
        '2',
        '--jobs',
        '2',
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(stub.stats.anthropic).toBe(stub.stats.requests);
      expect(stub.stats.tools).toBe(stub.stats.requests);
      const lines = records(out).flatMap((f) =>
        readFileSync(join(out, f), 'utf8')
          .trim()
          .split('\n')
          .slice(1, -1)
          .map((l) => JSON.parse(l)),
      );
      const called = lines.filter((s) => s.transcript?.toolCall);
      expect(called.length).toBeGreaterThan(0);
      expect(called.every((s) => s.transcript.toolCall.name === 'act' && s.ok)).toBe(true);
      expect(lines.some((s) => s.reason === 'malformed_reply' && s.transcript.error.includes('tool'))).toBe(true);
      expect(lines[0].transcript.sent[0].content).toContain('Worked steps');
      expect(lines.every((s) => s.usage?.input > 0)).toBe(true);
    } finally {
      await stub.close();
    }
  }, 300_000);

  it('two shards fill one scorecard; it stays open while other games are missing', async () => {
    const stub = await startModelStub();
    try {
      const opened = await hearth(['scorecard', 'open', '--server', url, '--name', 'shard-lab', '--model', 'openai:stand-in', '--json']);
      expect(opened.code, opened.stderr).toBe(0);
      const id = JSON.parse(opened.stdout).scorecard.id as string;
      const out = join(dir, 'shards');
      const shard = (k: string, extra: Record<string, string> = {}) =>
        hearth(
          [
            'agent',
            'run',
            '--model',
            'openai:stand-in',
            '--base-url',
            `${stub.url}/v1`,
            '--game',
            'lantern-volley',
            '--seeds',
            'season-2',
            '--shard',
            k,
            '--out',
            out,
            '--server',
            url,
            '--name',
            'shard-lab',
            '--scorecard',
            id,
            '--jobs',
            '2',
          ],
          extra,
        );
      const [a, b] = await Promise.all([shard('0/2'), shard('auto', { SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '2' })]);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      expect(a.stderr).toContain('shard 0 of 2: 10 of');
      expect(b.stderr).toContain('shard 1 of 2: 10 of');
      const report = await api(`/api/scorecards/${id}`);
      expect(report.games.find((g: any) => g.game === 'lantern-volley').played).toBe(20);
      expect(report.totals.runs).toBe(20);
      expect(report.scorecard.closed).toBe(false);
      expect(a.stderr + b.stderr).toContain('stays open');

      // Without --scorecard, shards sharing --out agree on one: the first opens it, the other waits for its id.
      const shared = join(dir, 'shared');
      const lone = (k: string) =>
        hearth([
          ...[
            'agent',
            'run',
            '--model',
            'openai:stand-in',
            '--base-url',
            `${stub.url}/v1`,
            '--game',
            'sunloaf',
            '--seeds',
            'season-2',
            '--max-seeds',
            '6',
          ],
          ...['--shard', k, '--out', shared, '--server', url, '--name', 'shard-lab-2'],
        ]);
      const [c, e] = await Promise.all([lone('0/2'), lone('1/2')]);
      expect(c.code, c.stderr).toBe(0);
      expect(e.code, e.stderr).toBe(0);
      const id2 = JSON.parse(readFileSync(join(shared, 'scorecard.json'), 'utf8')).id as string;
      expect((c.stderr + e.stderr).match(/opened on/g)).toHaveLength(1);
      expect((await api(`/api/scorecards/${id2}`)).totals.runs).toBe(6);
    } finally {
      await stub.close();
    }
  }, 300_000);
});
