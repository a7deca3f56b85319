// pnpm bench: engine steps per second through the fast simulation handle (every scrolling step runs
// the kernel's world step and the survivability search + repair), and survivability checks per second
// on the WASM kernel vs the JavaScript build of the same module, printed as ratios from this one run.
import { Stream, streamId } from '@hearth/rng';
import { createGame, instantiateKernel, type StormlarkKernel } from '../src/index.ts';
import { action } from '../src/rules.ts';
import { load, type RandomBoard, randomBoard } from '../test/boards.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

/**
 * Runs fn for SECONDS of wall time. The rate is per CPU-second of this process (user + system), so
 * the figure stays meaningful when other processes share the cores; wall-clock rates are kept too.
 */
const wall: number[] = [];
function timeFor(fn: () => number): { ops: number; secs: number } {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let ops = 0;
  while (performance.now() - start < SECONDS * 1000) ops += fn();
  const cpu = process.cpuUsage(cpu0);
  wall.push(ops / ((performance.now() - start) / 1000));
  return { ops, secs: (cpu.user + cpu.system) / 1e6 };
}

/** Random legal play (no END_RUN; NEXT_REACH at every Gate), new seed at game over. */
function stepsPerSecond(kernel: StormlarkKernel): number {
  const game = createGame(kernel);
  const sim = game.createSim();
  const stream = new Stream(1, streamId('stormlark-bench'));
  const moves = [action('UP'), action('DOWN'), action('FIRE'), action('VENT'), action('VENT')];
  let seed = 0;
  sim.reset(seed);
  // warm up
  for (let i = 0; i < 20_000; i++) {
    if (sim.gameOver()) sim.reset(++seed);
    else if (sim.state.phase === 'reachClear') sim.stepTrusted(action('NEXT_REACH'));
    else if (sim.step(moves[stream.below(5)]!)) sim.stepTrusted(action('VENT'));
  }
  const { ops, secs } = timeFor(() => {
    for (let i = 0; i < 1000; i++) {
      if (sim.gameOver()) sim.reset(++seed);
      else if (sim.state.phase === 'reachClear') sim.stepTrusted(action('NEXT_REACH'));
      else if (sim.step(moves[stream.below(5)]!)) sim.stepTrusted(action('VENT'));
    }
    return 1000;
  });
  return ops / secs;
}

/** Survivability checks per second: each board loaded once, then searched 50 times (the search never writes the board). */
function checksPerSecond(kernel: StormlarkKernel, boards: RandomBoard[]): number {
  let i = 0;
  const { ops, secs } = timeFor(() => {
    const b = boards[i++ % boards.length]!;
    load(kernel.board, b);
    for (let k = 0; k < 50; k++) kernel.failingColumn(b.column + k);
    return 50;
  });
  return ops / secs;
}

/** Full repairs per second on random boards (load + search + deletions). */
function repairsPerSecond(kernel: StormlarkKernel, boards: RandomBoard[]): number {
  let i = 0;
  const { ops, secs } = timeFor(() => {
    for (let k = 0; k < 100; k++) {
      const b = boards[i++ % boards.length]!;
      load(kernel.board, b);
      kernel.repair(b.column, b.shipLane);
    }
    return 100;
  });
  return ops / secs;
}

/** Boards as play leaves them: snapshots of the kernel board after random-play steps from reach 1 up. */
function playBoards(kernel: StormlarkKernel, count: number): RandomBoard[] {
  const game = createGame(kernel);
  const sim = game.createSim();
  const stream = new Stream(3, streamId('stormlark-bench-play'));
  const moves = [action('UP'), action('DOWN'), action('FIRE'), action('VENT')];
  const out: RandomBoard[] = [];
  let seed = 0;
  sim.reset(seed);
  while (out.length < count) {
    if (sim.gameOver()) sim.reset(++seed);
    else if (sim.state.phase === 'reachClear') sim.stepTrusted(action('NEXT_REACH'));
    else {
      // avoid losing hull when a move allows it, so the snapshots cover later reaches too
      const safe = moves.filter((m) => {
        if (game.rules.refuse(sim.state, m)) return false;
        const next = game.rules.clone(sim.state);
        game.rules.apply(next, m);
        return next.hull === sim.state.hull;
      });
      sim.stepTrusted(safe.length ? safe[stream.below(safe.length)]! : action('VENT'));
      const b = kernel.board;
      out.push({
        kind: b.kind.slice(),
        hp: b.hp.slice(),
        drift: b.drift.slice(),
        id: b.id.slice(),
        column: sim.state.column,
        shipLane: sim.state.shipLane,
      });
    }
  }
  return out;
}

const wasm = await instantiateKernel('wasm');
const js = await instantiateKernel('js');
const stream = new Stream(7, streamId('stormlark-bench-boards'));
const boards = Array.from({ length: 4096 }, () => randomBoard(stream));
const played = playBoards(await instantiateKernel('wasm'), 4096);

const fmt = (x: number) => Math.round(x).toLocaleString('en');
// Steps: three alternating rounds per build, median of each (the machine is shared; rounds vary).
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
const rounds: { wasm: number[]; js: number[]; wallWasm: number[]; wallJs: number[] } = { wasm: [], js: [], wallWasm: [], wallJs: [] };
for (let r = 0; r < 3; r++) {
  rounds.wasm.push(stepsPerSecond(wasm));
  rounds.wallWasm.push(wall.pop()!);
  rounds.js.push(stepsPerSecond(js));
  rounds.wallJs.push(wall.pop()!);
}
const stepsWasm = median(rounds.wasm);
const stepsJs = median(rounds.js);
wall.push(median(rounds.wallWasm), median(rounds.wallJs));
const checksWasm = checksPerSecond(wasm, boards);
const checksJs = checksPerSecond(js, boards);
const playedWasm = checksPerSecond(wasm, played);
const playedJs = checksPerSecond(js, played);
const repairsWasm = repairsPerSecond(wasm, boards);
const repairsJs = repairsPerSecond(js, boards);

console.log(`stormlark bench (${SECONDS}s per figure, one thread; rates per CPU-second, wall-clock rates in brackets)`);
console.log(
  `  steps rounds (per CPU-second), WASM: ${rounds.wasm.map(fmt).join(', ')}; JS: ${rounds.js.map(fmt).join(', ')}; medians below`,
);
const w = (i: number) => `[wall ${fmt(wall[i]!)}]`;
console.log(`  engine steps/s, fast handle, WASM kernel: ${fmt(stepsWasm)} ${w(0)}  (target >= 300,000)`);
console.log(`  engine steps/s, fast handle, JS build:    ${fmt(stepsJs)} ${w(1)}  (WASM/JS ${(stepsWasm / stepsJs).toFixed(2)}x)`);
console.log(`  survivability checks/s, WASM (random):    ${fmt(checksWasm)} ${w(2)}`);
console.log(`  survivability checks/s, JS (random):      ${fmt(checksJs)} ${w(3)}`);
console.log(`  check ratio WASM/JS (random dense boards): ${(checksWasm / checksJs).toFixed(2)}x  (target >= 1.5x)`);
console.log(`  checks/s on boards from play, WASM / JS:  ${fmt(playedWasm)} / ${fmt(playedJs)}  (${(playedWasm / playedJs).toFixed(2)}x)`);
console.log(
  `  repairs/s on random boards, WASM / JS:    ${fmt(repairsWasm)} / ${fmt(repairsJs)}  (${(repairsWasm / repairsJs).toFixed(2)}x)`,
);

/** The middle value of any list (median above is the middle of exactly three rounds). */
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

// The compact view (game.compact with the recap) over random and strong play: bytes of its JSON.
{
  const game = createGame(wasm);
  const sizes: number[] = [];
  const stream = new Stream(2, streamId('stormlark-bench-compact'));
  const strong = game.policies.strong!;
  for (let seed = 1; seed <= 30; seed++) {
    let s = game.init(seed).state;
    const p = strong(seed);
    for (let t = 0; t < 400 && s.phase !== 'over'; t++) {
      const legal = game.rules.legalActions(s).filter((a) => a.type !== 'END_RUN');
      const a = seed % 2 ? p.decide(s, legal) : legal[stream.below(legal.length)]!;
      const r = game.act(s, a, { trusted: true, compact: true });
      if (!r.ok) break;
      sizes.push(Buffer.byteLength(JSON.stringify(r.view)));
      s = r.state;
    }
  }
  sizes.sort((a, b) => a - b);
  console.log(
    `  compact view bytes over ${sizes.length} states (random and strong play): median ${middle(sizes)}, max ${sizes[sizes.length - 1]}  (goal < 1,300)`,
  );
}

// act on a validated state vs the trusted path (parseState skipped), CPU time alternated after a warm-up.
{
  const game = createGame(wasm);
  const states = Array.from({ length: 64 }, (_, i) => JSON.parse(JSON.stringify(game.init(i).state)));
  const vent = { type: 'VENT' };
  const run = (trusted: boolean) => {
    const c0 = process.cpuUsage();
    for (let k = 0; k < 20; k++) for (const s of states) game.act(s, vent, { trusted });
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / (20 * states.length);
  };
  run(false);
  run(true);
  const parsed: number[] = [];
  const trusted: number[] = [];
  for (let r = 0; r < 5; r++) {
    parsed.push(run(false));
    trusted.push(run(true));
  }
  const a = middle(parsed);
  const b = middle(trusted);
  console.log(`  act µs per call, validating / trusted: ${a.toFixed(1)} / ${b.toFixed(1)}  (parseState is ${(a - b).toFixed(1)} µs)`);
}
