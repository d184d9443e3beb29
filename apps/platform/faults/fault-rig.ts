// What every fault scenario shares (docs/testing.md "Fault suite"): the distributed topology
// (2 gateways, 2 booking replicas, real redis-server, Kafka and MongoDB databases), the benches'
// tenant (a 15-minute service open around the clock, one booking per slot), one webhook
// subscription to a real receiver that can be taken down and brought back on its port, the
// creates with their answers, and the invariants read straight from the services' MongoDB
// databases and from the receiver.

import { createHash } from 'node:crypto';
import { connectService } from '@svc/grpc';
import { webhooksV1 } from '@svc/proto';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '@svc/testing';
import { MongoClient, type Db } from 'mongodb';
import { expect } from 'vitest';
import { seedBenchTenant } from '../src/bench/bench-tenant.js';
import type { Topology, TopologyApp } from '../src/topology/topology.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SLOT_MS = 15 * MINUTE;
const HOOK = 'hooks';

/** One create and what its client saw: status 0 = no answer at all (connection dropped, timeout). */
export interface Outcome {
  key: string;
  startsAtMs: number;
  gateway: number;
  status: number;
  code?: string;
  bookingId?: string;
}

/** The tenant's slots in order: every 15 minutes from two days ahead, never the same one twice. */
export class Slots {
  private next = 0;
  private readonly base = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  take(): number {
    return this.base + this.next++ * SLOT_MS;
  }
}

/** The receiver of the subscription; down() closes its port, up() listens on it again. */
export class Receiver {
  private readonly earlier: ReceivedWebhook[] = [];
  private secret = '';
  private constructor(
    private current: WebhookReceiver | undefined,
    readonly port: number,
  ) {}

  static async start(): Promise<Receiver> {
    const r = await startWebhookReceiver();
    return new Receiver(r, r.port);
  }
  url(): string {
    return `http://127.0.0.1:${this.port}/${HOOK}`;
  }
  setSecret(secret: string): void {
    this.secret = secret;
    this.current?.setSecret(HOOK, secret);
  }
  async down(): Promise<void> {
    if (!this.current) return;
    this.earlier.push(...this.current.received(HOOK));
    const closing = this.current;
    this.current = undefined;
    await closing.close();
  }
  async up(): Promise<void> {
    if (this.current) return;
    this.current = await startWebhookReceiver({ port: this.port });
    this.current.setSecret(HOOK, this.secret);
  }
  /** Every verified request (a receiver deduplicating by event id sees each of these). */
  all() {
    return [...this.earlier, ...(this.current?.received(HOOK) ?? [])];
  }
  /** Event ids once each: what a receiver that dedupes by event id acts on. */
  eventIds(): Set<string> {
    return new Set(this.all().map((w) => w.event.id));
  }
  close(): Promise<void> {
    return this.down();
  }
}

/**
 * The bookings clients were told exist (a 201, or a 200 replay), by booking id, with the key that
 * booked each: the reference every invariant is checked against, so a booking answered 201 and
 * missing from the store (or from the outbox) cannot pass.
 */
export class Told {
  private readonly byBooking = new Map<string, string>();
  note(o: Outcome): void {
    if ((o.status === 201 || o.status === 200) && o.bookingId) {
      const earlier = this.byBooking.get(o.bookingId);
      // Two keys told the same booking id would mean two requests share one booking.
      expect(earlier === undefined || earlier === o.key, `booking ${o.bookingId} told to two keys`).toBe(true);
      this.byBooking.set(o.bookingId, o.key);
    }
  }
  bookingIds(): string[] {
    return [...this.byBooking.keys()];
  }
  get size(): number {
    return this.byBooking.size;
  }
}

export interface Rig {
  topology: Topology;
  /** Every booking a client of this suite was told exists, across scenarios. */
  told: Told;
  tenantId: string;
  subscriptionId: string;
  receiver: Receiver;
  slots: Slots;
  booking: Db;
  dispatcher: Db;
  /** Receiver-side duplicates already counted by earlier scenarios (each checks its own). */
  duplicatesBefore: number;
  /** Of those, the ones a failed attempt explains (retriedAfterFailure). */
  explainedBefore: number;
  app(id: string): TopologyApp;
  close(): Promise<void>;
}

export async function startRig(topology: Topology): Promise<Rig> {
  const tenantId = await seedBenchTenant(topology.catalogAddress, { slug: 'faults', timezone: 'UTC' });
  const receiver = await Receiver.start();
  const dispatcherApp = topology.apps.find((a) => a.app === 'webhook-dispatcher')!;
  const webhooks = connectService(webhooksV1.WebhookServiceService, dispatcherApp.address);
  const sub = await webhooks
    .createSubscription({ tenantId, url: receiver.url(), events: [], description: 'fault suite' })
    .finally(() => webhooks.close());
  receiver.setSecret(sub.signingSecret);
  const mongo = await MongoClient.connect(topology.mongodbUrl);
  return {
    topology,
    tenantId,
    told: new Told(),
    subscriptionId: sub.subscription!.subscriptionId,
    receiver,
    slots: new Slots(),
    duplicatesBefore: 0,
    explainedBefore: 0,
    booking: mongo.db(`${topology.dbPrefix}booking`),
    dispatcher: mongo.db(`${topology.dbPrefix}webhook_dispatcher`),
    app: (id) => {
      const found = topology.apps.find((a) => a.id === id);
      if (!found) throw new Error(`no app ${id}`);
      return found;
    },
    async close() {
      await receiver.close();
      await mongo.close();
    },
  };
}

let keySeq = 0;

/** POST /book/faults/bookings through gateway `gateway` (0-based); never throws. */
export async function create(
  rig: Rig,
  gateway: number,
  startsAtMs: number,
  key = `fault-${process.pid}-${++keySeq}`,
): Promise<Outcome> {
  const base = rig.topology.gatewayUrls[gateway % rig.topology.gatewayUrls.length]!;
  const outcome: Outcome = { key, startsAtMs, gateway, status: 0 };
  try {
    const res = await fetch(`${base}/book/faults/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        serviceSlug: 'visit',
        startsAtMs,
        source: 'public_page',
        // One customer per key: the same body on every retry of that key.
        customer: { name: `Customer ${key}`, primaryEmail: `${key}@example.test` },
      }),
      // Longer than the gateway's own 15 s deadline for a create: an answer always comes first.
      signal: AbortSignal.timeout(30_000),
    });
    outcome.status = res.status;
    const body = (await res.json().catch(() => ({}))) as {
      data?: { booking?: { bookingId?: string } };
      error?: { code?: string };
    };
    if (body.data?.booking?.bookingId) outcome.bookingId = body.data.booking.bookingId;
    if (body.error?.code) outcome.code = body.error.code;
  } catch {
    outcome.status = 0;
  }
  rig.told.note(outcome);
  return outcome;
}

/** Runs `count` creates on fresh slots, `concurrency` at a time, alternating gateways. */
export async function stream(
  rig: Rig,
  count: number,
  concurrency: number,
  onDone?: (done: number) => void | Promise<void>,
): Promise<Outcome[]> {
  const starts = Array.from({ length: count }, () => rig.slots.take());
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < starts.length) {
      const i = next++;
      outcomes.push(await create(rig, i, starts[i]!));
      await onDone?.(outcomes.length);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

/** Asks again with the same key and body, as a client does after no answer or a 5xx, until it gets a non-5xx answer. */
export async function retryUnanswered(rig: Rig, outcomes: Outcome[], withinMs = 90_000): Promise<Outcome[]> {
  const retried: Outcome[] = [];
  for (const o of outcomes.filter((x) => x.status === 0 || x.status >= 500)) {
    const until = Date.now() + withinMs;
    for (;;) {
      const again = await create(rig, o.gateway, o.startsAtMs, o.key);
      if ((again.status !== 0 && again.status < 500) || Date.now() > until) {
        retried.push(again);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return retried;
}

/** One outcome in a line, as an assertion's message shows it (status and code, which a diff would cut off). */
export const describeOutcome = (o: Outcome): string =>
  `${o.key} at ${o.startsAtMs}: ${o.status} ${o.code ?? ''}`.trim();

/** Counts per status ("no answer" for 0). */
export function statusCounts(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const k = o.status === 0 ? 'no answer' : String(o.status);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

type BookingRow = { _id: string; startsAtMs: number; status: string };
type OutboxRow = { _id: string; type: string; key: string; state: string };

export async function storedBookings(rig: Rig): Promise<BookingRow[]> {
  return rig.booking
    .collection<BookingRow>('bookings')
    .find({ tenantId: rig.tenantId }, { projection: { _id: 1, startsAtMs: 1, status: 1 } })
    .toArray();
}

export async function outboxRows(rig: Rig): Promise<OutboxRow[]> {
  return rig.booking
    .collection<OutboxRow>('outbox')
    .find({ tenantId: rig.tenantId }, { projection: { _id: 1, type: 1, key: 1, state: 1 } })
    .toArray();
}

/** The booking id each of these idempotency keys is bound to (keys without a record are left out). */
export async function idempotencyKeys(rig: Rig, keys: string[]): Promise<Map<string, string>> {
  // _id is "<tenantId>:<sha256(key), base64url>" (apps/booking/src/store/booking-store.ts idempotencyId).
  const idOf = (key: string) => `${rig.tenantId}:${createHash('sha256').update(key).digest('base64url')}`;
  const byId = new Map(keys.map((k) => [idOf(k), k]));
  const rows = await rig.booking
    .collection<{ _id: string; bookingId: string }>('idempotency_keys')
    .find({ _id: { $in: [...byId.keys()] } })
    .toArray();
  return new Map(rows.map((r) => [byId.get(r._id)!, r.bookingId]));
}

/** Delivery records per (eventId, subscriptionId) with more than one: must stay empty. */
export async function duplicateDeliveries(rig: Rig): Promise<number> {
  const dupes = await rig.dispatcher
    .collection('webhook_deliveries')
    .aggregate([
      { $match: { tenantId: rig.tenantId } },
      { $group: { _id: { e: '$eventId', s: '$subscriptionId' }, n: { $sum: 1 } } },
      { $match: { n: { $gt: 1 } } },
    ])
    .toArray();
  return dupes.length;
}

/**
 * Receiver-side duplicates at-least-once delivery allows without a crash: for each event the
 * receiver got more than once, the failed attempts (no 2xx answer recorded: a timeout, a lost
 * connection) that preceded another attempt of its delivery, each of which may have reached the
 * receiver. Counted over everything received so far.
 */
async function retriedAfterFailure(rig: Rig): Promise<number> {
  const arrivals = new Map<string, number>();
  for (const w of rig.receiver.all()) arrivals.set(w.event.id, (arrivals.get(w.event.id) ?? 0) + 1);
  const twice = [...arrivals].filter(([, n]) => n > 1);
  if (twice.length === 0) return 0;
  const deliveries = await rig.dispatcher
    .collection<{ _id: string; eventId: string }>('webhook_deliveries')
    .find({ eventId: { $in: twice.map(([id]) => id) } })
    .toArray();
  let explained = 0;
  for (const d of deliveries) {
    const attempts = await rig.dispatcher
      .collection<{ _id: string; responseStatus: number | null; startedAtMs: number }>('webhook_attempts')
      .find({ deliveryId: d._id })
      .sort({ startedAtMs: 1 })
      .toArray();
    const failedThenRetried = attempts
      .slice(0, -1)
      .filter((a) => a.responseStatus === null || a.responseStatus < 200 || a.responseStatus >= 300).length;
    explained += Math.min(failedThenRetried, (arrivals.get(d.eventId) ?? 1) - 1);
  }
  return explained;
}

/**
 * What a failed duplicate bound needs to be understood: each event the receiver got more than
 * once with the times it arrived, its delivery records and their attempts as the dispatcher
 * stored them, and the dispatcher's warnings and errors.
 */
async function duplicateDiagnosis(rig: Rig): Promise<string> {
  const arrivals = new Map<string, number[]>();
  for (const w of rig.receiver.all()) arrivals.set(w.event.id, [...(arrivals.get(w.event.id) ?? []), w.atMs]);
  const twice = [...arrivals].filter(([, at]) => at.length > 1).slice(0, 10);
  const deliveries = await rig.dispatcher
    .collection('webhook_deliveries')
    .find({ eventId: { $in: twice.map(([id]) => id) } })
    .project({ eventId: 1, status: 1, series: 1, attemptCount: 1, revision: 1, createdAtMs: 1, updatedAtMs: 1 })
    .toArray();
  const attempts = await rig.dispatcher
    .collection('webhook_attempts')
    .find({ deliveryId: { $in: deliveries.map((d) => d._id) } })
    .toArray();
  const log = rig
    .app('webhook-dispatcher')
    .process.output()
    .split('\n')
    .filter((line) => /"level":(40|50|60)/.test(line))
    .slice(-20);
  return JSON.stringify({ twice, deliveries, attempts, log }, null, 1);
}

/**
 * The invariants every scenario ends with, against what clients were told (`rig.told`, every 201
 * and 200 replay so far) rather than the system's own records:
 * - the stored bookings of the tenant are exactly the told ones (none missing, none that no
 *   client learnt of), and no slot is held by two live bookings;
 * - each told booking has exactly one `booking.created` outbox row (counted, not collapsed);
 * - every outbox row is published (asserted, not only waited for);
 * - every outbox row's event reached the signature-checking receiver at least once;
 * - one delivery record per (event, subscription);
 * - receiver-side duplicates (requests for an event id already received) that no failed
 *   attempt explains (retriedAfterFailure: at-least-once after a timeout or a lost connection)
 *   are within `duplicateBound`: 0 unless the scenario killed a dispatcher, then at most
 *   WEBHOOK_CONCURRENCY attempts in flight per kill (docs/decisions.md "Webhooks", "How often
 *   a receiver sees an event twice").
 * Answers the figures.
 */
export async function expectInvariants(rig: Rig, opts: { deliverWithinMs?: number; duplicateBound?: number } = {}) {
  const { deliverWithinMs = 120_000, duplicateBound = 0 } = opts;
  const told = rig.told.bookingIds().sort();
  const bookings = await storedBookings(rig);
  expect(
    bookings.map((b) => b._id).sort(),
    'stored bookings = the bookings clients were told of (201 or 200 replay)',
  ).toEqual(told);
  const live = bookings.filter((b) => b.status !== 'cancelled');
  const perStart = new Map<number, number>();
  for (const b of live) perStart.set(b.startsAtMs, (perStart.get(b.startsAtMs) ?? 0) + 1);
  expect(
    [...perStart.values()].filter((n) => n > 1),
    'slots held by two live bookings',
  ).toEqual([]);

  const until = Date.now() + deliverWithinMs;
  let rows = await outboxRows(rig);
  for (;;) {
    rows = await outboxRows(rig);
    const seen = rig.receiver.eventIds();
    const done = rows.every((r) => r.state === 'published' && seen.has(r._id));
    if (done || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(
    rows.filter((r) => r.state !== 'published').map((r) => r._id),
    'outbox rows never published',
  ).toEqual([]);
  const seen = rig.receiver.eventIds();
  expect(
    rows.filter((r) => !seen.has(r._id)).map((r) => r._id),
    'outbox events never delivered to the receiver',
  ).toEqual([]);
  const createdRows = new Map<string, number>();
  for (const r of rows) if (r.type === 'booking.created') createdRows.set(r.key, (createdRows.get(r.key) ?? 0) + 1);
  expect(
    told.filter((id) => createdRows.get(id) !== 1).map((id) => `${id}: ${createdRows.get(id) ?? 0}`),
    'told bookings without exactly one booking.created row',
  ).toEqual([]);
  expect(
    [...createdRows.keys()].filter((id) => !rig.told.bookingIds().includes(id)),
    'booking.created rows of bookings no client was told of',
  ).toEqual([]);
  expect(await duplicateDeliveries(rig), '(eventId, subscriptionId) with two delivery records').toBe(0);
  const received = rig.receiver.all().length;
  const unique = rig.receiver.eventIds().size;
  const duplicates = received - unique - rig.duplicatesBefore;
  // A duplicate the dispatcher knew no better than to send: an earlier attempt of the delivery
  // ended without a 2xx (it timed out or lost its connection after the receiver had the request).
  const explained = (await retriedAfterFailure(rig)) - rig.explainedBefore;
  const unexplained = Math.max(0, duplicates - explained);
  const why = unexplained > duplicateBound ? `\n${await duplicateDiagnosis(rig)}` : '';
  expect(
    unexplained,
    `receiver-side duplicates not explained by a failed attempt, within the bound of ${duplicateBound}${why}`,
  ).toBeLessThanOrEqual(duplicateBound);
  rig.duplicatesBefore += duplicates;
  rig.explainedBefore += explained;
  return {
    told: told.length,
    bookings: bookings.length,
    eventsWritten: rows.length,
    delivered: unique,
    duplicates,
    'after a failed attempt': explained,
  };
}

/** One line of figures per scenario, printed for the CI log. */
export function printFigures(scenario: string, outcomes: Outcome[], extra: Record<string, number | string>): void {
  const counts = statusCounts(outcomes);
  const fives = outcomes.filter((o) => o.status >= 500).length;
  const parts = [
    `requests ${outcomes.length}`,
    `201 ${counts['201'] ?? 0}`,
    `200 ${counts['200'] ?? 0}`,
    `409 ${counts['409'] ?? 0}`,
    `503 ${counts['503'] ?? 0}`,
    `5xx ${fives}`,
    `no answer ${counts['no answer'] ?? 0}`,
    ...Object.entries(extra).map(([k, v]) => `${k} ${v}`),
  ];
  console.log(`[faults] ${scenario}: ${parts.join(', ')}`);
}

export const appIds = (topology: Topology, app: TopologyApp['app']) =>
  topology.apps.filter((a) => a.app === app).map((a) => a.id);
