// `hearth sim serve`: N games stepped together through one pipe, one line per batch, for vector environments
// in other languages (clients/python's hearth.gym). Each slot keeps one fast simulation handle; actions are
// indices of the game's fixed action space (spaces.ts), answers are one base64 buffer of typed arrays.
//
// Out, first: the hello line { ok, protocol, game, envs, actions, observation, layout }. Then, for every line in:
//   { "reset": [[slot, seed], ...], "step": [k_0, ..., k_{N-1}] }   (both optional; k = -1 leaves a slot alone)
// resets first, then steps; one line out: { ok: true, buf, refusals?, text? } or, for a line that cannot be
// read, { ok: false, reason, message } with nothing changed. End of input ends the program (exit 0).
import { createInterface } from 'node:readline';
import { parseArgs as nodeParseArgs } from 'node:util';
import type { Game, Sim } from '@hearth/engine';
import { registry } from '@hearth/games';
import { unknownOption } from './options.ts';
import { playSeeds } from './play.ts';
import { randomPolicy } from './policy/random.ts';
import { type ActionCodec, actionCodec, type ObservationCodec, observationCodec } from './spaces.ts';
import { VectorSim } from './vector.ts';

export const PROTOCOL = 'hearth-batch/1';

export const serveUsage = `hearth sim serve --game <slug> [--envs N] [--max-turns T] [--obs arrays|none] [--text] [--kernel wasm|js]
    N games through one pipe: a line of N action indices in, one line of N results out (protocol ${PROTOCOL},
    clients/python's hearth.gym). --obs none sends rewards, scores and masks only; --text adds observation.text.
hearth sim serve --game <slug> --bench SECONDS
    the simulator's in-process rate for comparison: the runner loop (playSeeds, random policy), as JSON`;

const OPTIONS = {
  game: 'string',
  envs: 'string',
  'max-turns': 'string',
  obs: 'string',
  text: 'boolean',
  kernel: 'string',
  bench: 'string',
  help: 'boolean',
} as const;

class UsageError extends Error {}

/**
 * Layout of the answer buffer: float64 sections, then 8-bit sections, each N (or N x size) long, in this order.
 * `obs` holds the observation fields whose `wire` is f64 (N x observation.wide), `obs8` (int8) those whose `wire`
 * is i8 (N x observation.narrow), each at its `wireOffset` in an environment's row.
 */
export const LAYOUT = {
  float64: ['reward', 'score', 'turns', 'obs'],
  uint8: ['terminated', 'truncated', 'refused', 'running', 'mask', 'obs8'],
} as const;

interface Refused {
  slot: number;
  reason: string;
  message: string;
}

/** The batch: N slots over one game, each a fast handle, with the answer's typed arrays allocated once. */
export class BatchServer {
  readonly actions: ActionCodec;
  readonly observation: ObservationCodec;
  private readonly sims: (Sim<unknown, unknown> | null)[];
  private readonly buffer: ArrayBuffer;
  readonly reward: Float64Array;
  readonly score: Float64Array;
  readonly turns: Float64Array;
  readonly obs: Float64Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  readonly refused: Uint8Array;
  readonly running: Uint8Array;
  readonly mask: Uint8Array;
  readonly obs8: Int8Array;
  private readonly obsSize: number;
  private readonly wide: number;
  private readonly narrow: number;
  private readonly candidates: number[];

  constructor(
    readonly game: Game,
    readonly envs: number,
    readonly options: { maxTurns?: number; obs?: boolean; text?: boolean } = {},
  ) {
    this.actions = actionCodec(game);
    this.observation = observationCodec(game.spec.observationSchema);
    this.obsSize = options.obs === false ? 0 : this.observation.size;
    this.wide = this.obsSize > 0 ? this.observation.wide : 0;
    this.narrow = this.obsSize > 0 ? this.observation.narrow : 0;
    const k = this.actions.size;
    const f64 = envs * (3 + this.wide);
    const u8 = envs * (4 + k + this.narrow);
    this.buffer = new ArrayBuffer(f64 * 8 + u8);
    let at = 0;
    const f = (n: number) => {
      const a = new Float64Array(this.buffer, at, n);
      at += n * 8;
      return a;
    };
    const b = (n: number) => {
      const a = new Uint8Array(this.buffer, at, n);
      at += n;
      return a;
    };
    this.reward = f(envs);
    this.score = f(envs);
    this.turns = f(envs);
    this.obs = f(envs * this.wide);
    this.terminated = b(envs);
    this.truncated = b(envs);
    this.refused = b(envs);
    this.running = b(envs);
    this.mask = b(envs * k);
    this.obs8 = new Int8Array(this.buffer, at, envs * this.narrow);
    this.sims = new Array(envs).fill(null);
    this.candidates = Array.from({ length: k }, (_, i) => i);
  }

  hello(): Record<string, unknown> {
    return {
      ok: true,
      protocol: PROTOCOL,
      game: this.game.slug,
      name: this.game.name,
      version: this.game.spec.version,
      envs: this.envs,
      maxTurns: this.options.maxTurns ?? null,
      text: this.options.text === true,
      actions: { size: this.actions.size, labels: this.actions.labels, runEnding: this.actions.runEnding },
      observation: {
        size: this.obsSize,
        wide: this.wide,
        narrow: this.narrow,
        fields: this.obsSize > 0 ? this.observation.fields : [],
        omitted: this.observation.omitted,
      },
      layout: LAYOUT,
    };
  }

  /** Checks a request whole before anything changes: the resets and the actions, or why the line is refused. */
  parse(request: unknown): { resets: [number, number][]; step: number[] | null } | string {
    if (request === null || typeof request !== 'object' || Array.isArray(request))
      return 'a line must be a JSON object { "reset"?: [[slot, seed], ...], "step"?: [index per slot] }';
    const r = request as Record<string, unknown>;
    for (const key of Object.keys(r)) if (key !== 'reset' && key !== 'step') return `unknown field "${key}": send reset and/or step`;
    const resets: [number, number][] = [];
    if (r.reset !== undefined) {
      if (!Array.isArray(r.reset)) return 'reset must be a list of [slot, seed] pairs';
      for (const pair of r.reset) {
        if (!Array.isArray(pair) || pair.length !== 2) return 'reset must be a list of [slot, seed] pairs';
        const [slot, seed] = pair as [unknown, unknown];
        if (!Number.isInteger(slot) || (slot as number) < 0 || (slot as number) >= this.envs)
          return `reset slot ${JSON.stringify(slot)} is not in 0..${this.envs - 1}`;
        if (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > 0xffffffff)
          return `reset seed ${JSON.stringify(seed)} is not an integer from 0 to 4294967295`;
        resets.push([slot as number, seed as number]);
      }
    }
    let step: number[] | null = null;
    if (r.step !== undefined) {
      if (!Array.isArray(r.step) || r.step.length !== this.envs)
        return `step must be a list of ${this.envs} action indices (-1 leaves a slot alone)`;
      for (const k of r.step)
        if (!Number.isInteger(k) || (k as number) < -1 || (k as number) >= this.actions.size)
          return `step index ${JSON.stringify(k)} is not -1 or an action index in 0..${this.actions.size - 1}`;
      step = r.step as number[];
    }
    return { resets, step };
  }

  /** Applies a parsed request and fills the answer arrays; returns the refusals of this batch. */
  run(resets: readonly [number, number][], step: readonly number[] | null): Refused[] {
    this.reward.fill(0);
    this.refused.fill(0);
    const reset = new Uint8Array(this.envs);
    for (const [slot, seed] of resets) {
      this.sims[slot] ??= this.game.createSim();
      const sim = this.sims[slot];
      sim.reset(seed);
      reset[slot] = 1;
      this.turns[slot] = 0;
      this.score[slot] = sim.score();
      this.terminated[slot] = sim.gameOver() ? 1 : 0;
      this.truncated[slot] = !this.terminated[slot] && this.options.maxTurns !== undefined && this.options.maxTurns <= 0 ? 1 : 0;
      this.running[slot] = this.terminated[slot] || this.truncated[slot] ? 0 : 1;
    }
    const refusals: Refused[] = [];
    if (step)
      for (let i = 0; i < this.envs; i++) {
        const k = step[i]!;
        if (k < 0 || reset[i]) continue;
        const sim = this.sims[i];
        if (!sim || !this.running[i]) {
          this.refused[i] = 1;
          refusals.push({ slot: i, reason: 'not_running', message: `slot ${i} has no game in progress: reset it first` });
          continue;
        }
        const refusal = sim.step(this.actions.decode(k, sim.state));
        if (refusal) {
          this.refused[i] = 1;
          refusals.push({ slot: i, reason: refusal.reason, message: refusal.message });
          continue;
        }
        const score = sim.score();
        this.reward[i] = score - this.score[i]!;
        this.score[i] = score;
        this.turns[i]!++;
        if (sim.gameOver()) this.terminated[i] = 1;
        else if (this.options.maxTurns !== undefined && this.turns[i]! >= this.options.maxTurns) this.truncated[i] = 1;
        if (this.terminated[i] || this.truncated[i]) this.running[i] = 0;
      }
    this.fillMasks();
    if (this.obsSize > 0)
      for (let i = 0; i < this.envs; i++) {
        const sim = this.sims[i];
        if (sim) this.observation.encodeWire(this.game.rules.observe(sim.state), this.obs8, i * this.narrow, this.obs, i * this.wide);
      }
    return refusals;
  }

  /** Row i has a 1 at the index of every legal action; a game whose legal list is empty by design is checked per index. */
  private fillMasks(): void {
    const k = this.actions.size;
    this.mask.fill(0);
    for (let i = 0; i < this.envs; i++) {
      const sim = this.sims[i];
      if (!sim || !this.running[i]) continue;
      const legal = sim.legalActions();
      const row = i * k;
      if (legal.length > 0) {
        const missing = this.actions.markLegal(legal, sim.state, this.mask, row);
        if (missing !== undefined)
          throw new Error(`${this.game.slug}: legal action ${JSON.stringify(missing)} has no index in the action space`);
      } else
        for (const j of this.candidates)
          if (this.game.rules.refuse(sim.state, this.actions.decode(j, sim.state)) === null) this.mask[row + j] = 1;
    }
  }

  texts(): (string | null)[] {
    return this.sims.map((sim) => (sim ? this.game.rules.observe(sim.state).text : null));
  }

  /** One answer line (without the newline). The base64 (no character JSON escapes) is spliced in, not re-serialised. */
  answer(refusals: readonly Refused[]): string {
    let line = `{"ok":true,"buf":"${Buffer.from(this.buffer).toString('base64')}"`;
    if (refusals.length > 0) line += `,"refusals":${JSON.stringify(refusals)}`;
    if (this.options.text) line += `,"text":${JSON.stringify(this.texts())}`;
    return `${line}}`;
  }
}

function parse(argv: readonly string[]): Record<string, string | boolean | undefined> {
  const known = Object.keys(OPTIONS);
  for (const a of argv) {
    if (!a.startsWith('--')) continue;
    const name = a.slice(2).split('=')[0]!;
    if (!(name in OPTIONS)) throw new UsageError(unknownOption(`--${name}`, known));
  }
  try {
    const options = Object.fromEntries(Object.entries(OPTIONS).map(([k, type]) => [k, { type }]));
    return nodeParseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | boolean | undefined
    >;
  } catch (error) {
    throw new UsageError((error as Error).message.split('. To specify')[0]!);
  }
}

const positive = (v: string | boolean | undefined, name: string, min = 1): number | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v) || Number(v) < min) throw new UsageError(`--${name} must be a number >= ${min}`);
  return Number(v);
};

/**
 * The runner's in-process rate (playSeeds with the random policy on one VectorSim held for the whole run, as a
 * worker holds it and as `pnpm bench` measures it): half a second of play to warm the JIT, then `seconds` of it.
 */
export function benchInProcess(game: Game, seconds: number): { steps: number; games: number; seconds: number; cpuSeconds: number } {
  const factory = randomPolicy(game);
  const env = new VectorSim(game, 1, { maxTurns: 2000 });
  let next = 1;
  const play = (ms: number) => {
    let steps = 0;
    let games = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < ms) {
      const seeds = Array.from({ length: 64 }, () => next++);
      for (const r of playSeeds(game, factory, seeds, { policyName: 'random', env })) {
        steps += r.turns;
        games++;
      }
    }
    return { steps, games };
  };
  play(500);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { steps, games } = play(seconds * 1000);
  const cpu = process.cpuUsage(cpu0);
  return { steps, games, seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** `hearth sim serve ...`: exit 0 at end of input, 1 when the game cannot be served, 2 on a usage error. */
export async function serveMain(
  argv: readonly string[],
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; error: NodeJS.WritableStream } = {
    input: process.stdin,
    output: process.stdout,
    error: process.stderr,
  },
): Promise<number> {
  let flags: Record<string, string | boolean | undefined>;
  try {
    flags = parse(argv);
    if (flags.help) {
      io.output.write(`${serveUsage}\n`);
      return 0;
    }
    if (typeof flags.game !== 'string') throw new UsageError('serve needs --game <slug>');
    if (flags.obs !== undefined && flags.obs !== 'arrays' && flags.obs !== 'none') throw new UsageError('--obs must be arrays or none');
    if (flags.kernel !== undefined && flags.kernel !== 'wasm' && flags.kernel !== 'js') throw new UsageError('--kernel must be wasm or js');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error.write(`sim serve: ${error.message}\n\n${serveUsage}\n`);
    return 2;
  }
  const game = await registry.load(flags.game, { kernel: flags.kernel === 'js' ? 'js' : 'wasm' });
  if (!game) {
    io.error.write(`sim serve: unknown game "${flags.game}"; games: ${registry.slugs.join(', ')}\n`);
    return 1;
  }
  let envs: number;
  let maxTurns: number | undefined;
  let bench: number | undefined;
  try {
    envs = positive(flags.envs, 'envs') ?? 1;
    if (!Number.isInteger(envs) || envs > 65536) throw new UsageError('--envs must be an integer from 1 to 65536');
    maxTurns = positive(flags['max-turns'], 'max-turns');
    bench = positive(flags.bench, 'bench', 0.1);
  } catch (error) {
    io.error.write(`sim serve: ${(error as Error).message}\n`);
    return 2;
  }
  if (bench !== undefined) {
    const r = benchInProcess(game, bench);
    io.output.write(
      `${JSON.stringify({ game: game.slug, ...r, stepsPerSecond: r.steps / r.seconds, stepsPerCpuSecond: r.steps / r.cpuSeconds })}\n`,
    );
    return 0;
  }
  let server: BatchServer;
  try {
    server = new BatchServer(game, envs, { maxTurns, obs: flags.obs !== 'none', text: flags.text === true });
  } catch (error) {
    io.error.write(`sim serve: ${(error as Error).message}\n`);
    return 1;
  }
  let closed = false;
  io.output.on('error', () => {
    closed = true; // the reader went away (EPIPE): stop quietly
  });
  const write = async (line: string) => {
    if (closed) return;
    if (!io.output.write(`${line}\n`)) await new Promise<void>((resolve) => io.output.once('drain', () => resolve()));
  };
  await write(JSON.stringify(server.hello()));
  const lines = createInterface({ input: io.input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (closed) break;
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch (error) {
      await write(JSON.stringify({ ok: false, reason: 'invalid_json', message: `not JSON: ${(error as Error).message}` }));
      continue;
    }
    const parsed = server.parse(request);
    if (typeof parsed === 'string') {
      await write(JSON.stringify({ ok: false, reason: 'bad_request', message: parsed }));
      continue;
    }
    let answer: string;
    try {
      answer = server.answer(server.run(parsed.resets, parsed.step));
    } catch (error) {
      answer = JSON.stringify({ ok: false, reason: 'internal_error', message: (error as Error).message });
    }
    await write(answer);
  }
  return 0;
}
