// AES-GCM must never reuse an IV under one key: the codec cuts IVs from a pool of random bytes, so check that
// tokens across several pool refills carry distinct IVs, and that each still opens to its state.
import { expect, it } from 'vitest';
import { createAesCodec } from '../src/state/aes-codec.ts';
import { deriveKeys } from '../src/state/keys.ts';
import { TEST_SECRET } from './helpers/start.ts';

it('every token gets its own IV, across pool refills, and opens to its state', () => {
  const codec = createAesCodec(deriveKeys(TEST_SECRET), 'g');
  const ivs = new Set<string>();
  const n = 2000; // 2000 x 12 bytes: about six 4 KiB pools
  for (let i = 0; i < n; i++) {
    const token = codec.seal({ i }) as string;
    const raw = Buffer.from(token, 'base64url');
    ivs.add(raw.subarray(1, 13).toString('hex'));
    expect(codec.open(token)).toEqual({ ok: true, value: { i } });
  }
  expect(ivs.size).toBe(n);
});
