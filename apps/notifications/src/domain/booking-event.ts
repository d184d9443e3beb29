/**
 * A booking event as the notifications read it off the topic: the outbox row's envelope
 * (docs/architecture.md "Events"). Only what the messages need. The booking's state beyond the
 * change (creation time, hold, cancel reason, cut-offs, what the manage link may do) comes with
 * the event too; an event written before it did is composed from the booking service's answer.
 */
import { parseEnvelope } from '@svc/events';
import { isRecord, isWebhookEventType, type WebhookEventType } from '@svc/rules';
import { parsePayment, type EventPayment } from './payment.js';

export interface BookingEvent {
  id: string;
  type: WebhookEventType;
  occurredAtMs: number;
  tenantId: string;
  bookingId: string;
  serviceId: string;
  /** '' without one. */
  staffId: string;
  status: string;
  startsAtMs: number;
  endsAtMs: number;
  /** The customer's time zone when they gave one, else the tenant's. */
  timezone: string;
  /** The booking's revision after the change (the calendar file's SEQUENCE). */
  revision: number;
  /** Who made the change (staff, customer, partner, system); '' for a create. */
  actor: string;
  /** Before a reschedule. */
  previous: { startsAtMs: number; endsAtMs: number } | null;
  customerId: string;
  /**
   * The customer as the event carries them (`data.customer`): who the message goes to once their
   * record is erased (the cancels of an erase, docs/decisions.md "Privacy"); '' where absent.
   */
  customerSnapshot: { name: string; email: string };
  /**
   * A paid booking's money as the change left it (`data.booking.payment`, domain/payment.ts);
   * null for a service without a payment policy.
   */
  payment: EventPayment | null;
  /** `data.booking.cancelCutoffMin` when the event carries it (the refund's cut-off), else null. */
  cancelCutoffMin: number | null;
  /** The booking as the change left it, when the event carries it all; else null (read back). */
  state?: EventBookingState | null;
  traceparent: string | null;
}

/** What the event says of the booking beyond the change: what the booking service's GetBooking answers. */
export interface EventBookingState {
  createdAtMs: number;
  holdExpiresAtMs: number | null;
  /** '' without one. */
  cancelReason: string;
  cancelCutoffMin: number;
  rescheduleCutoffMin: number;
  /** The customer's manage link at the change: the actions allowed, and the reasons of those refused. */
  customerActions: { allowed: string[]; refused: Array<{ action: string; reason: string }> };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;

/** `data.booking`'s state fields, all of them or null (an event written before they existed). */
function stateOf(booking: Record<string, unknown>): EventBookingState | null {
  const createdAtMs = num(booking.createdAtMs);
  const cancelCutoffMin = num(booking.cancelCutoffMin);
  const rescheduleCutoffMin = num(booking.rescheduleCutoffMin);
  const hold = booking.holdExpiresAtMs === null ? null : num(booking.holdExpiresAtMs);
  const actions = isRecord(booking.customerActions) ? booking.customerActions : null;
  const allowed = strings(actions?.allowed);
  const refused = Array.isArray(actions?.refused) ? actions.refused : null;
  if (
    createdAtMs === null ||
    cancelCutoffMin === null ||
    rescheduleCutoffMin === null ||
    (hold === null && booking.holdExpiresAtMs !== null) ||
    typeof booking.cancelReason !== 'string' ||
    allowed === null ||
    refused === null ||
    !refused.every((r) => isRecord(r) && typeof r.action === 'string' && typeof r.reason === 'string')
  ) {
    return null;
  }
  return {
    createdAtMs,
    holdExpiresAtMs: hold,
    cancelReason: booking.cancelReason,
    cancelCutoffMin,
    rescheduleCutoffMin,
    customerActions: {
      allowed,
      refused: (refused as Array<{ action: string; reason: string }>).map(({ action, reason }) => ({ action, reason })),
    },
  };
}

/** The event, or why the message is not one (it is then skipped: retrying cannot fix it). */
export function parseBookingEvent(
  value: string,
  headers: Record<string, string>,
): { event: BookingEvent } | { problem: string } {
  const parsed = parseEnvelope(value);
  if ('problem' in parsed) return parsed;
  const { id, type, payloadVersion, occurredAtMs, data } = parsed.envelope;
  if (str(id) === '') return { problem: 'no event id' };
  if (typeof type !== 'string' || !isWebhookEventType(type)) return { problem: `unknown event type ${String(type)}` };
  if (payloadVersion !== 1) return { problem: `payload version ${String(payloadVersion)} is not 1` };
  const at = num(occurredAtMs);
  if (at === null) return { problem: 'no occurredAtMs' };
  if (!isRecord(data) || !isRecord(data.booking)) return { problem: 'no data.booking' };
  const booking = data.booking;
  const startsAtMs = num(booking.startsAtMs);
  const endsAtMs = num(booking.endsAtMs);
  const customer = isRecord(data.customer) ? data.customer : {};
  const customerId = str(customer.customerId);
  if (str(booking.tenantId) === '' || str(booking.bookingId) === '' || startsAtMs === null || endsAtMs === null) {
    return { problem: 'no data.booking tenantId, bookingId, startsAtMs or endsAtMs' };
  }
  const payment = parsePayment(booking.payment);
  if ('problem' in payment) return payment;
  const previous = isRecord(data.previous) ? data.previous : null;
  const [previousStart, previousEnd] = [num(previous?.startsAtMs), num(previous?.endsAtMs)];
  return {
    event: {
      id: str(id),
      type,
      occurredAtMs: at,
      tenantId: str(booking.tenantId),
      bookingId: str(booking.bookingId),
      serviceId: str(booking.serviceId),
      staffId: str(booking.staffId),
      status: str(booking.status),
      startsAtMs,
      endsAtMs,
      timezone: str(booking.timezone),
      revision: num(booking.revision) ?? 0,
      actor: str(data.actor),
      previous:
        previousStart !== null && previousEnd !== null ? { startsAtMs: previousStart, endsAtMs: previousEnd } : null,
      customerId,
      customerSnapshot: { name: str(customer.name), email: str(customer.primaryEmail) },
      payment: payment.payment,
      cancelCutoffMin: num(booking.cancelCutoffMin),
      state: stateOf(booking),
      traceparent: headers.traceparent || null,
    },
  };
}
