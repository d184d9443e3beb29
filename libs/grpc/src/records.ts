// The dashboard API's records of two services' messages (docs/decisions.md "Booking", "Catalog"):
// one mapping for the gateway's answers and the tenant export's archive, whose lines are "the
// record the dashboard API answers" (docs/decisions.md "Tenant export").
import type { bookingV1, catalogV1 } from '@svc/proto';
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
