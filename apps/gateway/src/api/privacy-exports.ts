import { z } from 'zod';
import { bookingHistoryItemSchema } from './booking-history.js';
import { bookingRecordSchema, calendarSyncSchema } from './booking-record.js';
import { customerRecordSchema } from './customer-records.js';
import { deliveryDetailSchema } from './delivery-records.js';
import { notificationSchema } from './notification-records.js';

/**
 * The shapes of the customer's and the booking's exports (docs/decisions.md "Privacy"), for the
 * OpenAPI document: the identity service writes them (docs/decisions.md "Customer export").
 */

const removedAt = z
  .number()
  .int()
  .nullable()
  .describe('When retention or an erase removed the body; null while it is held.');

const calendarEventSchema = z
  .object({
    bookingId: z.string(),
    staffId: z.string(),
    calendarSync: calendarSyncSchema,
    calendarId: z.string().nullable(),
    summary: z.string().describe("The event's title as last written; '' once removed."),
    description: z.string().describe("The event's description as last written; '' once removed."),
    updatedAtMs: z.number().int(),
  })
  .describe('The event written for a booking in the staff member’s connected calendar.');

export const customerExportSchema = z
  .object({
    exportedAtMs: z.number().int(),
    tenantId: z.string(),
    customer: customerRecordSchema,
    bookings: z
      .array(bookingRecordSchema.extend({ history: z.array(bookingHistoryItemSchema) }))
      .describe('Every booking of the customer, oldest first, each with its history.'),
    notifications: z
      .array(notificationSchema.extend({ bodyText: z.string(), bodyRemovedAtMs: removedAt }))
      .describe('Every message sent about the customer’s bookings (to them, the business or staff), oldest first.'),
    webhookDeliveries: z
      .array(deliveryDetailSchema.extend({ body: z.string(), bodyRemovedAtMs: removedAt }))
      .describe('Every webhook delivery of the events of their bookings, with its signed body while held.'),
    calendarEvents: z.array(calendarEventSchema),
  })
  .describe('Everything held about one customer of the tenant.');

/** The manage link's: the booking's own data, and its messages without their text. */
const messageSchema = notificationSchema
  .pick({ notificationId: true, template: true, channel: true, status: true, sentAtMs: true, createdAtMs: true })
  .describe('A message sent to the customer about the booking: what and when, without its text.');

export const bookingExportSchema = z
  .object({
    exportedAtMs: z.number().int(),
    tenantId: z.string(),
    booking: bookingRecordSchema.extend({ history: z.array(bookingHistoryItemSchema) }),
    messages: z.array(messageSchema),
  })
  .describe('What the business holds about one booking.');
