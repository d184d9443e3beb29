/**
 * The `customer.erased` event as the notifications service reads it off the booking topic
 * (its fields and rules: @svc/events customer-erased.ts): it composes no message, it erases
 * what the notifications hold of the customer (docs/decisions.md "Privacy").
 */
export {
  CUSTOMER_ERASED,
  MAX_ERASED_BOOKINGS,
  /**
   * The erasure the message announces; null when it is another event (or not JSON: the booking
   * event parser reports that); a problem when it is a `customer.erased` event that is not valid.
   */
  readCustomerErasure as parseCustomerErasure,
  type CustomerErasure,
} from '@svc/events';
