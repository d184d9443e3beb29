import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LruCache } from '@svc/cache';
import { serviceUnavailable } from '@svc/errors';
import type { NotificationClient } from '@svc/grpc';
import type { notificationsV1 } from '@svc/proto';
import {
  businessEmailsSchema,
  emailSchema,
  idSchema,
  MAX_BUSINESS_EMAILS,
  NOTIFICATION_STATUSES,
  reminderOffsetsSchema,
  senderNameSchema,
} from '@svc/rules';
import { WRITE_ROLES } from '../../auth/principal.js';
import { linksTo } from '../../http/openapi-links.js';
import { routeGroup } from '../../http/route-group.js';
import type { GatewayIdentity } from '../../identity/identity-client.js';
import { noBody, patchOf } from '../../api/field-schemas.js';
import { notificationSchema, toNotificationRecord } from '../../api/notification-records.js';
import { pageOf, pageQueryShapeFor, pageRequest, toPage } from '../../api/paging.js';
import { absentService, recordIn } from '../../api/present.js';
import { tenantOf } from '../../api/request-tenant.js';
import { DASHBOARD_NOTIFICATIONS, type NotificationSurface } from '../../api/surfaces.js';

/**
 * /api/notification-settings and /api/notifications (docs/decisions.md "Notifications"): the
 * dashboard side of the notifications service, and the send log again under /v1 with the
 * notification scopes. Reading needs a session; changes need a write role and the CSRF header.
 */

const settingsSchema = z
  .object({
    reminderOffsetsMin: z.array(z.number().int()).describe('Minutes before the start, soonest last.'),
    businessEmails: z
      .array(z.string())
      .describe(
        "Who hears of new requests and of customers' cancellations and reschedules; the booked staff member " +
          'too when they have an email. The addresses the tenant set, or while it set none, its owners and admins.',
      ),
    businessEmailsFollowTeam: z
      .boolean()
      .describe(
        'True while businessEmails are the owners and admins (no addresses set; PATCH null to return to them).',
      ),
    replyToEmail: z.string().describe("Reply-To of every message; '' = the first business address."),
    smsEnabled: z
      .boolean()
      .describe('Customers with a phone also get text messages (when the platform has an SMS provider).'),
    senderName: z.string().describe("The From name; '' = the tenant's display name."),
    updatedAtMs: z.number().int().nullable().describe('null while the defaults apply.'),
  })
  .describe("The tenant's notification settings.");

const toSettings = (s: notificationsV1.NotificationSettings): z.input<typeof settingsSchema> => ({
  reminderOffsetsMin: s.reminderOffsetsMin,
  businessEmails: s.businessEmails,
  businessEmailsFollowTeam: s.businessEmailsFollowTeam,
  replyToEmail: s.replyToEmail,
  smsEnabled: s.smsEnabled,
  senderName: s.senderName,
  updatedAtMs: s.updatedAtMs === 0 ? null : s.updatedAtMs,
});

const patchSettingsBody = patchOf({
  reminderOffsetsMin: reminderOffsetsSchema,
  businessEmails: businessEmailsSchema
    .nullable()
    .describe('The addresses that hear of requests ([] for none); null: the owners and admins again (the default).'),
  replyToEmail: z
    .union([emailSchema, z.literal('')])
    .describe("Reply-To of every message; '' = the first business address."),
  smsEnabled: z.boolean(),
  senderName: senderNameSchema,
});

const recordOf = recordIn('notification', toNotificationRecord);
const settingsOf = recordIn('settings', toSettings);

const listQuery = z.strictObject({
  ...pageQueryShapeFor('notifications'),
  bookingId: idSchema.optional().describe('Only messages about this booking.'),
  customerId: idSchema.optional().describe("Only messages about this customer's bookings."),
  status: z.enum(NOTIFICATION_STATUSES).optional().describe('Only messages in this status.'),
});

const notificationParams = z.strictObject({ notificationId: idSchema });

/** Without a notifications service (a distributed deployment without one) its routes are 503. */
const notDeployed = () => absentService<NotificationClient>(serviceUnavailable);

/** The send log and its resend, on the dashboard or the partner surface. */
export function registerNotificationLogRoutes(
  app: FastifyInstance,
  client: NotificationClient | null,
  surface: NotificationSurface,
): void {
  const notifications = client ?? notDeployed();
  const { prefix, tags } = surface;
  const item = `${prefix}/notifications/:notificationId`;
  // A record's id leads to its detail and its resend (the send log's items, the detail itself).
  const recordLinks = (from: string, except?: string) =>
    linksTo([`GET ${item}`, `POST ${item}/resend`], 'notificationId', from, except);
  const route = routeGroup(app, { tags });

  route({
    method: 'GET',
    url: `${prefix}/notifications`,
    summary: 'List sent and pending notifications',
    description: 'Newest first; filter by booking, customer or status.',
    access: surface.read,
    querystring: listQuery,
    response: pageOf(notificationSchema),
    links: recordLinks('items/0/notificationId'),
    handler: async ({ query }, request) => {
      const { limit, cursor, bookingId, customerId, status } = query;
      const res = await notifications.listNotifications({
        tenantId: tenantOf(request),
        page: pageRequest({ limit, cursor }),
        bookingId: bookingId ?? '',
        customerId: customerId ?? '',
        status: status ?? '',
      });
      return toPage({ items: res.items.map(toNotificationRecord), page: res.page });
    },
  });

  route({
    method: 'GET',
    url: item,
    summary: 'Get one notification',
    access: surface.read,
    params: notificationParams,
    response: notificationSchema,
    links: recordLinks('notificationId', `GET ${item}`),
    handler: async ({ params }, request) =>
      recordOf(
        await notifications.getNotification({ tenantId: tenantOf(request), notificationId: params.notificationId }),
      ),
  });

  route({
    method: 'POST',
    url: `${item}/resend`,
    summary: 'Send a notification again',
    description:
      'Queues the same message again, due now, as a new series with a new Message-ID (a mailbox must not take it ' +
      'for a duplicate); answers 202 with the record as queued. A reminder to a customer who unsubscribed stays ' +
      'unsent (`suppressed`).',
    access: surface.write,
    params: notificationParams,
    body: noBody,
    response: notificationSchema,
    status: 202,
    handler: async ({ params }, request) =>
      recordOf(
        await notifications.resendNotification({
          tenantId: tenantOf(request),
          notificationId: params.notificationId,
        }),
      ),
  });
}

/** How often a gateway process hands a tenant's team over again (a member added shows within it). */
const TEAM_REFRESH_MS = 5 * 60_000;

/**
 * GET/PATCH /api/notification-settings. The business addresses are the ones the tenant set, or
 * while it set none its owners and admins: the gateway owns the team and sends it along with each
 * read and change, and hands it over on dashboard requests (below); docs/decisions.md
 * "Notifications".
 */
export function registerNotificationSettingsRoutes(
  app: FastifyInstance,
  client: NotificationClient | null,
  identity: GatewayIdentity,
): void {
  const notifications = client ?? notDeployed();
  const route = routeGroup(app, { tags: DASHBOARD_NOTIFICATIONS.tags });
  const team = (tenantId: string) => identity.teamEmails(tenantId, WRITE_ROLES, MAX_BUSINESS_EMAILS);

  // The business must hear of a held request before anyone has opened these settings, and from
  // the team as it is now: a tenant's dashboard request hands its owners and admins over, after
  // the answer is sent, at most every TEAM_REFRESH_MS per gateway process (the notifications
  // service writes only a changed team). Addresses the tenant set itself are not touched.
  if (client) {
    const handedOverAt = new LruCache<number>({ maxEntries: 10_000, maxBytes: 2 * 1024 * 1024 });
    app.addHook('onResponse', (request, _reply, done) => {
      done();
      const tenantId = request.dashboard?.principal.tenantId;
      const nowMs = Date.now();
      if (!tenantId || nowMs - (handedOverAt.get(tenantId) ?? -Infinity) < TEAM_REFRESH_MS) return;
      handedOverAt.set(tenantId, nowMs);
      void team(tenantId)
        .then((teamEmails) => client.getNotificationSettings({ tenantId, teamEmails }))
        .catch((err: unknown) => {
          handedOverAt.delete(tenantId);
          request.log.warn({ err }, 'could not hand the team over to the notifications; next request tries again');
        });
    });
  }

  route({
    method: 'GET',
    url: '/api/notification-settings',
    summary: "The tenant's notification settings",
    access: 'dashboard:read',
    response: settingsSchema,
    handler: async (_input, request) => {
      const tenantId = tenantOf(request);
      return settingsOf(await notifications.getNotificationSettings({ tenantId, teamEmails: await team(tenantId) }));
    },
  });

  route({
    method: 'PATCH',
    url: '/api/notification-settings',
    summary: "Change the tenant's notification settings (partial; at least one field)",
    description:
      `Only the fields sent change. \`reminderOffsetsMin\` applies to bookings confirmed or moved from now on; ` +
      `\`businessEmails\` takes at most ${MAX_BUSINESS_EMAILS} addresses ([] for none).`,
    access: 'dashboard:write',
    body: patchSettingsBody,
    response: settingsSchema,
    handler: async ({ body }, request) => {
      const tenantId = tenantOf(request);
      const res = await notifications.updateNotificationSettings({
        tenantId,
        teamEmails: await team(tenantId),
        reminderOffsetsMin: body.reminderOffsetsMin ?? [],
        reminderOffsetsSet: body.reminderOffsetsMin !== undefined,
        businessEmails: body.businessEmails ?? [],
        businessEmailsSet: body.businessEmails !== undefined && body.businessEmails !== null,
        businessEmailsFollowTeam: body.businessEmails === null,
        ...(body.replyToEmail !== undefined ? { replyToEmail: body.replyToEmail } : {}),
        ...(body.smsEnabled !== undefined ? { smsEnabled: body.smsEnabled } : {}),
        ...(body.senderName !== undefined ? { senderName: body.senderName } : {}),
      });
      return settingsOf(res);
    },
  });
}
