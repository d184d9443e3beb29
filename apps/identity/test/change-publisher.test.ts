// A credential change the gateways must hear of (docs/decisions.md "Identity service"): a bus
// that fails once is tried again; one that keeps failing is counted and logged, never thrown at
// the caller (the write it follows stands).
import { describe, expect, it } from 'vitest';
import type { EventBus } from '@svc/events';
import { createLogger, metricsRegistry } from '@svc/telemetry';
import { ChangePublisher } from '../src/events/change-publisher.js';

function failingBus(failures: number): EventBus & { published: number; tries: number } {
  const bus = {
    published: 0,
    tries: 0,
    async publish() {
      bus.tries += 1;
      if (bus.tries <= failures) throw new Error('broker gone');
      bus.published += 1;
    },
    async subscribe() {
      throw new Error('not used');
    },
    async ping() {},
    async close() {},
  };
  return bus as unknown as EventBus & { published: number; tries: number };
}

async function count(result: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('identity_changes_published_total')!.get();
  return metric.values.find((v) => v.labels.result === result)?.value ?? 0;
}

describe('the identity change publisher', () => {
  it('publishes once; a bus that failed once is tried again', async () => {
    const bus = failingBus(1);
    const before = await count('published');
    await new ChangePublisher(bus, createLogger('test', 'silent'), Date.now, 1).changed({
      kind: 'session',
      sessionId: 'ses_1',
    });
    expect(bus.tries).toBe(2);
    expect(bus.published).toBe(1);
    expect(await count('published')).toBe(before + 1);
  });

  it('a bus that keeps failing: two tries, counted as failed, the caller not thrown at', async () => {
    const bus = failingBus(10);
    const before = await count('failed');
    await expect(
      new ChangePublisher(bus, createLogger('test', 'silent'), Date.now, 1).changed({
        kind: 'session',
        sessionId: 'ses_1',
      }),
    ).resolves.toBeUndefined();
    expect(bus.tries).toBe(2);
    expect(await count('failed')).toBe(before + 1);
  });
});
