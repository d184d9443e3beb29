import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { storeConfigFor } from '@svc/config';
import { SESSION_COOKIE } from '@svc/crypto';
import { IdentityStore } from '@svc/identity';
import type { Role } from '@svc/rules';
import { openStore, type DocumentStore } from '@svc/store';
import { freePort, json, runApp } from '@svc/testing';
import { WriteWatch } from './audit-check.js';
import { seedTenant } from './booking-fixture.js';

/** An outbox row as the booking service wrote it (apps/booking/src/store/records.ts OutboxDoc). */
export interface OutboxRow {
  [field: string]: unknown;
  _id: string;
  type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: Record<string, any>;
}

export interface DashboardSession {
  cookie: string;
  csrf: string;
}

/**
 * What the platform tests need beside HTTP, from the stores of the running embedded platform,
 * opened as the services open them (one SQLite file per service under
 * DATA_DIR; WAL lets a second connection read while the service writes):
 * - dashboard sessions, minted in the identity service's store like `admin session:create`;
 * - the booking service's outbox, read only, to see which events a change wrote. No test hook
 *   in the platform: the rows the relay publishes are exactly these;
 * - a hold's end moved into the past (endHold), to see what follows when nobody confirms.
 */
export async function platformStores(platform: { url: string; dataDir: string }) {
  const at = { PROFILE: 'embedded' as const, DATA_DIR: platform.dataDir };
  const identityStore: DocumentStore = await openStore(storeConfigFor('identity', at));
  const bookingStore: DocumentStore = await openStore(storeConfigFor('booking', at));

  return {
    /** A member of the tenant with this role, signed in; its CSRF token from GET /api/session. */
    session: sessions(identityStore, platform.url),

    /** The booking's outbox rows, oldest first. */
    async outbox(bookingId: string): Promise<OutboxRow[]> {
      // The collection and its `key` (the booking id) as apps/booking/src/store/records.ts names them.
      return bookingStore
        .collection<OutboxRow & { key: string }>('outbox')
        .find({ key: bookingId }, { sort: [['_id', 1]] });
    },

    /** The types of the booking's events, oldest first. */
    async events(bookingId: string): Promise<string[]> {
      return (await this.outbox(bookingId)).map((row) => row.type);
    },

    /**
     * Moves a held booking's hold end into the past, as if its ten minutes had passed: the
     * platform has no clock a test could turn. The only write a test makes here; what follows
     * (the page's wording, the sweeper's expiry) is the platform's own.
     */
    async endHold(bookingId: string): Promise<void> {
      const moved = await bookingStore
        .collection('bookings')
        .updateOne({ _id: bookingId, status: 'held' }, { holdExpiresAtMs: Date.now() - 1 });
      expect(moved).toBe(1);
    },

    /** Every document of a service's collection, as stored (read only). */
    async raw(service: string, collection: string): Promise<Record<string, unknown>[]> {
      const store = await openStore(storeConfigFor(service, at));
      try {
        return await store.collection(collection).find({});
      } finally {
        await store.close();
      }
    },

    async close() {
      await identityStore.close();
      await bookingStore.close();
    },
  };
}

export type PlatformStores = Awaited<ReturnType<typeof platformStores>>;

/**
 * Dashboard sessions minted in the identity service's store (SQLite of the embedded platform, or
 * its MongoDB database in the distributed profile) like `admin session:create`; the
 * CSRF token from `GET /api/session` of the gateway at `url`.
 */
export function sessions(identityStore: DocumentStore, url: string) {
  const identity = new IdentityStore(identityStore);
  let users = 0;
  /** `email`: sign that user in (again) instead of a new one. */
  return async (tenantId: string, role: Role, email?: string): Promise<DashboardSession> => {
    const address = email ?? `${role}-${++users}@dashboard.test`;
    const user = await identity.findOrCreateUserByEmail(address, address.split('@')[0]!);
    await identity.addMembership(user.userId, tenantId, role);
    const cookie = `${SESSION_COOKIE}=${(await identity.createSession(user.userId, tenantId)).token}`;
    const res = await fetch(`${url}/api/session`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return { cookie, csrf: (await json(res)).data.csrfToken };
  };
}

/** A dashboard request with the session (and, on writes, its CSRF header); JSON body when given. */
export function dashboard(base: string, session: DashboardSession | null) {
  return (method: string, path: string, body?: unknown, opts: { csrf?: boolean } = {}) => {
    const headers: Record<string, string> = {};
    if (session) headers.cookie = session.cookie;
    if (session && method !== 'GET' && opts.csrf !== false) headers['x-service-csrf'] = session.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  };
}

/** A tenant as seedTenant makes it, its owner signed in: the owner's session and dashboard requests. */
export async function seedTenantWithOwner(
  platform: { services: { catalog: { address: string } } },
  stores: PlatformStores,
  base: string,
  slug: string,
) {
  const seeded = await seedTenant(platform.services.catalog.address, slug);
  const session = await stores.session(seeded.tenantId, 'tenant_owner');
  return { ...seeded, session, api: dashboard(base, session) };
}

let keys = 0;
/** A public create, as a customer books; answers the create's data (bookingId, manageToken, …). */
export async function book(
  base: string,
  tenantSlug: string,
  startsAtMs: number,
  opts: { serviceSlug?: string; email?: string; staffId?: string } = {},
) {
  const n = ++keys;
  const res = await fetch(`${base}/book/${tenantSlug}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `fixture-${process.pid}-${n}` },
    body: JSON.stringify({
      serviceSlug: opts.serviceSlug ?? 'checkup',
      startsAtMs,
      customer: { name: `Customer ${n}`, primaryEmail: opts.email ?? `customer${n}@example.test` },
      ...(opts.staffId ? { staffId: opts.staffId } : {}),
    }),
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data as { booking: { bookingId: string; status: string }; manageToken: string; manageUrl: string };
}

/** The answer's data, after checking its status (200 unless told). */
export async function dataOf(res: Response, status = 200) {
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.data;
}

/** Status, code and message of an error answer. */
export async function errorOf(res: Response) {
  const body = await json(res);
  return { status: res.status, code: body.error?.code, message: body.error?.message, details: body.error?.details };
}

/** Successive 30-minute slots of the fixture tenants (open 09:00–17:00 Berlin time every day). */
export function slotSequence(berlinTime: (daysAhead: number, hour: number, minute?: number) => number, fromDay = 2) {
  let i = 0;
  return () => {
    const n = i++;
    const day = fromDay + Math.floor(n / 16);
    const minutes = (n % 16) * 30;
    return berlinTime(day, 9 + Math.floor(minutes / 60), minutes % 60);
  };
}

/**
 * The platform as `npm start` runs it (its own process, real HTTP through the gateway) on a free
 * port with a throw-away data folder and `env` on top, with its stores opened beside it. Like
 * startTestPlatform, `stop()` checks that every write left exactly one audit record (audit-check.ts).
 */
export async function platformProcess(name: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const port = await freePort();
  const proc = runApp('platform', { PORT: String(port), DATA_DIR: dataDir, RATE_LIMITS: 'off', ...env });
  await proc.waitFor('is running at', 60_000);
  const base = `http://127.0.0.1:${port}`;
  const stores = await platformStores({ url: base, dataDir });
  const writes = new WriteWatch(base, dataDir);
  return {
    proc,
    base,
    dataDir,
    stores,
    async stop() {
      await stores.close();
      proc.kill('SIGTERM');
      await proc.exited;
      try {
        await writes.verify();
      } finally {
        await writes.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
