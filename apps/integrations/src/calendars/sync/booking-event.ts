import { parseEnvelope } from '@svc/events';
import { isRecord } from '@svc/rules';

/**
 * What a booking event asks of the staff member's calendar (docs/decisions.md "Integrations"):
 * a confirmed booking is present (a reschedule of a confirmed one moves it); a cancelled,
 * no-show or expired one is absent. Other events change nothing.
 */
export interface CalendarWish {
  tenantId: string;
  bookingId: string;
  staffId: string;
  /** The booking's service (its conferencing decides whether a meeting link is asked for). */
  serviceId: string;
  want: 'present' | 'absent';
  startsAtMs: number;
  endsAtMs: number;
  title: string;
  eventAtMs: number;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

const ABSENT = new Set(['booking.cancelled', 'booking.no_show', 'booking.expired']);

/** The wish of one published event (the outbox envelope), or null when it asks nothing. */
export function calendarWish(value: string): CalendarWish | null {
  const parsed = parseEnvelope(value);
  if ('problem' in parsed) return null;
  const { envelope } = parsed;
  if (!isRecord(envelope.data) || !isRecord(envelope.data.booking)) return null;
  const { type, occurredAtMs, data } = envelope;
  const booking = data.booking as Record<string, unknown>;
  const staffId = str(booking.staffId);
  if (staffId === '' || typeof occurredAtMs !== 'number') return null;
  let want: CalendarWish['want'];
  if (type === 'booking.confirmed' || (type === 'booking.rescheduled' && booking.status === 'confirmed')) {
    want = 'present';
  } else if (typeof type === 'string' && ABSENT.has(type)) {
    want = 'absent';
  } else {
    return null;
  }
  const startsAtMs = booking.startsAtMs;
  const endsAtMs = booking.endsAtMs;
  if (typeof startsAtMs !== 'number' || typeof endsAtMs !== 'number') return null;
  const service = isRecord(data.service) ? str(data.service.name) : '';
  const serviceId = str(booking.serviceId);
  const customer = isRecord(data.customer) ? str(data.customer.name) : '';
  return {
    tenantId: str(booking.tenantId),
    bookingId: str(booking.bookingId),
    staffId,
    serviceId,
    want,
    startsAtMs,
    endsAtMs,
    title: [service || 'Booking', customer].filter(Boolean).join(': '),
    eventAtMs: occurredAtMs,
  };
}
