import { bookingUnavailable, DomainError, notFound } from '@svc/errors';
import { bindService, fromAnswerValue, type ServiceBinding } from '@svc/grpc';
import { bookingV1 } from '@svc/proto';
import { currentTraceparent } from '@svc/telemetry';
import {
  changeStatus,
  parseActor,
  parseStatusAction,
  rescheduleBooking,
  type LifecycleDeps,
} from '../application/booking-lifecycle.js';
import { createBooking, type CreateBookingDeps } from '../application/create-booking.js';
import type { CustomerErasure } from '../application/erase-customer.js';
import { exportCustomerBookings, MAX_HISTORY } from '../application/export-customer.js';
import { explainStart } from '../application/explain-slot.js';
import { getAvailability } from '../application/get-availability.js';
import { listBookings } from '../application/list-bookings.js';
import { confirmIfPaid } from '../application/payment-worker.js';
import { allowedActions, refusedActions } from '../domain/lifecycle.js';
import { refundOnCancel } from '../domain/payment.js';
import { bookingCreates, failedCreateOutcome, SERVICE } from '../metrics.js';
import { toHistoryEntry, toProtoBooking } from './booking-mapping.js';

export interface BookingRpcDeps extends CreateBookingDeps, LifecycleDeps {
  /** Called after a commit that wrote outbox rows, so the relay publishes at once. */
  onOutboxWrite: () => void;
  /** The erase jobs (EraseCustomer). */
  erasure: CustomerErasure;
}

/**
 * booking.v1.BookingService. Every outage on these paths (store, lock, a downstream service) is
 * BOOKING_POLICY_BLOCKED 503 (docs/decisions.md, "Booking").
 */
export function bookingService(deps: BookingRpcDeps): ServiceBinding {
  return bindService(
    bookingV1.BookingServiceService,
    {
      getAvailability: async (req) => {
        const { slots, ...answer } = await getAvailability(deps, { ...req, partySize: req.partySize || 1 });
        return {
          ...answer,
          slotStartsMs: packedStarts(slots, answer.slotDurationMs),
          // A seated service's slots each say their seats left; another's none.
          slotSeatsLeft: slots.flatMap((s) => (s.seatsLeft === undefined ? [] : [s.seatsLeft])),
        };
      },

      createBooking: async (req) => {
        const result = await createBooking(deps, {
          tenantId: req.tenantId,
          idempotencyKey: req.idempotencyKey,
          idempotencyScope: req.idempotencyScope,
          fingerprint: req.requestFingerprint,
          serviceSlug: req.serviceSlug,
          startsAtMs: req.startsAtMs,
          source: req.source,
          customer: {
            name: req.customer?.name ?? '',
            primaryEmail: req.customer?.primaryEmail,
            phone: req.customer?.phone,
            locale: req.customer?.locale,
          },
          notes: req.notes,
          timezone: req.timezone,
          staffId: req.staffId,
          answers: answersOf(req.answers),
          partySize: req.partySize || 1,
          paymentReturnUrl: req.paymentReturnUrl ?? '',
          traceparent: currentTraceparent(),
        }).catch((err: unknown) => {
          bookingCreates.inc({ service: SERVICE, outcome: failedCreateOutcome(err) });
          throw err;
        });
        bookingCreates.inc({ service: SERVICE, outcome: result.idempotentReplay ? 'replay' : 'created' });
        // A replay writes too when it confirms what its first request left held (automatic-confirmation.ts).
        deps.onOutboxWrite();
        return { booking: toProtoBooking(result.booking), idempotentReplay: result.idempotentReplay };
      },

      getBooking: async (req) => {
        const actor = req.actor === '' ? null : parseActor(req.actor);
        const booking = await deps.store.booking(req.tenantId, req.bookingId);
        if (!booking) throw notFound('Booking');
        // One clock for both lists.
        const nowMs = deps.now();
        const allowed = actor ? allowedActions(booking, actor, nowMs).filter((a) => a !== 'expire') : [];
        return {
          booking: toProtoBooking(booking),
          allowedActions: allowed,
          refusedActions: actor ? refusedActions(booking, ['cancel', 'reschedule'], actor, nowMs) : [],
          // What the manage page and the dashboard say a cancel now would give back.
          ...(booking.payment && allowed.includes('cancel')
            ? { cancelRefundAmount: refundOnCancel({ ...booking, payment: booking.payment }, nowMs) }
            : {}),
        };
      },

      completePaymentReturn: async (req) => {
        const found = req.returnKey === '' ? null : await deps.store.byReturnKey(req.tenantId, req.returnKey);
        if (!found) throw notFound('Booking');
        // Stripe not answering now: the customer lands on the manage page all the same (payment
        // pending), and the payment worker confirms the booking once Stripe answers again.
        const booking = await confirmIfPaid(deps, found).catch((err: unknown) => {
          if (err instanceof DomainError && err.code === 'PROVIDER_ACTION_FAILED') return found;
          throw err;
        });
        if (booking.status !== found.status) deps.onOutboxWrite();
        return { booking: toProtoBooking(booking) };
      },

      listBookings: async (req) => {
        const { items, nextCursor } = await listBookings(deps, {
          tenantId: req.tenantId,
          limit: req.page?.limit ?? 0,
          cursor: req.page?.cursor ?? '',
          status: req.status,
          fromMs: req.fromMs,
          toMs: req.toMs,
          serviceId: req.serviceId,
          staffId: req.staffId,
          customerId: req.customerId,
        });
        return { items: items.map(toProtoBooking), page: { nextCursor } };
      },

      changeBookingStatus: async (req) => {
        const booking = await changeStatus(deps, {
          tenantId: req.tenantId,
          bookingId: req.bookingId,
          action: parseStatusAction(req.action),
          reason: req.reason,
          actor: parseActor(req.actor),
          traceparent: currentTraceparent(),
          paidOutside: req.paidOutside === true,
          ...(req.refundPercent !== undefined ? { refundPercent: req.refundPercent } : {}),
        });
        deps.onOutboxWrite();
        return { booking: toProtoBooking(booking) };
      },

      rescheduleBooking: async (req) => {
        const booking = await rescheduleBooking(deps, {
          tenantId: req.tenantId,
          bookingId: req.bookingId,
          startsAtMs: req.startsAtMs,
          actor: parseActor(req.actor),
          traceparent: currentTraceparent(),
        });
        deps.onOutboxWrite();
        return { booking: toProtoBooking(booking) };
      },

      listBookingEvents: async (req) => {
        if (!(await deps.store.booking(req.tenantId, req.bookingId))) throw notFound('Booking');
        const rows = await deps.store.eventsOf(req.tenantId, req.bookingId, MAX_HISTORY);
        return { events: rows.map(toHistoryEntry) };
      },

      eraseCustomer: async (req) => {
        const job = await deps.erasure.erase(req.tenantId, req.customerId);
        return {
          customerId: job.customerId,
          status: 'erased',
          bookings: job.bookings,
          cancelled: job.cancelled,
          requestedAtMs: job.requestedAtMs,
          completedAtMs: job.completedAtMs ?? 0,
        };
      },

      exportCustomerBookings: async (req) => {
        const { items, nextCursor } = await exportCustomerBookings(deps, {
          tenantId: req.tenantId,
          customerId: req.customerId,
          limit: req.page?.limit ?? 0,
          cursor: req.page?.cursor ?? '',
        });
        return {
          items: items.map((item) => ({
            booking: toProtoBooking(item.booking),
            events: item.events.map(toHistoryEntry),
          })),
          page: { nextCursor },
        };
      },

      explainSlot: async (req) => {
        const view = await explainStart(deps, req);
        return {
          ...view,
          owner: view.owner ?? undefined,
          staffId: view.staffId ?? '',
          resourceId: view.resourceId ?? '',
          override: view.override ?? undefined,
        };
      },
    },
    { outage: bookingUnavailable },
  );
}

/**
 * The create's answers by key, as JSON values (an answer without a value is null, which no
 * question takes). A key sent twice keeps its last value, as JSON would.
 */
function answersOf(answers: readonly bookingV1.AnswerInput[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of answers)
    Object.defineProperty(out, a.key, {
      value: fromAnswerValue(a.value),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return out;
}

/** The slots' starts, for the packed answer (proto/booking/v1/booking.proto, GetAvailabilityResponse). */
function packedStarts(slots: ReadonlyArray<{ startsAtMs: number; endsAtMs: number }>, durationMs: number): number[] {
  return slots.map((s) => {
    // The engine makes every slot of a service as long as the service: a different one is a bug.
    if (s.endsAtMs - s.startsAtMs !== durationMs) throw new Error('a slot does not last the service duration');
    return s.startsAtMs;
  });
}
