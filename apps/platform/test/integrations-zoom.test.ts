// Zoom meetings through the embedded platform: the OAuth round trip of a user-level Zoom app
// (code + PKCE + state, rotating refresh tokens) against a real local OAuth provider
// (oidc-provider) playing Zoom's authorization server, the Zoom API against its contract stand-in
// (libs/testing zoom-standin.ts: the documented shapes of the Meetings API, not Zoom). A Zoom
// service's confirmed booking gets one meeting, its join link in the booking detail and in the
// staff member's Google event; a reschedule moves it, a cancel deletes it; a staff member without
// Zoom still gets the booking, without a link.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, json } from '@svc/testing';
import { berlinTime } from './booking-fixture.js';
import { book, errorOf, seedTenantWithOwner, type PlatformStores } from './dashboard-fixture.js';
import { startLocalGoogle, type LocalGoogle } from './google-fixture.js';
import {
  connectThroughOAuth,
  followCallback,
  type PlatformWithProviders,
  startPlatformWithProviders,
  storedConnectionTokens,
} from './oauth-provider-fixture.js';
import type { startTestPlatform } from './platform-fixture.js';
import { startLocalZoom, ZOOM_CLIENT_ID, type LocalZoom } from './zoom-fixture.js';

const HOUR = 3_600_000;

let zoom: LocalZoom;
let google: LocalGoogle;
let running: PlatformWithProviders<{ zoom: LocalZoom; google: LocalGoogle }>;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let base: string;
let zoomCallback: string;
let googleCallback: string;

beforeAll(async () => {
  running = await startPlatformWithProviders(
    async (callbackOf) => ({
      // Access tokens live 30 s, under the service's one-minute refresh margin: every Zoom call
      // refreshes first, and each refresh rotates the refresh token.
      zoom: await startLocalZoom(callbackOf('zoom'), { accessTokenTtlS: 30 }),
      google: await startLocalGoogle(callbackOf('google')),
    }),
    { SYNC_FIRST_RETRY_MS: 200 },
  );
  ({ platform, stores, base } = running);
  ({ zoom, google } = running.providers);
  zoomCallback = running.callbackOf('zoom');
  googleCallback = running.callbackOf('google');
}, 60_000);

afterAll(() => running?.close());

async function tenant(slug: string) {
  const owned = await seedTenantWithOwner(platform, stores, base, slug);
  const services = await json(await owned.api('GET', '/api/services'));
  const checkup = (services.data.items as Array<{ serviceId: string; slug: string }>).find(
    (s) => s.slug === 'checkup',
  )!;
  return { ...owned, slug, serviceId: checkup.serviceId, account: `staff-${slug}` };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

const follow = followCallback;

/** POST …/{provider}/connect, the provider's login and consent, then the callback. */
const connect = (t: Tenant, provider: 'zoom' | 'google') =>
  connectThroughOAuth(t, provider, provider === 'zoom' ? zoomCallback : googleCallback, t.account);

const storedTokens = async (connectionId: string) =>
  (await storedConnectionTokens(platform, stores, connectionId)).tokens;

const useZoom = (t: Tenant) => t.api('PATCH', `/api/services/${t.serviceId}`, { conferencing: 'zoom' });

async function confirmedBooking(t: Tenant, at: number) {
  const { booking } = await book(base, t.slug, at, { staffId: t.staffId });
  expect((await t.api('POST', `/api/bookings/${booking.bookingId}/confirm`)).status).toBe(200);
  return booking.bookingId;
}

const detailOf = async (t: Tenant, bookingId: string) =>
  (await json(await t.api('GET', `/api/bookings/${bookingId}`))).data;

/** The booking detail once its write-back has the Zoom link. */
const withMeeting = (t: Tenant, bookingId: string) =>
  eventually('the booking’s meeting link', async () => {
    const detail = await detailOf(t, bookingId);
    return detail.calendarSync?.meetingUrl ? detail : undefined;
  });

const meetingsOf = (t: Tenant) => zoom.api.meetings(zoom.userOf(t.account).id);

describe('connecting Zoom against a local OAuth provider', () => {
  it('start → authorize → callback: code + PKCE + state, a Zoom connection without calendars', async () => {
    const t = await tenant('zoom-connect');
    const { authorizeUrl, callbackUrl, connection } = await connect(t, 'zoom');
    const q = authorizeUrl.searchParams;
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(zoom.settings.ZOOM_AUTHORIZATION_URL);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(ZOOM_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(zoomCallback);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A Zoom app's scopes are its configuration's: none asked.
    expect(q.has('scope')).toBe(false);
    expect(connection).toMatchObject({
      provider: 'zoom',
      staffId: t.staffId,
      status: 'connected',
      account: zoom.userOf(t.account).email,
      busyCalendarIds: [],
      bookingCalendarId: null,
    });
    const tokens = await storedTokens(connection.connectionId);
    expect(JSON.stringify(connection)).not.toContain(tokens.refreshToken);
    // Used once; and a Zoom state is no Google one.
    expect(await errorOf(await follow(t, callbackUrl))).toMatchObject({ status: 403, code: 'OAUTH_STATE_INVALID' });
    const started = await json(await t.api('POST', '/api/integrations/zoom/connect', { staffId: t.staffId }));
    const atGoogle = new URL(googleCallback);
    atGoogle.searchParams.set('state', new URL(started.data.authorizationUrl).searchParams.get('state')!);
    atGoogle.searchParams.set('code', 'any');
    expect(await errorOf(await follow(t, atGoogle))).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    // Its calendars: none (the grant checked with Zoom's /users/me).
    expect((await json(await t.api('GET', `/api/integrations/${connection.connectionId}/calendars`))).data).toEqual({
      items: [],
    });
  });
});

describe('a Zoom service’s meetings (contract stand-in)', () => {
  it('one meeting per confirmed booking, its link in the detail; moved on reschedule, deleted on cancel', async () => {
    const t = await tenant('zoom-meet');
    const { connection } = await connect(t, 'zoom');
    const firstRefresh = (await storedTokens(connection.connectionId)).refreshToken;
    expect((await json(await useZoom(t))).data.conferencing).toBe('zoom');

    const at = berlinTime(4, 12);
    const bookingId = await confirmedBooking(t, at);
    const detail = await withMeeting(t, bookingId);
    const [meeting] = meetingsOf(t);
    expect(meetingsOf(t)).toHaveLength(1);
    expect(meeting).toMatchObject({
      topic: 'Check-up',
      agenda: `Booking ${bookingId}`,
      start_time: new Date(at).toISOString().replace('.000Z', 'Z'),
      duration: 30,
    });
    // The topic and agenda name no customer.
    expect(JSON.stringify(meeting)).not.toContain('Customer');
    expect(detail.calendarSync).toEqual({
      status: 'synced',
      provider: 'zoom',
      externalEventId: null,
      meetingUrl: meeting!.join_url,
    });

    const moved = at + 2 * HOUR;
    expect((await t.api('POST', `/api/bookings/${bookingId}/reschedule`, { startsAtMs: moved })).status).toBe(200);
    await eventually('the moved meeting', async () =>
      meetingsOf(t)[0]?.start_time === new Date(moved).toISOString().replace('.000Z', 'Z') ? true : undefined,
    );
    expect(meetingsOf(t).map((m) => m.id)).toEqual([meeting!.id]);
    expect(zoom.api.requests().some((r) => r.method === 'PATCH' && r.path === `/meetings/${meeting!.id}`)).toBe(true);
    expect((await detailOf(t, bookingId)).calendarSync.meetingUrl).toBe(meeting!.join_url);

    expect((await t.api('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'ill' })).status).toBe(200);
    await eventually('the deleted meeting', async () => (meetingsOf(t).length === 0 ? true : undefined));
    expect((await detailOf(t, bookingId)).calendarSync).toMatchObject({ status: 'removed', meetingUrl: null });

    // Every call refreshed first, and Zoom-like rotation consumed each refresh token: the one kept
    // is the newest (an old one sent again would have revoked the grant: needs_reauth).
    const { refreshToken } = await storedTokens(connection.connectionId);
    expect(refreshToken).not.toBe(firstRefresh);
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toMatchObject([{ status: 'connected' }]);
  });

  it('with a Google calendar too: the Google event carries the Zoom link as its location', async () => {
    const t = await tenant('zoom-google');
    await connect(t, 'google');
    await connect(t, 'zoom');
    await useZoom(t);
    const bookingId = await confirmedBooking(t, berlinTime(5, 10));
    const detail = await withMeeting(t, bookingId);
    const [meeting] = meetingsOf(t);
    expect(detail.calendarSync).toMatchObject({ status: 'synced', provider: 'google', meetingUrl: meeting!.join_url });
    const event = google.calendar.events('primary').find((e) => e.id === detail.calendarSync.externalEventId);
    expect(event).toMatchObject({ location: meeting!.join_url, status: 'confirmed' });
    // No Meet link besides: the service asked for Zoom.
    expect(event).not.toHaveProperty('hangoutLink');
  });

  it('a staff member without Zoom: the booking is made without a link; a retry is PROVIDER_NOT_CONNECTED until Zoom is connected', async () => {
    // No connection at all: no write-back record, nothing to retry.
    const bare = await tenant('zoom-none');
    await useZoom(bare);
    const lone = await confirmedBooking(bare, berlinTime(4, 9));
    expect(await errorOf(await bare.api('POST', `/api/bookings/${lone}/calendar-sync`))).toMatchObject({
      code: 'PROVIDER_NOT_CONNECTED',
    });
    expect((await detailOf(bare, lone)).calendarSync).toBeNull();
    expect(meetingsOf(bare)).toEqual([]);

    // A Google calendar but no Zoom: the event is written without a link, and the record says why.
    const t = await tenant('zoom-missing');
    await connect(t, 'google');
    await useZoom(t);
    const bookingId = await confirmedBooking(t, berlinTime(4, 11));
    const detail = await eventually('the written event', async () => {
      const d = await detailOf(t, bookingId);
      return d.calendarSync?.status === 'synced' ? d : undefined;
    });
    expect(detail.calendarSync).toMatchObject({ provider: 'google', meetingUrl: null });
    const written = google.calendar.events('primary').find((e) => e.id === detail.calendarSync.externalEventId);
    expect(written).toMatchObject({ location: '', status: 'confirmed' });
    const [record] = (await stores.raw('integrations', 'calendar_syncs')).filter((d) => d._id === bookingId);
    expect(record).toMatchObject({ missingVideo: 'zoom', lastError: expect.stringContaining('no Zoom connection') });
    const retry = await errorOf(await t.api('POST', `/api/bookings/${bookingId}/calendar-sync`));
    expect(retry).toMatchObject({ code: 'PROVIDER_NOT_CONNECTED' });
    expect(retry.message).toContain('Zoom');

    // Zoom connected: a retry makes the meeting and puts its link into the event.
    await connect(t, 'zoom');
    expect((await t.api('POST', `/api/bookings/${bookingId}/calendar-sync`)).status).toBe(200);
    const linked = await withMeeting(t, bookingId);
    expect(linked.calendarSync.meetingUrl).toBe(meetingsOf(t)[0]!.join_url);
    const event = google.calendar.events('primary').find((e) => e.id === linked.calendarSync.externalEventId);
    expect(event).toMatchObject({ location: linked.calendarSync.meetingUrl });
  });

  it('a grant revoked at Zoom marks the connection needs_reauth at the next refresh; no meeting is made', async () => {
    const t = await tenant('zoom-revoked');
    const { connection } = await connect(t, 'zoom');
    const refresh = await zoom.provider.RefreshToken.find((await storedTokens(connection.connectionId)).refreshToken);
    await refresh!.destroy();
    await useZoom(t);
    await confirmedBooking(t, berlinTime(6, 10));
    await eventually('the connection needing sign-in again', async () => {
      const items = (await json(await t.api('GET', '/api/integrations'))).data.items as Array<{ status: string }>;
      return items[0]?.status === 'needs_reauth' ? true : undefined;
    });
    expect(meetingsOf(t)).toEqual([]);
  });
});
