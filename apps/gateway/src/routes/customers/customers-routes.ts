import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CustomerClient } from '@svc/grpc';
import type { customerV1 } from '@svc/proto';
import {
  CUSTOMER_QUERY_MESSAGE,
  customerNameSchema,
  emailSchema,
  localeSchema,
  MAX_CUSTOMER_QUERY_LENGTH,
  pageLimitSchema,
  phoneSchema,
  timeZoneSchema,
} from '@svc/rules';
import { KEY_CURSOR_PATTERN, PAGE_CURSOR_MESSAGE, PAGE_CURSOR_PATTERN } from '@svc/store';
import { registerAdminResource } from '../../api/admin-resource.js';
import { customerRecordSchema, toCustomerRecord } from '../../api/customer-records.js';
import { patchOf } from '../../api/field-schemas.js';
import { pageRequest } from '../../api/paging.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

/**
 * /api/customers: the tenant's customers in the dashboard (docs/api-conventions.md "Customers").
 * The field rules are @svc/rules, the ones the customer service applies again; uniqueness of
 * email and phone within the tenant, and what a PATCH leaves, are the service's to check.
 */

/** The record of a create or update answer; absent means the service broke its contract (api/present.ts). */
const recordOf = (res: { customer?: customerV1.Customer | undefined }) => ({
  customer: res.customer && toCustomerRecord(res.customer),
});

const customerFieldsShape = {
  name: customerNameSchema,
  primaryEmail: emailSchema.nullable().describe('An email address, stored lower-case; null removes it.'),
  phone: phoneSchema.nullable(),
  locale: localeSchema.nullable().describe('BCP 47; null removes it.'),
  timezone: timeZoneSchema.nullable().describe('An IANA time zone; null removes it.'),
};

const createCustomerSchema = z.strictObject(customerFieldsShape).partial().required({ name: true });
const patchCustomerSchema = patchOf(customerFieldsShape);

/** The fields as the customer service takes them: '' clears (null in HTTP), absent keeps. */
function toFields(body: {
  [K in keyof typeof customerFieldsShape]?: string | null | undefined;
}): customerV1.CustomerFields {
  const fields: customerV1.CustomerFields = {};
  for (const key of ['name', 'primaryEmail', 'phone', 'locale', 'timezone'] as const) {
    const value = body[key];
    if (value !== undefined) fields[key] = value ?? '';
  }
  return fields;
}

/** A cursor of either ordering (libs/store page-cursor): the list's without q, a search's with q. */
const CUSTOMER_CURSOR_PATTERN = new RegExp(
  `^(?:${PAGE_CURSOR_PATTERN.source.slice(1, -1)}|${KEY_CURSOR_PATTERN.source.slice(1, -1)})$`,
);

const listCustomersQuery = z.strictObject({
  q: z
    .string()
    .max(MAX_CUSTOMER_QUERY_LENGTH, CUSTOMER_QUERY_MESSAGE)
    .optional()
    .describe(
      'Search, case- and accent-insensitive: a prefix of any word of the name (and the name from that word on), ' +
        'of the email or a word of its local part, of its domain, or of the phone digits (with the country code, ' +
        'with the trunk prefix such as 0151, or without either). Blank lists everyone.',
    ),
  limit: pageLimitSchema('customers'),
  cursor: z
    .string()
    .regex(CUSTOMER_CURSOR_PATTERN, PAGE_CURSOR_MESSAGE)
    .optional()
    .describe('The nextCursor of the previous page (opaque), sent with the same q.'),
});

const LIST_RULES =
  'Without `q`: every customer, oldest first (createdAtMs, then customerId). With `q`: the customers it matches, ' +
  'each once, ordered by the matching text (the shortest and alphabetically first match first), then customerId. ' +
  'A cursor pages only the list it came from: a search cursor without `q`, or a cursor of the list without `q` ' +
  'sent with one, is VALIDATION_ERROR (query.cursor).';

const CONTACT_RULE =
  'An email or phone that another customer of the tenant has is VALIDATION_ERROR at body.primaryEmail or body.phone.';

export function registerCustomerRoutes(
  app: FastifyInstance,
  customers: CustomerClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  registerAdminResource(app, {
    ...onSurface(surface, 'customers', 'customers'),
    idParam: 'customerId',
    singular: 'customer',
    plural: 'customers',
    field: 'customer',
    record: customerRecordSchema,
    rules: {
      list: LIST_RULES,
      create: `A name is required; email and phone are optional. ${CONTACT_RULE}`,
      update:
        `Only the fields sent change; null removes the email, phone, locale or time zone. ${CONTACT_RULE} ` +
        'Removing the email or phone of a customer who would then have no name, email or phone is VALIDATION_ERROR at that field.',
    },
    listQuery: listCustomersQuery,
    createBody: createCustomerSchema,
    patchBody: patchCustomerSchema,
    list: async (tenantId, query) => {
      const res = await customers.listCustomers({ tenantId, query: query.q ?? '', page: pageRequest(query) });
      return { ...res, items: res.items.map(toCustomerRecord) };
    },
    create: async (tenantId, body) => recordOf(await customers.createCustomer({ tenantId, fields: toFields(body) })),
    update: async (tenantId, customerId, body) =>
      recordOf(await customers.updateCustomer({ tenantId, customerId, fields: toFields(body) })),
    get: async (tenantId, customerId) => recordOf(await customers.getCustomer({ tenantId, customerId })),
  });
}
