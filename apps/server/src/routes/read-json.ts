import { type Answer, fail, isAnswer } from '../http/answer.ts';
import { BodyAbortedError, checkContentType, parseJsonBody } from '../http/body.ts';
import type { Exchange } from '../http/exchange.ts';
import type { ServerContext } from './context.ts';

/**
 * A POST route's body: `application/json` (415), within the size limit (413, and the connection closed rather
 * than the rest read), there in full (400 when the client went away mid-body). The bytes, or the refusal.
 */
export async function readBytes(ctx: ServerContext, x: Exchange): Promise<Buffer | Answer> {
  const typeProblem = checkContentType(x.header('content-type'));
  if (typeProblem) return fail(415, 'unsupported_media_type', typeProblem);
  let bytes: Buffer | null;
  try {
    bytes = await x.req.body(ctx.limits.maxBytes);
  } catch (error) {
    if (error instanceof BodyAbortedError) return fail(400, 'invalid_body', 'the body ended early (the client closed the connection)');
    throw error;
  }
  // The rest of an oversized body is not read: close the connection rather than drain it.
  if (bytes === null) return fail(413, 'body_too_large', `body is larger than ${ctx.limits.maxBytes} bytes`, { connection: 'close' });
  return bytes;
}

/** readBytes, then JSON within the limits (400 otherwise): the parsed object and its text, or the refusal. */
export async function readJson(ctx: ServerContext, x: Exchange): Promise<{ value: Record<string, unknown>; text: string } | Answer> {
  const bytes = await readBytes(ctx, x);
  if (isAnswer(bytes)) return bytes;
  const parsed = parseJsonBody(bytes, ctx.limits);
  if (!parsed.ok) return fail(parsed.status, parsed.reason, parsed.message);
  return { value: parsed.value as Record<string, unknown>, text: parsed.text };
}
