import { z } from 'zod';
import { serviceRecordView, type CatalogClient } from '@svc/grpc';
import type { catalogV1, commonV1 } from '@svc/proto';
import {
  CONFIRMATION_POLICIES,
  currencySchema,
  MAX_BOOKINGS_PER_DAY,
  MAX_CUTOFF_MIN,
  MAX_SEATS,
  MAX_STAFF_WEIGHT,
  MAX_PAYMENT_AMOUNT,
  MAX_REFUND_PERCENT,
  NO_SHOW_CHARGES,
  PAYMENT_POLICIES,
  ASSIGNMENTS,
  idSchema,
  MINUTES_PER_DAY,
  optionalIdSchema,
  QUESTION_TYPES,
  questionsSchema,
  slugSchema,
} from '@svc/rules';
import { idListSchema, int, nameSchema, optionalText, patchOf } from './field-schemas.js';
import { pageQueryShape, pageRequest } from './paging.js';

/**
 * A service as the HTTP API shows and takes it: the record, the create and update bodies with their
 * documented policies, and the mapping to and from catalog.v1 (the services routes on `/api` and
 * `/v1`, MCP `list_services`, the tenant export).
 */

const serviceStatusSchema = z.enum(['active', 'hidden', 'disabled']);

/** What a new booking of a service becomes, in the words of every record that shows it. */
const confirmationSchema = z
  .enum(CONFIRMATION_POLICIES)
  .describe(
    'manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); ' +
      'automatic: the platform confirms it at once, so a create answers it `confirmed`.',
  );

// The policies in the words of every record that shows them (docs/decisions.md "Service policies").
const CANCEL_CUTOFF =
  "Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. " +
  'The dashboard and partners can still cancel.';
const RESCHEDULE_CUTOFF =
  "Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. " +
  'The dashboard and partners can still reschedule.';
const DAILY_LIMIT =
  'Held and confirmed bookings of this service one staff member takes per day of their own time zone; 0 = no limit. ' +
  'A start past it is refused with the reason daily_limit.';

// Seats in the words of every record that shows them (docs/decisions.md "Seats").
const SEATS =
  'Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it ' +
  'until their party sizes reach the seats; the session occupies its owner once.';
const MAX_PARTY = 'The largest `partySize` one booking may take.';
const ASSIGNMENT =
  'Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, ' +
  'the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a ' +
  'week either side for their weight; collective, every listed staff member at once (naming one is refused).';
const WEIGHTS = 'round_robin shares by staff id, 1 to 100; a staff member without one has 1.';

// The payment policy in the words of every record that shows it (docs/decisions.md "Payments").
const PAYMENT =
  "What the customer pays on Stripe's page while the booking is held: none; deposit, `depositAmount` now; full, " +
  'the price now. The booking is confirmed when the payment is proven, so a service with a payment policy needs a ' +
  'price above 0 and `confirmation: manual`.';
const DEPOSIT = 'Minor units of priceCurrency due now under `payment: deposit`, 1 to priceAmount; 0 otherwise.';
const REFUND_AFTER_CUTOFF =
  'Percent (0 to 100) of the payment refunded when the booking is cancelled from `cancelCutoffMin` before the start ' +
  'on; before the cut-off the refund is always full.';
const NO_SHOW_CHARGE =
  'What a no-show is charged to the card saved when the customer paid: none; remainder, the price less what was ' +
  'paid; fee, `noShowFeeAmount`. Needs a payment policy.';
const NO_SHOW_FEE =
  'Minor units of priceCurrency charged for a no-show under `noShowCharge: fee`, 1 to priceAmount; 0 otherwise.';

/** A service's questions as records show them. */
const questionRecordsSchema = z
  .array(
    z.object({
      key: z.string(),
      label: z.string(),
      // A string like status: the record is the catalog's message as it is.
      type: z.string().describe(QUESTION_TYPES.join(' | ')),
      required: z.boolean(),
      options: z.array(z.string()).describe('The choices of a select or multiselect; empty otherwise.'),
    }),
  )
  .describe('The intake questions a create answers in `answers`, in order (docs/decisions.md "Intake questions").');

/** ServiceAdminRecord: the catalog's Service message as it is. */
export const serviceRecordSchema = z
  .object({
    serviceId: z.string(),
    tenantId: z.string(),
    categoryId: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    durationMin: z.number().int(),
    bufferBeforeMin: z.number().int(),
    bufferAfterMin: z.number().int(),
    slotIntervalMin: z.number().int().describe('Distance between offered start times.'),
    minNoticeMin: z.number().int().describe('Earliest bookable start, in minutes from now.'),
    maxAdvanceDays: z.number().int().describe('Latest bookable start, in days from now.'),
    priceAmount: z.number().int().describe('Minor units of priceCurrency.'),
    priceCurrency: z.string(),
    price: z
      .object({ amount: z.number().int().describe('Minor units.'), currency: z.string() })
      .nullable()
      .describe('priceAmount and priceCurrency as one value; null when the service has no price.'),
    staffIds: z.array(z.string()),
    resourceIds: z.array(z.string()),
    status: z.string().describe('active | hidden | disabled'),
    conferencing: z
      .string()
      .describe(
        'none | google_meet | microsoft_teams | zoom: the video provider whose meeting a confirmed booking gets.',
      ),
    // A string like status: the record is the catalog's message as it is.
    confirmation: z.string().describe(`manual | automatic. ${confirmationSchema.description}`),
    cancelCutoffMin: z.number().int().describe(CANCEL_CUTOFF),
    rescheduleCutoffMin: z.number().int().describe(RESCHEDULE_CUTOFF),
    maxBookingsPerDay: z.number().int().describe(DAILY_LIMIT),
    questions: questionRecordsSchema,
    seats: z.number().int().describe(SEATS),
    maxPartySize: z.number().int().describe(MAX_PARTY),
    assignment: z.string().describe(`${ASSIGNMENTS.join(' | ')}. ${ASSIGNMENT}`),
    staffWeights: z.record(z.string(), z.number().int()).describe(WEIGHTS),
    // Strings like status: the record is the catalog's message as it is.
    payment: z.string().describe(`${PAYMENT_POLICIES.join(' | ')}. ${PAYMENT}`),
    depositAmount: z.number().int().describe(DEPOSIT),
    refundAfterCutoffPercent: z.number().int().describe(REFUND_AFTER_CUTOFF),
    noShowCharge: z.string().describe(`${NO_SHOW_CHARGES.join(' | ')}. ${NO_SHOW_CHARGE}`),
    noShowFeeAmount: z.number().int().describe(NO_SHOW_FEE),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A bookable service of the tenant.');

export type ServiceRecord = z.input<typeof serviceRecordSchema>;

/** The catalog's Service with its price as one value (what `GET /v1/services` always answered); also the tenant export's. */
export const toServiceRecord = (s: catalogV1.Service): ServiceRecord => serviceRecordView(s) as ServiceRecord;

export const serviceFieldsShape = {
  slug: slugSchema,
  name: nameSchema,
  description: optionalText(5_000),
  categoryId: optionalIdSchema.describe("'' removes the category."),
  durationMin: int(1, MINUTES_PER_DAY),
  bufferBeforeMin: int(0, MINUTES_PER_DAY),
  bufferAfterMin: int(0, MINUTES_PER_DAY),
  slotIntervalMin: int(1, MINUTES_PER_DAY).describe('Default: durationMin.'),
  // Notice beyond the longest booking horizon (3650 days) could never be met.
  minNoticeMin: int(0, 3650 * MINUTES_PER_DAY).describe('Default: 0.'),
  maxAdvanceDays: int(1, 3650).describe('Default: 90.'),
  priceAmount: z.number().int().min(0).describe('Integer minor units (cents).'),
  priceCurrency: currencySchema.or(z.literal('')).describe("ISO 4217; '' removes the price."),
  staffIds: idListSchema.describe('Staff who can perform it; default [].'),
  resourceIds: idListSchema.describe('Resources it needs; default [].'),
  status: serviceStatusSchema.describe('Default: active.'),
  conferencing: z
    .enum(['none', 'google_meet', 'microsoft_teams', 'zoom'])
    .describe(
      'The video meeting a confirmed booking gets, its link in the booking detail (calendarSync.meetingUrl): ' +
        'google_meet on the event in the staff member’s connected Google calendar, microsoft_teams on the event ' +
        'in their Microsoft 365 calendar, zoom a meeting in their connected Zoom account. A staff member without ' +
        'that connection gets the booking without a link. Default: none.',
    ),
  confirmation: confirmationSchema.describe(`${confirmationSchema.description} Default: manual.`),
  cancelCutoffMin: int(0, MAX_CUTOFF_MIN).describe(`${CANCEL_CUTOFF} Default: 0.`),
  rescheduleCutoffMin: int(0, MAX_CUTOFF_MIN).describe(`${RESCHEDULE_CUTOFF} Default: 0.`),
  maxBookingsPerDay: int(0, MAX_BOOKINGS_PER_DAY).describe(`${DAILY_LIMIT} Default: 0.`),
  questions: questionsSchema.describe(`${questionsSchema.description} Default: [].`),
  seats: int(1, MAX_SEATS).describe(`${SEATS} Default: 1.`),
  maxPartySize: int(1, MAX_SEATS).describe(`${MAX_PARTY} At most seats. Default: 1.`),
  assignment: z.enum(ASSIGNMENTS).describe(`${ASSIGNMENT} Not collective with seats. Default: first_available.`),
  staffWeights: z
    .record(idSchema, int(1, MAX_STAFF_WEIGHT))
    .describe(`${WEIGHTS} Each names a staff member the service lists; replaces the weights. Default: {}.`),
  payment: z.enum(PAYMENT_POLICIES).describe(`${PAYMENT} Default: none.`),
  depositAmount: int(0, MAX_PAYMENT_AMOUNT).describe(
    `${DEPOSIT} Required with \`payment: deposit\`; a stored one goes when the policy changes.`,
  ),
  refundAfterCutoffPercent: int(0, MAX_REFUND_PERCENT).describe(`${REFUND_AFTER_CUTOFF} Default: 0.`),
  noShowCharge: z.enum(NO_SHOW_CHARGES).describe(`${NO_SHOW_CHARGE} Default: none.`),
  noShowFeeAmount: int(0, MAX_PAYMENT_AMOUNT).describe(
    `${NO_SHOW_FEE} Required with \`noShowCharge: fee\`; a stored one goes when the charge changes.`,
  ),
};

/**
 * The price rule of the catalog (apps/catalog/src/domain/service.ts) in the document's terms,
 * so a schema-valid body never meets it; the catalog stays the one that checks it (same paths
 * and messages). An amount needs a currency, and `priceCurrency: ''` (no price) takes no amount.
 */
const amountNeedsCurrency = { priceAmount: { properties: { priceCurrency: { minLength: 1 } } } };
/** On create a currency also needs an amount (on PATCH the stored amount may be the other half). */
export const createPriceRule = {
  dependentRequired: { priceAmount: ['priceCurrency'] },
  dependentSchemas: {
    ...amountNeedsCurrency,
    priceCurrency: { anyOf: [{ required: ['priceAmount'] }, { properties: { priceCurrency: { const: '' } } }] },
  },
};

export const createServiceSchema = z
  .strictObject(serviceFieldsShape)
  .partial()
  .required({ slug: true, name: true, durationMin: true })
  .meta(createPriceRule);
export const patchServiceSchema = patchOf(serviceFieldsShape).meta({ dependentSchemas: amountNeedsCurrency });

/** A list of services: every status unless `status` names one (MCP `list_services` takes it too). */
export const listServicesQuery = z.strictObject({
  ...pageQueryShape,
  status: serviceStatusSchema
    .optional()
    .describe('Only services in this status; `active`: the ones customers can book. Default: every status.'),
});

/** A page of the tenant's services as records: `GET /api/services`, `GET /v1/services`, MCP `list_services`. */
export async function listServices(
  catalog: CatalogClient,
  tenantId: string,
  query: z.output<typeof listServicesQuery>,
): Promise<{ items: ServiceRecord[]; page?: commonV1.PageResponse | undefined }> {
  const res = await catalog.listServices({
    tenantId,
    page: pageRequest(query),
    statuses: query.status ? [query.status] : [],
  });
  return { ...res, items: res.items.map(toServiceRecord) };
}

/**
 * The body as ServiceFields. Repeated fields cannot be "absent" in proto3, so the `*Set` flags
 * tell the service that a list was sent (an empty list clears it; an absent one keeps it).
 */
export function serviceFields(body: z.output<typeof patchServiceSchema>): catalogV1.ServiceFields {
  const { staffIds, resourceIds, questions, staffWeights, ...scalars } = body;
  return {
    ...scalars,
    staffIds: staffIds ?? [],
    staffIdsSet: staffIds !== undefined,
    resourceIds: resourceIds ?? [],
    resourceIdsSet: resourceIds !== undefined,
    questions: (questions ?? []).map((q) => ({ ...q, required: q.required ?? false, options: q.options ?? [] })),
    questionsSet: questions !== undefined,
    staffWeights: staffWeights ?? {},
    staffWeightsSet: staffWeights !== undefined,
  };
}
