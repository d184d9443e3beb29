import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

// The embedded booking service takes LOCK_WAIT_MS from the platform's configuration (it was a
// fixed 5 s): at 1 ms, creates queued behind the lock holder give up with 503 instead of waiting.
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
beforeAll(async () => {
  platform = await startTestPlatform({ LOCK_WAIT_MS: 1 });
  await seedTenant(platform.services.catalog.address, 'hurry');
});
afterAll(() => platform.cleanup());

describe('LOCK_WAIT_MS', () => {
  it('bounds how long a create waits for the capacity locks', async () => {
    const startsAtMs = berlinTime(4, 11);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${platform.url}/book/hurry/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `wait-${i}` },
          body: JSON.stringify({
            serviceSlug: 'checkup',
            startsAtMs,
            customer: { name: `Hurried ${i}`, primaryEmail: `hurried-${i}@example.test` },
          }),
        }).then(async (res) => ({ status: res.status, code: (await json(res)).error?.code as string | undefined })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const blocked = answers.filter((a) => a.status === 503);
    expect(blocked.length).toBeGreaterThan(0);
    expect(new Set(blocked.map((a) => a.code))).toEqual(new Set(['BOOKING_POLICY_BLOCKED']));
    // Everyone else lost the slot the ordinary way.
    expect(answers.every((a) => [201, 409, 503].includes(a.status))).toBe(true);
  });
});
