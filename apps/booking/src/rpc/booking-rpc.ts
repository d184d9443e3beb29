import { bookingUnavailable, notFound } from '@svc/errors';
import { bindService, fromAnswerValue, toAnswerValue, type ServiceBinding } from '@svc/grpc';
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
import { explainStart } from '../application/explain-slot.js';
import { getAvailability } from '../application/get-availability.js';
import { listBookings } from '../application/list-bookings.js';
import { allowedActions, refusedActions } from '../domain/lifecycle.js';
import { bookingCreates, failedCreateOutcome, SERVICE } from '../metrics.js';
import { staffOfBooking, type BookingDoc, type OutboxDoc } from '../store/records.js';

export interface BookingRpcDeps extends CreateBookingDeps, LifecycleDeps {
  /** Called after a commit that wrote outbox rows, so the relay publishes at once. */
  onOutboxWrite: () => void;
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
        return {
          booking: toProtoBooking(booking),
          allowedActions: actor ? allowedActions(booking, actor, nowMs).filter((a) => a !== 'expire') : [],
          refusedActions: actor ? refusedActions(booking, ['cancel', 'reschedule'], actor, nowMs) : [],
        };
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

/** A booking's history is short (a create and a few changes); a bound all the same. */
const MAX_HISTORY = 200;

/** An outbox row as a history entry: what happened, who did it, how it left the booking. */
function toHistoryEntry(row: OutboxDoc): bookingV1.BookingHistoryEntry {
  const booking = (row.data.booking ?? {}) as Partial<Record<'status' | 'startsAtMs' | 'endsAtMs', unknown>>;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return {
    eventId: row._id,
    type: row.type,
    occurredAtMs: row.occurredAtMs,
    actor: typeof row.data.actor === 'string' ? row.data.actor : '',
    status: typeof booking.status === 'string' ? booking.status : '',
    startsAtMs: num(booking.startsAtMs),
    endsAtMs: num(booking.endsAtMs),
  };
}

function toProtoBooking(b: BookingDoc): bookingV1.Booking {
  return {
    bookingId: b._id,
    tenantId: b.tenantId,
    serviceId: b.serviceId,
    serviceSlug: b.serviceSlug,
    staffId: b.staffId ?? '',
    resourceId: b.resourceId ?? '',
    customerId: b.customerId,
    status: b.status,
    startsAtMs: b.startsAtMs,
    endsAtMs: b.endsAtMs,
    timezone: b.timezone,
    source: b.source,
    notes: b.notes,
    ...(b.holdExpiresAtMs !== null ? { holdExpiresAtMs: b.holdExpiresAtMs } : {}),
    cancelReason: b.cancelReason ?? '',
    noShowReason: b.noShowReason ?? '',
    createdAtMs: b.createdAtMs,
    updatedAtMs: b.updatedAtMs,
    revision: b.revision ?? 0,
    cancelCutoffMin: b.cancelCutoffMin ?? 0,
    rescheduleCutoffMin: b.rescheduleCutoffMin ?? 0,
    answers: (b.answers ?? []).map((a) => ({
      key: a.key,
      label: a.label,
      type: a.type,
      value: toAnswerValue(a.value),
    })),
    staffIds: staffOfBooking(b),
    partySize: b.partySize ?? 1,
  };
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
