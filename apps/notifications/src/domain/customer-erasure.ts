/**
 * The `customer.erased` event as the notifications service reads it off the booking topic
 * (its fields and rules: @svc/events customer-erased.ts): it composes no message, it erases
 * what the notifications hold of the customer (docs/decisions.md "Privacy").
 */
import { CUSTOMER_ERASED, customerErasureOf, parseEnvelope, type CustomerErasure } from '@svc/events';

export { CUSTOMER_ERASED, MAX_ERASED_BOOKINGS, type CustomerErasure } from '@svc/events';

/**
 * The erasure the message announces; null when it is another event (or not JSON: the booking
 * event parser reports that); a problem when it is a `customer.erased` event that is not valid.
 */
export function parseCustomerErasure(value: string): { erasure: CustomerErasure } | { problem: string } | null {
  // Most messages are booking events: spare them a second JSON parse.
  if (!value.includes(CUSTOMER_ERASED)) return null;
  const parsed = parseEnvelope(value);
  if ('problem' in parsed || parsed.envelope.type !== CUSTOMER_ERASED) return null;
  const { id, data } = parsed.envelope;
  return customerErasureOf(typeof id === 'string' ? id : '', data);
}
