// --json: one action per line in, one gameboard response per line out (the first line is init's).
// Every line gets exactly one answer, a blank one included (a driver waiting for its answer never hangs); a line
// that is empty or not JSON is refused like an unknown action, never a crash.
// --view compact adds the engine's compact view to every line, --view lean writes the engine's LeanResponse
// instead (state or stateToken, score, gameOver, view), --spec 0 leaves the spec out of the first line.
import { createInterface } from 'node:readline';
import { type LeanResponse, leanOf, type ResponseForm } from '@hearth/engine';
import type { Response, Session } from '../session.ts';

/** How the pipe writes its lines (the agent harness shares them). */
export interface PipeOptions {
  /**
   * full (default): the gameboard responses; compact: each with `view`; lean: the LeanResponse for accepted
   * actions (refusals stay `{ ok: false, reason, message, legalActions }`). For compact and lean, open the
   * session with `{ compact: true }` so that init's response carries its view too.
   */
  view?: ResponseForm;
  /** false: the first line without the spec (default true). */
  spec?: boolean;
}

/** What one line of the pipe carries: a response in the pipe's form. */
export type PipeResponse = Response | LeanResponse;

/** A response in the pipe's form. */
export function pipeResponse(response: Response, options: PipeOptions = {}): PipeResponse {
  return response.ok && options.view === 'lean' ? leanOf(response) : response;
}

/** The pipe's first line: init's response in the pipe's form (unchanged in the full form), with its spec unless `spec: false`. */
export function firstLine(session: Session, options: PipeOptions = {}): PipeResponse {
  const { spec, ...rest } = session.current;
  if (options.view !== 'lean') return options.spec === false ? (rest as Response) : session.current;
  const lean = leanOf(session.current);
  return options.spec === false || spec === undefined ? lean : { ...lean, spec };
}

/**
 * The answer to one line of the pipe: a blank line and a line that is not JSON are refused (empty_line,
 * invalid_json) with the legal actions, anything else is sent to the engine as the action. Never throws.
 */
export async function answerLine(
  session: Session,
  line: string,
  n: number,
  options: PipeOptions = {},
): Promise<{ response: PipeResponse; action: unknown }> {
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
  const compact = options.view === 'compact' || options.view === 'lean';
  return { response: pipeResponse(await session.act(action, compact ? { compact } : undefined), options), action };
}

export async function runJson(
  session: Session,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  onAccepted?: (actions: readonly unknown[], session: Session) => void,
  options: PipeOptions = {},
): Promise<number> {
  const actions: unknown[] = [];
  let closed = false;
  output.on('error', () => {
    closed = true; // the reader went away (EPIPE): stop quietly
  });
  const write = (value: unknown) => {
    if (!closed) output.write(`${JSON.stringify(value)}\n`);
  };
  write(firstLine(session, options));
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (closed) break;
    const { response, action } = await answerLine(session, line, n, options);
    if (response.ok) {
      actions.push(action);
      onAccepted?.(actions, session);
    }
    write(response);
  }
  return 0;
}
