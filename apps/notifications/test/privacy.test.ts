// The notifications' part of a customer's erasure, export and retention (docs/decisions.md
// "Privacy") over real gRPC with the real catalog, customer and booking services, one in-process
// bus the test owns, the notifications' store in a SQLite file (its bytes are searched), email as
// .eml files (the embedded profile's transport) and SMS through a stand-in of a Twilio-compatible
// API. Sends are made to fail for a while (a temporary failure the worker retries), so a message
// is pending when the erase arrives.

import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBookingService } from '@svc/booking';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus, type EventBus } from '@svc/events';
import {
  connectService,
  type BookingClient,
  type CatalogClient,
  type CustomerClient,
  type NotificationClient,
  type RunningGrpcHost,
} from '@svc/grpc';
import { InProcessLockManager } from '@svc/lock';
import { bookingV1, catalogV1, customerV1, notificationsV1 } from '@svc/proto';
import { openSqliteStore, type SqliteDocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { eventually, startSmsApiStandIn, type SmsApiStandIn } from '@svc/testing';
import { notificationTestTenant } from './support/test-tenant.js';
import { LINK_REMOVED } from '../src/domain/link-tokens.js';
import { emlFileName, startNotifications } from '../src/index.js';
import { eventsConsumed } from '../src/metrics.js';
import { COLLECTIONS, type NotificationDoc, type ReminderDoc } from '../src/store/records.js';
import { EmlFileTransport } from '../src/transport/eml-transport.js';
import type { MailTransport } from '../src/transport/mail-transport.js';
import { TwilioSmsTransport } from '../src/transport/sms-transport.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const HOST = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 2_000 };
const KEYS = { current: { kid: 'k1', secret: 'notifications-test-manage-secret-0123456789' } };
/** How often the service sweeps here (hourly by default). */
const SWEEP_MS = 150;

const borrowed = (bus: EventBus): EventBus => ({
  publish: (topic, messages) => bus.publish(topic, messages),
  subscribe: (o, h) => bus.subscribe(o, h),
  ...(bus.subscribeBatch ? { subscribeBatch: bus.subscribeBatch.bind(bus) } : {}),
  ping: () => bus.ping(),
  close: async () => {},
});

describe('the notifications and privacy', () => {
  let dir: string;
  let dbFile: string;
  let mailDir: string;
  let store: SqliteDocumentStore;
  let bus: InProcessEventBus;
  let sms: SmsApiStandIn;
  const hosts: RunningGrpcHost[] = [];
  let catalog: CatalogClient;
  let booking: BookingClient;
  let customers: CustomerClient;
  let notifications: NotificationClient;
  /** The notifications' clock runs this far ahead of the real one (retention). */
  let shiftMs = 0;
  /** Sends fail (temporarily) while set. */
  let mailBlocked = false;
  /** While set, the notifications' reads of this customer wait for `open`. */
  let customerGate: { customerId: string; open: Promise<void>; reached: () => void } | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'notifications-privacy-'));
    dbFile = join(dir, 'notifications.sqlite');
    mailDir = join(dir, 'mail');
    bus = new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
    sms = await startSmsApiStandIn();
    const logger = (name: string) => createLogger(name, (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent');
    const catalogHost = await startCatalogService(HOST, {
      logger: logger('catalog'),
      store: await openSqliteStore({ file: ':memory:' }),
    });
    const customerHost = await startCustomerService(HOST, {
      logger: logger('customer'),
      store: await openSqliteStore({ file: ':memory:' }),
    });
    const bookingHost = await startBookingService(HOST, {
      logger: logger('booking'),
      store: await openSqliteStore({ file: ':memory:' }),
      lock: new InProcessLockManager(),
      bus: borrowed(bus),
      catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
      customers: connectService(customerV1.CustomerServiceService, customerHost.address),
      lockWaitMs: 5_000,
      holdSweepMs: 100,
    });
    store = await openSqliteStore({ file: dbFile });
    const realCustomers = connectService(customerV1.CustomerServiceService, customerHost.address);
    // The notifications' reads of a customer, held while a gate is closed (the erase race below).
    const gatedCustomers = new Proxy(realCustomers, {
      get(target, prop) {
        if (prop === 'getCustomer') {
          return async (...args: Parameters<CustomerClient['getCustomer']>) => {
            if (customerGate && args[0].customerId === customerGate.customerId) {
              customerGate.reached();
              await customerGate.open;
            }
            return target.getCustomer(...args);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    // The embedded profile's .eml files; while `mailBlocked` every send fails for a while.
    const eml = new EmlFileTransport(mailDir);
    const mail: MailTransport = {
      description: eml.description,
      send: (m) => (mailBlocked ? Promise.resolve({ kind: 'temporary', error: 'held back by the test' }) : eml.send(m)),
      forget: (ids) => eml.forget(ids),
      close: () => eml.close(),
    };
    const notificationsHost = await startNotifications(HOST, {
      logger: logger('notifications'),
      store,
      bus: borrowed(bus),
      clients: {
        catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
        booking: connectService(bookingV1.BookingServiceService, bookingHost.address),
        customer: gatedCustomers,
      },
      mail,
      sms: new TwilioSmsTransport({
        apiUrl: sms.url,
        accountSid: sms.accountSid,
        authToken: sms.authToken,
        from: '+15005550006',
        timeoutMs: 5_000,
      }),
      compose: {
        baseUrl: 'https://book.example.test',
        dashboardUrl: 'https://app.example.test',
        mailDomain: 'mail.example.test',
        manageKeys: KEYS,
      },
      worker: {
        firstRetryMs: 100,
        pollMs: 100,
        concurrency: 8,
        sendTimeoutMs: 5_000,
        mailFrom: 'bookings@mail.example.test',
      },
      now: () => Date.now() + shiftMs,
      retentionSweepMs: SWEEP_MS,
    });
    hosts.push(notificationsHost, bookingHost, customerHost, catalogHost);
    catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
    booking = connectService(bookingV1.BookingServiceService, bookingHost.address);
    customers = connectService(customerV1.CustomerServiceService, customerHost.address);
    notifications = connectService(notificationsV1.NotificationServiceService, notificationsHost.address);
  });

  afterAll(async () => {
    for (const client of [catalog, booking, customers, notifications]) client?.close();
    for (const host of hosts) await host.stop();
    await bus?.close();
    await sms?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A tenant of the fixture whose owner hears of every booking (support/test-tenant.ts). */
  const tenant = (settings: Partial<notificationsV1.UpdateNotificationSettingsRequest>) =>
    notificationTestTenant(catalog, notifications, {
      businessEmails: ['owner@acme.test'],
      businessEmailsSet: true,
      ...settings,
    });

  let slots = 0;
  async function createBooking(tenantId: string, customer: { name: string; email: string; phone?: string }) {
    const startsAtMs = Math.ceil(Date.now() / (30 * MIN)) * 30 * MIN + 2 * DAY + 30 * MIN * slots++;
    const body = {
      serviceSlug: 'checkup',
      startsAtMs,
      source: 'public_page',
      customer: {
        name: customer.name,
        primaryEmail: customer.email,
        ...(customer.phone ? { phone: customer.phone } : {}),
      },
      notes: '',
      timezone: '',
    };
    const { booking: created } = await booking.createBooking({
      tenantId,
      idempotencyKey: randomUUID(),
      idempotencyScope: '',
      answers: [],
      requestFingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
      ...body,
    });
    return created!;
  }

  async function log(tenantId: string, bookingId: string) {
    const { items } = await notifications.listNotifications({ tenantId, bookingId, customerId: '', status: '' });
    return items;
  }

  /** The booking's records once none is pending; `count` of them when given (an event's are stored at once). */
  const settled = (tenantId: string, bookingId: string, count?: number) =>
    eventually(`${count ?? 'the'} settled notifications of ${bookingId}`, async () => {
      const items = await log(tenantId, bookingId);
      const complete = count === undefined ? items.length > 0 : items.length === count;
      return complete && items.every((n) => n.status !== 'pending') ? items : undefined;
    });

  /** Every send record as stored (the test reads the service's own store). */
  const stored = () => store.collection<NotificationDoc>(COLLECTIONS.notifications).find({});

  function blockMail() {
    mailBlocked = true;
  }
  function unblockMail() {
    mailBlocked = false;
  }
  afterEach(unblockMail);

  const erasedCount = async () =>
    (await eventsConsumed.get()).values.find((v) => v.labels.result === 'erased')?.value ?? 0;

  async function publishErasure(event: object, customerId: string) {
    const before = await erasedCount();
    await bus.publish(BOOKING_EVENTS_TOPIC, [{ key: customerId, value: JSON.stringify(event), headers: {} }]);
    await eventually('the erasure to be handled', async () => ((await erasedCount()) > before ? true : undefined));
  }

  /** Where in the store's files (database and write-ahead log) and the mail files a needle occurs. */
  async function hits(needles: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    const files = [dbFile, `${dbFile}-wal`, ...(await readdir(mailDir)).map((f) => join(mailDir, f))];
    for (const file of files) {
      const bytes = await readFile(file).catch(() => Buffer.alloc(0));
      for (const needle of needles) if (bytes.includes(Buffer.from(needle))) found.push(`${needle} in ${file}`);
    }
    return found;
  }

  it('erases the final records of an erased customer at once and a pending one as soon as it is sent', async () => {
    const tenantId = await tenant({ smsEnabled: true });
    const person = { name: 'Zelda Quartermaine', email: 'zelda.quartermaine@example.test', phone: '+4915112345678' };
    const needles = ['Quartermaine', 'zelda.quartermaine', '15112345678'];
    const a = await createBooking(tenantId, person);
    const b = await createBooking(tenantId, person);
    const c = await createBooking(tenantId, person);
    const customerId = a.customerId;
    expect([b.customerId, c.customerId]).toEqual([customerId, customerId]);
    // The customer (email and SMS), the owner and the staff member hear of each request.
    await Promise.all([a, b, c].map((x) => settled(tenantId, x.bookingId, 4)));
    await booking.changeBookingStatus({
      tenantId,
      bookingId: a.bookingId,
      action: 'confirm',
      reason: '',
      actor: 'staff',
    });
    await settled(tenantId, a.bookingId, 6);
    const reminderDocs = () => store.collection<ReminderDoc>(COLLECTIONS.reminders).find({ bookingId: a.bookingId });
    expect((await reminderDocs()).map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    // The check below can fail: the files hold the customer before the erase.
    expect(await hits(needles)).not.toEqual([]);

    // A cancel of the erase whose email cannot go out yet: pending when the erase arrives.
    blockMail();
    await booking.changeBookingStatus({
      tenantId,
      bookingId: b.bookingId,
      action: 'cancel',
      reason: 'customer_erased',
      actor: 'staff',
    });
    const pendingOf = (bookingId: string) =>
      eventually(`a pending cancel email of ${bookingId}`, async () => {
        const items = await log(tenantId, bookingId);
        const n = items.find((x) => x.template === 'customer.cancelled' && x.channel === 'email');
        return n && n.status === 'pending' && n.attemptCount >= 1 ? n : undefined;
      });
    const bPending = await pendingOf(b.bookingId);
    // Its SMS went out (final): it is erased with the rest.
    await eventually('the cancel SMS of b', async () =>
      (await log(tenantId, b.bookingId)).find((x) => x.template === 'customer.cancelled' && x.status === 'sent'),
    );

    const erasedAtMs = Date.now();
    const erase = {
      id: `evt_erase_${randomUUID()}`,
      type: 'customer.erased',
      payloadVersion: 1,
      occurredAtMs: erasedAtMs,
      data: { tenantId, customerId, bookingIds: [a.bookingId, b.bookingId, c.bookingId], erasedAtMs },
    };
    await publishErasure(erase, customerId);

    const mine = async () => (await stored()).filter((d) => d.customerId === customerId);
    let docs = await mine();
    expect(docs).toHaveLength(6 + 4 + 4 + 2);
    for (const doc of docs) {
      if (doc._id === bPending.notificationId) {
        // Sent normally first: its message and address are still there.
        expect(doc).toMatchObject({ status: 'pending', recipient: person.email, eraseWhenFinal: true });
        expect(doc.content.text).toContain('Hello Zelda Quartermaine');
        continue;
      }
      expect(doc.status).not.toBe('pending');
      expect(doc.erasedAtMs).toBeTypeOf('number');
      expect(doc.bodyRemovedAtMs).toBeTypeOf('number');
      expect(doc.content).toEqual({
        fromName: '',
        replyTo: null,
        subject: '',
        text: '',
        html: null,
        calendar: null,
        unsubscribeUrl: null,
      });
      // A customer's address is replaced; the tenant's own addresses stay.
      if (doc.recipientKind === 'customer') expect(doc.recipient).toBe(`erased:${doc._id}`);
      else expect(['owner@acme.test', 'sam@acme.test']).toContain(doc.recipient);
    }
    expect((await reminderDocs()).map((r) => r.status)).toEqual(['dropped', 'dropped']);

    // The export and the log show the removal; a resend has nothing to send.
    const exported = await notifications.exportCustomerNotifications({ tenantId, customerId, page: undefined });
    expect(exported.items).toHaveLength(docs.length);
    for (const n of exported.items) {
      if (n.notificationId === bPending.notificationId) expect(n.bodyText).toContain('Hello Zelda Quartermaine');
      else expect(n).toMatchObject({ bodyText: '', bodyRemovedAtMs: expect.any(Number) });
    }
    const someErased = docs.find((d) => d.recipientKind === 'customer' && d.erasedAtMs)!;
    await expect(notifications.resendNotification({ tenantId, notificationId: someErased._id })).rejects.toMatchObject({
      code: 'BOOKING_POLICY_BLOCKED',
      message: expect.stringMatching(/removed/),
    });

    // A cancel of the erase read by the notifications only after the customer record was erased
    // still reaches them, through the name and address its event carries (without their phone,
    // by email only).
    let open!: () => void;
    let reached!: () => void;
    const reachedGate = new Promise<void>((resolve) => (reached = resolve));
    customerGate = { customerId, open: new Promise<void>((resolve) => (open = resolve)), reached };
    try {
      await booking.changeBookingStatus({
        tenantId,
        bookingId: c.bookingId,
        action: 'cancel',
        reason: 'customer_erased',
        actor: 'staff',
      });
      await reachedGate;
      const { customer: gone } = await customers.eraseCustomer({ tenantId, customerId });
      expect(gone).toMatchObject({ status: 'erased', name: '' });
    } finally {
      open();
      customerGate = null;
    }
    const cPending = await pendingOf(c.bookingId);
    expect(cPending.recipient).toBe(person.email);
    const cDoc = (await stored()).find((d) => d._id === cPending.notificationId)!;
    expect(cDoc.content.text).toContain('Hello Zelda Quartermaine');
    // The platform's reason is not shown as the business's.
    expect(cDoc.content.text).not.toContain('customer_erased');
    expect((await log(tenantId, c.bookingId)).filter((n) => n.template === 'customer.cancelled')).toHaveLength(1);

    // The same event again (at least once): nothing erased changes; the pending ones wait.
    const erasedBefore = (await mine()).filter((d) => d.erasedAtMs);
    await publishErasure(erase, customerId);
    const erasedAfter = (await mine()).filter((d) => d.erasedAtMs);
    expect(erasedAfter).toEqual(erasedBefore);
    for (const id of [bPending.notificationId, cPending.notificationId]) {
      const doc = (await stored()).find((d) => d._id === id)!;
      expect(doc).toMatchObject({ status: 'pending', recipient: person.email, erasedAtMs: null });
    }

    // Once they go out they are erased too.
    unblockMail();
    docs = await eventually('the pending cancels to be sent and erased', async () => {
      const all = await mine();
      return all.length === 6 + 6 + 5 && all.every((d) => d.erasedAtMs) ? all : undefined;
    });
    for (const id of [bPending.notificationId, cPending.notificationId]) {
      const doc = docs.find((d) => d._id === id)!;
      expect(doc).toMatchObject({ status: 'sent', recipient: `erased:${id}`, content: { text: '', subject: '' } });
      expect(doc.sentAtMs).toBeTypeOf('number');
    }
    // Neither the store's files nor the mail directory hold the customer any more.
    let left: string[] = [];
    await eventually('the files to hold none of the customer', async () => {
      left = await hits(needles);
      return left.length === 0 ? true : undefined;
    }).catch((err: unknown) => {
      throw new Error(`${String(err)}: ${left.join(', ')}`);
    });
    const files = new Set(await readdir(mailDir));
    for (const doc of docs) if (doc.channel === 'email') expect(files.has(emlFileName(doc.messageId))).toBe(false);
  });

  it('exports a customer notifications page by page, bodies included while held', async () => {
    const tenantId = await tenant({});
    const person = { name: 'Olga Export', email: 'olga@example.test' };
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createBooking(tenantId, person));
    await Promise.all(made.map((x) => settled(tenantId, x.bookingId, 3)));
    const customerId = made[0]!.customerId;
    const seen: notificationsV1.Notification[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const res = await notifications.exportCustomerNotifications({ tenantId, customerId, page: { limit: 4, cursor } });
      expect(res.items.length).toBeLessThanOrEqual(4);
      seen.push(...res.items);
      cursor = res.page?.nextCursor ?? '';
      pages++;
    } while (cursor !== '');
    expect(pages).toBe(3);
    expect(seen).toHaveLength(9);
    expect(new Set(seen.map((n) => n.notificationId)).size).toBe(9);
    // Oldest first.
    const times = seen.map((n) => n.createdAtMs);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    for (const n of seen) {
      expect(n.customerId).toBe(customerId);
      expect(n.bodyText).toContain('Olga Export');
      expect(n.bodyRemovedAtMs).toBeUndefined();
      // No manage link (cancel, reschedule as the customer) in what admins and partner keys read.
      expect(n.bodyText).not.toMatch(/svc_[mu]1\./);
    }
    // The customer's messages had their manage link there; the stored messages keep it.
    const toCustomer = seen.filter((n) => n.recipientKind === 'customer');
    expect(toCustomer).toHaveLength(3);
    for (const n of toCustomer) expect(n.bodyText).toContain(`/booking/manage/${LINK_REMOVED}\n`);
    const kept = (await stored()).filter((d) => toCustomer.some((n) => n.notificationId === d._id));
    expect(kept).toHaveLength(3);
    for (const doc of kept) expect(doc.content.text).toMatch(/\/booking\/manage\/svc_m1\.[\w-]+\.[\w-]+\n/);
    // The send log carries no body.
    const { items } = await notifications.listNotifications({ tenantId, bookingId: '', customerId, status: '' });
    expect(items.map((n) => n.bodyText)).toEqual(items.map(() => ''));
    // Another tenant sees none of them.
    const other = await tenant({});
    expect(
      (await notifications.exportCustomerNotifications({ tenantId: other, customerId, page: undefined })).items,
    ).toEqual([]);
    await expect(
      notifications.exportCustomerNotifications({ tenantId, customerId, page: { limit: 201, cursor: '' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'limit' }] });
    await expect(
      notifications.exportCustomerNotifications({ tenantId, customerId: '', page: undefined }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'customerId' }] });
  });

  it('removes the bodies older than each tenant retention, never of a pending send', async () => {
    const short = await tenant({});
    await catalog.updateTenant({ tenantId: short, retention: { notificationBodyDays: 2 } });
    const long = await tenant({});
    const person = { name: 'Rita Retention', email: 'rita@example.test' };
    const body = async (id: string) => (await stored()).find((d) => d._id === id)!;
    const held = (doc: NotificationDoc) => doc.bodyRemovedAtMs == null && doc.content.text !== '';
    /** Whether the .eml copy of a message is in the mail directory. */
    const hasEml = async (messageId: string) => (await readdir(mailDir)).includes(emlFileName(messageId));
    /** Every message of these records has its .eml copy (`true`) or none has (`false`). */
    const emlsOf = async (items: readonly notificationsV1.Notification[]) => {
      const found = await Promise.all(items.map((n) => hasEml(n.messageId)));
      expect(items.length).toBeGreaterThan(0);
      return found.every((f) => f) ? true : found.every((f) => !f) ? false : found;
    };

    const [oldShort, oldLong] = await Promise.all([createBooking(short, person), createBooking(long, person)]);
    const oldShortLog = await settled(short, oldShort.bookingId, 3);
    const oldLongLog = await settled(long, oldLong.bookingId, 3);
    // A day and a half later, more (the requests' holds have lapsed by then in the service's
    // clock: the customer alone hears of them).
    shiftMs = 1.5 * DAY;
    const [newShort, newLong] = await Promise.all([createBooking(short, person), createBooking(long, person)]);
    const newShortLog = await settled(short, newShort.bookingId);
    const newLongLog = await settled(long, newLong.bookingId);
    // One old record is resent while mail fails: pending, it keeps its message.
    const resent = oldShortLog.find((n) => n.recipientKind === 'customer')!.notificationId;
    const resentFirstId = oldShortLog.find((n) => n.notificationId === resent)!.messageId;
    // The check below can fail: every message went out as an .eml file.
    expect(await emlsOf([...oldShortLog, ...newShortLog, ...oldLongLog, ...newLongLog])).toBe(true);
    blockMail();
    try {
      await notifications.resendNotification({ tenantId: short, notificationId: resent });
      // Three days after the first: those of the short tenant are past its two days.
      shiftMs = 3 * DAY;
      await eventually('the other old records of the short tenant to lose their bodies', async () => {
        const docs = await Promise.all(
          oldShortLog.filter((n) => n.notificationId !== resent).map((n) => body(n.notificationId)),
        );
        return docs.every((d) => d.bodyRemovedAtMs != null) ? docs : undefined;
      });
      // Two more sweeps: whatever they would remove, they did.
      await new Promise((r) => setTimeout(r, 3 * SWEEP_MS));
      const resentDoc = await body(resent);
      expect(resentDoc.status).toBe('pending');
      expect(held(resentDoc)).toBe(true);
      // The swept messages' .eml copies went with their bodies; the pending one's first stays.
      expect(await emlsOf(oldShortLog.filter((n) => n.notificationId !== resent))).toBe(false);
      expect(await hasEml(resentFirstId)).toBe(true);
    } finally {
      unblockMail();
    }
    for (const n of [...newShortLog, ...oldLongLog, ...newLongLog])
      expect(held(await body(n.notificationId))).toBe(true);
    expect(await emlsOf([...newShortLog, ...oldLongLog, ...newLongLog])).toBe(true);
    for (const n of oldShortLog.filter((x) => x.notificationId !== resent)) {
      const doc = await body(n.notificationId);
      // The record stays, with its metadata.
      expect(doc).toMatchObject({ status: 'sent', recipient: n.recipient, attemptCount: 1, content: { text: '' } });
      expect(doc.createdAtMs).toBe(n.createdAtMs);
    }
    const swept = oldShortLog.find((x) => x.notificationId !== resent)!;
    const shown = await notifications.getNotification({ tenantId: short, notificationId: swept.notificationId });
    expect(shown.notification).toMatchObject({ subject: '', bodyRemovedAtMs: expect.any(Number) });

    // Once sent, the resent one goes at the next sweep; a month on, the long tenant's old ones too.
    const resentDoc = await eventually('the resent record to be sent and swept', async () => {
      const doc = await body(resent);
      return doc.status === 'sent' && doc.bodyRemovedAtMs != null ? doc : undefined;
    });
    // Both its messages' copies, the first and the resend's, are gone.
    expect(resentDoc.messageId).not.toBe(resentFirstId);
    await eventually('the resent record copies to go', async () =>
      !(await hasEml(resentFirstId)) && !(await hasEml(resentDoc.messageId)) ? true : undefined,
    );
    // A month after the first: the long tenant's first ones are past its 30 days.
    shiftMs = 31 * DAY;
    await eventually('the long tenant old records to lose their bodies', async () => {
      const docs = await Promise.all(oldLongLog.map((n) => body(n.notificationId)));
      return docs.every((d) => d.bodyRemovedAtMs != null) ? docs : undefined;
    });
    await new Promise((r) => setTimeout(r, 3 * SWEEP_MS));
    // 29.5 days old: within the long tenant's 30, past the short one's 2.
    for (const n of newLongLog) expect(held(await body(n.notificationId))).toBe(true);
    for (const n of newShortLog) expect(held(await body(n.notificationId))).toBe(false);
    expect(await emlsOf(newLongLog)).toBe(true);
    expect(await emlsOf([...oldLongLog, ...newShortLog])).toBe(false);
  });
});
