import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable, validationError } from '@svc/errors';
import { idSchema } from '@svc/rules';
import type { Downstream } from '../../downstream/services.js';
import { attachment, streamed } from '../../http/attachment.js';
import { defineRoute } from '../../http/route.js';
import { customerExportSchema } from '../../api/privacy-exports.js';
import { tenantOf } from '../../api/request-tenant.js';
import { DASHBOARD_SURFACE, type AdminSurface } from '../../api/surfaces.js';

/**
 * A customer's export and erase (docs/decisions.md "Privacy"): the dashboard's for owners and
 * admins, the partner API's under the customer scopes.
 */

const params = z.strictObject({ customerId: idSchema });

const eraseBody = z
  .strictObject({
    confirmCustomerId: idSchema.describe('The customer id again, as the confirmation that this customer goes.'),
  })
  .describe('The confirmation.');

const erasureSchema = z
  .object({
    customerId: z.string(),
    status: z.literal('erased'),
    bookings: z.number().int().describe('The customer’s bookings: kept, without their personal data.'),
    cancelled: z.number().int().describe('Open bookings the erase cancelled first (reason `customer_erased`).'),
    requestedAtMs: z.number().int().describe('When the erase was first asked for.'),
    completedAtMs: z.number().int(),
  })
  .describe('The erase, done.');

/** An erase cancels and rewrites every booking of the customer: more than a plain write's deadline. */
const ERASE_DEADLINE_MS = 120_000;
/**
 * How long removing the tenant's export archives may take: a running export stops at its next
 * page read (up to a service call's 5 s), then the store is scrubbed (docs/decisions.md "Tenant export").
 */
const FORGET_ARCHIVES_DEADLINE_MS = 30_000;

const EXPORT_RULES =
  'One JSON document (not the envelope; `Content-Disposition: attachment`), written as it is read: the customer, ' +
  'every booking with its history, the messages sent about them, the webhook deliveries of their bookings’ events ' +
  'and the calendar events written for them, bodies included while retention keeps them.';

/**
 * Sends a customer's export as the reply's body, as the identity service writes it (docs/decisions.md
 * "Customer export"). Its first piece, or its error (NOT_FOUND for no such customer), comes before
 * any header goes out.
 */
export async function sendCustomerExport(
  downstream: Downstream,
  tenantId: string,
  customerId: string,
  reply: FastifyReply,
): Promise<string> {
  const pieces = downstream.customerExports.exportCustomer({ tenantId, customerId })[Symbol.asyncIterator]();
  const first = await pieces.next();
  attachment(reply, `customer-${customerId}.json`, 'no-store');
  async function* text() {
    try {
      for (let next = first; !next.done; next = await pieces.next()) yield next.value.text;
    } finally {
      // A reader that went away ends the call, and with it the service's reads.
      await pieces.return?.();
    }
  }
  return streamed(text());
}

export function registerCustomerPrivacyRoutes(
  app: FastifyInstance,
  downstream: Downstream,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  const partner = 'access' in surface;
  const tags = [partner ? 'partner API' : 'customers'];
  const item = `${surface.prefix}/customers/:customerId`;

  defineRoute(app, {
    method: 'GET',
    url: `${item}/export`,
    summary: 'Everything held about a customer, as one JSON document',
    description: `${EXPORT_RULES} ${partner ? 'Needs `customer:read`.' : 'Owners and admins.'}`,
    tags,
    ...(partner ? { access: surface.access.read } : { access: 'dashboard:read', guard: { writeRole: true } }),
    params,
    produces: 'application/json',
    response: customerExportSchema,
    handler: ({ params: p }, request, reply) =>
      sendCustomerExport(downstream, tenantOf(request), p.customerId, reply) as never,
  });

  defineRoute(app, {
    method: 'POST',
    url: `${item}/erase`,
    summary: "Erase a customer's personal data everywhere",
    description:
      'Cancels their open bookings first (reason `customer_erased`, with the normal events and messages), then ' +
      'removes their name, email, phone, locale, answers and notes from the customer record, the bookings, the ' +
      'stored events, webhook delivery bodies, messages and calendar events. The bookings stay (time, service, staff, ' +
      'status, price) for the business’s accounts. Idempotent: erasing again answers the same. `confirmCustomerId` ' +
      'must repeat the path’s id (else VALIDATION_ERROR at body.confirmCustomerId). ' +
      (partner ? 'Needs `customer:write`.' : 'Owners and admins.'),
    tags,
    access: partner ? surface.access.write : 'dashboard:write',
    params,
    body: eraseBody,
    response: erasureSchema,
    handler: async ({ params: p, body }, request) => {
      if (body.confirmCustomerId !== p.customerId)
        // defineRoute places a service's field paths in the body: this one becomes body.confirmCustomerId.
        throw validationError([{ path: 'confirmCustomerId', message: 'must repeat the customer id of the path' }]);
      const tenantId = tenantOf(request);
      const res = await answeringOutagesWith(bookingUnavailable, () =>
        downstream.booking.eraseCustomer({ tenantId, customerId: p.customerId }, { deadlineMs: ERASE_DEADLINE_MS }),
      );
      // The tenant's export archives may hold the customer: they go too (docs/decisions.md "Tenant export").
      await downstream.tenantExports.forgetTenantArchives({ tenantId }, { deadlineMs: FORGET_ARCHIVES_DEADLINE_MS });
      return { ...res, status: 'erased' as const };
    },
  });
}
