// Service-level fixture for booking create: the real catalog and customer services on free ports
// over in-memory SQLite, tenants with bookable services seeded through the catalog's gRPC API,
// and the booking service itself, all talking real gRPC.

import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect } from 'vitest';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { DomainError } from '@svc/errors';
import { InProcessEventBus, type EventBus } from '@svc/events';
import {
  type RunningGrpcHost,
  connectService,
  type CatalogClient,
  type BookingClient,
  type CustomerClient,
} from '@svc/grpc';
import { InProcessLockManager, type Lease, type LockManager } from '@svc/lock';
import { bookingV1, catalogV1, customerV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { createTestTenant, uniqueSlug } from '@svc/testing';
import type { EraseOptions } from '../src/application/erase-customer.js';
import { HoldExpiry } from '../src/application/hold-expiry.js';
import { noBusyTimes } from '../src/clients/busy-times.js';
import { noCalendarSyncs } from '../src/clients/calendar-syncs.js';
import { noPayments } from '../src/clients/payments.js';
import { catalogSchedules } from '../src/clients/catalog-schedules.js';
import { catalogServices } from '../src/clients/catalog-services.js';
import { customerDirectory } from '../src/clients/customer-directory.js';
import { startBookingService } from '../src/index.js';
import { BookingStore } from '../src/store/booking-store.js';
import { BOOKING_COLLECTIONS, type BookingDoc, type IdempotencyDoc, type OutboxDoc } from '../src/store/records.js';

export const HOST_SETTINGS = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 };
export const TIMEZONE = 'Europe/Berlin';
export const MIN = 60_000;
export const HOLD_MS = 10 * MIN;
/** Generous: under 200 contenders a create may wait up to lockWaitMs for its locks. */
export const CALL_DEADLINE_MS = 30_000;
const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

// ---------------------------------------------------------------------------------------------
// Catalog and customer services

export interface Dependencies {
  catalogHost: RunningGrpcHost;
  customerHost: RunningGrpcHost;
  /** The test's own client of the catalog (seeding). */
  catalog: CatalogClient;
  stop(): Promise<void>;
}

export async function startDependencies(): Promise<Dependencies> {
  const catalogHost = await startCatalogService(HOST_SETTINGS, {
    logger: createLogger('catalog', 'silent'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  const customerHost = await startCustomerService(HOST_SETTINGS, {
    logger: createLogger('customer', 'silent'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  const catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
  return {
    catalogHost,
    customerHost,
    catalog,
    async stop() {
      catalog.close();
      await Promise.all([catalogHost.stop(), customerHost.stop()]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Seeding through the catalog API

export interface SeededService {
  serviceId: string;
  slug: string;
  name: string;
}

export interface BookableTenant {
  tenantId: string;
  timezone: string;
  staffId: string;
  /** durationMin 30, slotIntervalMin 30, minNoticeMin 0, maxAdvanceDays 90, one staff member. */
  service: SeededService;
}

/** A tenant whose one service can be booked at every :00 and :30 of every day (tenant and staff open 00:00–24:00). */
export async function createBookableTenant(catalog: CatalogClient): Promise<BookableTenant> {
  const tenant = await createTestTenant(catalog, { name: 'Test Tenant', timezone: TIMEZONE, locale: 'en-US' });
  const tenantId = tenant.tenantId;
  await addWeeklyRules(catalog, tenantId, 'tenant', tenantId, ALL_WEEKDAYS, 0, 1440);
  const staffId = await addStaff(catalog, tenantId, 'Sam Staff');
  await addWeeklyRules(catalog, tenantId, 'staff', staffId, ALL_WEEKDAYS, 0, 1440);
  const service = await addService(catalog, tenantId, { staffIds: [staffId] });
  return { tenantId, timezone: TIMEZONE, staffId, service };
}

export async function addStaff(catalog: CatalogClient, tenantId: string, displayName: string): Promise<string> {
  const { staff } = await catalog.createStaff({ tenantId, fields: { displayName } });
  if (!staff) throw new Error('catalog answered without staff');
  return staff.staffId;
}

export async function addWeeklyRules(
  catalog: CatalogClient,
  tenantId: string,
  ownerType: 'tenant' | 'staff',
  ownerId: string,
  weekdays: number[],
  startMinute: number,
  endMinute: number,
): Promise<void> {
  for (const weekday of weekdays) {
    await catalog.createAvailabilityRule({
      tenantId,
      fields: { ownerType, ownerId, weekday, startMinute, endMinute },
    });
  }
}

/** A 30-minute service on a 30-minute grid; `fields` override (staffIds must be given). */
export async function addService(
  catalog: CatalogClient,
  tenantId: string,
  fields: Omit<Partial<catalogV1.ServiceFields>, 'staffIdsSet' | 'resourceIdsSet'> & { staffIds: string[] },
): Promise<SeededService> {
  const slug = fields.slug ?? uniqueSlug('svc');
  const { service } = await catalog.createService({
    tenantId,
    fields: {
      slug,
      name: `Service ${slug}`,
      durationMin: 30,
      slotIntervalMin: 30,
      minNoticeMin: 0,
      maxAdvanceDays: 90,
      resourceIds: [],
      resourceIdsSet: true,
      questions: [],
      questionsSet: false,
      staffWeights: {},
      staffWeightsSet: false,
      ...fields,
      staffIdsSet: true,
    },
  });
  if (!service) throw new Error('catalog answered without a service');
  return { serviceId: service.serviceId, slug: service.slug, name: service.name };
}

// ---------------------------------------------------------------------------------------------
// A failed lock

/**
 * The lock port's test double for a lock that fails: it grants every acquire at once, as a Redis
 * lease does after its stalled holder (a long GC pause, a partition) outlived the TTL, or after
 * a failover lost it. Counts how many held one key at the same time, so a test can show it
 * really let several in.
 */
export class AlwaysGrantingLock implements LockManager {
  private readonly holders = new Map<string, number>();
  /** The most holders one key had at once. */
  maxHolders = 0;

  async acquire(key: string): Promise<Lease> {
    const n = (this.holders.get(key) ?? 0) + 1;
    this.holders.set(key, n);
    this.maxHolders = Math.max(this.maxHolders, n);
    return { key, token: randomUUID() };
  }

  async release(lease: Lease): Promise<boolean> {
    const n = (this.holders.get(lease.key) ?? 1) - 1;
    if (n > 0) this.holders.set(lease.key, n);
    else this.holders.delete(lease.key);
    return true;
  }

  async extend(): Promise<boolean> {
    return true;
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

// ---------------------------------------------------------------------------------------------
// The booking service

export interface BookingHarness {
  host: RunningGrpcHost;
  client: BookingClient;
  /** The DocumentStore the service writes (shared with the test, which reads it). */
  store: DocumentStore;
  bus: InProcessEventBus;
  stop(): Promise<void>;
}

export interface BookingOptions {
  lock?: LockManager;
  store?: DocumentStore;
  lockWaitMs?: number;
  /** The service's clock (default Date.now). */
  now?: () => number;
  /** Pause between hold-expiry sweeps; default a minute (tests sweep by hand). */
  holdSweepMs?: number;
  /** The service's customer client (default: one to the real customer service); the host closes it. */
  customers?: CustomerClient;
  /** What the relay publishes to, around the harness's bus (default: the bus itself). */
  wrapBus?: (bus: InProcessEventBus) => EventBus;
  /** The erase jobs' timing. */
  erase?: EraseOptions;
}

/** startBookingService with real gRPC clients to catalog and customer; the host owns (closes) them. */
export async function startBooking(deps: Dependencies, opts: BookingOptions = {}): Promise<BookingHarness> {
  const store = opts.store ?? (await openSqliteStore({ file: ':memory:' }));
  const bus = new InProcessEventBus({ onHandlerError: () => {} });
  const host = await startBookingService(HOST_SETTINGS, {
    logger: createLogger('booking', 'silent'),
    store,
    lock: opts.lock ?? new InProcessLockManager(),
    bus: opts.wrapBus ? opts.wrapBus(bus) : bus,
    catalog: connectService(catalogV1.CatalogServiceService, deps.catalogHost.address),
    customers: opts.customers ?? connectService(customerV1.CustomerServiceService, deps.customerHost.address),
    lockWaitMs: opts.lockWaitMs ?? 5_000,
    holdSweepMs: opts.holdSweepMs ?? 60_000,
    ...(opts.erase ? { erase: opts.erase } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  const client = connectService(bookingV1.BookingServiceService, host.address);
  return {
    host,
    client,
    store,
    bus,
    async stop() {
      client.close();
      await host.stop();
    },
  };
}

/**
 * A hold-expiry sweeper over `harness`'s store on the clock `now`, swept by hand (sweepOnce,
 * confirmOnce), with a lock of its own as another replica would have; close() when done.
 */
export function handSweeper(deps: Dependencies, harness: BookingHarness, now: () => number) {
  const customers = connectService(customerV1.CustomerServiceService, deps.customerHost.address);
  const sweeper = new HoldExpiry(
    {
      store: new BookingStore(harness.store),
      lock: new InProcessLockManager(),
      schedules: catalogSchedules(deps.catalog),
      services: catalogServices(deps.catalog),
      customers: customerDirectory(customers),
      now,
      lockWaitMs: 1_000,
      busyTimes: noBusyTimes,
      calendarSyncs: noCalendarSyncs,
      payments: noPayments,
    },
    createLogger('sweeper', 'silent'),
    { intervalMs: 60_000 },
  );
  return { sweeper, close: () => customers.close() };
}

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * Today's local date, fixed when the fixture loads: every day offset a test file computes then
 * names the same calendar day, even when the run crosses midnight.
 */
const TODAY = DateTime.now().setZone(TIMEZONE).startOf('day');

/** Epoch ms of `hour:minute` tenant-local time `daysAhead` calendar days after today (negative = past). */
export function localSlot(daysAhead: number, hour: number, minute = 0): number {
  return TODAY.plus({ days: daysAhead }).set({ hour, minute, second: 0, millisecond: 0 }).toMillis();
}

/** JavaScript weekday (0 = Sunday) of that local day. */
export function localWeekday(daysAhead: number): number {
  return TODAY.plus({ days: daysAhead }).weekday % 7;
}

/** What the gateway computes: a SHA-256 over the request body (everything but tenant, key, scope and fingerprint). */
export function fingerprintOf(req: bookingV1.CreateBookingRequest): string {
  const { tenantId: _t, idempotencyKey: _k, idempotencyScope: _s, requestFingerprint: _f, ...body } = req;
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

let seq = 0;
/** A valid create for `startsAtMs`: a fresh key and a fresh customer unless `overrides` say otherwise. */
export function createRequest(
  tenant: Pick<BookableTenant, 'tenantId' | 'service'>,
  startsAtMs: number,
  overrides: Partial<bookingV1.CreateBookingRequest> = {},
): bookingV1.CreateBookingRequest {
  const n = seq++;
  const req: bookingV1.CreateBookingRequest = {
    tenantId: tenant.tenantId,
    idempotencyKey: `key-${randomUUID()}`,
    idempotencyScope: '',
    requestFingerprint: '',
    serviceSlug: tenant.service.slug,
    startsAtMs,
    answers: [],
    source: 'public_page',
    customer: { name: `Customer ${n}`, primaryEmail: `customer-${n}-${randomUUID().slice(0, 8)}@example.com` },
    notes: '',
    timezone: '',
    ...overrides,
  };
  return { ...req, requestFingerprint: overrides.requestFingerprint ?? fingerprintOf(req) };
}

export function create(client: BookingClient, req: bookingV1.CreateBookingRequest) {
  return client.createBooking(req, { deadlineMs: CALL_DEADLINE_MS });
}

/** The booking of a response that must carry one. */
export function bookingOf(res: bookingV1.CreateBookingResponse): bookingV1.Booking {
  expect(res.booking).toBeDefined();
  return res.booking as bookingV1.Booking;
}

/** The DomainError a call rejected with (the test fails when it succeeded or failed otherwise). */
export async function failure(call: Promise<unknown>): Promise<DomainError> {
  const err = await call.then(
    () => new Error('expected the call to fail, but it succeeded'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

/** Runs all calls and sorts the answers; anything but a DomainError fails the test. */
export async function settleAll<T>(calls: Array<Promise<T>>): Promise<{ ok: T[]; failed: DomainError[] }> {
  const results = await Promise.allSettled(calls);
  const ok: T[] = [];
  const failed: DomainError[] = [];
  for (const r of results) {
    if (r.status === 'fulfilled') ok.push(r.value);
    else {
      expect(r.reason).toBeInstanceOf(DomainError);
      failed.push(r.reason as DomainError);
    }
  }
  return { ok, failed };
}

/** Counts per error code, for readable assertions on a crowd of failures. */
export function codeCounts(errors: DomainError[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of errors) counts[e.code] = (counts[e.code] ?? 0) + 1;
  return counts;
}

/** Polls `probe` until it answers something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

// ---------------------------------------------------------------------------------------------
// What the booking service stored

export interface Stored {
  bookings: BookingDoc[];
  outbox: OutboxDoc[];
  idempotency: IdempotencyDoc[];
}

/** Every booking, outbox row and idempotency record of the tenant, read straight from the store. */
export async function storedFor(store: DocumentStore, tenantId: string): Promise<Stored> {
  const { bookings, outbox, idempotency } = BOOKING_COLLECTIONS;
  return {
    bookings: await store.collection<BookingDoc>(bookings).find({ tenantId }),
    outbox: await store.collection<OutboxDoc>(outbox).find({ tenantId }),
    idempotency: await store.collection<IdempotencyDoc>(idempotency).find({ tenantId }),
  };
}

/**
 * The booking service and its dependencies for the tests of one file: started before them,
 * stopped after (read `deps` and `svc` inside the tests, once they run).
 */
export function bookingServiceForSuite(): { deps: Dependencies; svc: BookingHarness } {
  const suite = {} as { deps: Dependencies; svc: BookingHarness };
  beforeAll(async () => {
    suite.deps = await startDependencies();
    suite.svc = await startBooking(suite.deps);
  });
  afterAll(async () => {
    await suite.svc?.stop();
    await suite.deps?.stop();
  });
  return suite;
}
