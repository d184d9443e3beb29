// People hear about their bookings (docs/decisions.md "Notifications"): through the gateway's
// HTTP surface on the embedded platform, sending to a real SMTP server (Mailpit), every message
// read back from it with mailparser and every calendar attachment with ical.js. The booking and
// notifications services share a clock the test moves forward (holds expire, reminders fall due)
// instead of waiting; everything else runs for real.

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectService, type CatalogClient } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import {
  createTestTenant,
  eventually,
  json,
  mailpitMissing,
  openEveryDay,
  serverGate,
  startMailpit,
  type MailpitServer,
  type ReceivedMail,
} from '@svc/testing';
import { berlinTime } from './booking-fixture.js';
import { dashboard, errorOf, platformStores, type DashboardSession, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe.runIf(serverGate('Mailpit', mailpitMissing()))('notifications through the platform', () => {
  let mailpit: MailpitServer;
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let stores: PlatformStores;
  let catalog: CatalogClient;
  let base = '';
  /** How far the booking and notifications services' clock runs ahead of the real one. */
  let ahead = 0;
  const now = () => Date.now() + ahead;
  let tenantId = '';
  let slug = '';
  let owner: DashboardSession;
  let ownerEmail = '';
  let adminEmail = '';
  let api: ReturnType<typeof dashboard>;

  beforeAll(async () => {
    mailpit = await startMailpit({ allowedRecipients: '\\.test$' });
    platform = await startTestPlatform(
      {
        SMTP_URL: mailpit.smtpUrl,
        MAIL_FROM: 'bookings@platform.test',
        NOTIFY_FIRST_RETRY_MS: 200,
        NOTIFY_POLL_MS: 200,
        HOLD_SWEEP_MS: 200,
      },
      { clock: now },
    );
    base = platform.url;
    stores = await platformStores(platform);
    catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
    // A Berlin tenant writing German, a manual and an automatic service, a staff member with an email.
    const tenant = await createTestTenant(catalog, {
      name: 'Praxis Weber',
      timezone: 'Europe/Berlin',
      locale: 'de-DE',
    });
    ({ tenantId, slug } = tenant);
    await catalog.updateTenant({
      tenantId,
      branding: { displayName: 'Zahnarztpraxis Weber', primaryColor: '#0f766e' },
    });
    const { staff } = await catalog.createStaff({
      tenantId,
      fields: { displayName: 'Dr. Weber', email: 'weber@praxis.test' },
    });
    await openEveryDay(
      catalog,
      tenantId,
      [
        ['tenant', tenantId],
        ['staff', staff!.staffId],
      ],
      540,
      1020,
    );
    for (const [serviceSlug, name, confirmation] of [
      ['checkup', 'Check-up', 'manual'],
      ['express', 'Express cleaning', 'automatic'],
    ] as const) {
      await catalog.createService({
        tenantId,
        fields: {
          slug: serviceSlug,
          name,
          durationMin: 30,
          confirmation,
          staffIds: [staff!.staffId],
          staffIdsSet: true,
          resourceIds: [],
          resourceIdsSet: true,
          questions: [],
          questionsSet: false,
          staffWeights: {},
          staffWeightsSet: false,
        },
      });
    }
    owner = await stores.session(tenantId, 'tenant_owner');
    const admin = await stores.session(tenantId, 'tenant_admin');
    await stores.session(tenantId, 'tenant_viewer');
    api = dashboard(base, owner);
    const me = async (s: DashboardSession) =>
      (await json(await fetch(`${base}/api/session`, { headers: { cookie: s.cookie } }))).data.user.email as string;
    [ownerEmail, adminEmail] = [await me(owner), await me(admin)];
  });

  afterAll(async () => {
    catalog?.close();
    await stores?.close();
    await platform?.cleanup();
    await mailpit?.close();
  });

  /** Every message received so far for `address`, oldest first. */
  async function mailTo(address: string): Promise<ReceivedMail[]> {
    return (await mailpit.parsed()).filter((m) => m.to === address);
  }

  /** Waits until `address` has received `count` messages about the booking; answers them, oldest first. */
  async function received(address: string, bookingId: string, count: number): Promise<ReceivedMail[]> {
    return eventually(`${count} messages to ${address} about ${bookingId}`, async () => {
      // Every message names its booking (`Booking: bkg_…`).
      const got = (await mailTo(address)).filter((m) => m.mail.text?.includes(bookingId));
      return got.length >= count ? got : undefined;
    });
  }

  /** A wall-clock time in Berlin `daysAhead` days from the services' (moved) clock. */
  const berlinAt = (daysAhead: number, hour: number, minute = 0) =>
    berlinTime(daysAhead + Math.floor(ahead / (24 * HOUR)), hour, minute);

  let slotIndex = 0;
  /** Free 30-minute starts of the tenant (09:00–15:30), days ahead of the moving clock, each once. */
  const nextSlot = () => {
    const n = slotIndex++;
    return berlinAt(4 + Math.floor(n / 14), 9 + Math.floor((n % 14) / 2), (n % 2) * 30);
  };

  async function book(
    customer: { name: string; primaryEmail: string; locale?: string },
    opts: { serviceSlug?: string; timezone?: string; startsAtMs?: number } = {},
  ) {
    const startsAtMs = opts.startsAtMs ?? nextSlot();
    const res = await fetch(`${base}/book/${slug}/bookings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `notify-${process.pid}-${slotIndex}-${Date.now()}`,
      },
      body: JSON.stringify({
        serviceSlug: opts.serviceSlug ?? 'checkup',
        startsAtMs,
        customer,
        ...(opts.timezone ? { timezone: opts.timezone } : {}),
      }),
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    const data = body.data as {
      booking: { bookingId: string; status: string };
      manageToken: string;
      manageUrl: string;
    };
    return { ...data, startsAtMs };
  }

  /** The booking's send log, newest first. */
  async function logOf(bookingId: string) {
    const res = await api('GET', `/api/notifications?bookingId=${bookingId}`);
    expect(res.status).toBe(200);
    return (await json(res)).data.items as Array<
      Record<string, unknown> & {
        template: string;
        status: string;
        recipient: string;
        eventId: string;
        createdAtMs: number;
      }
    >;
  }

  /**
   * The send log as `template recipient` per event, newest event first (the records of one event
   * are made at the same instant, so their order among themselves is not defined: sorted here).
   */
  async function logByEvent(bookingId: string): Promise<string[][]> {
    const log = await logOf(bookingId);
    expect(log.map((n) => n.createdAtMs)).toEqual(log.map((n) => n.createdAtMs).sort((a, b) => b - a));
    const events: string[] = [];
    for (const n of log) if (!events.includes(n.eventId)) events.push(n.eventId);
    return events.map((e) =>
      log
        .filter((n) => n.eventId === e)
        .map((n) => `${n.template} ${n.recipient}`)
        .sort(),
    );
  }

  const icsOf = (mail: ReceivedMail) => {
    const attachment = mail.mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(attachment, `${mail.subject} carries a calendar file`).toBeDefined();
    return attachment!.content.toString('utf8');
  };

  const eventOf = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;

  it('the business addresses are the owners and admins as they are now, until the tenant sets its own', async () => {
    const res = await api('GET', '/api/notification-settings');
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({
      reminderOffsetsMin: [1440, 120],
      businessEmails: [ownerEmail, adminEmail],
      businessEmailsFollowTeam: true,
      replyToEmail: '',
      smsEnabled: false,
      senderName: '',
      updatedAtMs: null,
    });
    // Set, then back to the team with null.
    const own = await api('PATCH', '/api/notification-settings', { businessEmails: ['desk@praxis.test'] });
    expect((await json(own)).data).toMatchObject({
      businessEmails: ['desk@praxis.test'],
      businessEmailsFollowTeam: false,
    });
    const back = await api('PATCH', '/api/notification-settings', { businessEmails: null });
    expect((await json(back)).data).toMatchObject({
      businessEmails: [ownerEmail, adminEmail],
      businessEmailsFollowTeam: true,
    });
    // A member who joins the team counts from the gateway's next hand-over (here, the next read).
    const joined = await stores.session(tenantId, 'tenant_admin');
    const joinedEmail = (await json(await fetch(`${base}/api/session`, { headers: { cookie: joined.cookie } }))).data
      .user.email as string;
    const now = await json(await api('GET', '/api/notification-settings'));
    expect(now.data.businessEmails).toEqual([ownerEmail, adminEmail, joinedEmail]);
    // Only the admin's address hears of customers from now on; replies go to the front desk.
    const patched = await api('PATCH', '/api/notification-settings', {
      businessEmails: [ownerEmail],
      replyToEmail: 'desk@praxis.test',
    });
    expect(patched.status).toBe(200);
    expect((await json(patched)).data).toMatchObject({
      businessEmails: [ownerEmail],
      businessEmailsFollowTeam: false,
      replyToEmail: 'desk@praxis.test',
    });
  });

  it('a manual service end to end: request, confirmation, the customer’s move and cancel, each to whom it concerns', async () => {
    const ann = 'ann@customer.test';
    const made = await book(
      { name: 'Ann Example', primaryEmail: ann, locale: 'en-US' },
      { timezone: 'America/New_York' },
    );
    const id = made.booking.bookingId;
    expect(made.booking.status).toBe('held');

    // Created: the customer hears the request was received; the owner and the booked dentist that it waits.
    const [request] = await received(ann, id, 1);
    expect(request!.subject).toMatch(/^Request received: Check-up on /);
    expect(request!.mail.from?.value).toEqual([{ address: 'bookings@platform.test', name: 'Zahnarztpraxis Weber' }]);
    expect(request!.mail.replyTo?.value[0]?.address).toBe('desk@praxis.test');
    // The link the create answered, in the customer's zone, named, in English.
    expect(request!.mail.text).toContain(made.manageUrl);
    expect(request!.mail.text).toMatch(/Eastern (Standard|Daylight) Time \(America\/New_York\)/);
    expect(request!.mail.html).toContain(`href="${made.manageUrl}"`);
    for (const address of [ownerEmail, 'weber@praxis.test']) {
      const [pending] = await received(address, id, 1);
      expect(pending!.subject).toMatch(/^Wartet auf Ihre Bestätigung: Check-up am /);
      expect(pending!.mail.text).toContain(`${base}/dashboard/bookings/${id}`);
      expect(pending!.mail.text).toMatch(/\(\d+ Minuten nach dieser E-Mail\)/);
      expect(pending!.mail.text).toMatch(/Mitteleuropäische (Normal|Sommer)zeit \(Europe\/Berlin\)/);
    }

    // Confirmed by the business: the customer gets the manage page's very calendar file.
    expect((await api('POST', `/api/bookings/${id}/confirm`)).status).toBe(200);
    const confirmed = (await received(ann, id, 2))[1]!;
    expect(confirmed.subject).toMatch(/^Confirmed: Check-up on /);
    const download = await (await fetch(`${base}/booking/manage/${made.manageToken}/ics`)).text();
    expect(icsOf(confirmed)).toBe(download);
    const event = eventOf(icsOf(confirmed));
    expect(event.getFirstPropertyValue('uid')).toBe(`${id}@127.0.0.1`);
    expect(event.getFirstPropertyValue('sequence')).toBe(1);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');

    // Moved by the customer: old and new time, the next SEQUENCE; the business hears of it.
    const to = nextSlot();
    const moved = await fetch(`${base}/booking/manage/${made.manageToken}/reschedule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ startsAtMs: to }),
    });
    expect(moved.status).toBe(200);
    const rescheduled = (await received(ann, id, 3))[2]!;
    expect(rescheduled.subject).toMatch(/^Moved: Check-up is now on /);
    expect(rescheduled.mail.text).toMatch(/Before: .+\(America\/New_York\)/);
    expect(rescheduled.mail.text).toMatch(/Now: .+\(America\/New_York\)/);
    expect(icsOf(rescheduled)).toBe(await (await fetch(`${base}/booking/manage/${made.manageToken}/ics`)).text());
    const movedEvent = eventOf(icsOf(rescheduled));
    expect(movedEvent.getFirstPropertyValue('sequence')).toBe(2);
    expect((movedEvent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime()).toBe(to);

    // Cancelled by the customer: "you cancelled"; the business hears of it.
    expect((await fetch(`${base}/booking/manage/${made.manageToken}/cancel`, { method: 'POST' })).status).toBe(200);
    const cancelled = (await received(ann, id, 4))[3]!;
    expect(cancelled.subject).toMatch(/^Cancelled: Check-up on /);
    expect(cancelled.mail.text).toContain('you cancelled your booking for Check-up with Zahnarztpraxis Weber');
    expect(cancelled.mail.text).toContain(`Book another time: ${base}/book/${slug}`);

    // Exactly these, to each of them.
    for (const address of [ownerEmail, 'weber@praxis.test']) {
      const got = await received(address, id, 3);
      expect(got.map((m) => m.subject.split(':')[0])).toEqual([
        'Wartet auf Ihre Bestätigung',
        'Vom Kunden verschoben',
        'Vom Kunden storniert',
      ]);
    }
    expect((await received(ann, id, 4)).map((m) => m.subject.split(':')[0])).toEqual([
      'Request received',
      'Confirmed',
      'Moved',
      'Cancelled',
    ]);
    // The admin is no business address any more; nothing for the booking reached them.
    expect((await mailTo(adminEmail)).filter((m) => m.mail.text?.includes(id))).toHaveLength(0);
    // The send log has each of them once, newest first.
    expect(await logByEvent(id)).toEqual(
      [
        [
          `business.cancelled_by_customer ${ownerEmail}`,
          'business.cancelled_by_customer weber@praxis.test',
          `customer.cancelled ${ann}`,
        ],
        [
          `business.rescheduled_by_customer ${ownerEmail}`,
          'business.rescheduled_by_customer weber@praxis.test',
          `customer.rescheduled ${ann}`,
        ],
        [`customer.confirmed ${ann}`],
        [
          `business.request_pending ${ownerEmail}`,
          'business.request_pending weber@praxis.test',
          `customer.request_received ${ann}`,
        ],
      ].map((event) => [...event].sort()),
    );
  });

  it('a cancel by the business says so, with its reason, and the business is not told of its own act', async () => {
    const bea = 'bea@customer.test';
    const made = await book({ name: 'Bea', primaryEmail: bea });
    const id = made.booking.bookingId;
    await received(bea, id, 1);
    expect((await api('POST', `/api/bookings/${id}/cancel`, { reason: 'Die Praxis ist geschlossen' })).status).toBe(
      200,
    );
    const cancelled = (await received(bea, id, 2))[1]!;
    // No locale of her own: the tenant's German.
    expect(cancelled.subject).toMatch(/^Storniert: Check-up am /);
    expect(cancelled.mail.text).toContain('Zahnarztpraxis Weber hat Ihre Buchung für Check-up am');
    expect(cancelled.mail.text).toContain('Grund: Die Praxis ist geschlossen');
    expect(await logByEvent(id)).toEqual([
      [`customer.cancelled ${bea}`],
      [
        `business.request_pending ${ownerEmail}`,
        'business.request_pending weber@praxis.test',
        `customer.request_received ${bea}`,
      ].sort(),
    ]);
  });

  it('a hold that runs out: the customer hears the request lapsed', async () => {
    const cy = 'cy@customer.test';
    const made = await book({ name: 'Cy', primaryEmail: cy, locale: 'en' });
    await received(cy, made.booking.bookingId, 1);
    ahead += 11 * MIN;
    const lapsed = (await received(cy, made.booking.bookingId, 2))[1]!;
    expect(lapsed.subject).toMatch(/^Not confirmed: Check-up on /);
    expect(lapsed.mail.text).toContain('did not confirm your request for Check-up');
  });

  it('an automatic service: no request message, the confirmation at once, nothing to the business', async () => {
    const di = 'di@customer.test';
    const made = await book({ name: 'Di', primaryEmail: di, locale: 'en' }, { serviceSlug: 'express' });
    const id = made.booking.bookingId;
    // Until the booking service confirms automatic services itself (issue 25 item 1), the
    // business does; the notifications answer the events the same way.
    if (made.booking.status === 'held') expect((await api('POST', `/api/bookings/${id}/confirm`)).status).toBe(200);
    const [confirmed] = await received(di, id, 1);
    expect(confirmed!.subject).toMatch(/^Confirmed: Express cleaning on /);
    expect(eventOf(icsOf(confirmed!)).getFirstPropertyValue('status')).toBe('CONFIRMED');
    // The created event was handled before the confirmation: it made nothing.
    expect((await logOf(id)).map((n) => `${n.template} ${n.recipient}`)).toEqual([`customer.confirmed ${di}`]);
  });

  it('reminders: at their moment, moved by a reschedule, dropped by a cancel, with a one-click unsubscribe', async () => {
    const eve = 'eve@customer.test';
    const made = await book({ name: 'Eve', primaryEmail: eve, locale: 'en-GB' }, { timezone: 'Europe/London' });
    const id = made.booking.bookingId;
    const start = made.startsAtMs;
    expect((await api('POST', `/api/bookings/${id}/confirm`)).status).toBe(200);
    await received(eve, id, 2);
    const reminders = async () =>
      (await stores.raw('notifications', 'notification_reminders'))
        .filter((r) => r.bookingId === id)
        .map((r) => ({ offsetMin: r.offsetMin, startsAtMs: r.startsAtMs, status: r.status }))
        .sort((a, b) => Number(b.offsetMin) - Number(a.offsetMin));
    expect(await reminders()).toEqual([
      { offsetMin: 1440, startsAtMs: start, status: 'scheduled' },
      { offsetMin: 120, startsAtMs: start, status: 'scheduled' },
    ]);

    // A day before: the reminder, with the manage link and RFC 8058's headers.
    ahead += start - 24 * HOUR - now() + 1_000;
    const reminder = (await received(eve, id, 3))[2]!;
    expect(reminder.subject).toMatch(/^Reminder: Check-up on /);
    expect(reminder.mail.text).toContain(made.manageUrl);
    expect(reminder.mail.text).toMatch(/\(Europe\/London\)/);
    // A header as sent, unfolded (RFC 5322 folding: a line break before whitespace).
    const header = (name: string) =>
      reminder.mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n(?=[ \t])/g, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribeUrl = /^List-Unsubscribe:\s*<([^>]+)>$/.exec(header('list-unsubscribe') ?? '')![1]!;
    expect(unsubscribeUrl).toMatch(new RegExp(`^${base}/notifications/unsubscribe/svc_u1\\.`));
    expect(reminder.mail.text).toContain(unsubscribeUrl);

    // Moved by a day: the reminders move with it (the one sent is due again for the new time).
    const later = start + 24 * HOUR;
    expect((await api('POST', `/api/bookings/${id}/reschedule`, { startsAtMs: later })).status).toBe(200);
    await received(eve, id, 4);
    await eventually('the reminders to move', async () => {
      const got = await reminders();
      return got.every((r) => r.startsAtMs === later && r.status === 'scheduled') ? got : undefined;
    });
    ahead += later - 24 * HOUR - now() + 1_000;
    const second = (await received(eve, id, 5))[4]!;
    expect(second.subject).toMatch(/^Reminder: Check-up on /);
    expect(second.messageId).not.toBe(reminder.messageId);

    // Cancelled: the two-hour reminder is dropped and never sent.
    expect((await api('POST', `/api/bookings/${id}/cancel`)).status).toBe(200);
    await received(eve, id, 6);
    await eventually('the reminders to be dropped', async () => {
      const got = await reminders();
      return got.find((r) => r.offsetMin === 120)?.status === 'dropped' ? got : undefined;
    });
    expect((await logOf(id)).filter((n) => n.template === 'customer.reminder')).toHaveLength(2);

    // The one-click unsubscribe, as a mail program sends it: honoured at once.
    const click = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect((await json(click)).data).toEqual({ tenantName: 'Zahnarztpraxis Weber', unsubscribed: true });
    // Opening the link changes nothing and says so; a forged token names nobody.
    expect((await json(await fetch(unsubscribeUrl))).data.unsubscribed).toBe(true);
    const forged = unsubscribeUrl.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await errorOf(await fetch(forged, { method: 'POST' }))).code).toBe('NOT_FOUND');

    // Her next booking: confirmations still reach her, its reminder is recorded suppressed, not sent.
    const next = await book({ name: 'Eve', primaryEmail: eve, locale: 'en-GB' });
    expect((await api('POST', `/api/bookings/${next.booking.bookingId}/confirm`)).status).toBe(200);
    await received(eve, next.booking.bookingId, 2);
    ahead += next.startsAtMs - 2 * HOUR - now() + 1_000;
    // Both its reminders have fallen due at once (the clock jumped past them).
    const suppressed = await eventually('both reminders to be settled', async () => {
      const log = (await logOf(next.booking.bookingId)).filter((n) => n.template === 'customer.reminder');
      return log.length === 2 && log.every((n) => n.status !== 'pending') ? log : undefined;
    });
    expect(suppressed.map((n) => n.status)).toEqual(['suppressed', 'suppressed']);
    expect(
      (await mailTo(eve)).filter(
        (m) => m.subject.startsWith('Reminder') && m.mail.text?.includes(next.booking.bookingId),
      ),
    ).toHaveLength(0);
  });

  it('the send log: filters, newest first, paging, resend; write role and CSRF for changes; /v1 with its scope', async () => {
    const fay = 'fay@customer.test';
    const made = await book({ name: 'Fay', primaryEmail: fay });
    const id = made.booking.bookingId;
    await received(fay, id, 1);
    const all = await logOf(id);
    expect(all).toHaveLength(3);
    const customerId = all[0]!.customerId as string;
    const first = await json(await api('GET', `/api/notifications?customerId=${customerId}&limit=1`));
    expect(first.data.items).toHaveLength(1);
    const rest = await json(
      await api('GET', `/api/notifications?customerId=${customerId}&limit=100&cursor=${first.data.nextCursor}`),
    );
    const pages = [...first.data.items, ...rest.data.items].map((n: { notificationId: string }) => n.notificationId);
    expect(new Set(pages).size).toBe(pages.length);
    const created = [...first.data.items, ...rest.data.items].map((n: { createdAtMs: number }) => n.createdAtMs);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect((await json(await api('GET', '/api/notifications?status=failed'))).data.items).toEqual([]);
    expect((await errorOf(await api('GET', '/api/notifications?status=lost'))).details).toEqual([
      expect.objectContaining({ path: 'query.status' }),
    ]);

    const customerMessage = all.find((n) => n.recipientKind === 'customer')!;
    const resendPath = `/api/notifications/${customerMessage.notificationId}/resend`;
    const viewer = await stores.session(tenantId, 'tenant_viewer');
    expect((await errorOf(await dashboard(base, viewer)('POST', resendPath))).code).toBe('FORBIDDEN');
    expect((await errorOf(await api('POST', resendPath, undefined, { csrf: false }))).code).toBe('CSRF_INVALID');
    const resent = await api('POST', resendPath);
    expect(resent.status).toBe(202);
    const record = (await json(resent)).data;
    expect(record).toMatchObject({ series: 2, status: 'pending' });
    await eventually('the resend to arrive', async () => {
      const got = (await mailTo(fay)).filter((m) => m.messageId === record.messageId);
      return got.length === 1 ? got : undefined;
    });

    // Settings: each rule refused with its path; nothing changes.
    const bad = await api('PATCH', '/api/notification-settings', { reminderOffsetsMin: [1], senderName: 'A <b>' });
    expect((await errorOf(bad)).details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.reminderOffsetsMin.0',
      'body.senderName',
    ]);
    expect((await errorOf(await api('PATCH', '/api/notification-settings', {}))).code).toBe('VALIDATION_ERROR');

    // /v1 reads the log with notification:read and resends with notification:write.
    const key = await json(await api('POST', '/api/api-keys', { name: 'front desk', scopes: ['notification:read'] }));
    const v1 = (path: string, method = 'GET') =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key.data.secret}`, 'x-service-tenant-id': tenantId },
      });
    const partner = await v1(`/v1/notifications?bookingId=${id}`);
    expect(partner.status).toBe(200);
    expect((await json(partner)).data.items).toHaveLength(3);
    expect((await errorOf(await v1(`/v1${resendPath.slice(4)}`, 'POST'))).code).toBe('FORBIDDEN');
  });

  it('writes times in the customer’s zone and language: a New York customer of a Berlin tenant', async () => {
    const gil = 'gil@customer.test';
    // 15:00 in Berlin is 09:00 in New York (08:00 or 10:00 in the weeks the two switch at different dates).
    const startsAtMs = berlinAt(5, 15);
    const made = await book(
      { name: 'Gil', primaryEmail: gil, locale: 'en-US' },
      { timezone: 'America/New_York', startsAtMs },
    );
    const [mail] = await received(gil, made.booking.bookingId, 1);
    const newYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      minute: '2-digit',
    }).format(startsAtMs);
    expect(mail!.mail.text).toContain(`at ${newYork} Eastern`);
    expect(mail!.mail.text).toContain('(America/New_York)');
    expect(mail!.mail.text).not.toContain('Europe/Berlin');
    // The dentist reads the same booking at 15:00 Berlin time, in German.
    const [dentist] = await received('weber@praxis.test', made.booking.bookingId, 1);
    expect(dentist!.mail.text).toContain('um 15:00 Mitteleuropäische');
  });

  it('a tenant whose team never opened the settings: its first dashboard request hands the team over, so a request is announced', async () => {
    const other = await createTestTenant(catalog, { name: 'Salon Ost', timezone: 'Europe/Berlin', locale: 'en' });
    await openEveryDay(catalog, other.tenantId, [['tenant', other.tenantId]], 540, 1020);
    await catalog.createService({
      tenantId: other.tenantId,
      fields: {
        slug: 'cut',
        name: 'Cut',
        durationMin: 30,
        staffIds: [],
        staffIdsSet: true,
        resourceIds: [],
        resourceIdsSet: true,
        questions: [],
        questionsSet: false,
        staffWeights: {},
        staffWeightsSet: false,
      },
    });
    const theirOwner = await stores.session(other.tenantId, 'tenant_owner');
    const theirEmail = (await json(await fetch(`${base}/api/session`, { headers: { cookie: theirOwner.cookie } }))).data
      .user.email as string;
    // No settings read or written: only that one dashboard request above.
    const res = await fetch(`${base}/book/${other.slug}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `handover-${Date.now()}` },
      body: JSON.stringify({
        serviceSlug: 'cut',
        startsAtMs: berlinAt(5, 10),
        customer: { name: 'Olga', primaryEmail: 'olga@customer.test' },
      }),
    });
    expect(res.status).toBe(201);
    const { bookingId } = (await json(res)).data.booking as { bookingId: string };
    const [waiting] = await received(theirEmail, bookingId, 1);
    expect(waiting!.subject).toMatch(/^Waiting for your confirmation: Cut on /);
  });
});
