import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DatabaseThrottle, hitAll, type ThrottleRule } from '../src/security/throttle';
import { TestClock } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';

const RULE: ThrottleRule = { scope: 'test-rule', limit: 7, windowMs: 60_000 };
const OTHER: ThrottleRule = { scope: 'test-other', limit: 1, windowMs: 60_000 };

/** The one throttle every limit is counted with (security/throttle.ts); a Redis one must pass the same. */
describeEachDatabase('the throttle', (open) => {
  let app: FastifyInstance;
  let clock: TestClock;
  let throttle: DatabaseThrottle;
  beforeEach(async () => {
    clock = new TestClock();
    app = await buildTestApp(await open(), { clock });
    throttle = new DatabaseThrottle(app.repos.throttleCounters, clock);
  });
  afterEach(() => app.close());

  it('allows exactly the limit of 50 parallel hits, per subject, until the window ends', async () => {
    const hits = await Promise.all(Array.from({ length: 50 }, () => throttle.hit(RULE, 'a')));
    expect(hits.filter(Boolean)).toHaveLength(RULE.limit);
    expect(await throttle.hit(RULE, 'b')).toBe(true);
    clock.advance(RULE.windowMs - 1);
    expect(await throttle.hit(RULE, 'a')).toBe(false);
    clock.advance(1);
    expect(await throttle.hit(RULE, 'a')).toBe(true);
  });

  it('gives a hit back on release, forgets a subject on clear, and undoes a partial hitAll', async () => {
    for (let i = 0; i < RULE.limit; i++) await throttle.hit(RULE, 'a');
    await throttle.release(RULE, 'a');
    expect(await throttle.hit(RULE, 'a')).toBe(true);
    expect(await throttle.hit(RULE, 'a')).toBe(false);
    await throttle.clear(RULE, 'a');
    expect(await throttle.hit(RULE, 'a')).toBe(true);

    expect(await throttle.hit(OTHER, 'x')).toBe(true);
    expect(
      await hitAll(throttle, [
        [RULE, 'c'],
        [OTHER, 'x'],
      ]),
    ).toBe(false);
    for (let i = 0; i < RULE.limit; i++) expect(await throttle.hit(RULE, 'c')).toBe(true);
  });
});
