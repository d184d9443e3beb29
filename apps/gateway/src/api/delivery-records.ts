import { z } from 'zod';
import type { webhooksV1 } from '@svc/proto';
import { deliveryDetailView, deliveryRecordView } from '@svc/grpc';
import { webhookEventTypeSchema } from '@svc/rules';

/**
 * A webhook delivery and its attempts as records (the delivery log on `/api` and `/v1`, and the
 * customer export).
 */

const attemptSchema = z
  .object({
    series: z.number().int().describe('1 for the original series, 2 for the first replay, …'),
    attemptNo: z.number().int().describe('1 to 6 within its series.'),
    startedAtMs: z.number().int(),
    durationMs: z.number().int(),
    responseStatus: z.number().int().nullable().describe('null when no response arrived.'),
    error: z.string().nullable().describe('A short reason when the attempt failed.'),
    nextAttemptAtMs: z.number().int().nullable().describe('When the next attempt of its series was due.'),
  })
  .describe('One HTTP request to the subscription URL.');

const deliveryFields = {
  deliveryId: z.string(),
  tenantId: z.string(),
  subscriptionId: z.string(),
  eventId: z.string().describe('The event id (X-Service-Event-Id), the same on every attempt and replay.'),
  eventType: webhookEventTypeSchema,
  bookingId: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  series: z.number().int().describe('1 + the number of replays.'),
  attemptCount: z.number().int().describe('Attempts of the current series.'),
  nextAttemptAtMs: z.number().int().nullable().describe('When the next attempt is due (pending only).'),
  createdAtMs: z.number().int(),
  updatedAtMs: z.number().int(),
};

export const deliveryRecordSchema = z.object(deliveryFields).describe('A delivery of one event to one subscription.');
export const deliveryDetailSchema = z
  .object({ ...deliveryFields, attempts: z.array(attemptSchema).describe('Every attempt, oldest first.') })
  .describe('A delivery with its attempts.');

type DeliveryDetail = z.input<typeof deliveryDetailSchema>;

/** The dispatcher writes only the specification's event types and statuses. */
export const toDeliveryRecord = (d: webhooksV1.Delivery): Omit<DeliveryDetail, 'attempts'> =>
  deliveryRecordView(d) as Omit<DeliveryDetail, 'attempts'>;

export const toDeliveryDetail = (d: webhooksV1.Delivery): DeliveryDetail => deliveryDetailView(d) as DeliveryDetail;
