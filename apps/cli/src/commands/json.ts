// --json: one action per line in, one gameboard response per line out (the first line is init's).
// Every line gets exactly one answer, a blank one included (a driver waiting for its answer never hangs); a line
// that is empty or not JSON is refused like an unknown action, never a crash.
import { createInterface } from 'node:readline';
import type { Response, Session } from '../session.ts';

/**
 * The answer to one line of the pipe: a blank line and a line that is not JSON are refused (empty_line,
 * invalid_json) with the legal actions, anything else is sent to the engine as the action. Never throws.
 */
export async function answerLine(session: Session, line: string, n: number): Promise<{ response: Response; action: unknown }> {
  const refuse = (reason: string, message: string): Response => ({
    ok: false,
    reason,
    message,
    legalActions: session.current.legalActions,
  });
  if (line.trim() === '')
    return {
      response: refuse('empty_line', `line ${n} is empty: send one action as JSON per line (e.g. one of legalActions)`),
      action: undefined,
    };
  let action: unknown;
  try {
    action = JSON.parse(line);
  } catch (error) {
    return {
      response: refuse('invalid_json', `line ${n} is not JSON: ${error instanceof Error ? error.message : String(error)}`),
      action: undefined,
    };
  }
  return { response: await session.act(action), action };
}

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
    const { response, action } = await answerLine(session, line, n);
    if (response.ok) {
      actions.push(action);
      onAccepted?.(actions, session);
    }
    write(response);
  }
  return 0;
}
