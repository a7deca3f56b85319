import { expect, it } from 'vitest';
import { createRateLimiter } from '../src/http/rate-limit.ts';

it('allows the burst, then the sustained rate, and says how long to wait', () => {
  let now = 0;
  const limiter = createRateLimiter({ perSecond: 2, burst: 3, now: () => now });
  try {
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
    now += 500;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    now += 10_000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0, 1]);
  } finally {
    limiter.stop();
  }
});

it('keeps the number of tracked clients bounded', () => {
  const limiter = createRateLimiter({ perSecond: 1, burst: 1, now: () => 0 });
  try {
    for (let i = 0; i < 100_010; i++) limiter.take(`client-${i}`);
    expect(limiter.size).toBe(100_000);
  } finally {
    limiter.stop();
  }
});

it('weighs a request by its cost, never more than the burst', () => {
  let now = 0;
  const limiter = createRateLimiter({ perSecond: 10, burst: 50, now: () => now });
  try {
    expect(limiter.take('a', 40)).toBe(0);
    // 10 tokens left: a cost of 20 waits one second for the missing 10, and takes nothing meanwhile.
    expect(limiter.take('a', 20)).toBe(1);
    expect(limiter.take('a', 10)).toBe(0);
    expect(limiter.take('a')).toBe(1);
    now += 5_000;
    // A cost over the burst is charged as the whole burst.
    expect(limiter.take('a', 1_000)).toBe(0);
    expect(limiter.take('a')).toBe(1);
  } finally {
    limiter.stop();
  }
});
