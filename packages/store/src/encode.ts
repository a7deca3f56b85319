import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { canonicalJson } from '@hearth/engine';

/**
 * How an action list is stored: its canonical JSON (keys sorted, so the same actions always give the same bytes),
 * raw-deflated. Action lists are highly repetitive (a few dozen distinct actions), so this is typically 5-20x
 * smaller than the JSON.
 */
export function encodeActions(actions: readonly unknown[]): { bytes: Buffer; canonical: string } {
  const canonical = canonicalJson(actions);
  return { bytes: deflateRawSync(Buffer.from(canonical, 'utf8'), { level: 9 }), canonical };
}

export function decodeActions(bytes: Uint8Array): unknown[] {
  return JSON.parse(inflateRawSync(bytes).toString('utf8')) as unknown[];
}

/** The duplicate key: SHA-256 (hex) of `game \n seed \n canonical actions`. */
export function runHash(game: string, seed: number, canonicalActions: string): string {
  return createHash('sha256').update(`${game}\n${seed}\n${canonicalActions}`).digest('hex');
}
