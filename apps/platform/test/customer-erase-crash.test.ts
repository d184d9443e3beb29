// An erase survives the booking service being killed half way (docs/decisions.md "Privacy"): the
// platform as `npm start` runs it is SIGKILLed while the erase job is cancelling the customer's
// bookings; started again on the same data folder, the job finishes by itself, with nobody asking
// again, the tenant export made before it is removed (the gateway reads `customer.erased`; the
// killed request never got to it, docs/decisions.md "Tenant export"), and a second erase answers
// what the first would have.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readPlatformRuntime, storeConfigFor } from '@svc/config';
import { openStore, type DocumentStore } from '@svc/store';
import { eventually, freePort, json, runApp, type AppProcess } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { dashboard, platformStores, slotSequence, type PlatformStores } from './dashboard-fixture.js';

const BOOKINGS = 150;
const NAME = 'Crashington Eraseworth';
const EMAIL = 'crash.erase4417@example.test';

const dataDir = mkdtempSync(join(tmpdir(), 'customer-erase-crash-'));
let proc: AppProcess;
let base: string;
let stores: PlatformStores;
let bookingStore: DocumentStore;

async function start(): Promise<void> {
  const port = await freePort();
  proc = runApp('platform', { PORT: String(port), DATA_DIR: dataDir, RATE_LIMITS: 'off', HOLD_SWEEP_MS: '500' });
  await proc.waitFor('is running at', 60_000);
  base = `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  await start();
  stores = await platformStores({ url: base, dataDir });
  bookingStore = await openStore(storeConfigFor('booking', { PROFILE: 'embedded', DATA_DIR: dataDir }));
}, 120_000);
afterAll(async () => {
  await bookingStore?.close();
  await stores?.close();
  proc?.kill('SIGTERM');
  await proc?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The files of the data folder that hold the customer's name or email (one gone while read is skipped). */
const traces = (): string[] =>
  readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dataDir, f))
    .filter((f) => {
      try {
        if (!statSync(f).isFile()) return false;
        const bytes = readFileSync(f).toString('latin1');
        return bytes.includes(NAME) || bytes.includes(EMAIL);
      } catch {
        return false;
      }
    });

it('finishes an erase after a SIGKILL half way, by itself; erasing again answers the same', async () => {
  const { tenantId } = await seedTenant(readPlatformRuntime(dataDir)!.services.catalog!, 'erase-crash');
  const session = await stores.session(tenantId, 'tenant_owner');
  const nextSlot = slotSequence(berlinTime);
  // Booked ten at a time (each its own slot): the same customer, found by the email.
  const starts = Array.from({ length: BOOKINGS }, () => nextSlot());
  const created: string[] = [];
  for (let i = 0; i < BOOKINGS; i += 10) {
    const answers = await Promise.all(
      starts.slice(i, i + 10).map(async (startsAtMs, k) => {
        const res = await fetch(`${base}/book/erase-crash/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `crash-${i + k}` },
          body: JSON.stringify({ serviceSlug: 'checkup', startsAtMs, customer: { name: NAME, primaryEmail: EMAIL } }),
        });
        expect(res.status).toBe(201);
        return (await json(res)).data.booking.bookingId as string;
      }),
    );
    created.push(...answers);
  }
  const firstBooking = created[0]!;
  const api = () => dashboard(base, session);
  const customerId = (await json(await api()('GET', `/api/bookings/${firstBooking}`))).data.customerId as string;

  // A tenant export made before the erase holds the customer.
  const started = await json(await api()('POST', '/api/tenant/export'));
  const exportJob = started.data.jobId as string;
  const exportStatus = async () => (await json(await api()('GET', `/api/tenant/export/${exportJob}`))).data;
  await eventually(
    'the tenant export ready',
    async () => ((await exportStatus()).status === 'ready' ? true : undefined),
    60_000,
  );

  // The erase starts; the process dies while the job is cancelling (some bookings done, not all).
  const erase = () => api()('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId });
  const interrupted = erase().catch(() => 'the connection died with the process');
  const jobs = bookingStore.collection<{ _id: string; step: string; requestedAtMs: number }>('erase_jobs');
  const bookings = bookingStore.collection<{ _id: string; status: string; customerId: string }>('bookings');
  const stepWhenKilled = await eventually(
    'the erase job half way through its cancellations',
    async () => {
      const job = await jobs.findOne({ _id: `${tenantId}:${customerId}` });
      if (job?.step !== 'cancel') return undefined;
      const cancelled = await bookings.count({ customerId, status: 'cancelled' });
      return cancelled > 0 && cancelled < BOOKINGS ? job.step : undefined;
    },
    30_000,
  );
  proc.kill('SIGKILL');
  await proc.exited;
  await interrupted;
  expect(stepWhenKilled).toBe('cancel');
  const left = await bookings.count({ customerId, status: 'held' });
  expect(left).toBeGreaterThan(0);

  // Started again: the job runs to its end without a second request.
  await start();
  const job = await eventually(
    'the erase job done after the restart',
    async () => {
      const found = await jobs.findOne({ _id: `${tenantId}:${customerId}` });
      return found?.step === 'done' ? found : undefined;
    },
    60_000,
  );
  expect(await bookings.count({ customerId, status: 'held' })).toBe(0);
  expect(await bookings.count({ customerId, status: 'cancelled' })).toBe(BOOKINGS);
  const customer = (await json(await api()('GET', `/api/customers/${customerId}`))).data;
  expect(customer).toMatchObject({ status: 'erased', name: '', primaryEmail: null });
  const removed = await eventually(
    'the tenant export removed after the restart',
    async () => {
      const found = await exportStatus();
      return found.status === 'failed' ? found : undefined;
    },
    30_000,
  );
  expect(removed).toMatchObject({ error: expect.stringContaining('A customer was erased'), download: null });
  await eventually(
    'no trace of the customer in the data folder',
    async () => (traces().length === 0 ? true : undefined),
    30_000,
  ).catch((err: unknown) => {
    throw new Error(`${String(err)}: ${traces().join(', ')}`);
  });

  const again = await erase();
  const body = await json(again);
  expect(again.status, JSON.stringify(body)).toBe(200);
  expect(body.data).toEqual({
    customerId,
    status: 'erased',
    bookings: BOOKINGS,
    cancelled: BOOKINGS,
    requestedAtMs: job.requestedAtMs,
    completedAtMs: expect.any(Number),
  });
  expect((await json(await erase())).data).toEqual(body.data);
}, 240_000);
