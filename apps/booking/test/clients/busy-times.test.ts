import { describe, expect, it } from 'vitest';
import type { IntegrationClient } from '@svc/grpc';
import { EPOCH_MS_END, EPOCH_MS_MAX, MINUTE_MS } from '@svc/rules';
import { FRESH_BUSY_DEADLINE_MS, integrationBusyTimes } from '../../src/clients/busy-times.js';

/** No staff member's own zone: the tenant's (UTC) for all. */
const UTC = { timeZone: 'UTC', staffTimeZones: {} };
/** The tenant's catalog version the reads' schedules were read at. */
const V1 = 'v1';

/** Records what the client was asked; answers `intervals` (none by default), valid for `validForMs`. */
function recordingClient(
  asked: { fromMs: number; toMs: number; fresh?: boolean }[],
  validForMs = 0,
  intervals: Array<{ staffId: string; startsAtMs: number; endsAtMs: number }> = [],
  noneConnected = false,
): IntegrationClient {
  return {
    getBusyTimes: async (req: { fromMs: number; toMs: number; fresh: boolean }) => {
      asked.push({ fromMs: req.fromMs, toMs: req.toMs, fresh: req.fresh });
      return { intervals, unavailableStaffIds: [], validForMs, noneConnected };
    },
  } as unknown as IntegrationClient;
}

describe('busy times from the integrations service', () => {
  it('gives a fresh read (under the capacity locks) its own deadline, which the integrations service answers within; others the default', async () => {
    const deadlines: Array<number | undefined> = [];
    const client = {
      getBusyTimes: async (_req: unknown, options?: { deadlineMs?: number }) => {
        deadlines.push(options?.deadlineMs);
        return { intervals: [], unavailableStaffIds: [], validForMs: 0, noneConnected: false };
      },
    } as unknown as IntegrationClient;
    const busy = integrationBusyTimes(client);
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: true, zones: UTC });
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });
    expect(deadlines).toEqual([FRESH_BUSY_DEADLINE_MS, undefined]);
    expect(FRESH_BUSY_DEADLINE_MS).toBe(4_000);
  });

  it('asks about a slot near the end of year 9999 only up to the end of the range (found by the API fuzz)', async () => {
    const asked: { fromMs: number; toMs: number }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked));
    await busy.busy('ten_a', ['stf_1'], EPOCH_MS_MAX - MINUTE_MS, EPOCH_MS_MAX + 30 * MINUTE_MS, {
      fresh: true,
      zones: UTC,
    });
    expect(asked).toEqual([{ fromMs: EPOCH_MS_MAX - MINUTE_MS, toMs: EPOCH_MS_END, fresh: true }]);
  });

  it('asks nothing for a window wholly past the range, or without staff', async () => {
    const asked: { fromMs: number; toMs: number }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked));
    expect(
      await busy.busy('ten_a', ['stf_1'], EPOCH_MS_END + 1, EPOCH_MS_END + MINUTE_MS, {
        fresh: false,
        zones: UTC,
        catalogVersion: V1,
      }),
    ).toEqual([]);
    expect(await busy.busy('ten_a', [], 1, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 })).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('takes the answer it had to the same question for as long as it is valid, for those staff and that window only', async () => {
    const asked: { fromMs: number; toMs: number; fresh?: boolean }[] = [];
    let clock = 1_000_000;
    const busyAt = [{ staffId: 'stf_1', startsAtMs: 10, endsAtMs: 20 }];
    const busy = integrationBusyTimes(recordingClient(asked, 60_000, busyAt), () => clock);
    const read = (staff: string[], fresh: boolean, toMs = MINUTE_MS, zones = UTC) =>
      busy.busy('ten_a', staff, 0, toMs, { fresh, zones, catalogVersion: V1 });
    expect(await read(['stf_1', 'stf_2'], false)).toEqual(busyAt);
    expect(asked).toHaveLength(1);
    expect(await read(['stf_2', 'stf_1'], false)).toEqual(busyAt); // the same staff in another order
    expect(asked).toHaveLength(1);
    await read(['stf_1'], false); // another staff set asks
    expect(asked).toHaveLength(2);
    await read(['stf_1', 'stf_2'], false, 2 * MINUTE_MS); // another window asks
    expect(asked).toHaveLength(3);
    // Another zone for a staff member's all-day events asks.
    await read(['stf_1', 'stf_2'], false, MINUTE_MS, { timeZone: 'UTC', staffTimeZones: { stf_2: 'Europe/Berlin' } });
    expect(asked).toHaveLength(4);
    await read(['stf_1', 'stf_2'], true); // fresh always asks
    expect(asked).toHaveLength(5);
    clock += 59_999;
    await read(['stf_1', 'stf_2'], false);
    expect(asked).toHaveLength(5);
    clock += 1; // the time it said is over
    await read(['stf_1', 'stf_2'], false);
    expect(asked).toHaveLength(6);
  });

  it('takes "none connected" for every window of those staff', async () => {
    const asked: { fromMs: number; toMs: number; fresh?: boolean }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked, 60_000, [], true), () => 1_000);
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });
    await busy.busy('ten_a', ['stf_1'], 5 * MINUTE_MS, 9 * MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });
    expect(asked).toHaveLength(1);
    await busy.busy('ten_a', ['stf_2'], 0, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });
    expect(asked).toHaveLength(2);
  });

  it('a fresh read takes "none connected" at the same catalog version only (connecting a calendar bumps it), and any other answer never', async () => {
    const asked: { fromMs: number; toMs: number; fresh?: boolean }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked, 60_000, [], true), () => 1_000);
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: true, zones: UTC, catalogVersion: V1 });
    expect(asked).toHaveLength(1);
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: true, zones: UTC, catalogVersion: 'v2' });
    expect(asked).toHaveLength(2);
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: true, zones: UTC });
    expect(asked).toHaveLength(3);
  });

  it('takes an answer only at the catalog version it was asked at (every connection change bumps it); without a version it keeps nothing', async () => {
    const asked: { fromMs: number; toMs: number; fresh?: boolean }[] = [];
    for (const noneConnected of [false, true]) {
      asked.length = 0;
      const busy = integrationBusyTimes(recordingClient(asked, 60_000, [], noneConnected), () => 1_000);
      const read = (catalogVersion?: string) =>
        busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, {
          fresh: false,
          zones: UTC,
          ...(catalogVersion === undefined ? {} : { catalogVersion }),
        });
      await read('v1');
      await read('v1');
      expect(asked).toHaveLength(1);
      await read('v2'); // a connection changed meanwhile: asked again, on every replica
      expect(asked).toHaveLength(2);
      await read('v2');
      expect(asked).toHaveLength(2);
      await read(); // no version known: always asked, never kept
      await read('');
      expect(asked).toHaveLength(4);
      // A fresh read at a version keeps its answer for that version's readers too.
      await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: true, zones: UTC, catalogVersion: 'v3' });
      await read('v3');
      expect(asked).toHaveLength(5);
    }
  });

  it('asks every time an answer is valid for no time (a calendar could not be read)', async () => {
    const asked: { fromMs: number; toMs: number; fresh?: boolean }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked, 0));
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });
    await busy.busy('ten_a', ['stf_1'], 0, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });
    expect(asked).toHaveLength(2);
  });
});

describe('the answers kept', () => {
  const read = (busy: ReturnType<typeof integrationBusyTimes>, staff: string[]) =>
    busy.busy('ten_a', staff, 0, MINUTE_MS, { fresh: false, zones: UTC, catalogVersion: V1 });

  it('keeps at most maxEntries staff sets, forgetting the least recently used first', async () => {
    const asked: { fromMs: number; toMs: number }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked, 60_000), () => 1_000, {
      maxEntries: 2,
      maxBytes: 1_000_000,
    });
    for (const staff of ['stf_a', 'stf_b']) await read(busy, [staff]);
    await read(busy, ['stf_a']); // remembered, and now the most recently used
    expect(asked).toHaveLength(2);
    await read(busy, ['stf_c']); // stf_b goes
    await read(busy, ['stf_a']);
    expect(asked).toHaveLength(3);
    await read(busy, ['stf_b']);
    expect(asked).toHaveLength(4);
  });

  it('keeps at most maxBytes: long staff lists push the oldest out, a list larger than the bound is never kept', async () => {
    const asked: { fromMs: number; toMs: number }[] = [];
    const list = (n: string) => Array.from({ length: 100 }, (_, i) => `stf_${n}${i}`.padEnd(64, 'x'));
    // One key of 100 ids of 64 characters is about 13 KB; the bound holds two of them.
    const busy = integrationBusyTimes(recordingClient(asked, 60_000), () => 1_000, {
      maxEntries: 10_000,
      maxBytes: 30_000,
    });
    await read(busy, list('a'));
    await read(busy, list('b'));
    await read(busy, list('a'));
    expect(asked).toHaveLength(2); // both remembered
    await read(busy, list('c')); // b, the least recently used, goes
    await read(busy, list('a'));
    expect(asked).toHaveLength(3);
    await read(busy, list('b'));
    expect(asked).toHaveLength(4);
    const huge = Array.from({ length: 300 }, (_, i) => `stf_${i}`.padEnd(64, 'x'));
    await read(busy, huge);
    await read(busy, huge);
    expect(asked).toHaveLength(6);
  });

  it('weighs an answer by its intervals: a busy calendar is kept within the bytes bound too', async () => {
    const asked: { fromMs: number; toMs: number }[] = [];
    const many = Array.from({ length: 1_000 }, (_, i) => ({ staffId: 'stf_a', startsAtMs: i, endsAtMs: i + 1 }));
    // A thousand intervals weigh about 96 KB; the bound holds one such answer, not two.
    const busy = integrationBusyTimes(recordingClient(asked, 60_000, many), () => 1_000, {
      maxEntries: 10_000,
      maxBytes: 150_000,
    });
    await read(busy, ['stf_a']);
    await read(busy, ['stf_a']);
    expect(asked).toHaveLength(1);
    await read(busy, ['stf_b']); // stf_a's answer goes
    await read(busy, ['stf_a']);
    expect(asked).toHaveLength(3);
  });
});
