// The notifications service over real gRPC with the real catalog, customer and booking services
// (in-memory SQLite, one in-process bus the test owns, as in the embedded platform), sending to a
// real SMTP server (Mailpit) and a stand-in of a Twilio-compatible SMS API: delivery you can
// trust (docs/decisions.md "Notifications"): once per event, recipient and template however
// often the event comes; 4xx and unreachable servers retried; a 5xx recipient failed without
// holding others back; SMS only where the tenant enabled it.

import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookingService } from '@svc/booking';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus, type EventBus, type ReceivedMessage } from '@svc/events';
import {
  connectService,
  type BookingClient,
  type CatalogClient,
  type NotificationClient,
  type RunningGrpcHost,
} from '@svc/grpc';
import { InProcessLockManager } from '@svc/lock';
import { bookingV1, catalogV1, customerV1, notificationsV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import {
  eventually,
  mailpitMissing,
  serverGate,
  startMailpit,
  startSmsApiStandIn,
  type MailpitServer,
  type SmsApiStandIn,
} from '@svc/testing';
import { notificationTestTenant } from './support/test-tenant.js';
import { startNotifications } from '../src/index.js';
import { SmtpTransport } from '../src/transport/smtp-transport.js';
import { TwilioSmsTransport } from '../src/transport/sms-transport.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const HOST = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 2_000 };
const KEYS = { current: { kid: 'k1', secret: 'notifications-test-manage-secret-0123456789' } };

/** Borrowed by the services: closed by the test. */
const borrowed = (bus: EventBus): EventBus => ({
  publish: (topic, messages) => bus.publish(topic, messages),
  subscribe: (o, h) => bus.subscribe(o, h),
  ...(bus.subscribeBatch ? { subscribeBatch: bus.subscribeBatch.bind(bus) } : {}),
  ping: () => bus.ping(),
  close: async () => {},
});

describe.runIf(serverGate('Mailpit', mailpitMissing()))('the notifications service', () => {
  let bus: InProcessEventBus;
  const hosts: RunningGrpcHost[] = [];
  let catalog: CatalogClient;
  let booking: BookingClient;
  let notifications: NotificationClient;
  let mailpit: MailpitServer;
  let sms: SmsApiStandIn;
  /** Every event published on the topic, as the services saw it (a group of the test's own). */
  const published: ReceivedMessage[] = [];

  beforeAll(async () => {
    bus = new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
    await bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: 'test-capture' }, async (m) => {
      published.push(m);
    });
    // Every test address ends in .test; anything else is refused with 550 (a bad mailbox).
    [mailpit, sms] = await Promise.all([startMailpit({ allowedRecipients: '\\.test$' }), startSmsApiStandIn()]);
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
    const notificationsHost = await startNotifications(HOST, {
      logger: logger('notifications'),
      store: await openSqliteStore({ file: ':memory:' }),
      bus: borrowed(bus),
      clients: {
        catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
        booking: connectService(bookingV1.BookingServiceService, bookingHost.address),
        customer: connectService(customerV1.CustomerServiceService, customerHost.address),
      },
      mail: new SmtpTransport(mailpit.smtpUrl, { poolSize: 2, timeoutMs: 5_000 }),
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
    });
    hosts.push(notificationsHost, bookingHost, customerHost, catalogHost);
    catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
    booking = connectService(bookingV1.BookingServiceService, bookingHost.address);
    notifications = connectService(notificationsV1.NotificationServiceService, notificationsHost.address);
  });

  afterAll(async () => {
    catalog?.close();
    booking?.close();
    notifications?.close();
    for (const host of hosts) await host.stop();
    await bus?.close();
    await mailpit?.close();
    await sms?.close();
  });

  /** A tenant of the fixture (support/test-tenant.ts). */
  const tenant = (settings: Partial<notificationsV1.UpdateNotificationSettingsRequest>) =>
    notificationTestTenant(catalog, notifications, settings);

  let slots = 0;
  async function createBooking(tenantId: string, customer: { email: string; phone?: string }) {
    const startsAtMs = Math.ceil(Date.now() / (30 * MIN)) * 30 * MIN + 2 * DAY + 30 * MIN * slots++;
    const body = {
      serviceSlug: 'checkup',
      startsAtMs,
      source: 'public_page',
      customer: {
        name: 'Ann Example',
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

  /** The send log of the booking once nothing in it is pending any more. */
  const settled = (tenantId: string, bookingId: string, count: number) =>
    eventually(`${count} settled notifications of ${bookingId}`, async () => {
      const items = await log(tenantId, bookingId);
      return items.length === count && items.every((n) => n.status !== 'pending') ? items : undefined;
    });

  it('sends each message once, however often its event comes', async () => {
    const tenantId = await tenant({ businessEmails: ['owner@acme.test'], businessEmailsSet: true });
    const made = await createBooking(tenantId, { email: 'ann@example.test' });
    // The customer, the owner and the booked staff member.
    const first = await settled(tenantId, made.bookingId, 3);
    expect(first.map((n) => `${n.template} ${n.recipient} ${n.status}`).sort()).toEqual([
      'business.request_pending owner@acme.test sent',
      'business.request_pending sam@acme.test sent',
      'customer.request_received ann@example.test sent',
    ]);
    // The same event again, twice, as a bus does after a crash before its commit.
    const events = published.filter((m) => m.key === made.bookingId);
    expect(events).toHaveLength(1);
    await bus.publish(BOOKING_EVENTS_TOPIC, [...events, ...events]);
    // Events are handled in order: once a later booking's messages are out, the repeats were handled.
    const later = await createBooking(tenantId, { email: 'bo@example.test' });
    await settled(tenantId, later.bookingId, 3);
    expect(await log(tenantId, made.bookingId)).toHaveLength(3);
    const ids = first.map((n) => n.messageId);
    const received = (await mailpit.messages()).filter((m) => ids.includes(`<${m.MessageID}>`));
    expect(received.map((m) => `<${m.MessageID}>`).sort()).toEqual([...ids].sort());
  });

  it('records a 5xx recipient as failed at once, and the others still get theirs', async () => {
    const tenantId = await tenant({
      businessEmails: ['nobody@rejected.invalid', 'owner@acme.test'],
      businessEmailsSet: true,
    });
    const made = await createBooking(tenantId, { email: 'cy@example.test' });
    const items = await settled(tenantId, made.bookingId, 4);
    const refused = items.find((n) => n.recipient === 'nobody@rejected.invalid')!;
    expect(refused).toMatchObject({ status: 'failed', attemptCount: 1 });
    expect(refused.lastError).toMatch(/^SMTP 550/);
    // The error never names the address.
    expect(refused.lastError).not.toContain('rejected.invalid');
    expect(
      items
        .filter((n) => n.status === 'sent')
        .map((n) => n.recipient)
        .sort(),
    ).toEqual(['cy@example.test', 'owner@acme.test', 'sam@acme.test']);
  });

  it('retries a temporary refusal (451) with backoff until it goes through, once', async () => {
    const tenantId = await tenant({ businessEmails: [], businessEmailsSet: true });
    await mailpit.failRecipients(451);
    let made;
    try {
      made = await createBooking(tenantId, { email: 'di@example.test' });
      await eventually('a refused attempt to be recorded for a retry', async () => {
        const [n] = (await log(tenantId, made!.bookingId)).filter((x) => x.recipientKind === 'customer');
        return n && n.status === 'pending' && n.attemptCount >= 2 ? n : undefined;
      });
    } finally {
      await mailpit.failRecipients(null);
    }
    const items = await settled(tenantId, made.bookingId, 2);
    const customer = items.find((n) => n.recipientKind === 'customer')!;
    expect(customer.status).toBe('sent');
    expect(customer.attemptCount).toBeGreaterThanOrEqual(3);
    const copies = (await mailpit.messages()).filter((m) => `<${m.MessageID}>` === customer.messageId);
    expect(copies).toHaveLength(1);
  });

  it('texts customers with a phone where the tenant enabled SMS; a number the API refuses fails that SMS only', async () => {
    const tenantId = await tenant({ smsEnabled: true, businessEmails: [], businessEmailsSet: true });
    const made = await createBooking(tenantId, { email: 'eve@example.test', phone: '+4915112345678' });
    const items = await settled(tenantId, made.bookingId, 3);
    const text = items.find((n) => n.channel === 'sms')!;
    expect(text).toMatchObject({ status: 'sent', recipient: '+4915112345678', template: 'customer.request_received' });
    const got = sms.messages().find((m) => m.to === '+4915112345678')!;
    expect(got.from).toBe('+15005550006');
    expect(got.body).toMatch(
      /^Acme Dental: we have your request for Check-up on .+\. .+ https:\/\/book\.example\.test\/booking\/manage\/svc_m1\./,
    );

    sms.failNext(400);
    const refused = await createBooking(tenantId, { email: 'fay@example.test', phone: '+4915199999999' });
    const after = await settled(tenantId, refused.bookingId, 3);
    expect(after.find((n) => n.channel === 'sms')).toMatchObject({
      status: 'failed',
      lastError: 'SMS API HTTP 400 (error 21211)',
    });
    expect(after.find((n) => n.channel === 'email')!.status).toBe('sent');
    // Without the tenant's consent, no SMS however the customer booked.
    const quiet = await tenant({ businessEmails: [], businessEmailsSet: true });
    const none = await createBooking(quiet, { email: 'gus@example.test', phone: '+4915188888888' });
    expect((await settled(quiet, none.bookingId, 2)).map((n) => n.channel)).toEqual(['email', 'email']);
  });

  it('resends one record as a new series with its own Message-ID', async () => {
    const tenantId = await tenant({ businessEmails: [], businessEmailsSet: true });
    const made = await createBooking(tenantId, { email: 'hal@example.test' });
    const items = await settled(tenantId, made.bookingId, 2);
    const original = items.find((n) => n.recipientKind === 'customer')!;
    const { notification } = await notifications.resendNotification({
      tenantId,
      notificationId: original.notificationId,
    });
    expect(notification).toMatchObject({ status: 'pending', series: 2 });
    expect(notification!.messageId).toBe(original.messageId.replace('@', '.2@'));
    await eventually('the resend to go out', async () => {
      const { notification: n } = await notifications.getNotification({
        tenantId,
        notificationId: original.notificationId,
      });
      return n?.status === 'sent' && n.series === 2 ? n : undefined;
    });
    const ids = (await mailpit.messages()).map((m) => `<${m.MessageID}>`);
    expect(ids.filter((id) => id === original.messageId)).toHaveLength(1);
    expect(ids.filter((id) => id === notification!.messageId)).toHaveLength(1);
    // Another tenant's record is not found.
    await expect(
      notifications.resendNotification({ tenantId: 'ten_other', notificationId: original.notificationId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
