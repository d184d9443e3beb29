import { z } from 'zod';
import type { customerV1 } from '@svc/proto';
import { customerRecordView } from '@svc/grpc';

/**
 * A customer as a record (the customer routes on `/api` and `/v1`, and the customer export).
 */

/** The customer record: the customer service's Customer with absent contacts as null. */
export const customerRecordSchema = z
  .object({
    customerId: z.string(),
    tenantId: z.string(),
    primaryEmail: z.string().nullable().describe('Lower-case; null when the customer has none.'),
    phone: z.string().nullable().describe('E.164; null when the customer has none.'),
    name: z.string().describe("'' only for a customer a booking made without a name."),
    locale: z.string().describe("BCP 47, or '' when unknown."),
    timezone: z.string().describe("IANA time zone, or '' when unknown."),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
    status: z
      .enum(['active', 'erased'])
      .describe('`erased`: the customer was erased; the record keeps its id and times, nothing about the person.'),
    erasedAtMs: z.number().int().nullable().describe('When the customer was erased; null while active.'),
  })
  .describe('A customer of the tenant.');

export type CustomerRecord = z.input<typeof customerRecordSchema>;

export const toCustomerRecord = (c: customerV1.Customer): CustomerRecord => customerRecordView(c);
