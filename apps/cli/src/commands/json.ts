// --json: one action per line in, one gameboard response per line out (the first line is init's).
// Every line gets exactly one answer, a blank one included (a driver waiting for its answer never hangs); a line
// that is empty or not JSON is refused like an unknown action, never a crash.
import { createInterface } from 'node:readline';
import type { Session } from '../session.ts';

export async function runJson(
  session: Session,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  onAccepted?: (actions: readonly unknown[], session: Session) => void,
): Promise<number> {
  const actions: unknown[] = [];
  let closed = false;
  output.on('error', () => {
    closed = true; // the reader went away (EPIPE): stop quietly
  });
  const write = (value: unknown) => {
    if (!closed) output.write(`${JSON.stringify(value)}\n`);
  };
  write(session.current);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (closed) break;
    if (line.trim() === '') {
      write({
        ok: false,
        reason: 'empty_line',
        message: `line ${n} is empty: send one action as JSON per line (e.g. one of legalActions)`,
        legalActions: session.current.legalActions,
      });
      continue;
    }
    let action: unknown;
    try {
      action = JSON.parse(line);
    } catch (error) {
      write({
        ok: false,
        reason: 'invalid_json',
        message: `line ${n} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
        legalActions: session.current.legalActions,
      });
      continue;
    }
    const response = await session.act(action);
    if (response.ok) {
      actions.push(action);
      onAccepted?.(actions, session);
    }
    write(response);
  }
  return 0;
}
