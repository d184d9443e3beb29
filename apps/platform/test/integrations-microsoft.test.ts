// Microsoft 365 with Teams through the embedded platform: the OAuth round trip (code + PKCE +
// state, client secret in the form) against a real local OAuth provider (oidc-provider) at the
// identity platform's v2 paths, Microsoft Graph against a contract stand-in (libs/testing: the
// documented shapes of calendars, calendarView and events, not Microsoft), busy events blocking
// slots, a confirmed booking written with a Teams meeting, moved and removed, tokens refreshed
// before expiry and a revoked grant marking the connection needs_reauth.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MICROSOFT_SCOPES } from '@svc/integrations';
import { eventually, json } from '@svc/testing';
import { berlinTime, slotStartsOn } from './booking-fixture.js';
import { book, errorOf, seedTenantWithOwner, type PlatformStores } from './dashboard-fixture.js';
import {
  MICROSOFT_CLIENT_ID,
  MICROSOFT_TENANT,
  startLocalMicrosoft,
  type LocalMicrosoft,
} from './microsoft-fixture.js';
import { expectOwnEventsNeverBlock } from './own-event-fixture.js';
import {
  connectThroughOAuth,
  followCallback,
  type PlatformWithProviders,
  startOAuthConnect,
  startPlatformWithProviders,
  storedConnectionTokens,
} from './oauth-provider-fixture.js';
import type { startTestPlatform } from './platform-fixture.js';

const HOUR = 3_600_000;
/** Short, so the own-event case can wait out what availability read. */
const BUSY_CACHE_MS = 1_000;

let microsoft: LocalMicrosoft;
let graph: LocalMicrosoft['graph'];
let running: PlatformWithProviders<{ microsoft: LocalMicrosoft }>;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let base: string;
let callbackPrefix: string;

beforeAll(async () => {
  running = await startPlatformWithProviders(
    // Access tokens live 30 s, under the service's one-minute refresh margin: every Graph call
    // refreshes them first.
    async (callbackOf) => ({
      microsoft: await startLocalMicrosoft(callbackOf('microsoft'), { accessTokenTtlS: 30 }),
    }),
    {
      // A Google client too, so a Microsoft state can be tried at Google's callback.
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      SYNC_FIRST_RETRY_MS: 200,
      BUSY_CACHE_MS,
    },
  );
  ({ platform, stores, base } = running);
  callbackPrefix = running.callbackOf('microsoft');
  microsoft = running.providers.microsoft;
  graph = microsoft.graph;
}, 60_000);

afterAll(() => running?.close());

const tenant = (slug: string) => seedTenantWithOwner(platform, stores, base, slug);

type Tenant = Awaited<ReturnType<typeof tenant>>;

/** POST …/microsoft/connect, then the provider's login and consent; answers its redirect back. */
const startConnect = (t: Tenant) => startOAuthConnect(t, 'microsoft', callbackPrefix);
const follow = followCallback;
const connected = async (t: Tenant) => (await connectThroughOAuth(t, 'microsoft', callbackPrefix)).connection;
const storedTokens = (connectionId: string) => storedConnectionTokens(platform, stores, connectionId);

describe('Microsoft 365 OAuth against a local identity platform', () => {
  it('start → authorize → callback stores an encrypted grant of the default calendar', async () => {
    const t = await tenant('microsoft-oauth');
    const { authorizeUrl, callbackUrl } = await startConnect(t);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(
      `${microsoft.authority}/${MICROSOFT_TENANT}/oauth2/v2.0/authorize`,
    );
    const q = authorizeUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('response_mode')).toBe('query');
    expect(q.get('client_id')).toBe(MICROSOFT_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(callbackPrefix);
    expect(q.get('scope')?.split(' ').sort()).toEqual([...MICROSOFT_SCOPES].sort());
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const attempts = await stores.raw('integrations', 'integration_oauth_states');
    expect(attempts).toMatchObject([{ provider: 'microsoft' }]);
    expect(JSON.stringify(attempts)).not.toContain(q.get('state'));

    // The provider takes the code only with the PKCE verifier and the client secret in the form
    // (this client may not use a Basic header): a connection proves both were sent.
    const res = await follow(t, callbackUrl);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({
      provider: 'microsoft',
      staffId: t.staffId,
      status: 'connected',
      account: 'weber@contoso.test',
      busyCalendarIds: [graph.defaultCalendarId],
      bookingCalendarId: graph.defaultCalendarId,
    });
    const { sealed, tokens } = await storedTokens(body.data.connectionId);
    expect(tokens.refreshToken).not.toBe('');
    expect(sealed).not.toContain(tokens.accessToken);
    expect(sealed).not.toContain(tokens.refreshToken);
    expect(JSON.stringify(body)).not.toContain(tokens.refreshToken);
    expect(await stores.raw('integrations', 'integration_oauth_states')).toEqual([]);

    // The calendars of the account, the default one receiving bookings.
    const other = graph.addCalendar('Team');
    const calendars = await json(await t.api('GET', `/api/integrations/${body.data.connectionId}/calendars`));
    expect(calendars.data.items).toEqual(
      expect.arrayContaining([
        { calendarId: graph.defaultCalendarId, name: 'Calendar', blocksTime: true, receivesBookings: true },
        { calendarId: other, name: 'Team', blocksTime: false, receivesBookings: false },
      ]),
    );

    expect(await errorOf(await follow(t, callbackUrl))).toMatchObject({ status: 403, code: 'OAUTH_STATE_INVALID' });
  });

  it('a wrong state, another provider’s callback, a bad code or a denied consent store nothing', async () => {
    const t = await tenant('microsoft-bad');
    const { callbackUrl } = await startConnect(t);
    const wrong = new URL(callbackUrl);
    wrong.searchParams.set('state', 'not-the-state');
    expect(await errorOf(await follow(t, wrong))).toMatchObject({ status: 403, code: 'OAUTH_STATE_INVALID' });

    // The same state at Google's callback: started for Microsoft, so refused (and used up).
    const atGoogle = new URL(callbackUrl.search, `${base}/api/integrations/google/callback`);
    expect(await errorOf(await follow(t, atGoogle))).toMatchObject({ status: 403, code: 'OAUTH_STATE_INVALID' });
    expect(await errorOf(await follow(t, callbackUrl))).toMatchObject({ code: 'OAUTH_STATE_INVALID' });

    const { callbackUrl: second } = await startConnect(t);
    const badCode = new URL(second);
    badCode.searchParams.set('code', 'bogus-code');
    expect(await errorOf(await follow(t, badCode))).toMatchObject({ status: 403, code: 'OAUTH_TOKEN_EXCHANGE_FAILED' });

    const { callbackUrl: third } = await startConnect(t);
    const denied = new URL(callbackPrefix);
    denied.searchParams.set('state', third.searchParams.get('state')!);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.');
    expect(await errorOf(await follow(t, denied))).toMatchObject({ code: 'OAUTH_TOKEN_EXCHANGE_FAILED' });
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toEqual([]);
  });
});

describe('Microsoft 365 busy times and write-back with Teams (contract stand-in)', () => {
  it('busy events block slots; a confirmed booking becomes one event with a Teams link, moved and removed', async () => {
    const t = await tenant('microsoft-teams');
    const { connectionId } = await connected(t);
    const calendar = graph.defaultCalendarId;
    const first = graph.tokensSeen().length;

    // A single busy event, a daily series at 15:00 Berlin, and an invitation the account declined.
    const busy = berlinTime(3, 10);
    graph.addBusy(calendar, busy, busy + HOUR);
    // Tomorrow's Berlin date (sv: YYYY-MM-DD).
    const firstDay = new Date(berlinTime(1, 12)).toLocaleDateString('sv', { timeZone: 'Europe/Berlin' });
    graph.putEvent(calendar, {
      subject: 'Daily review',
      start: { dateTime: `${firstDay}T15:00:00.0000000`, timeZone: 'Europe/Berlin' },
      end: { dateTime: `${firstDay}T15:30:00.0000000`, timeZone: 'Europe/Berlin' },
      recurrence: { pattern: { type: 'daily', interval: 1 }, range: { type: 'noEnd', startDate: firstDay } },
    });
    const declined = berlinTime(3, 13);
    graph.putEvent(calendar, {
      subject: 'Declined',
      start: { dateTime: new Date(declined).toISOString().replace('Z', ''), timeZone: 'UTC' },
      end: { dateTime: new Date(declined + HOUR).toISOString().replace('Z', ''), timeZone: 'UTC' },
      responseStatus: { response: 'declined' },
    });
    const slots = await slotStartsOn(base, 'microsoft-teams', 3);
    expect(slots).not.toContain(busy);
    expect(slots).not.toContain(busy + HOUR / 2);
    expect(slots).toContain(busy + HOUR);
    expect(slots).not.toContain(berlinTime(3, 15));
    expect(slots).toContain(berlinTime(3, 15, 30));
    expect(slots).toContain(declined);
    const views = graph.requests().filter((r) => r.path.endsWith('/calendarView'));
    expect(views.length).toBeGreaterThan(0);
    expect(views.every((r) => r.prefer === 'outlook.timezone="UTC"')).toBe(true);

    // The service asks for Microsoft Teams.
    const services = await json(await t.api('GET', '/api/services'));
    const checkup = (services.data.items as Array<{ serviceId: string; slug: string }>).find(
      (s) => s.slug === 'checkup',
    )!;
    const patched = await t.api('PATCH', `/api/services/${checkup.serviceId}`, { conferencing: 'microsoft_teams' });
    expect((await json(patched)).data.conferencing).toBe('microsoft_teams');

    const at = berlinTime(4, 12);
    const { booking } = await book(base, 'microsoft-teams', at, { staffId: t.staffId });
    expect((await t.api('POST', `/api/bookings/${booking.bookingId}/confirm`)).status).toBe(200);
    const detail = await eventually('the synced booking', async () => {
      const body = await json(await t.api('GET', `/api/bookings/${booking.bookingId}`));
      return body.data.calendarSync?.status === 'synced' ? body.data : undefined;
    });
    expect(detail.calendarSync).toEqual({
      status: 'synced',
      provider: 'microsoft',
      externalEventId: expect.any(String),
      meetingUrl: expect.stringMatching(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//),
    });
    const events = () => graph.events(calendar).filter((e) => e.id === detail.calendarSync.externalEventId);
    expect(events()).toHaveLength(1);
    expect(events()[0]).toMatchObject({
      start: { dateTime: new Date(at).toISOString().replace('Z', ''), timeZone: 'UTC' },
      isOnlineMeeting: true,
      onlineMeetingProvider: 'teamsForBusiness',
      onlineMeeting: { joinUrl: detail.calendarSync.meetingUrl },
    });

    const moved = at + 2 * HOUR;
    expect((await t.api('POST', `/api/bookings/${booking.bookingId}/reschedule`, { startsAtMs: moved })).status).toBe(
      200,
    );
    await eventually('the moved event', async () =>
      events()[0]?.start.dateTime === new Date(moved).toISOString().replace('Z', '') ? true : undefined,
    );
    expect(events()).toHaveLength(1);
    expect(events()[0]!.onlineMeeting).toEqual({ joinUrl: detail.calendarSync.meetingUrl });

    expect((await t.api('POST', `/api/bookings/${booking.bookingId}/cancel`, { reason: 'ill' })).status).toBe(200);
    await eventually('the removed event', async () => (events().length === 0 ? true : undefined));
    expect((await json(await t.api('GET', `/api/bookings/${booking.bookingId}`))).data.calendarSync).toMatchObject({
      status: 'removed',
      provider: 'microsoft',
    });

    // Tokens were refreshed before they expired: Graph saw more than one access token.
    const used = new Set(graph.tokensSeen().slice(first));
    expect(used.size).toBeGreaterThan(1);
    const { tokens } = await storedTokens(connectionId);
    expect(used.has(tokens.accessToken)).toBe(true);
  });

  it("cal.com #14704, Easy!Appointments #1388: a booking's own event never blocks it, another tenant's does", async () => {
    // The stand-in is one mailbox whatever the token: both tenants share its default calendar.
    const owner = { ...(await tenant('microsoft-own')), slug: 'microsoft-own' };
    const other = { ...(await tenant('microsoft-own-other')), slug: 'microsoft-own-other' };
    await connected(owner);
    await connected(other);
    await expectOwnEventsNeverBlock({
      base,
      busyCacheMs: BUSY_CACHE_MS,
      owner,
      other,
      eventStart: (id) => {
        const event = graph.events(graph.defaultCalendarId).find((e) => e.id === id);
        return event === undefined ? undefined : Date.parse(`${event.start.dateTime}Z`);
      },
      days: { class: 6, move: 7 },
    });
    // Read with the one extended property that names the booking.
    const view = graph.requests().findLast((r) => r.path.endsWith('/calendarView'))!;
    expect(view.query.get('$expand')).toMatch(/^singleValueExtendedProperties\(\$filter=id eq 'String \{/);
  });

  it('a grant revoked at the provider marks the connection needs_reauth and answers PROVIDER_NEEDS_REAUTH', async () => {
    const t = await tenant('microsoft-revoked');
    const { connectionId } = await connected(t);
    const { tokens } = await storedTokens(connectionId);
    await (await microsoft.provider.RefreshToken.find(tokens.refreshToken))!.destroy();
    await (await microsoft.provider.AccessToken.find(tokens.accessToken))?.destroy();

    expect(await errorOf(await t.api('GET', `/api/integrations/${connectionId}/calendars`))).toMatchObject({
      status: 409,
      code: 'PROVIDER_NEEDS_REAUTH',
    });
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toMatchObject([
      { connectionId, status: 'needs_reauth' },
    ]);
  });
});
