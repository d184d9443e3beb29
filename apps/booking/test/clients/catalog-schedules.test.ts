import { describe, expect, it } from 'vitest';
import type { CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { DAY_MS } from '@svc/rules';
import { catalogSchedules, snapshotBytes } from '../../src/clients/catalog-schedules.js';

/** A snapshot of a service with `blocks` blocked times (what makes a tenant's snapshot large). */
function snapshot(slug: string, blocks: number): catalogV1.GetScheduleSnapshotResponse {
  return {
    tenant: { tenantId: 'ten_a', slug: 'a', name: 'A', timezone: 'UTC', status: 'active' },
    service: {
      serviceId: `svc_${slug}`,
      slug,
      name: slug,
      status: 'active',
      staffIds: [],
      resourceIds: [],
      questions: [],
    },
    staff: [],
    resources: [],
    rules: [],
    blockedTimes: Array.from({ length: blocks }, (_, i) => ({
      blockId: `blk_${i}`,
      ownerType: 'tenant',
      ownerId: 'ten_a',
      startsAtMs: i * 60_000,
      endsAtMs: i * 60_000 + 1,
      status: 'active',
    })),
    holidays: [],
    dateOverrides: [],
    catalogVersion: 'v1',
  } as unknown as catalogV1.GetScheduleSnapshotResponse;
}

/** A catalog that answers snapshots of `blocksOf(slug)` blocks and counts the reads per slug. */
function countingCatalog(blocksOf: (slug: string) => number) {
  const reads: string[] = [];
  const catalog = {
    getScheduleSnapshot: async (req: { serviceSlug: string }) => {
      reads.push(req.serviceSlug);
      return snapshot(req.serviceSlug, blocksOf(req.serviceSlug));
    },
  } as unknown as CatalogClient;
  return { catalog, reads };
}

// With the version the caller read, a kept snapshot is reused without any catalog call.
const ask = (schedules: ReturnType<typeof catalogSchedules>, slug: string) =>
  schedules.forService('ten_a', slug, DAY_MS, 2 * DAY_MS, { version: 'v1' });

/** Room for two snapshots of 1,000 blocks (with their keys), not three. */
const twoSnapshots = 2 * snapshotBytes(snapshot('x', 1_000)) + 1_000;

describe('the schedule snapshot cache', () => {
  it.each([
    ['entries', { maxEntries: 2, maxBytes: 100_000_000 }],
    ['bytes', { maxEntries: 1_000, maxBytes: twoSnapshots }],
  ])('keeps at most its bound in %s, forgetting the least recently used snapshot first', async (_bound, bounds) => {
    const { catalog, reads } = countingCatalog(() => 1_000);
    const schedules = catalogSchedules(catalog, bounds);
    await ask(schedules, 'one');
    await ask(schedules, 'two');
    await ask(schedules, 'one');
    expect(reads).toEqual(['one', 'two']);
    await ask(schedules, 'three'); // "two" goes
    await ask(schedules, 'one');
    expect(reads).toEqual(['one', 'two', 'three']);
    await ask(schedules, 'two');
    expect(reads).toEqual(['one', 'two', 'three', 'two']);
  });

  it('counts a snapshot by its size, and never keeps one larger than the byte bound', async () => {
    expect(snapshotBytes(snapshot('x', 1_000))).toBeGreaterThan(300_000);
    const { catalog, reads } = countingCatalog(() => 10_000);
    const schedules = catalogSchedules(catalog, { maxEntries: 1_000, maxBytes: twoSnapshots });
    await ask(schedules, 'huge');
    await ask(schedules, 'huge');
    expect(reads).toEqual(['huge', 'huge']);
  });
});
