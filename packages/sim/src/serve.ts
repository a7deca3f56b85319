// `hearth sim serve`: N games stepped together through one pipe, for vector environments in other languages
// (clients/python's hearth.gym). Each slot keeps one fast simulation handle; actions are indices of the game's
// fixed action space (spaces.ts); observations are the game's own tensor (Rules.tensor), encoded from the state into
// one float32 row per slot: no JSON observation is ever built.
//
// Out, first: the hello line { ok, protocol, game, envs, actions, observation, frame }. Then, for every line in:
//   { "reset": [[slot, seed], ...], "step": [k_0, ..., k_{N-1}], "text": true, "actions": true }
// (all optional; k = -1 leaves a slot alone; "step" may instead be a string: the N indices as little-endian int16,
// base64, which costs both sides far less than N decimal numbers): resets first, then steps; out: one header line
// { ok: true, bytes, refusals?, text?, actions? } followed by exactly `bytes` bytes of binary frame (layout in FRAME),
// or, for a line that cannot be read, { ok: false, reason, message } with no frame and nothing changed. `text` (or
// --text on every answer) adds each slot's text picture to the header; `actions` adds each slot's action as the
// game's JSON (null where the slot took none), for episode records. With --frame-file PATH the frame is written at
// the start of that file instead (an existing file, a client's in shared memory: /dev/shm on Linux) and the header
// says { ok: true, file: bytes, ... } with nothing after it: the frame crosses no pipe, and neither side copies it
// through one (the client maps the file).
// End of input ends the program (exit 0).
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { parseArgs as nodeParseArgs } from 'node:util';
import { type Game, type ObservationTensor, relativeLegalField, type Sim } from '@hearth/engine';
import { registry } from '@hearth/games';
import { unknownOption } from './options.ts';
import { playSeeds } from './play.ts';
import { randomPolicy } from './policy/random.ts';
import { type ActionCodec, actionCodec } from './spaces.ts';
import { VectorSim } from './vector.ts';

export const PROTOCOL = 'hearth-batch/3';

export const serveUsage = `hearth sim serve --game <slug> [--envs N] [--max-turns T] [--obs arrays|none] [--text] [--kernel wasm|js]
                [--frame-file PATH]
    N games through one pipe: a line of N action indices in, a header line and one binary frame of N results out
    (protocol ${PROTOCOL}, clients/python's hearth.gym). Observations are the game's tensor (float32 rows);
    --obs none sends rewards, scores and masks only; --text adds every slot's text picture to every answer;
    --frame-file writes each frame at the start of PATH (an existing file, sized here) instead of the pipe
    (a file that cannot be opened leaves them on the pipe: the hello's frame.transport says which).
hearth sim serve --game <slug> --bench SECONDS
    the simulator's in-process rate for comparison: the runner loop (playSeeds, random policy), as JSON`;

const OPTIONS = {
  game: 'string',
  envs: 'string',
  'max-turns': 'string',
  obs: 'string',
  text: 'boolean',
  'frame-file': 'string',
  kernel: 'string',
  bench: 'string',
  help: 'boolean',
} as const;

class UsageError extends Error {}

/**
 * The binary frame after each answer's header line, little-endian, sections in this order, each N long (N x the
 * size given where there is one): float64 reward, score, turns; obs (N x observation.size, absent with --obs
 * none) in `observation.wire`: int8 when every field of the tensor is int8 (a quarter of the bytes), else float32;
 * uint8 terminated, truncated, refused, running, mask (N x actions.size). Every section starts at a multiple of its
 * element size.
 */
export const FRAME = {
  float64: ['reward', 'score', 'turns'],
  wire: ['obs'],
  uint8: ['terminated', 'truncated', 'refused', 'running', 'mask'],
} as const;

const REQUEST_FIELDS = ['reset', 'step', 'text', 'actions'];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

interface Refused {
  slot: number;
  reason: string;
  message: string;
}

/** The batch: N slots over one game, each a fast handle, with the frame's typed arrays allocated once. */
export class BatchServer {
  readonly actions: ActionCodec;
  readonly tensor: ObservationTensor;
  private readonly sims: (Sim<unknown, unknown> | null)[];
  /** The frame: every section below is a view on it. */
  readonly frame: Uint8Array;
  readonly reward: Float64Array;
  readonly score: Float64Array;
  readonly turns: Float64Array;
  /** The observation rows as they travel: int8 or float32 (`wire`). */
  readonly obs: Int8Array | Float32Array;
  readonly wire: 'int8' | 'float32';
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  readonly refused: Uint8Array;
  readonly running: Uint8Array;
  readonly mask: Uint8Array;
  readonly obsSize: number;
  private readonly candidates: number[];
  /**
   * Where the relative part of a running slot's mask is read from its encoded row, when the game declares it
   * (`relativeActions.legal`) and observations are on: the field's place, its length, and the other legal actions.
   */
  private readonly legalFrom: { at: number; count: number; others(state: unknown): readonly unknown[] } | null;

  constructor(
    readonly game: Game,
    readonly envs: number,
    readonly options: { maxTurns?: number; obs?: boolean; text?: boolean } = {},
  ) {
    this.actions = actionCodec(game);
    const tensor = game.rules.tensor;
    if (!tensor) throw new Error(`${game.slug} declares no observation tensor (rules.tensor): it cannot be served`);
    this.tensor = tensor;
    this.obsSize = options.obs === false ? 0 : tensor.size;
    this.wire = tensor.fields.every((f) => f.dtype === 'int8') ? 'int8' : 'float32';
    const width = this.wire === 'int8' ? 1 : 4;
    const k = this.actions.size;
    const bytes = envs * 3 * 8 + envs * this.obsSize * width + envs * (4 + k);
    const buffer = new ArrayBuffer(bytes);
    this.frame = new Uint8Array(buffer);
    let at = 0;
    const f64 = (n: number) => {
      const a = new Float64Array(buffer, at, n);
      at += n * 8;
      return a;
    };
    const u8 = (n: number) => {
      const a = new Uint8Array(buffer, at, n);
      at += n;
      return a;
    };
    this.reward = f64(envs);
    this.score = f64(envs);
    this.turns = f64(envs);
    this.obs = width === 1 ? new Int8Array(buffer, at, envs * this.obsSize) : new Float32Array(buffer, at, envs * this.obsSize);
    at += envs * this.obsSize * width;
    this.terminated = u8(envs);
    this.truncated = u8(envs);
    this.refused = u8(envs);
    this.running = u8(envs);
    this.mask = u8(envs * k);
    this.sims = new Array(envs).fill(null);
    this.candidates = Array.from({ length: k }, (_, i) => i);
    this.legalFrom = null;
    const legal = this.obsSize > 0 ? relativeLegalField(game.rules) : null;
    if (typeof legal === 'string') throw new Error(`${game.slug}: ${legal}`);
    if (legal) this.legalFrom = { at: legal.offset, count: legal.size, others: game.rules.relativeActions!.legal!.others };
  }

  /** The hello line; `transport` says where the frames go (`file`: the --frame-file). */
  hello(transport: 'pipe' | 'file' = 'pipe'): Record<string, unknown> {
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
      observation: { size: this.obsSize, wire: this.wire, fields: this.obsSize > 0 ? this.tensor.fields : [] },
      frame: { bytes: this.frame.byteLength, transport, ...FRAME },
    };
  }

  /** Checks a request whole before anything changes: the resets and the actions, or why the line is refused. */
  parse(request: unknown): { resets: [number, number][]; step: ArrayLike<number> | null; text: boolean; actions: boolean } | string {
    if (request === null || typeof request !== 'object' || Array.isArray(request))
      return 'a line must be a JSON object { "reset"?: [[slot, seed], ...], "step"?: [index per slot], "text"?: true, "actions"?: true }';
    const r = request as Record<string, unknown>;
    for (const key of Object.keys(r)) if (!REQUEST_FIELDS.includes(key)) return `unknown field "${key}": send ${REQUEST_FIELDS.join(', ')}`;
    if (r.text !== undefined && typeof r.text !== 'boolean') return 'text must be true or false';
    if (r.actions !== undefined && typeof r.actions !== 'boolean') return 'actions must be true or false';
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
    let step: ArrayLike<number> | null = null;
    if (r.step !== undefined) {
      step = typeof r.step === 'string' ? this.packedStep(r.step) : Array.isArray(r.step) && r.step.length === this.envs ? r.step : null;
      if (step === null)
        return `step must be a list of ${this.envs} action indices (-1 leaves a slot alone), or those indices as ${this.envs} little-endian int16 in base64 (${4 * Math.ceil((2 * this.envs) / 3)} characters)`;
      for (let i = 0; i < this.envs; i++) {
        const k = step[i];
        if (!Number.isInteger(k) || (k as number) < -1 || (k as number) >= this.actions.size)
          return `step index ${JSON.stringify(k)} (slot ${i}) is not -1 or an action index in 0..${this.actions.size - 1}`;
      }
    }
    return { resets, step, text: r.text === true, actions: r.actions === true };
  }

  /** A packed step: exactly N little-endian int16 in canonical base64 (anything else: null, the line is refused). */
  private packedStep(text: string): Int16Array | null {
    if (text.length !== 4 * Math.ceil((2 * this.envs) / 3) || !BASE64.test(text)) return null;
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length !== 2 * this.envs) return null;
    const step = new Int16Array(this.envs);
    for (let i = 0; i < this.envs; i++) step[i] = bytes.readInt16LE(2 * i);
    return step;
  }

  /** The action each slot took in the last batch, as the game's JSON (null: none), when `run` was asked to keep them. */
  played: unknown[] | null = null;

  /** Applies a parsed request and fills the frame; returns the refusals of this batch. */
  run(resets: readonly [number, number][], step: ArrayLike<number> | null, keepActions = false): Refused[] {
    this.played = keepActions ? new Array(this.envs).fill(null) : null;
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
    // Every step, then every row, then every mask (rows before masks: a game may declare its mask's relative part
    // in its row, relativeActions.legal). One pass per slot measured slower.
    const refusals: Refused[] = [];
    if (step)
      for (let i = 0; i < this.envs; i++) {
        const k = step[i]!;
        if (k >= 0 && !reset[i]) this.stepSlot(i, k, refusals);
      }
    if (this.obsSize > 0) for (let i = 0; i < this.envs; i++) this.encodeSlot(i);
    for (let i = 0; i < this.envs; i++) this.maskSlot(i);
    return refusals;
  }

  /** Plays index k in slot i, or records why not; the slot's answer fields follow. */
  private stepSlot(i: number, k: number, refusals: Refused[]): void {
    const sim = this.sims[i];
    if (!sim || !this.running[i]) {
      this.refused[i] = 1;
      refusals.push({ slot: i, reason: 'not_running', message: `slot ${i} has no game in progress: reset it first` });
      return;
    }
    const action = this.actions.decode(k, sim.state);
    if (this.played) this.played[i] = action;
    // The mask this slot was last answered with is the legal set of its position: an index it marks needs no
    // second check (the rules' refuse), anything else goes through it and may be refused.
    if (this.mask[i * this.actions.size + k] === 1) {
      sim.stepTrusted(action);
    } else {
      const refusal = sim.step(action);
      if (refusal) {
        this.refused[i] = 1;
        refusals.push({ slot: i, reason: refusal.reason, message: refusal.message });
        return;
      }
    }
    const score = sim.score();
    this.reward[i] = score - this.score[i]!;
    this.score[i] = score;
    this.turns[i]!++;
    if (sim.gameOver()) this.terminated[i] = 1;
    else if (this.options.maxTurns !== undefined && this.turns[i]! >= this.options.maxTurns) this.truncated[i] = 1;
    if (this.terminated[i] || this.truncated[i]) this.running[i] = 0;
  }

  /** Slot i's row: the game's tensor of its state, zeros for a slot never reset. */
  private encodeSlot(i: number): void {
    const n = this.obsSize;
    const sim = this.sims[i];
    if (sim) this.tensor.encode(sim.state, this.obs, i * n);
    else this.obs.fill(0, i * n, i * n + n);
  }

  /** Slot i's mask: a 1 at the index of every legal action; a game whose legal list is empty by design is checked per index. */
  private maskSlot(i: number): void {
    const k = this.actions.size;
    const row = i * k;
    this.mask.fill(0, row, row + k);
    const sim = this.sims[i];
    if (!sim || !this.running[i]) return;
    if (this.legalFrom && this.markFromRow(sim.state, i, row, this.legalFrom)) return;
    const legal = sim.legalActions();
    if (legal.length > 0) this.mark(legal, sim.state, row);
    else
      for (const j of this.candidates)
        if (this.game.rules.refuse(sim.state, this.actions.decode(j, sim.state)) === null) this.mask[row + j] = 1;
  }

  /**
   * The relative part of slot i's mask from its encoded row, then the other legal actions; false (nothing marked)
   * when neither has any, and the slot goes the general way.
   */
  private markFromRow(state: unknown, i: number, row: number, from: NonNullable<BatchServer['legalFrom']>): boolean {
    const obs = this.obs;
    const mask = this.mask;
    const at = i * this.obsSize + from.at;
    let marked = false;
    for (let j = 0; j < from.count; j++)
      if (obs[at + j] !== 0) {
        mask[row + j] = 1;
        marked = true;
      }
    const others = from.others(state);
    if (others.length === 0) return marked;
    this.mark(others, state, row);
    return true;
  }

  /** Marks legal actions in the mask row; one without an index in the space is the game's error. */
  private mark(legal: readonly unknown[], state: unknown, row: number): void {
    const missing = this.actions.markLegal(legal, state, this.mask, row);
    if (missing !== undefined)
      throw new Error(`${this.game.slug}: legal action ${JSON.stringify(missing)} has no index in the action space`);
  }

  texts(): (string | null)[] {
    return this.sims.map((sim) => (sim ? this.game.rules.observe(sim.state).text : null));
  }

  /** The header line of an answer (without the newline): the frame follows it, or is in the frame file (`inFile`). */
  header(refusals: readonly Refused[], text: boolean, inFile = false): string {
    let line = `{"ok":true,"${inFile ? 'file' : 'bytes'}":${this.frame.byteLength}`;
    if (refusals.length > 0) line += `,"refusals":${JSON.stringify(refusals)}`;
    if (this.played) line += `,"actions":${JSON.stringify(this.played)}`;
    if (text || this.options.text) line += `,"text":${JSON.stringify(this.texts())}`;
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
  const syncPipe = io.output === process.stdout && process.platform === 'linux';
  try {
    server = new BatchServer(game, envs, { maxTurns, obs: flags.obs !== 'none', text: flags.text === true });
  } catch (error) {
    io.error.write(`sim serve: ${(error as Error).message}\n`);
    return 1;
  }
  // The frame file: the client made it; it is sized here, and every frame is written at its start. One this
  // process cannot open (a wrapper in HEARTH_NODE may run it in another file system) leaves the frames on the pipe,
  // as the hello's frame.transport tells the client, with the reason on stderr.
  let frameFile: number | undefined;
  if (typeof flags['frame-file'] === 'string') {
    try {
      frameFile = openSync(flags['frame-file'], 'r+');
      ftruncateSync(frameFile, server.frame.byteLength);
    } catch (error) {
      if (frameFile !== undefined) closeSync(frameFile);
      frameFile = undefined;
      io.error.write(`sim serve: --frame-file ${flags['frame-file']}: ${(error as Error).message}; the frames go through the pipe\n`);
    }
  }
  try {
    return await answer(server, io, syncPipe, frameFile);
  } finally {
    if (frameFile !== undefined) closeSync(frameFile);
  }
}

/** The hello line, then an answer to every line of input until its end (exit code 0). */
async function answer(
  server: BatchServer,
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream },
  syncPipe: boolean,
  frameFile: number | undefined,
): Promise<number> {
  let closed = false;
  io.output.on('error', () => {
    closed = true; // the reader went away (EPIPE): stop quietly
  });
  // A pipe on Linux is written synchronously; on anything slower the frame is copied so the next batch cannot
  // overwrite it while it is still queued.
  const write = async (chunk: string | Uint8Array) => {
    if (closed) return;
    if (!io.output.write(chunk)) await new Promise<void>((resolve) => io.output.once('drain', () => resolve()));
  };
  await write(`${JSON.stringify(server.hello(frameFile === undefined ? 'pipe' : 'file'))}\n`);
  const lines = createInterface({ input: io.input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (closed) break;
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch (error) {
      await write(`${JSON.stringify({ ok: false, reason: 'invalid_json', message: `not JSON: ${(error as Error).message}` })}\n`);
      continue;
    }
    const parsed = server.parse(request);
    if (typeof parsed === 'string') {
      await write(`${JSON.stringify({ ok: false, reason: 'bad_request', message: parsed })}\n`);
      continue;
    }
    let header: string;
    try {
      header = server.header(server.run(parsed.resets, parsed.step, parsed.actions), parsed.text, frameFile !== undefined);
      // Written before the header: the client reads the file once the header has come. A short write (a full
      // /dev/shm) would leave the client reading half a frame: it is this answer's internal error instead.
      if (frameFile !== undefined) {
        const wrote = writeSync(frameFile, server.frame, 0, server.frame.byteLength, 0);
        if (wrote !== server.frame.byteLength) throw new Error(`the frame file took ${wrote} of ${server.frame.byteLength} bytes`);
      }
    } catch (error) {
      await write(`${JSON.stringify({ ok: false, reason: 'internal_error', message: (error as Error).message })}\n`);
      continue;
    }
    if (frameFile !== undefined) {
      await write(`${header}\n`);
      continue;
    }
    // The header and the frame in one writev.
    const out = io.output as Writable;
    out.cork();
    const a = out.write(`${header}\n`);
    const b = out.write(syncPipe ? server.frame : server.frame.slice());
    out.uncork();
    if (!(a && b) && !closed) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  return 0;
}
