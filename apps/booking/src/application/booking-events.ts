import type { WebhookEventType } from '@svc/rules';
import { CUSTOMER_ERASED_EVENT } from '../domain/erasure.js';
import { allowedActions, refusedActions } from '../domain/lifecycle.js';
import { paymentEventView } from '../domain/payment.js';
import { newEventId } from '../store/ids.js';
import { staffOfBooking, type BookingDoc, type EraseJobDoc, type OutboxDoc } from '../store/records.js';
import type { CustomerSnapshot, ServiceInfo } from './ports.js';

/** The specification's event names, defined once in @svc/rules (the dispatcher filters on them). */
export type BookingEventType = WebhookEventType;

/** The outbox row of a booking change: the specification's event envelope, payload version 1. */
export function bookingEvent(
  type: BookingEventType,
  booking: BookingDoc,
  service: Pick<ServiceInfo, 'serviceId' | 'slug' | 'name'>,
  customer: CustomerSnapshot,
  nowMs: number,
  traceparent: string | null,
  extra: Record<string, unknown> = {},
): OutboxDoc {
  return {
    _id: newEventId(nowMs),
    type,
    payloadVersion: 1,
    occurredAtMs: nowMs,
    key: booking._id,
    tenantId: booking.tenantId,
    data: {
      booking: {
        bookingId: booking._id,
        tenantId: booking.tenantId,
        serviceId: booking.serviceId,
        // Whose calendar the booking belongs in (apps/integrations writes it back).
        staffId: booking.staffId,
        // Every staff member it occupies: all of them for a collective service.
        staffIds: staffOfBooking(booking),
        status: booking.status,
        startsAtMs: booking.startsAtMs,
        endsAtMs: booking.endsAtMs,
        timezone: booking.timezone,
        // The change's number (0 at create): the notifications' calendar attachment SEQUENCE.
        revision: booking.revision ?? 0,
        // The intake answers with the questions as asked (docs/decisions.md "Intake questions").
        answers: booking.answers ?? [],
        // The seats it takes in its session (docs/decisions.md "Seats").
        partySize: booking.partySize ?? 1,
        // What it costs and what was paid, for a paid service (docs/decisions.md "Payments").
        ...(booking.payment ? { payment: paymentEventView(booking.payment) } : {}),
        // The rest of the booking as the change left it, so a reader composes from the event
        // without reading the booking back (the notifications, docs/architecture.md "Events").
        createdAtMs: booking.createdAtMs,
        holdExpiresAtMs: booking.holdExpiresAtMs,
        cancelReason: booking.cancelReason ?? '',
        cancelCutoffMin: booking.cancelCutoffMin ?? 0,
        rescheduleCutoffMin: booking.rescheduleCutoffMin ?? 0,
        // What the customer's manage link may do with it at the change, as GetBooking answers for
        // the actor `customer` (the state machine's answer, reasons without their words).
        customerActions: {
          allowed: allowedActions(booking, 'customer', nowMs).filter((a) => a !== 'expire'),
          refused: refusedActions(booking, ['cancel', 'reschedule'], 'customer', nowMs).map(({ action, reason }) => ({
            action,
            reason,
          })),
        },
      },
      service: { serviceId: service.serviceId, slug: service.slug, name: service.name },
      customer: { customerId: customer.customerId, name: customer.name, primaryEmail: customer.primaryEmail },
      ...extra,
    },
    traceparent,
    state: 'pending',
    publishedAtMs: null,
  };
}

/**
 * The outbox row telling the services downstream which bookings' data to redact (docs/decisions.md
 * "Privacy"): an internal event, not a webhook event type, keyed by the customer. `erasedAtMs` is
 * when the erase was asked for, the same in every row of one erase.
 */
export function customerErasedEvent(
  job: Pick<EraseJobDoc, 'tenantId' | 'customerId' | 'requestedAtMs'>,
  bookingIds: string[],
  nowMs: number,
): OutboxDoc {
  return {
    _id: newEventId(nowMs),
    type: CUSTOMER_ERASED_EVENT,
    payloadVersion: 1,
    occurredAtMs: nowMs,
    key: job.customerId,
    tenantId: job.tenantId,
    data: { tenantId: job.tenantId, customerId: job.customerId, bookingIds, erasedAtMs: job.requestedAtMs },
    traceparent: null,
    state: 'pending',
    publishedAtMs: null,
  };
}
