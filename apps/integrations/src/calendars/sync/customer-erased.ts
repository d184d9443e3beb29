/**
 * The `customer.erased` event as the write-back reads it off the booking topic (its fields and
 * rules: @svc/events customer-erased.ts): the calendar events of the customer's bookings go
 * (docs/decisions.md "Privacy").
 */
export {
  CUSTOMER_ERASED,
  /** The erasure an event (the outbox envelope) announces, or null when it is not a valid one. */
  validCustomerErasure as customerErasure,
  type CustomerErasure,
} from '@svc/events';
