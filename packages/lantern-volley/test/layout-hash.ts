// The layout fingerprint shared by scripts/record-layout-hashes.ts and test/layout-hashes.test.ts.
import { createHash } from 'node:crypto';
import type { Layout } from '../src/layout.ts';

/** Seeds 1..1000 and the golden replays' seeds outside that range. */
export const LAYOUT_HASH_SEEDS: readonly number[] = [...Array.from({ length: 1000 }, (_, i) => i + 1), 0, 2026, 4294967295];

export function layoutHash(layout: Layout): string {
  return createHash('sha256').update(JSON.stringify(layout)).digest('hex').slice(0, 12);
}
