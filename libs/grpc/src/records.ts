// The dashboard API's records of the services' messages (docs/decisions.md "Booking", "Catalog"):
// one mapping for the gateway's answers and the workspace's exports, whose records are "the
// record the dashboard API answers" (docs/decisions.md "Tenant export", "Customer export").
import type { bookingV1, catalogV1, customerV1, notificationsV1, webhooksV1 } from '@svc/proto';
import { fromAnswerValue, type AnswerJson } from './answers.js';

const orNull = (value: string): string | null => value || null;

/** A booking.v1 BookingPayment as JSON; the booking service writes only the values the schema lists. */
export interface BookingPaymentView {
  policy: string;
  priceAmount: number;
  currency: string;
  amountDue: number;
  state: string;
  checkoutUrl: string | null;
  refundAfterCutoffPercent: number;
  noShowCharge: string;
  noShowFeeAmount: number;
  netPaid: number;
  records: Array<{
    kind: string;
    amount: number;
    currency: string;
    status: string;
    providerId: string | null;
    atMs: number;
    actor: string;
  }>;
}

/** The booking record; what a booking does not have is null, never '' (proto3 has no null). */
export interface BookingRecordView {
  bookingId: string;
  tenantId: string;
  serviceId: string;
  serviceSlug: string;
  staffId: string | null;
  staffIds: string[];
  resourceId: string | null;
  customerId: string;
  status: string;
  startsAtMs: number;
  endsAtMs: number;
  timezone: string;
  source: string;
  notes: string;
  holdExpiresAtMs: number | null;
  cancelReason: string | null;
  noShowReason: string | null;
  answers: Array<{ key: string; label: string; type: string; value: AnswerJson | null }>;
  partySize: number;
  payment: BookingPaymentView | null;
  createdAtMs: number;
  updatedAtMs: number;
}

function paymentView(p: bookingV1.BookingPayment | undefined): BookingPaymentView | null {
  if (!p) return null;
  return {
    policy: p.policy,
    priceAmount: p.priceAmount,
    currency: p.currency,
    amountDue: p.amountDue,
    state: p.state,
    checkoutUrl: orNull(p.checkoutUrl),
    refundAfterCutoffPercent: p.refundAfterCutoffPercent,
    noShowCharge: p.noShowCharge,
    noShowFeeAmount: p.noShowFeeAmount,
    netPaid: p.netPaid,
    records: p.records.map((r) => ({
      kind: r.kind,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      providerId: orNull(r.providerId),
      atMs: r.atMs,
      actor: r.actor,
    })),
  };
}

/** The one mapping from booking.v1.Booking to the JSON record. */
export function bookingRecordView(b: bookingV1.Booking): BookingRecordView {
  return {
    bookingId: b.bookingId,
    tenantId: b.tenantId,
    serviceId: b.serviceId,
    serviceSlug: b.serviceSlug,
    staffId: orNull(b.staffId),
    staffIds: b.staffIds.length > 0 ? [...b.staffIds] : b.staffId ? [b.staffId] : [],
    resourceId: orNull(b.resourceId),
    customerId: b.customerId,
    status: b.status,
    startsAtMs: b.startsAtMs,
    endsAtMs: b.endsAtMs,
    timezone: b.timezone,
    source: b.source,
    notes: b.notes,
    holdExpiresAtMs: b.holdExpiresAtMs ?? null,
    cancelReason: orNull(b.cancelReason),
    noShowReason: orNull(b.noShowReason),
    answers: b.answers.map((a) => ({ key: a.key, label: a.label, type: a.type, value: fromAnswerValue(a.value) })),
    partySize: b.partySize || 1,
    payment: paymentView(b.payment),
    createdAtMs: b.createdAtMs,
    updatedAtMs: b.updatedAtMs,
  };
}

/** The catalog's Service with its price as one value (what `GET /v1/services` always answered). */
export type ServiceRecordView = catalogV1.Service & { price: { amount: number; currency: string } | null };

export function serviceRecordView(s: catalogV1.Service): ServiceRecordView {
  return { ...s, price: s.priceCurrency ? { amount: s.priceAmount, currency: s.priceCurrency } : null };
}

/** A customer with absent contacts as null. */
export function customerRecordView(c: customerV1.Customer) {
  return {
    ...c,
    primaryEmail: c.primaryEmail ?? null,
    phone: c.phone ?? null,
    status: c.status === 'erased' ? ('erased' as const) : ('active' as const),
    erasedAtMs: c.erasedAtMs ?? null,
  };
}

/** One change of a booking as its event recorded it; the create has no actor (null). */
export const bookingHistoryView = (e: bookingV1.BookingHistoryEntry) => ({
  eventId: e.eventId,
  type: e.type,
  occurredAtMs: e.occurredAtMs,
  actor: e.actor || null,
  status: e.status,
  startsAtMs: e.startsAtMs,
  endsAtMs: e.endsAtMs,
});

/** One message of the send log. */
export const notificationView = (n: notificationsV1.Notification) => ({
  notificationId: n.notificationId,
  bookingId: n.bookingId,
  customerId: n.customerId || null,
  eventId: n.eventId,
  template: n.template,
  channel: n.channel,
  recipientKind: n.recipientKind,
  recipient: n.recipient,
  subject: n.subject,
  status: n.status,
  attemptCount: n.attemptCount,
  nextAttemptAtMs: n.nextAttemptAtMs ?? null,
  lastError: n.lastError ?? null,
  messageId: n.messageId || null,
  sentAtMs: n.sentAtMs ?? null,
  series: n.series,
  createdAtMs: n.createdAtMs,
  updatedAtMs: n.updatedAtMs,
});

/** A webhook delivery without its attempts. */
export const deliveryRecordView = (d: webhooksV1.Delivery) => ({
  deliveryId: d.deliveryId,
  tenantId: d.tenantId,
  subscriptionId: d.subscriptionId,
  eventId: d.eventId,
  eventType: d.eventType,
  bookingId: d.bookingId,
  status: d.status,
  series: d.series,
  attemptCount: d.attemptCount,
  nextAttemptAtMs: d.nextAttemptAtMs ?? null,
  createdAtMs: d.createdAtMs,
  updatedAtMs: d.updatedAtMs,
});

/** A webhook delivery with every attempt, oldest first. */
export const deliveryDetailView = (d: webhooksV1.Delivery) => ({
  ...deliveryRecordView(d),
  attempts: d.attempts.map((a) => ({
    series: a.series,
    attemptNo: a.attemptNo,
    startedAtMs: a.startedAtMs,
    durationMs: a.durationMs,
    responseStatus: a.responseStatus ?? null,
    error: a.error ?? null,
    nextAttemptAtMs: a.nextAttemptAtMs ?? null,
  })),
});
