// A refused token refresh through the embedded platform (docs/decisions.md "Integrations",
// "Tokens that expire"): Google connected through the real OAuth round trip against a local OAuth
// provider (oidc-provider), the grant then revoked there. The next calendar read flips the
// connection to needs_reauth: GET /api/integrations says since when, the dashboard's connection
// list shows it (Chromium), availability and create stop trusting the calendar at the next read
// (PROVIDER_NEEDS_REAUTH, or the busy time offered once the tenant books when a calendar cannot
// be read), and the business
// gets one email through the real SMTP server (Mailpit), also when the event is published again.

/// <reference lib="dom" />
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigFor } from '@svc/config';
import { SESSION_COOKIE } from '@svc/gateway';
import { openStore } from '@svc/store';
import {
  chromiumMissing,
  eventually,
  json,
  mailpitMissing,
  serverGate,
  startMailpit,
  type MailpitServer,
} from '@svc/testing';
import { berlinTime, postBooking, seedTenant } from './booking-fixture.js';
import { launchBrowser, openPage, shot } from './browser-fixture.js';
import { dashboard, errorOf, type DashboardSession, type PlatformStores } from './dashboard-fixture.js';
import { startLocalGoogle, type LocalGoogle } from './google-fixture.js';
import {
  connectThroughOAuth,
  startPlatformWithProviders,
  storedConnectionTokens,
  type PlatformWithProviders,
} from './oauth-provider-fixture.js';
import type { startTestPlatform } from './platform-fixture.js';

const HOUR = 3_600_000;
const SLUG = 'reauth-desk';
const DESK = 'desk@reauth.test';

describe.runIf(serverGate('Mailpit', mailpitMissing()))('a refused token refresh', { timeout: 120_000 }, () => {
  let google: LocalGoogle;
  let mailpit: MailpitServer;
  let running: PlatformWithProviders<{ google: LocalGoogle }>;
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let stores: PlatformStores;
  let base = '';
  let callbackPrefix = '';
  let tenantId = '';
  let staffId = '';
  let owner: DashboardSession;
  let api: ReturnType<typeof dashboard>;
  let connectionId = '';
  const busyAt = berlinTime(3, 10);

  beforeAll(async () => {
    mailpit = await startMailpit({ allowedRecipients: '\\.test$' });
    running = await startPlatformWithProviders(
      // Access tokens live 30 s, under the one-minute margin: every Calendar call refreshes first.
      async (callbackOf) => ({ google: await startLocalGoogle(callbackOf('google'), { accessTokenTtlS: 30 }) }),
      { SMTP_URL: mailpit.smtpUrl, MAIL_FROM: 'bookings@platform.test', NOTIFY_POLL_MS: 200 },
    );
    ({ platform, stores, base } = running);
    google = running.providers.google;
    callbackPrefix = running.callbackOf('google');
    ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, SLUG));
    owner = await stores.session(tenantId, 'tenant_owner', 'owner@reauth.test');
    api = dashboard(base, owner);
    expect((await api('PATCH', '/api/notification-settings', { businessEmails: [DESK] })).status).toBe(200);
    google.calendar.addBusy('primary', busyAt, busyAt + HOUR);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await mailpit?.close();
  });

  /** `shiftMs`: another window over the same days (an answer the booking service kept is for its window only). */
  const availability = (daysAhead: number, shiftMs = 0) => {
    const fromMs = berlinTime(daysAhead, 0) + shiftMs;
    return fetch(`${base}/book/${SLUG}/availability?serviceSlug=checkup&fromMs=${fromMs}&toMs=${fromMs + 24 * HOUR}`);
  };
  const slotsOn = async (daysAhead: number, shiftMs = 0): Promise<number[]> => {
    const res = await availability(daysAhead, shiftMs);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    return (body.data.slots as Array<{ startsAtMs: number }>).map((s) => s.startsAtMs);
  };

  const storedTokens = async () => (await storedConnectionTokens(platform, stores, connectionId)).tokens;

  const mailsToDesk = async () => (await mailpit.parsed()).filter((m) => m.to === DESK);

  /** The connection's notice published and handled: the notifications' group has taken `count` integration events. */
  const handledIntegrationEvents = (count: number) =>
    eventually(`${count} integration events handled by the notifications`, async () => {
      const groups = await stores.raw('events', 'bus_groups');
      const group = groups.find((g) => g.topic === 'integration.events' && g.groupId === 'notifications-connections');
      return group && Number(group.committed) >= count ? true : undefined;
    });

  it('connects Google, whose busy time blocks the staff member', async () => {
    const { connection } = await connectThroughOAuth({ staffId, session: owner, api }, 'google', callbackPrefix);
    connectionId = connection.connectionId;
    expect(connection).toMatchObject({ status: 'connected', needsReauthAtMs: null });
    const slots = await slotsOn(3);
    expect(slots).not.toContain(busyAt);
    expect(slots).toContain(busyAt + HOUR);
    // Read again: the booking service's kept answer, the calendar not asked.
    const reads = google.calendar.listRequests().length;
    expect(await slotsOn(3)).toEqual(slots);
    expect(google.calendar.listRequests()).toHaveLength(reads);
  });

  it('the grant revoked: the next read flips the connection to needs_reauth, which GET /api/integrations dates', async () => {
    // Revoked at the provider, as a user does in their Google account.
    const refresh = await google.provider.RefreshToken.find((await storedTokens()).refreshToken);
    await refresh!.destroy();
    const before = Date.now();
    // A day not read yet: the calendar is asked, its token refreshed, the refresh refused.
    expect(await errorOf(await availability(5))).toMatchObject({ status: 409, code: 'PROVIDER_NEEDS_REAUTH' });
    const { data } = await json(await api('GET', '/api/integrations'));
    expect(data.items).toMatchObject([{ connectionId, status: 'needs_reauth' }]);
    expect(data.items[0].needsReauthAtMs).toBeGreaterThanOrEqual(before);
    expect(data.items[0].needsReauthAtMs).toBeLessThanOrEqual(Date.now());
    // Not trusted from the very next read on: the answer the booking service kept for the window
    // read before (BUSY_CACHE_MS is 60 s here) and the days in the integrations service's cache
    // included, and a create at a time the calendar left free is refused at once
    // (docs/decisions.md "Integrations", "A connection change counts at the next read").
    expect(await errorOf(await availability(3))).toMatchObject({ status: 409, code: 'PROVIDER_NEEDS_REAUTH' });
    expect(await errorOf(await availability(3, 30 * 60_000))).toMatchObject({
      status: 409,
      code: 'PROVIDER_NEEDS_REAUTH',
    });
    expect(await errorOf(await postBooking(base, SLUG, busyAt + HOUR, 'reauth-create-1'))).toMatchObject({
      status: 409,
      code: 'PROVIDER_NEEDS_REAUTH',
    });
    expect(await errorOf(await api('GET', `/api/integrations/${connectionId}/calendars`))).toMatchObject({
      status: 409,
      code: 'PROVIDER_NEEDS_REAUTH',
    });
  });

  it('the business gets one email, also when the event is published again', async () => {
    const [mail] = await eventually('the email to the business', async () => {
      const mails = await mailsToDesk();
      return mails.length > 0 ? mails : undefined;
    });
    // The tenant writes German (seedTenant).
    expect(mail!.subject).toBe('Neu verbinden: Google Calendar von Dr. Weber');
    expect(mail!.mail.text).toContain(
      'Google Calendar akzeptiert den Zugriff der Plattform auf das Konto von Dr. Weber',
    );
    expect(mail!.mail.text).toContain(`Kalenderverbindungen öffnen: ${base}/dashboard#/settings`);
    await handledIntegrationEvents(1);

    // The relay made to publish it again (as after a crash between its publish and its mark):
    // the same event id, handled, and nothing more sent.
    const integrationStore = await openStore(
      storeConfigFor('integrations', { PROFILE: 'embedded', DATA_DIR: platform.dataDir }),
    );
    try {
      const rearmed = await integrationStore
        .collection('integration_connections')
        .updateOne({ _id: connectionId, reauthNoticeDueAtMs: null }, { reauthNoticeDueAtMs: Date.now() });
      expect(rearmed).toBe(1);
    } finally {
      await integrationStore.close();
    }
    await handledIntegrationEvents(2);
    // More failed reads flip nothing again and announce nothing.
    expect(await errorOf(await availability(6))).toMatchObject({ code: 'PROVIDER_NEEDS_REAUTH' });
    await sleep(1_500);
    const log = await json(await api('GET', '/api/notifications'));
    expect(
      (log.data.items as Array<{ template: string; recipient: string; status: string }>)
        .filter((n) => n.template === 'business.calendar_needs_reauth')
        .map((n) => [n.recipient, n.status]),
    ).toEqual([[DESK, 'sent']]);
    expect(await mailsToDesk()).toHaveLength(1);
  });

  it.runIf(serverGate('Chromium', chromiumMissing()))(
    'the dashboard’s connection list says since when the calendar needs signing in again',
    async () => {
      const { data } = await json(await api('GET', '/api/integrations'));
      const at = data.items[0].needsReauthAtMs as number;
      const browser = await launchBrowser();
      try {
        const { page, problems } = await openPage(browser, 'Europe/Berlin');
        // The owner's session, as the sign-in sets it (a __Host- cookie: secure, host-only, path /).
        await page.setCookie({
          name: SESSION_COOKIE,
          value: owner.cookie.slice(SESSION_COOKIE.length + 1),
          url: base,
          path: '/',
          secure: true,
          httpOnly: true,
          sameSite: 'Lax',
        });
        await page.goto(`${base}/dashboard#/settings`, { waitUntil: 'load' });
        await page.waitForSelector('#connections time');
        expect(await page.$eval('#connections time', (el) => el.getAttribute('datetime'))).toBe(
          new Date(at).toISOString(),
        );
        const line = await page.$eval('#connections li', (el) => (el as HTMLElement).innerText);
        const time = new Intl.DateTimeFormat('de', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' })
          .format(at)
          .replace(/\s/g, ' ');
        expect(line.replace(/\s/g, ' ')).toContain(`needs signing in again since`);
        expect(line.replace(/\s/g, ' ')).toContain(time);
        await shot(page, 'dashboard-connection-needs-reauth');
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  it('once the tenant books when a calendar cannot be read, the untrusted calendar blocks nothing', async () => {
    const res = await api('PATCH', '/api/integrations/settings', { bookWhenCalendarUnavailable: true });
    expect(res.status).toBe(200);
    // The busy time Google still holds is offered at the next read: the calendar is not read at all.
    expect(await slotsOn(3)).toContain(busyAt);
  });
});
