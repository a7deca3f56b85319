// MCP session ids over HTTP that any instance can check without shared memory: random bits, the issue time, and an
// HMAC under the server's secret. So a session survives a restart and works on every instance behind a balancer;
// the games themselves live in the shared store.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEFAULT_SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionIds {
  issue(): string;
  /** True for an id this server's secret issued, younger than the maximum age. */
  valid(id: string | null | undefined): id is string;
}

export function createSessionIds(
  secret: string | Uint8Array,
  maxAgeMs = DEFAULT_SESSION_MAX_AGE_MS,
  now: () => number = Date.now,
): SessionIds {
  const mac = (body: string) => createHmac('sha256', secret).update(`mcp-session:${body}`).digest().subarray(0, 16);
  return {
    issue() {
      const body = `${randomBytes(12).toString('base64url')}.${now().toString(36)}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    valid(id): id is string {
      if (typeof id !== 'string' || id.length > 80) return false;
      const parts = id.split('.');
      if (parts.length !== 3) return false;
      const body = `${parts[0]}.${parts[1]}`;
      const given = Buffer.from(parts[2]!, 'base64url');
      // Canonical base64url only: re-encoding must give back the same text.
      if (given.length !== 16 || given.toString('base64url') !== parts[2]) return false;
      if (!timingSafeEqual(given, mac(body))) return false;
      const issued = Number.parseInt(parts[1]!, 36);
      return Number.isFinite(issued) && now() - issued <= maxAgeMs && issued <= now() + 60_000;
    },
  };
}
