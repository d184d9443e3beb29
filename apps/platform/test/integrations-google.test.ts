// Google Calendar with Meet through the embedded platform: the OAuth round trip (code + PKCE +
// state) against a real local OAuth provider (oidc-provider, as the login tests use), the
// Calendar API against a contract stand-in (libs/testing: the documented shapes of events
// list/insert/patch/delete, not Google), tokens refreshed before expiry and a revoked
// grant marking the connection needs_reauth.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_SCOPES } from '@svc/integrations';
import { eventually, json } from '@svc/testing';
import { berlinTime, slotStartsOn } from './booking-fixture.js';
import { book, errorOf, seedTenantWithOwner, type PlatformStores } from './dashboard-fixture.js';
import { GOOGLE_CLIENT_ID, startLocalGoogle, type LocalGoogle } from './google-fixture.js';
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

let google: LocalGoogle;
let provider: LocalGoogle['provider'];
let standIn: LocalGoogle['calendar'];
let running: PlatformWithProviders<{ google: LocalGoogle }>;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let base: string;
let callbackPrefix: string;

beforeAll(async () => {
  running = await startPlatformWithProviders(
    // Access tokens live 30 s, under the service's one-minute refresh margin: every Calendar
    // call refreshes them first.
    async (callbackOf) => ({ google: await startLocalGoogle(callbackOf('google'), { accessTokenTtlS: 30 }) }),
    { SYNC_FIRST_RETRY_MS: 200, BUSY_CACHE_MS },
  );
  ({ platform, stores, base } = running);
  callbackPrefix = running.callbackOf('google');
  google = running.providers.google;
  ({ provider, calendar: standIn } = google);
}, 60_000);

afterAll(() => running?.close());

const tenant = (slug: string) => seedTenantWithOwner(platform, stores, base, slug);

type Tenant = Awaited<ReturnType<typeof tenant>>;

/** POST …/google/connect, then the provider's login and consent; answers its redirect back. */
const startConnect = (t: Tenant) => startOAuthConnect(t, 'google', callbackPrefix);
const follow = followCallback;
const connected = async (t: Tenant) => (await connectThroughOAuth(t, 'google', callbackPrefix)).connection;
const storedTokens = (connectionId: string) => storedConnectionTokens(platform, stores, connectionId);

const slotsOn = (slug: string, day: number) => slotStartsOn(base, slug, day);

describe('Google Calendar OAuth against a local provider', () => {
  it('start → authorize → callback stores an encrypted grant for the staff member', async () => {
    const t = await tenant('google-oauth');
    const { authorizeUrl, callbackUrl } = await startConnect(t);
    const q = authorizeUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(GOOGLE_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(callbackPrefix);
    expect(q.get('scope')?.split(' ').sort()).toEqual([...GOOGLE_SCOPES].sort());
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the state is stored, and the PKCE verifier sealed.
    const attempts = await stores.raw('integrations', 'integration_oauth_states');
    expect(JSON.stringify(attempts)).not.toContain(q.get('state'));

    const res = await follow(t, callbackUrl);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({
      provider: 'google',
      staffId: t.staffId,
      status: 'connected',
      busyCalendarIds: ['primary'],
      bookingCalendarId: 'primary',
    });
    const { sealed, tokens } = await storedTokens(body.data.connectionId);
    expect(tokens.accessToken).not.toBe('');
    expect(tokens.refreshToken).not.toBe('');
    expect(sealed).not.toContain(tokens.accessToken);
    expect(sealed).not.toContain(tokens.refreshToken);
    expect(JSON.stringify(body)).not.toContain(tokens.refreshToken);
    expect(await stores.raw('integrations', 'integration_oauth_states')).toEqual([]);

    // The same callback again: the state was used.
    expect(await errorOf(await follow(t, callbackUrl))).toMatchObject({ status: 403, code: 'OAUTH_STATE_INVALID' });
  });

  it('only a write role finishes a connect, as only a write role starts one', async () => {
    const t = await tenant('google-roles');
    const { callbackUrl } = await startConnect(t);
    for (const role of ['tenant_staff', 'tenant_viewer'] as const) {
      const reader = await stores.session(t.tenantId, role);
      expect(await errorOf(await follow({ ...t, session: reader }, callbackUrl))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toEqual([]);
    // Refused before the state was looked at: the owner's browser still finishes it.
    expect((await follow(t, callbackUrl)).status).toBe(201);
  });

  it('a wrong state is OAUTH_STATE_INVALID; a bad code is OAUTH_TOKEN_EXCHANGE_FAILED; neither stores anything', async () => {
    const t = await tenant('google-bad');
    const { callbackUrl } = await startConnect(t);
    const wrong = new URL(callbackUrl);
    wrong.searchParams.set('state', 'not-the-state');
    expect(await errorOf(await follow(t, wrong))).toMatchObject({ status: 403, code: 'OAUTH_STATE_INVALID' });

    // Another workspace cannot finish this workspace's attempt.
    const other = await tenant('google-bad-other');
    expect(await errorOf(await follow(other, callbackUrl))).toMatchObject({ code: 'OAUTH_STATE_INVALID' });

    const badCode = new URL(callbackUrl);
    badCode.searchParams.set('code', 'bogus-code');
    expect(await errorOf(await follow(t, badCode))).toMatchObject({ status: 403, code: 'OAUTH_TOKEN_EXCHANGE_FAILED' });
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toEqual([]);

    // A consent the user denied comes back with error and no code.
    const { callbackUrl: second } = await startConnect(t);
    const denied = new URL(callbackPrefix);
    denied.searchParams.set('state', second.searchParams.get('state')!);
    denied.searchParams.set('error', 'access_denied');
    expect(await errorOf(await follow(t, denied))).toMatchObject({ code: 'OAUTH_TOKEN_EXCHANGE_FAILED' });
  });
});

describe('Google Calendar busy times and write-back with Meet (contract stand-in)', () => {
  it('a busy event blocks the staff member; a confirmed booking becomes one event with a Meet link, moved and removed', async () => {
    const t = await tenant('google-meet');
    const { connectionId } = await connected(t);
    const first = standIn.tokensSeen().length;

    const busy = berlinTime(3, 10);
    standIn.addBusy('primary', busy, busy + HOUR);
    const slots = await slotsOn('google-meet', 3);
    expect(slots).not.toContain(busy);
    expect(slots).toContain(busy + HOUR);
    const refused = await fetch(`${base}/book/google-meet/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'google-busy-1' },
      body: JSON.stringify({
        serviceSlug: 'checkup',
        startsAtMs: busy,
        customer: { name: 'Ann', primaryEmail: 'a@x.test' },
      }),
    });
    expect(await errorOf(refused)).toMatchObject({ status: 409, code: 'BOOKING_SLOT_UNAVAILABLE' });

    // The service asks for Google Meet.
    const services = await json(await t.api('GET', '/api/services'));
    const checkup = (services.data.items as Array<{ serviceId: string; slug: string; conferencing: string }>).find(
      (s) => s.slug === 'checkup',
    )!;
    expect(checkup.conferencing).toBe('none');
    const patched = await t.api('PATCH', `/api/services/${checkup.serviceId}`, { conferencing: 'google_meet' });
    expect((await json(patched)).data.conferencing).toBe('google_meet');

    const at = berlinTime(4, 12);
    const { booking } = await book(base, 'google-meet', at, { staffId: t.staffId });
    expect((await t.api('POST', `/api/bookings/${booking.bookingId}/confirm`)).status).toBe(200);
    const detail = await eventually('the synced booking', async () => {
      const body = await json(await t.api('GET', `/api/bookings/${booking.bookingId}`));
      return body.data.calendarSync?.status === 'synced' ? body.data : undefined;
    });
    const events = () => standIn.events('primary').filter((e) => e.id === detail.calendarSync.externalEventId);
    expect(events()).toHaveLength(1);
    expect(events()[0]).toMatchObject({
      start: { dateTime: new Date(at).toISOString() },
      status: 'confirmed',
      hangoutLink: detail.calendarSync.meetingUrl,
    });
    expect(detail.calendarSync).toEqual({
      status: 'synced',
      provider: 'google',
      externalEventId: expect.stringMatching(/^[a-v0-9]{5,}$/),
      meetingUrl: expect.stringMatching(/^https:\/\/meet\.google\.com\//),
    });

    const moved = at + 2 * HOUR;
    expect((await t.api('POST', `/api/bookings/${booking.bookingId}/reschedule`, { startsAtMs: moved })).status).toBe(
      200,
    );
    await eventually('the moved event', async () =>
      events()[0]?.start.dateTime === new Date(moved).toISOString() ? true : undefined,
    );
    expect(events()).toHaveLength(1);

    expect((await t.api('POST', `/api/bookings/${booking.bookingId}/cancel`, { reason: 'ill' })).status).toBe(200);
    await eventually('the removed event', async () => (events()[0]?.status === 'cancelled' ? true : undefined));
    expect((await json(await t.api('GET', `/api/bookings/${booking.bookingId}`))).data.calendarSync).toMatchObject({
      status: 'removed',
      provider: 'google',
    });

    // Tokens were refreshed before they expired: the API saw more than one access token.
    const used = new Set(standIn.tokensSeen().slice(first));
    expect(used.size).toBeGreaterThan(1);
    const { tokens } = await storedTokens(connectionId);
    expect(used.has(tokens.accessToken)).toBe(true);
  });

  it("cal.com #14704, Easy!Appointments #1388: a booking's own event never blocks it, another tenant's does", async () => {
    // The stand-in keeps one account's calendars whatever the token: both tenants share `primary`.
    const owner = { ...(await tenant('google-own')), slug: 'google-own' };
    const other = { ...(await tenant('google-own-other')), slug: 'google-own-other' };
    await connected(owner);
    await connected(other);
    await expectOwnEventsNeverBlock({
      base,
      busyCacheMs: BUSY_CACHE_MS,
      owner,
      other,
      eventStart: (id) => {
        const event = standIn.events('primary').find((e) => e.id === id && e.status !== 'cancelled');
        return event?.start.dateTime === undefined ? undefined : Date.parse(event.start.dateTime);
      },
      days: { class: 6, move: 7 },
    });
    // Read with the field that names the booking, and written with it.
    expect(standIn.listRequests().at(-1)!.get('fields')).toContain('extendedProperties(private)');
    expect(standIn.events('primary').filter((e) => e.extendedProperties?.private?.bookingId)).not.toEqual([]);
  });

  it('a refresh the provider refuses marks the connection needs_reauth and answers PROVIDER_NEEDS_REAUTH', async () => {
    const t = await tenant('google-revoked');
    const { connectionId } = await connected(t);
    // The grant revoked at the provider (as a user does in their Google account).
    const { tokens } = await storedTokens(connectionId);
    const refresh = await provider.RefreshToken.find(tokens.refreshToken);
    expect(refresh).toBeDefined();
    await refresh!.destroy();

    expect(await errorOf(await t.api('GET', `/api/integrations/${connectionId}/calendars`))).toMatchObject({
      status: 409,
      code: 'PROVIDER_NEEDS_REAUTH',
    });
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toMatchObject([
      { connectionId, status: 'needs_reauth' },
    ]);
  });
});
