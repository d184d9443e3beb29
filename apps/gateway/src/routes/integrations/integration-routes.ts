import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CatalogClient, IntegrationClient } from '@svc/grpc';
import type { integrationsV1 } from '@svc/proto';
import { DomainError } from '@svc/errors';
import { linksTo, type RouteLink } from '../../http/openapi-links.js';
import { routeGroup } from '../../http/route-group.js';
import { calendarSyncSchema, toCalendarSync } from '../../api/booking-record.js';
import { noBody, patchOf } from '../../api/field-schemas.js';
import { absentService, present, recordIn } from '../../api/present.js';
import { tenantOf } from '../../api/request-tenant.js';
import { idSchema } from '@svc/rules';

/**
 * /api/integrations (docs/decisions.md "Integrations"): staff members' external calendars.
 * Reading needs a session; changes need a write role and the CSRF header. Passwords go in with
 * connect and never come out; the integrations service checks them against the server.
 */

const TAGS = ['integrations'];

const connectionSchema = z
  .object({
    connectionId: z.string(),
    tenantId: z.string(),
    provider: z
      .enum(['caldav', 'google', 'microsoft', 'zoom'])
      .describe('`zoom`: a video account (meetings for Zoom services); it has no calendars.'),
    staffId: z.string().describe('The staff member whose calendar this is.'),
    account: z
      .string()
      .describe(
        'The account as the provider names it (CalDAV username; Google: primary; Microsoft and Zoom: its address).',
      ),
    status: z
      .enum(['connected', 'needs_reauth', 'error'])
      .describe(
        '`needs_reauth`: the provider refused the credentials; connect again. `error`: its last request failed.',
      ),
    needsReauthAtMs: z
      .number()
      .int()
      .nullable()
      .describe(
        'When the provider refused the credentials (status `needs_reauth`): from then on the calendar is not read and ' +
          'counts as unreadable (PROVIDER_NEEDS_REAUTH unless `bookWhenCalendarUnavailable`); null before.',
      ),
    lastSyncAtMs: z.number().int().nullable().describe('When a booking was last written to the calendar.'),
    busyCalendarIds: z.array(z.string()).describe('Calendars whose events block the staff member’s time.'),
    bookingCalendarId: z.string().nullable().describe('The calendar confirmed bookings are written to.'),
    allDayEventsBlock: z
      .boolean()
      .describe('Whether all-day events block the staff member’s whole local day (default true).'),
    tentativeEventsBlock: z.boolean().describe('Whether events marked tentative block time (default true).'),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A connected calendar account (never with its password or tokens).');

type ConnectionRecord = z.input<typeof connectionSchema>;

const toConnection = (c: integrationsV1.Connection): ConnectionRecord => ({
  connectionId: c.connectionId,
  tenantId: c.tenantId,
  provider: c.provider as ConnectionRecord['provider'],
  staffId: c.staffId,
  account: c.account,
  status: c.status as ConnectionRecord['status'],
  lastSyncAtMs: c.lastSyncAtMs ?? null,
  busyCalendarIds: c.busyCalendarIds,
  bookingCalendarId: c.bookingCalendarId ?? null,
  allDayEventsBlock: c.allDayEventsBlock,
  tentativeEventsBlock: c.tentativeEventsBlock,
  needsReauthAtMs: c.needsReauthAtMs ?? null,
  createdAtMs: c.createdAtMs,
  updatedAtMs: c.updatedAtMs,
});

const connectionOf = recordIn('connection', toConnection);

const calendarSchema = z.object({
  calendarId: z.string().describe('The calendar’s id at the provider (CalDAV: its collection URL).'),
  name: z.string(),
  blocksTime: z.boolean(),
  receivesBookings: z.boolean(),
});

const settingsSchema = z.object({
  bookWhenCalendarUnavailable: z
    .boolean()
    .describe(
      'Book even when a staff calendar cannot be read at create time (default false: PROVIDER_ACTION_FAILED 502).',
    ),
});

const caldavBody = z.strictObject({
  staffId: idSchema,
  serverUrl: z.string().min(1).max(2000).describe('The CalDAV server (or its well-known) URL, http(s).'),
  username: z.string().min(1).max(500),
  password: z.string().min(1).max(500).describe('An app password; stored encrypted, never shown again.'),
});

const connectionParams = z.strictObject({ connectionId: idSchema });

const CONNECTION = '/api/integrations/:connectionId';

/** Links from an answer with a connection id (at `from`) to the connection's operations. */
const connectionLinks = (from: string): RouteLink[] =>
  linksTo(
    [`GET ${CONNECTION}/calendars`, `PATCH ${CONNECTION}`, `POST ${CONNECTION}/disconnect`],
    'connectionId',
    from,
  );

export function registerIntegrationRoutes(
  app: FastifyInstance,
  clients: { integrations: IntegrationClient | null; catalog: CatalogClient },
  baseUrl: string,
): void {
  // Without an integrations service every route answers PROVIDER_NOT_CONNECTED.
  const integrations =
    clients.integrations ??
    absentService<IntegrationClient>(
      () => new DomainError('PROVIDER_NOT_CONNECTED', 'Calendar integrations are not available on this platform.'),
    );
  for (const oauth of OAUTH_CONNECTS) registerOAuthConnect(app, oauth, integrations, clients.catalog, baseUrl);
  const route = routeGroup(app, { tags: TAGS });

  route({
    method: 'GET',
    url: '/api/integrations',
    summary: 'List calendar connections',
    description: 'Oldest first, with their status and last sync.',
    access: 'dashboard:read',
    response: z.object({ items: z.array(connectionSchema) }),
    links: connectionLinks('items/0/connectionId'),
    handler: async (_input, request) => {
      const res = await integrations.listConnections({ tenantId: tenantOf(request) });
      return { items: res.items.map(toConnection) };
    },
  });

  route({
    method: 'POST',
    url: '/api/integrations/caldav',
    summary: 'Connect a CalDAV calendar account',
    description:
      'Checked by a real request to the server before it is stored: wrong credentials are VALIDATION_ERROR at ' +
      'body.password, an unreachable server PROVIDER_ACTION_FAILED (502). Every calendar blocks time at first; ' +
      'the first receives bookings (change with PATCH).',
    access: 'dashboard:write',
    body: caldavBody,
    response: connectionSchema,
    status: 201,
    links: connectionLinks('connectionId'),
    handler: async ({ body }, request) => {
      const tenantId = tenantOf(request);
      // The staff member must be the tenant's (NOT_FOUND otherwise).
      await clients.catalog.getStaff({ tenantId, staffId: body.staffId });
      return connectionOf(await integrations.connectCaldav({ tenantId, ...body }));
    },
  });

  route({
    method: 'POST',
    url: `${CONNECTION}/disconnect`,
    summary: 'Disconnect a calendar account',
    description: 'Forgets the account and its credentials; its calendars no longer block time.',
    access: 'dashboard:write',
    params: connectionParams,
    body: noBody,
    response: connectionSchema,
    handler: async ({ params }, request) =>
      connectionOf(
        await integrations.disconnectConnection({ tenantId: tenantOf(request), connectionId: params.connectionId }),
      ),
  });

  route({
    method: 'GET',
    url: `${CONNECTION}/calendars`,
    summary: 'List the calendars of a connection',
    description: 'As the provider lists them now; PROVIDER_NEEDS_REAUTH when it refuses the credentials.',
    access: 'dashboard:read',
    params: connectionParams,
    response: z.object({ items: z.array(calendarSchema) }),
    // The connection's first calendar as the one that receives bookings.
    links: [
      {
        to: `PATCH ${CONNECTION}`,
        parameters: { connectionId: '$request.path.connectionId' },
        body: { bookingCalendarId: 'items/0/calendarId' },
      },
    ],
    handler: async ({ params }, request) => {
      const res = await integrations.listCalendars({ tenantId: tenantOf(request), connectionId: params.connectionId });
      return { items: res.items };
    },
  });

  route({
    method: 'PATCH',
    url: CONNECTION,
    summary: 'Choose which calendars block time, which receives bookings, and which events block',
    description:
      'Each calendar id must be one of GET …/calendars (VALIDATION_ERROR otherwise). ' +
      '`allDayEventsBlock` and `tentativeEventsBlock` say whether those events block time; they count from the next read.',
    access: 'dashboard:write',
    params: connectionParams,
    body: patchOf({
      busyCalendarIds: z.array(z.string().min(1).max(2000)).max(100),
      bookingCalendarId: z.string().min(1).max(2000),
      allDayEventsBlock: z.boolean(),
      tentativeEventsBlock: z.boolean(),
    }),
    response: connectionSchema,
    handler: async ({ params, body }, request) =>
      connectionOf(
        await integrations.updateConnection({
          tenantId: tenantOf(request),
          connectionId: params.connectionId,
          ...(body.busyCalendarIds ? { busyCalendarIds: { ids: body.busyCalendarIds } } : {}),
          ...(body.bookingCalendarId !== undefined ? { bookingCalendarId: body.bookingCalendarId } : {}),
          ...(body.allDayEventsBlock !== undefined ? { allDayEventsBlock: body.allDayEventsBlock } : {}),
          ...(body.tentativeEventsBlock !== undefined ? { tentativeEventsBlock: body.tentativeEventsBlock } : {}),
        }),
      ),
  });

  route({
    method: 'POST',
    url: '/api/bookings/:bookingId/calendar-sync',
    summary: 'Write a booking to its staff calendar again',
    description:
      'Makes the booking’s calendar write-back due now (after a failure, or a calendar fixed by hand). ' +
      'PROVIDER_ACTION_PENDING while a write of it runs; PROVIDER_NOT_CONNECTED when the booking is in no connected ' +
      'calendar, or when its service asks for a Zoom meeting and the staff member still has no Zoom connection ' +
      '(connect Zoom, then retry: the meeting is made).',
    access: 'dashboard:write',
    params: z.strictObject({ bookingId: idSchema }),
    body: noBody,
    response: z.object({ calendarSync: calendarSyncSchema.unwrap() }),
    handler: async ({ params }, request) => {
      const res = await integrations.retryCalendarSync({ tenantId: tenantOf(request), bookingId: params.bookingId });
      return { calendarSync: toCalendarSync(present(res.calendarSync, 'calendarSync'))! };
    },
  });

  route({
    method: 'GET',
    url: '/api/integrations/settings',
    summary: 'Get the tenant’s integration settings',
    access: 'dashboard:read',
    response: settingsSchema,
    handler: async (_input, request) =>
      present((await integrations.getSettings({ tenantId: tenantOf(request) })).settings, 'settings'),
  });

  route({
    method: 'PATCH',
    url: '/api/integrations/settings',
    summary: 'Change the tenant’s integration settings',
    access: 'dashboard:write',
    body: z.strictObject({ bookWhenCalendarUnavailable: settingsSchema.shape.bookWhenCalendarUnavailable }),
    response: settingsSchema,
    handler: async ({ body }, request) =>
      present(
        (await integrations.updateSettings({ tenantId: tenantOf(request), settings: body })).settings,
        'settings',
      ),
  });
}

/** An account connected through OAuth: its routes' name and what the documentation says of it. */
interface OAuthConnect {
  provider: 'google' | 'microsoft' | 'zoom';
  /** The account as a sentence names it ("a Google calendar"). */
  what: string;
  /** Who answers the consent ("Google"). */
  who: string;
  scopes: string;
}

const OAUTH_CONNECTS: readonly OAuthConnect[] = [
  { provider: 'google', what: 'a Google calendar', who: 'Google', scopes: 'calendar events' },
  {
    provider: 'microsoft',
    what: 'a Microsoft 365 calendar',
    who: 'Microsoft',
    scopes: 'offline_access, Calendars.ReadWrite, User.Read; the tenant is the platform’s MICROSOFT_TENANT',
  },
  {
    provider: 'zoom',
    what: 'a Zoom account',
    who: 'Zoom',
    scopes: 'those of the platform’s Zoom app: its meetings and its user',
  },
];

/**
 * `POST /api/integrations/{provider}/connect` and its callback `GET …/{provider}/callback`
 * (docs/decisions.md "Integrations"): the same two steps for every OAuth provider, the state
 * bound to the workspace and the provider that started it.
 */
function registerOAuthConnect(
  app: FastifyInstance,
  oauth: OAuthConnect,
  integrations: IntegrationClient,
  catalog: CatalogClient,
  baseUrl: string,
): void {
  const { provider, what, who } = oauth;
  const callback = `/api/integrations/${provider}/callback`;
  const redirectUri = new URL(callback, baseUrl).href;
  const route = routeGroup(app, { tags: TAGS });

  route({
    method: 'POST',
    url: `/api/integrations/${provider}/connect`,
    summary: `Start connecting ${what}`,
    description:
      `Answers the ${who} authorization URL to send the staff member to (authorization code with PKCE and state; ` +
      `scopes: ${oauth.scopes}). ${who} sends the browser back to GET ${callback}. ` +
      `PROVIDER_NOT_CONNECTED when the platform has no ${who} OAuth client.`,
    access: 'dashboard:write',
    body: z.strictObject({ staffId: idSchema.describe('Whose calendar it is.') }),
    response: z.object({
      authorizationUrl: z.string().describe(`${who}’s consent page for this attempt (valid 10 minutes).`),
    }),
    handler: async ({ body }, request) => {
      const tenantId = tenantOf(request);
      await catalog.getStaff({ tenantId, staffId: body.staffId });
      return integrations.startOAuthConnect({ tenantId, staffId: body.staffId, redirectUri, provider });
    },
  });

  route({
    method: 'GET',
    url: callback,
    summary: `Finish connecting ${what} (${who}’s redirect)`,
    description:
      'Needs a write role, as the connect does (FORBIDDEN otherwise). ' +
      `The state must be one this workspace started for ${who}, unused and at most 10 minutes old (else OAUTH_STATE_INVALID); ` +
      `a code ${who} does not exchange for tokens is OAUTH_TOKEN_EXCHANGE_FAILED (403). Answers the new connection.`,
    // A top-level navigation from the provider: the state, bound to this workspace, stands in for
    // the CSRF header. It finishes a write (a new connection), so it needs a write role like the connect.
    access: 'dashboard:read',
    guard: { writeRole: true },
    changes: true,
    // Providers add parameters of their own (Google: scope, authuser, prompt, iss; Microsoft:
    // session_state, error_description), so unknown ones are allowed.
    querystring: z.object({
      // Bounded so the whole callback URL, percent-encoded, stays under the 16 KiB header limit
      // (docs/api-conventions.md): our state has 43 characters; Google's codes are about 100
      // characters, Microsoft's about 1,000 to 2,000.
      state: z.string().max(128).optional(),
      code: z.string().max(4096).optional(),
      error: z.string().max(200).optional(),
    }),
    response: connectionSchema,
    status: 201,
    links: connectionLinks('connectionId'),
    handler: async ({ query }, request) =>
      connectionOf(
        await integrations.completeOAuthConnect({
          tenantId: tenantOf(request),
          provider,
          state: query.state ?? '',
          // A consent the user denied comes back with `error` and no code: nothing to exchange.
          code: query.error ? '' : (query.code ?? ''),
        }),
      ),
  });
}
