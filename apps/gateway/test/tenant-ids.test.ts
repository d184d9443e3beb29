// The public create's slug → tenant id cache (routes/public/tenant-ids.ts) holds its bounds in
// entries and bytes, forgetting the least recently used slug first (docs/operations.md "Memory bounds").

import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, stringBytes } from '@svc/cache';
import type { CatalogClient } from '@svc/grpc';
import { tenantIdsBySlug } from '../src/routes/public/tenant-ids.js';

/** A catalog knowing every slug (its tenant id is `ten_` + the slug); counts the lookups. */
function countingCatalog() {
  const asked: string[] = [];
  const catalog = {
    getTenantBySlug: async ({ slug }: { slug: string }) => {
      asked.push(slug);
      return { tenant: { tenantId: `ten_${slug}`, slug, status: 'active' }, catalogVersion: 'v1' };
    },
  } as unknown as CatalogClient;
  return { catalog, asked };
}

const slug = (n: number) => `clinic-${n}`.padEnd(40, 'x');
const entryBytes = stringBytes(slug(0)) + stringBytes(`ten_${slug(0)}`) + ENTRY_OVERHEAD_BYTES;

describe('the slug → tenant id cache of the public create', () => {
  it.each([
    ['entries', { maxEntries: 2, maxBytes: 1_000_000 }],
    ['bytes', { maxEntries: 1_000, maxBytes: 2 * entryBytes }],
  ])('keeps at most its bound in %s, forgetting the least recently used slug first', async (_bound, bounds) => {
    const { catalog, asked } = countingCatalog();
    const idOf = tenantIdsBySlug(catalog, bounds);
    expect(await idOf(slug(0))).toBe(`ten_${slug(0)}`);
    await idOf(slug(1));
    await idOf(slug(0));
    expect(asked).toEqual([slug(0), slug(1)]);
    await idOf(slug(2)); // slug 1 goes
    await idOf(slug(0));
    expect(asked).toEqual([slug(0), slug(1), slug(2)]);
    await idOf(slug(1));
    expect(asked).toEqual([slug(0), slug(1), slug(2), slug(1)]);
  });

  it('keeps no unknown slug', async () => {
    const asked: string[] = [];
    const catalog = {
      getTenantBySlug: async ({ slug: s }: { slug: string }) => {
        asked.push(s);
        return { tenant: undefined, catalogVersion: '' };
      },
    } as unknown as CatalogClient;
    const idOf = tenantIdsBySlug(catalog);
    await expect(idOf('nobody')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(idOf('nobody')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(asked).toEqual(['nobody', 'nobody']);
  });
});
