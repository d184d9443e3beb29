/**
 * A booking event as the dispatcher reads it off the topic: the outbox row's envelope
 * (`{ id, type, payloadVersion, occurredAtMs, data }`, docs/architecture.md "Events"), kept as
 * the exact JSON text that was published, since that text is what gets signed and sent.
 */
import { CUSTOMER_ERASED, customerErasureOf, parseEnvelope, type CustomerErasure } from '@svc/events';
import { isRecord, isWebhookEventType, type WebhookEventType } from '@svc/rules';

export interface BookingEvent {
  id: string;
  type: WebhookEventType;
  tenantId: string;
  bookingId: string;
  /** The envelope as published, sent byte for byte. */
  body: string;
  traceparent: string | null;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A message of the booking topic: a booking event to fan out, the internal `customer.erased`
 * (never delivered; @svc/events customer-erased.ts), or why it is neither (skipped: retrying cannot
 * fix it).
 */
export function parseTopicMessage(
  value: string,
  headers: Record<string, string>,
): { event: BookingEvent } | { erasure: CustomerErasure } | { problem: string } {
  const parsed = parseEnvelope(value);
  if ('problem' in parsed) return parsed;
  const { id, type, payloadVersion, occurredAtMs, data } = parsed.envelope;
  if (!nonEmpty(id)) return { problem: 'no event id' };
  if (type === CUSTOMER_ERASED) return customerErasureOf(id, data);
  if (typeof type !== 'string' || !isWebhookEventType(type)) return { problem: `unknown event type ${String(type)}` };
  if (payloadVersion !== 1) return { problem: `payload version ${String(payloadVersion)} is not 1` };
  if (typeof occurredAtMs !== 'number') return { problem: 'no occurredAtMs' };
  const booking = isRecord(data) && isRecord(data.booking) ? data.booking : undefined;
  if (!booking || !nonEmpty(booking.tenantId) || !nonEmpty(booking.bookingId)) {
    return { problem: 'no data.booking.tenantId or data.booking.bookingId' };
  }
  return {
    event: {
      id,
      type,
      tenantId: booking.tenantId,
      bookingId: booking.bookingId,
      body: value,
      traceparent: headers.traceparent || null,
    },
  };
}

/** Whether a subscription's filter takes the event type (an empty filter takes every one). */
export const filterTakes = (events: readonly string[], type: string): boolean =>
  events.length === 0 || events.includes(type);
