// The only file that touches the real terminal: raw mode, the alternate screen, keypresses, painting,
// and putting everything back however the program ends (q, Ctrl-C, SIGTERM, a crash).
import { emitKeypressEvents } from 'node:readline';
import type { Key } from '@hearth/engine/terminal';
import { MIN_SIZE, type Size } from './layout.ts';
import { truncate } from './style.ts';

export interface Screen {
  /** The frame for the terminal's size (at least 80x24: a smaller terminal is told so). */
  frame(size: Size): string[];
  key(key: Key): Promise<'continue' | 'quit'>;
  /** Time passing (replay autoplay): called on a timer with the elapsed milliseconds; true asks for a repaint. */
  tick?(elapsedMs: number): boolean;
}

/** How often a screen with `tick` is given the time (a 16 steps/s replay needs at least this). */
const TICK_MS = 40;

const ENTER_SCREEN = '\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J';
const LEAVE_SCREEN = '\x1b[0m\x1b[?25h\x1b[?1049l';

/** Runs a screen until it quits; resolves to the process exit code (130 after Ctrl-C, as shells expect). */
export function runScreen(screen: Screen): Promise<number> {
  const stdin = process.stdin;
  const stdout = process.stdout;
  if (!stdin.isTTY || !stdout.isTTY) {
    process.stderr.write('hearth play needs a terminal; for pipes and scripts use --json.\n');
    return Promise.resolve(2);
  }
  return new Promise((resolve) => {
    let done = false;
    let queue = Promise.resolve();
    const paint = () => {
      if (done) return;
      const cols = stdout.columns ?? MIN_SIZE.width;
      const rows = stdout.rows ?? MIN_SIZE.height;
      let lines = screen.frame({ width: cols, height: rows });
      // A terminal smaller than the 80x24 minimum gets the part that fits (no wrapped garbage) and a note.
      if (cols < MIN_SIZE.width || rows < MIN_SIZE.height) {
        lines = lines.slice(0, Math.max(1, rows - 1)).map((l) => truncate(l, cols));
        lines.push(truncate(`\x1b[7m hearth needs 80x24; this terminal is ${cols}x${rows} \x1b[0m`, cols));
      }
      stdout.write(`\x1b[H${lines.map((l) => `${l}\x1b[K`).join('\r\n')}\x1b[J`);
    };
    let timer: NodeJS.Timeout | undefined;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      if (timer) clearInterval(timer);
      for (const [emitter, event, handler] of listeners()) emitter.off(event, handler);
      if (stdin.isTTY) stdin.setRawMode(false);
      stdin.pause();
      stdout.write(LEAVE_SCREEN);
      resolve(code);
    };
    const onKey = (str: string | undefined, raw: { name?: string; ctrl?: boolean; shift?: boolean; sequence?: string } | undefined) => {
      const key = normaliseKey(str, raw);
      if (!key) return;
      if (key.ctrl && key.name === 'c') {
        finish(130);
        return;
      }
      queue = queue.then(async () => {
        if (done) return;
        const result = await screen.key(key);
        if (result === 'quit') finish(0);
        else paint();
      });
    };
    // A new size: clear what the old layout left and draw the new one.
    const onResize = () => {
      if (done) return;
      stdout.write('\x1b[2J');
      paint();
    };
    const onTerm = () => finish(143);
    const onInterrupt = () => finish(130); // a SIGINT from outside (raw mode turns the Ctrl-C key into a keypress)
    const onCrash = (error: unknown) => {
      finish(1);
      process.stderr.write(`hearth: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    };
    // One list for attaching and detaching, so finish() always removes exactly what was added.
    const listeners = (): Array<[NodeJS.EventEmitter, string, Parameters<NodeJS.EventEmitter['on']>[1]]> => [
      [stdin, 'keypress', onKey],
      [stdout, 'resize', onResize],
      [process, 'SIGTERM', onTerm],
      [process, 'SIGHUP', onTerm],
      [process, 'SIGINT', onInterrupt],
      [process, 'uncaughtException', onCrash],
      [process, 'unhandledRejection', onCrash],
    ];
    emitKeypressEvents(stdin);
    stdin.setRawMode(true);
    stdin.resume();
    for (const [emitter, event, handler] of listeners()) emitter.on(event, handler);
    stdout.write(ENTER_SCREEN);
    paint();
    if (screen.tick) {
      let before = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        const elapsed = now - before;
        before = now;
        queue = queue.then(() => {
          if (!done && screen.tick?.(elapsed)) paint();
        });
      }, TICK_MS);
    }
  });
}

/** readline's keypress -> our Key: named keys keep their name, printable characters become the character. */
export function normaliseKey(
  str: string | undefined,
  raw: { name?: string; ctrl?: boolean; shift?: boolean; sequence?: string } | undefined,
): Key | undefined {
  const ctrl = raw?.ctrl ?? false;
  const named = raw?.name;
  if (named && (named.length > 1 || ctrl)) {
    const name = named === 'return' ? 'enter' : named;
    return { name, ctrl, shift: raw?.shift ?? false };
  }
  if (str !== undefined && str.length > 0) {
    if (str === '\r' || str === '\n') return { name: 'enter' };
    if (str === ' ') return { name: 'space' };
    return { name: str, shift: str !== str.toLowerCase() };
  }
  return named ? { name: named, ctrl, shift: raw?.shift ?? false } : undefined;
}
