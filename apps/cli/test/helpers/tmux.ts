// Drives a command in a real pseudo-terminal through tmux (80x24 unless told), on a private tmux server per test.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

export const HAS_TMUX = (() => {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export class Tmux {
  private readonly socket = `hearth-cli-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly name = 'play';

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-u', '-L', this.socket, ...args], { encoding: 'utf8' });
  }

  start(command: string, env: Record<string, string> = {}, size = { width: 80, height: 24 }): void {
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    // After the program ends the shell prints its exit code and waits, so the test can read both.
    const script = `${exports} ${command}; echo "EXIT=$?"; sleep 120`;
    this.tmux('new-session', '-d', '-s', this.name, '-x', String(size.width), '-y', String(size.height), 'sh', '-c', script);
  }

  /** Resizes the terminal (the program gets SIGWINCH and repaints). */
  resize(width: number, height: number): void {
    this.tmux('resize-window', '-t', this.name, '-x', String(width), '-y', String(height));
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', this.name);
  }

  /** tmux key names (Up, Enter, C-c) or literal text with `literal`. */
  send(keys: string, literal = false): void {
    if (literal) this.tmux('send-keys', '-t', this.name, '-l', keys);
    else this.tmux('send-keys', '-t', this.name, keys);
  }

  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < end) {
      last = this.screen();
      if (test(last)) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}; screen was:\n${last}`);
  }

  /** Sends a key and waits until the screen changes (or the predicate holds). */
  async press(keys: string, until: (screen: string) => boolean, what: string, literal = true): Promise<string> {
    this.send(keys, literal);
    return this.waitFor(until, what);
  }

  kill(): void {
    let socketPath: string | undefined;
    try {
      socketPath = this.tmux('display-message', '-p', '#{socket_path}').trim();
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    // tmux leaves its socket file behind; this server was private to the test.
    if (socketPath) rmSync(socketPath, { force: true });
  }
}

/** The score shown at the right of the title bar. */
export function scoreOf(screen: string): number | undefined {
  const m = /score (\d+)\s*$/m.exec(screen.split('\n')[0] ?? '');
  return m ? Number(m[1]) : undefined;
}
