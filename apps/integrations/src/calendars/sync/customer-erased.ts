/**
 * The `customer.erased` event as the write-back reads it off the booking topic (its fields and
 * rules: @svc/events customer-erased.ts): the calendar events of the customer's bookings go
 * (docs/decisions.md "Privacy").
 */
import { CUSTOMER_ERASED, customerErasureOf, parseEnvelope, type CustomerErasure } from '@svc/events';

export { CUSTOMER_ERASED, type CustomerErasure } from '@svc/events';

/** The erasure an event (the outbox envelope) announces, or null when it is not a valid one. */
export function customerErasure(value: string): CustomerErasure | null {
  const parsed = parseEnvelope(value);
  if ('problem' in parsed || parsed.envelope.type !== CUSTOMER_ERASED) return null;
  const { id, data } = parsed.envelope;
  const read = customerErasureOf(typeof id === 'string' ? id : '', data);
  return 'erasure' in read ? read.erasure : null;
}
