// The identity service's reading of `customer.erased` for the tenant export archives (docs/decisions.md
// "Tenant export"): on the real in-process bus, with the export side and the customer service as
// doubles that record what they were asked. Archives go at once; the event comes again until the
// customer record reads erased, then only the exports asked for before then go; an event of
// another type, or one out of shape, does nothing. The whole path runs in the platform tests
// (customer-erase-everywhere.test.ts, customer-erase-crash.test.ts).

import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus } from '@svc/events';
import { createLogger } from '@svc/telemetry';
import {
  CLOCK_MARGIN_MS,
  consumeErasures,
  ERASED_ARCHIVES_GROUP,
  ErasePending,
  erasureOf,
  removeErasedArchives,
  type ErasedArchivesDeps,
} from '../src/tenant-export/erased-customers.js';

const ERASED_AT = 1_800_000_000_000;

const envelope = (type: string, data: unknown) =>
  JSON.stringify({ id: `evt_${type}`, type, occurredAtMs: ERASED_AT, data });
const erasedEvent = (customerId = 'cus_1') =>
  envelope('customer.erased', { tenantId: 'ten_1', customerId, bookingIds: ['bkg_1'], erasedAtMs: ERASED_AT });

/** Doubles: the forget calls, and a customer record whose status the test sets. */
function doubles(record: () => { status: string; erasedAtMs?: number } | Error) {
  const forgets: Array<{ tenantId: string; createdBeforeMs: number | undefined }> = [];
  let reads = 0;
  const stopping = new AbortController();
  const deps: ErasedArchivesDeps = {
    exports: {
      forgetArchives: async (tenantId: string, createdBeforeMs?: number) => {
        forgets.push({ tenantId, createdBeforeMs });
        return 0;
      },
    },
    customer: {
      getCustomer: (async () => {
        reads++;
        const r = record();
        if (r instanceof Error) throw r;
        return { customer: { customerId: 'cus_1', ...r } };
      }) as never,
    },
    logger: createLogger('identity', 'silent'),
    signal: stopping.signal,
  };
  return { deps, forgets, reads: () => reads, stop: () => stopping.abort() };
}

describe('tenant export archives of an erased customer', () => {
  it('reads only a valid customer.erased event', () => {
    expect(erasureOf(erasedEvent())).toMatchObject({ tenantId: 'ten_1', customerId: 'cus_1', bookingIds: ['bkg_1'] });
    expect(erasureOf(envelope('booking.created', { booking: { tenantId: 'ten_1' } }))).toBeNull();
    expect(erasureOf(envelope('customer.erased', { tenantId: 'ten_1' }))).toBeNull();
    expect(erasureOf('customer.erased, not JSON')).toBeNull();
  });

  it('once the record reads erased, removes the exports asked for before then (and a minute for clocks)', async () => {
    const d = doubles(() => ({ status: 'erased', erasedAtMs: ERASED_AT }));
    await removeErasedArchives(d.deps, erasureOf(erasedEvent())!);
    expect(d.forgets).toEqual([{ tenantId: 'ten_1', createdBeforeMs: ERASED_AT + CLOCK_MARGIN_MS }]);
  });

  it('when the customer service does not know the record, removes the exports asked for before the event', async () => {
    const d = doubles(() => new DomainError('NOT_FOUND', 'Customer not found.'));
    await removeErasedArchives(d.deps, erasureOf(erasedEvent())!);
    expect(d.forgets).toEqual([{ tenantId: 'ten_1', createdBeforeMs: ERASED_AT + CLOCK_MARGIN_MS }]);
  });

  it('while the erase runs: removes what is there now, waits for the record, then asks to be delivered again', async () => {
    const d = doubles(() => ({ status: 'active' }));
    const started = Date.now();
    await expect(removeErasedArchives(d.deps, erasureOf(erasedEvent())!)).rejects.toBeInstanceOf(ErasePending);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(d.forgets).toEqual([{ tenantId: 'ten_1', createdBeforeMs: undefined }]);
    expect(d.reads()).toBeGreaterThan(5);
  }, 20_000);

  it('an outage of the customer service is an error, so the bus delivers the event again', async () => {
    const d = doubles(() => new DomainError('INTERNAL_ERROR', 'down', [], { retryable: true }));
    await expect(removeErasedArchives(d.deps, erasureOf(erasedEvent())!)).rejects.toThrow('down');
    expect(d.forgets).toEqual([]);
  });

  describe('on the bus', () => {
    let bus: InProcessEventBus;
    afterEach(async () => bus?.close());

    it('skips booking events, and handles the erase once the record reads erased', async () => {
      let status = 'active';
      const d = doubles(() => ({ status, erasedAtMs: ERASED_AT }));
      bus = new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
      const sub = await consumeErasures(bus, d.deps);
      await bus.publish(BOOKING_EVENTS_TOPIC, [
        { key: 'bkg_9', value: envelope('booking.created', { booking: { tenantId: 'ten_1' } }), headers: {} },
        { key: 'cus_1', value: erasedEvent(), headers: {} },
      ]);
      await expect.poll(() => d.forgets.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(d.forgets[0]).toEqual({ tenantId: 'ten_1', createdBeforeMs: undefined });
      status = 'erased';
      await expect
        .poll(() => d.forgets.at(-1), { timeout: 15_000 })
        .toEqual({ tenantId: 'ten_1', createdBeforeMs: ERASED_AT + CLOCK_MARGIN_MS });
      d.stop();
      await sub.stop();
      // Pinned: a renamed group would start with no committed offsets on Kafka.
      expect(ERASED_ARCHIVES_GROUP).toBe('gateway-tenant-exports');
    }, 30_000);
  });
});
