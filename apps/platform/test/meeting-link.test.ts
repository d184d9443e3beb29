// The booking's video meeting link reaches the customer (docs/decisions.md "Notifications" and
// "Integrations"), through the embedded platform: a staff member connects Google Calendar through
// a real local OAuth provider (oidc-provider) with the Calendar API's contract stand-in
// (libs/testing), a Google Meet service is booked and confirmed through the gateway, and the
// customer's messages are read back from a real SMTP server (Mailpit) with mailparser, their
// calendar files and the manage page's with ical.js. The webhook data and the booking detail
// must say what the messages say, in every state: the link made, not made yet, gone.

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  json,
  mailpitMissing,
  serverGate,
  startMailpit,
  startWebhookReceiver,
  type MailpitServer,
  type ReceivedMail,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, subscribeReceiver } from './booking-fixture.js';
import { book, seedTenantWithOwner, type PlatformStores } from './dashboard-fixture.js';
import { startLocalGoogle, type LocalGoogle } from './google-fixture.js';
import {
  connectThroughOAuth,
  startPlatformWithProviders,
  type PlatformWithProviders,
} from './oauth-provider-fixture.js';
import type { startTestPlatform } from './platform-fixture.js';

const HOUR = 3_600_000;
/** The bound a confirmation waits for the link here (NOTIFY_MEETING_WAIT_MS; two minutes by default). */
const WAIT_MS = 4_000;
const MEET = /https:\/\/meet\.google\.com\/[a-z0-9-]+/;

describe.runIf(serverGate('Mailpit', mailpitMissing()))('the video meeting link reaches the customer', () => {
  let google: LocalGoogle;
  let mailpit: MailpitServer;
  let hooks: WebhookReceiver;
  let running: PlatformWithProviders<{ google: LocalGoogle }>;
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let stores: PlatformStores;
  let base = '';
  let callbackPrefix = '';

  beforeAll(async () => {
    [mailpit, hooks] = await Promise.all([startMailpit({ allowedRecipients: '\\.test$' }), startWebhookReceiver()]);
    running = await startPlatformWithProviders(
      async (callbackOf) => ({ google: await startLocalGoogle(callbackOf('google')) }),
      {
        SMTP_URL: mailpit.smtpUrl,
        MAIL_FROM: 'bookings@platform.test',
        NOTIFY_POLL_MS: 100,
        NOTIFY_FIRST_RETRY_MS: 200,
        NOTIFY_MEETING_WAIT_MS: WAIT_MS,
        SYNC_FIRST_RETRY_MS: 100,
      },
    );
    ({ platform, stores, base } = running);
    google = running.providers.google;
    callbackPrefix = running.callbackOf('google');
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await Promise.all([mailpit?.close(), hooks?.close()]);
  });

  /**
   * A tenant (German) whose staff member connected Google Calendar from the dashboard (the OAuth
   * round trip through the local provider), with its check-up service on Google Meet.
   */
  async function meetTenant(slug: string, opts: { connect?: boolean } = {}) {
    const seeded = await seedTenantWithOwner(platform, stores, base, slug);
    const { api } = seeded;
    if (opts.connect !== false) await connectThroughOAuth(seeded, 'google', callbackPrefix);
    const services = (await json(await api('GET', '/api/services'))).data.items as Array<{
      serviceId: string;
      slug: string;
    }>;
    const checkup = services.find((s) => s.slug === 'checkup')!;
    const patched = await api('PATCH', `/api/services/${checkup.serviceId}`, { conferencing: 'google_meet' });
    expect((await json(patched)).data.conferencing).toBe('google_meet');
    await subscribeReceiver(platform.services['webhook-dispatcher'].address, seeded.tenantId, hooks, slug);
    return seeded;
  }

  type Tenant = Awaited<ReturnType<typeof meetTenant>>;

  /** The messages `address` has received, oldest first, once there are `count`. */
  const mailTo = (address: string, count: number) =>
    eventually(
      `${count} messages to ${address}`,
      async () => {
        const got = (await mailpit.parsed()).filter((m) => m.to === address);
        return got.length >= count ? got : undefined;
      },
      20_000,
    );

  /** The one VEVENT of a calendar file. */
  const eventOf = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  const attachedEvent = (mail: ReceivedMail) => {
    const file = mail.mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(file, `${mail.subject} carries a calendar file`).toBeDefined();
    return eventOf(file!.content.toString('utf8'));
  };
  const manageIcs = async (manageUrl: string) => {
    const res = await fetch(`${manageUrl}/ics`);
    expect(res.status).toBe(200);
    return eventOf(await res.text());
  };
  const manageView = async (manageUrl: string) =>
    (await json(await fetch(manageUrl, { headers: { accept: 'application/json' } }))).data as {
      meetingUrl: string | null;
    };
  const detailOf = async (t: Tenant, bookingId: string) =>
    (await json(await t.api('GET', `/api/bookings/${bookingId}`))).data as {
      calendarSync: { status: string; provider: string; meetingUrl: string | null } | null;
    };
  /** The booking's send log to the customer, newest first. */
  const customerLog = async (t: Tenant, bookingId: string) =>
    (
      (await json(await t.api('GET', `/api/notifications?bookingId=${bookingId}`))).data.items as Array<{
        template: string;
        status: string;
        recipientKind: string;
      }>
    ).filter((n) => n.recipientKind === 'customer');
  /** The webhooks of the tenant's booking, in order. */
  const webhooksOf = (slug: string, bookingId: string, count: number) =>
    eventually(`${count} webhooks of ${bookingId}`, async () => {
      const got = hooks
        .received(slug)
        .map((r) => r.event)
        .filter((e) => (e.data.booking as { bookingId: string }).bookingId === bookingId);
      return got.length >= count ? got : undefined;
    });

  it('the confirmation carries the Meet link, as do its calendar file, the manage page’s, the webhooks and the detail; a cancel takes it away', async () => {
    const t = await meetTenant('meet-link');
    const email = 'ann@meet-link.test';
    const at = berlinTime(4, 12);
    const created = await book(base, 'meet-link', at, { staffId: t.staffId, email });
    const { bookingId } = created.booking;
    // A held booking has no meeting yet: nothing anywhere names one.
    expect((await manageView(created.manageUrl)).meetingUrl).toBeNull();
    expect((await t.api('POST', `/api/bookings/${bookingId}/confirm`)).status).toBe(200);

    const [received, confirmed] = await mailTo(email, 2);
    expect(received!.subject).toMatch(/^Anfrage erhalten/);
    expect(received!.mail.text).not.toMatch(/Videotermin/);
    expect(confirmed!.subject).toMatch(/^Bestätigt: Check-up/);
    const url = MEET.exec(confirmed!.mail.text ?? '')?.[0];
    expect(url, confirmed!.mail.text).toBeDefined();

    // One link everywhere: the event Google holds, the detail, the message's parts and files.
    const detail = await detailOf(t, bookingId);
    expect(detail.calendarSync).toEqual({
      status: 'synced',
      provider: 'google',
      externalEventId: expect.any(String),
      meetingUrl: url,
    });
    expect(google.calendar.events('primary').find((e) => e.hangoutLink === url)).toBeDefined();
    expect(confirmed!.mail.text).toContain(`Zum Videotermin: ${url}\n`);
    expect(confirmed!.mail.html).toContain(`href="${url}"`);
    expect(confirmed!.mail.text).not.toMatch(/noch nicht bereit/);
    const attached = attachedEvent(confirmed!);
    expect(attached.getFirstPropertyValue('location')).toBe(url);
    expect(attached.getFirstPropertyValue('url')).toBe(url);
    expect(String(attached.getFirstPropertyValue('description'))).toContain(created.manageUrl);
    const downloaded = await manageIcs(created.manageUrl);
    expect(downloaded.getFirstPropertyValue('location')).toBe(url);
    expect(downloaded.getFirstPropertyValue('url')).toBe(url);
    expect(downloaded.getFirstPropertyValue('sequence')).toBe(attached.getFirstPropertyValue('sequence'));
    expect((await manageView(created.manageUrl)).meetingUrl).toBe(url);
    const page = await (await fetch(created.manageUrl, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain(`href="${url}"`);

    // A reschedule moves the same meeting: the message, the files and the webhook name its link.
    const moved = at + 2 * HOUR;
    expect((await t.api('POST', `/api/bookings/${bookingId}/reschedule`, { startsAtMs: moved })).status).toBe(200);
    const [, , rescheduled] = await mailTo(email, 3);
    expect(rescheduled!.subject).toMatch(/^Verschoben: Check-up/);
    expect(rescheduled!.mail.text).toContain(`Zum Videotermin: ${url}`);
    expect(attachedEvent(rescheduled!).getFirstPropertyValue('location')).toBe(url);
    await eventually('the moved event written', async () => {
      const d = await detailOf(t, bookingId);
      return d.calendarSync?.status === 'synced' ? d : undefined;
    });
    expect((await detailOf(t, bookingId)).calendarSync?.meetingUrl).toBe(url);

    // A cancel removes the event and its meeting: no link is named once it is gone.
    expect((await t.api('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'ill' })).status).toBe(200);
    const [, , , cancelled] = await mailTo(email, 4);
    expect(cancelled!.subject).toMatch(/^Storniert/);
    expect(cancelled!.mail.text).not.toContain(url);
    const removed = await eventually('the event removed', async () => {
      const d = await detailOf(t, bookingId);
      return d.calendarSync?.status === 'removed' ? d : undefined;
    });
    expect(removed.calendarSync).toMatchObject({ provider: 'google', meetingUrl: null });
    expect((await manageIcs(created.manageUrl)).getFirstPropertyValue('location')).toBeNull();
    expect((await manageView(created.manageUrl)).meetingUrl).toBeNull();

    // The webhooks: each carries the write-back as it was when the change was made (none known
    // before the first write), so the link they name is the one the messages and detail named.
    const events = await webhooksOf('meet-link', bookingId, 4);
    expect(events.map((e) => e.type)).toEqual([
      'booking.created',
      'booking.confirmed',
      'booking.rescheduled',
      'booking.cancelled',
    ]);
    expect(events[0]!.data).not.toHaveProperty('calendarSync');
    expect(events[1]!.data).not.toHaveProperty('calendarSync');
    expect(events[2]!.data.calendarSync).toEqual(detail.calendarSync);
    expect(events[3]!.data.calendarSync).toMatchObject({ provider: 'google', meetingUrl: url });
  });

  it('while Google cannot be reached the confirmation waits its bound, goes saying the link follows, and the link follows once it is made', async () => {
    const t = await meetTenant('meet-later');
    const email = 'ben@meet-later.test';
    const created = await book(base, 'meet-later', berlinTime(5, 10), { staffId: t.staffId, email });
    const { bookingId } = created.booking;
    await mailTo(email, 1);
    google.calendar.setDown(true);
    try {
      const confirmedAt = Date.now();
      expect((await t.api('POST', `/api/bookings/${bookingId}/confirm`)).status).toBe(200);
      const [, confirmed] = await mailTo(email, 2);
      // Held for the link, then sent at the bound without one.
      expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(WAIT_MS);
      expect(confirmed!.subject).toMatch(/^Bestätigt: Check-up/);
      expect(confirmed!.mail.text).toContain('Der Link zum Videotermin ist noch nicht bereit.');
      expect(confirmed!.mail.text).not.toMatch(/https:\/\/meet\./);
      const attached = attachedEvent(confirmed!);
      expect(attached.getFirstPropertyValue('location')).toBeNull();
      expect(attached.getFirstPropertyValue('url')).toBe(created.manageUrl);
      // What the message says is what the detail and the manage page say: no link yet.
      const detail = await detailOf(t, bookingId);
      expect(detail.calendarSync).toMatchObject({ status: 'pending', meetingUrl: null });
      expect((await manageView(created.manageUrl)).meetingUrl).toBeNull();
      expect((await manageIcs(created.manageUrl)).getFirstPropertyValue('location')).toBeNull();
    } finally {
      google.calendar.setDown(false);
    }

    // Google answers again and the business has the write-back retried (as the dashboard offers
    // after a failure; the worker's own next retry would do the same later): the meeting is made
    // and its link follows.
    await eventually('the write-back retried', async () => {
      const res = await t.api('POST', `/api/bookings/${bookingId}/calendar-sync`);
      // PROVIDER_ACTION_PENDING while the worker's own attempt runs.
      return res.status === 200 ? true : undefined;
    });
    const [, , link] = await mailTo(email, 3);
    expect(link!.subject).toMatch(/^Link zum Videotermin: Check-up/);
    const detail = await detailOf(t, bookingId);
    expect(detail.calendarSync).toMatchObject({ status: 'synced', meetingUrl: expect.stringMatching(MEET) });
    const url = detail.calendarSync!.meetingUrl!;
    expect(link!.mail.text).toContain(`Zum Videotermin: ${url}`);
    expect(link!.mail.html).toContain(`href="${url}"`);
    const attached = attachedEvent(link!);
    expect(attached.getFirstPropertyValue('location')).toBe(url);
    expect(attached.getFirstPropertyValue('url')).toBe(url);
    expect((await manageIcs(created.manageUrl)).getFirstPropertyValue('location')).toBe(url);
    expect((await manageView(created.manageUrl)).meetingUrl).toBe(url);
    const log = (await customerLog(t, bookingId)) as Array<{ template: string; status: string }>;
    expect(log.map((n) => `${n.template} ${n.status}`)).toEqual([
      'customer.meeting_link sent',
      'customer.confirmed sent',
      'customer.request_received sent',
    ]);
  });

  it('a cancel while the confirmation is held sends it at once, naming no link, before the cancellation; nothing follows', async () => {
    const t = await meetTenant('meet-cancel');
    const email = 'cem@meet-cancel.test';
    const created = await book(base, 'meet-cancel', berlinTime(5, 11), { staffId: t.staffId, email });
    const { bookingId } = created.booking;
    await mailTo(email, 1);
    google.calendar.setDown(true);
    try {
      const startedAt = Date.now();
      expect((await t.api('POST', `/api/bookings/${bookingId}/confirm`)).status).toBe(200);
      expect((await t.api('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'double booked' })).status).toBe(200);
      const [, ...rest] = await mailTo(email, 3);
      expect(Date.now() - startedAt).toBeLessThan(WAIT_MS);
      const confirmed = rest.find((m) => m.subject.startsWith('Bestätigt'))!;
      expect(confirmed.mail.text).not.toMatch(/Videotermin/);
      expect(rest.find((m) => m.subject.startsWith('Storniert'))).toBeDefined();
    } finally {
      google.calendar.setDown(false);
    }
    // Past the bound and a look for a link that follows: none follows for a cancelled booking.
    await new Promise((resolve) => setTimeout(resolve, 1.5 * WAIT_MS));
    const log = await customerLog(t, bookingId);
    expect(log.map((n) => n.template).sort()).toEqual([
      'customer.cancelled',
      'customer.confirmed',
      'customer.request_received',
    ]);
  });

  it('a staff member without a calendar connection: the confirmation goes at once and names no meeting', async () => {
    const t = await meetTenant('meet-none', { connect: false });
    const email = 'dora@meet-none.test';
    const created = await book(base, 'meet-none', berlinTime(5, 12), { staffId: t.staffId, email });
    await mailTo(email, 1);
    const startedAt = Date.now();
    expect((await t.api('POST', `/api/bookings/${created.booking.bookingId}/confirm`)).status).toBe(200);
    const [, confirmed] = await mailTo(email, 2);
    expect(Date.now() - startedAt).toBeLessThan(WAIT_MS);
    expect(confirmed!.mail.text).not.toMatch(/Videotermin/);
    expect(attachedEvent(confirmed!).getFirstPropertyValue('location')).toBeNull();
    expect((await detailOf(t, created.booking.bookingId)).calendarSync).toBeNull();
  });
});
