// Every change of an existing booking (docs/decisions.md "Booking lifecycle"): the state machine
// (domain/lifecycle.ts) decides; the change and its one outbox row are written in one
// transaction as a compare-and-set on the status and revision read in it.

import { bookingUnavailable, DomainError, notFound, validationError } from '@svc/errors';
import {
  BOOKING_REASON_MESSAGE,
  EPOCH_MS_MESSAGE,
  type CalendarSyncView,
  isEpochMs,
  MAX_REFUND_PERCENT,
  MINUTE_MS,
  normalizeBookingReason,
} from '@svc/rules';
import type { Tx } from '@svc/store';
import { keepsItsPlace } from '../domain/availability/index.js';
import {
  decide,
  REQUEST_ACTORS,
  STATUS_ACTIONS,
  type Actor,
  type BookingAction,
  type Decision,
  type StatusAction,
} from '../domain/lifecycle.js';
import { erasedCustomer, redactEventData, STRIPPED_BOOKING } from '../domain/erasure.js';
import { hasPendingWork, noShowChargeOf, refundOnCancel, type BookingPayment } from '../domain/payment.js';
import { collectiveStaffIdsOf, type BookingDoc } from '../store/records.js';
import { bookingEvent } from './booking-events.js';
import { occupyingBookings, toExistingBooking } from './existing-bookings.js';
import { ServiceBuffers } from './stored-buffers.js';
import { occupiedKeys } from '../store/occupied-keys.js';
import { isPaid, paidOutside, paidWith } from './payments.js';
import type {
  CalendarSyncSource,
  Checkout,
  CustomerDirectory,
  CustomerSnapshot,
  PaymentProvider,
  ServiceInfo,
  ServiceRef,
} from './ports.js';
import {
  assertBookable,
  assertSlotOpen,
  holdingLocks,
  scheduleAround,
  withChosenOwnerLocks,
  type SlotGuardDeps,
  type SlotRequest,
} from './slot-guard.js';

export interface LifecycleDeps extends SlotGuardDeps {
  customers: CustomerDirectory;
  /** The write-back state a change's event carries as `data.calendarSync`, once known. */
  calendarSyncs: CalendarSyncSource;
  /** The tenants' Stripe accounts (docs/decisions.md "Payments"). */
  payments: PaymentProvider;
  /** Called after a change left money to move (a refund, a fee), so the payment worker runs at once. */
  onPaymentWork?: () => void;
}

interface ChangeRef {
  tenantId: string;
  bookingId: string;
  actor: Actor;
  /** W3C traceparent of the request, carried by the event. */
  traceparent: string | null;
  /**
   * The erase job's own cancel or expiry of its first step, whose event goes out with the
   * customer's data before the job redacts it (docs/decisions.md "Privacy"); never a request's.
   */
  erasing?: boolean;
}

export interface StatusChangeCommand extends ChangeRef {
  action: StatusAction | 'expire';
  /** cancel and no_show: the stated reason ('' = none). */
  reason: string;
  /** confirm by staff or a partner of a paid booking not paid online: paid another way. */
  paidOutside?: boolean;
  /** confirm by the platform: the checkout that proves the payment (payment-worker.ts). */
  paidCheckout?: Checkout;
  /** cancel by staff or a partner of a paid booking: the share refunded instead of the policy's. */
  refundPercent?: number;
}

export interface RescheduleCommand extends ChangeRef {
  startsAtMs: number;
}

/** What a change writes besides status, updatedAtMs and revision; and its event's extra data. */
interface Change {
  after: Partial<BookingDoc>;
  extra?: Record<string, unknown>;
}
/** The change to make to the booking as read in the committing transaction. */
type Build = (current: BookingDoc, nowMs: number, tx: Tx) => Change | Promise<Change>;

/**
 * A confirm ends the hold and keeps when it happened: a replay of an automatic service's create
 * answers `confirmed` only for a booking that was (docs/decisions.md "Confirmation policy").
 */
/**
 * A confirm, once its transaction has checked that the hold still has its place: nothing else
 * took its staff member, resource or service meanwhile. The state machine judges the hold by
 * this replica's clock; a replica whose clock runs behind may still see it running after
 * another has seen it run out and booked its time, and this check in the same transaction
 * (whose occupancy documents conflict with that create's on MongoDB) refuses that confirm.
 */
function confirming(deps: LifecycleDeps, service: ServiceRef): Build {
  return async (current, nowMs, tx) => {
    const buffers = new ServiceBuffers(deps.services, current.tenantId, service);
    const self = toExistingBooking(current, await buffers.forBooking(current));
    const others = await occupyingBookings(
      deps,
      buffers,
      { tenantId: current.tenantId, fromMs: current.startsAtMs, toMs: current.endsAtMs },
      tx,
    );
    const capacity = current.resourceId ? await resourceCapacity(deps, service, current) : 0;
    if (!keepsItsPlace(self, others, nowMs, capacity)) {
      throw new DomainError(
        'BOOKING_SLOT_UNAVAILABLE',
        'This hold can no longer be confirmed: its time was booked by someone else after the hold ran out.',
      );
    }
    return { after: { holdExpiresAtMs: null, confirmedAtMs: nowMs } };
  };
}

/** The capacity of the booking's resource as the catalog has it (the schedule read, cached per version). */
async function resourceCapacity(deps: LifecycleDeps, service: ServiceRef, b: BookingDoc): Promise<number> {
  const known = await scheduleAround(deps, {
    tenantId: b.tenantId,
    serviceSlug: service.slug,
    startsAtMs: b.startsAtMs,
  });
  return known.schedule.resources.find((r) => r.resourceId === b.resourceId)?.capacity ?? 1;
}

/** Only when other writers keep winning the compare-and-set (MongoDB); SQLite serializes writers. */
const MAX_ATTEMPTS = 5;

/** Actor names a request may carry; the platform's own `system` is not one of them. */
export function parseActor(actor: string): Actor {
  if ((REQUEST_ACTORS as readonly string[]).includes(actor)) return actor as Actor;
  throw validationError([{ path: 'actor', message: `must be one of ${REQUEST_ACTORS.join(', ')}` }]);
}

export function parseStatusAction(action: string): StatusAction {
  if ((STATUS_ACTIONS as readonly string[]).includes(action)) return action as StatusAction;
  throw validationError([{ path: 'action', message: `must be one of ${STATUS_ACTIONS.join(', ')}` }]);
}

const policyBlocked = (d: Extract<Decision, { ok: false }>) => new DomainError('BOOKING_POLICY_BLOCKED', d.message);

/**
 * confirm, cancel, complete, no_show, and the sweeper's expire. Confirming a hold takes the
 * capacity locks of its interval, so it cannot interleave with a create that finds the hold
 * just expired and takes the slot (docs/architecture.md "Booking lifecycle").
 */
export async function changeStatus(deps: LifecycleDeps, cmd: StatusChangeCommand): Promise<BookingDoc> {
  const given = normalizeBookingReason(cmd.reason);
  if (given === null) throw validationError([{ path: 'reason', message: BOOKING_REASON_MESSAGE }]);
  assertPaymentOptions(cmd);
  const current = await existing(deps, cmd);
  const decision = decide(current, cmd.action, cmd.actor, deps.now());
  if (!decision.ok) throw policyBlocked(decision);
  if (cmd.action === 'confirm') assertPaid(current, cmd);
  const service = await deps.services.byId(cmd.tenantId, current.serviceId);
  const reason = given === '' ? null : given;
  const build: Build = async (current, nowMs, tx) => {
    switch (cmd.action) {
      case 'confirm': {
        assertPaid(current, cmd);
        const confirmed = await confirming(deps, service)(current, nowMs, tx);
        return { after: { ...confirmed.after, ...paymentOnConfirm(current, cmd, nowMs) } };
      }
      case 'cancel':
        return {
          after: {
            holdExpiresAtMs: null,
            cancelReason: cmd.actor === 'customer' ? 'customer' : reason,
            ...paymentOnCancel(current, nowMs, cmd.refundPercent),
          },
        };
      case 'expire':
        return { after: { cancelReason: 'hold_expired', ...paymentOnCancel(current, nowMs, undefined) } };
      case 'no_show':
        return { after: { noShowReason: reason, ...paymentOnNoShow(current) } };
      case 'complete':
        return { after: {} };
    }
  };
  const commit = async () => {
    const after = await commitChange(deps, cmd, cmd.action, { service, customerId: current.customerId }, build);
    if (after.paymentPending) deps.onPaymentWork?.();
    return after;
  };
  if (cmd.action !== 'confirm') return commit();
  // The hold's own owners and days, the keys a create colliding with it takes (owner-choice.ts).
  const keys = occupiedKeys(current);
  return holdingLocks(deps, keys, commit);
}

/**
 * The platform's confirm of a hold that createBooking has just committed for an automatic service
 * (docs/decisions.md "Confirmation policy"): a transition of its own, actor `system`, with its
 * own booking.confirmed row, through the same compare-and-set as every change. The caller still
 * holds the create's capacity locks: the keys a confirm of this interval takes (the service and
 * buffers the booking was just made with), so none are taken again. The customer is the one the
 * create found; a booking this new has no calendar write-back yet, as for every first
 * booking.confirmed (docs/architecture.md "Integrations").
 */
export function confirmCreatedHold(
  deps: LifecycleDeps,
  booking: BookingDoc,
  service: ServiceRef,
  customer: CustomerSnapshot,
  traceparent: string | null,
): Promise<BookingDoc> {
  const ref: ChangeRef = { tenantId: booking.tenantId, bookingId: booking._id, actor: 'system', traceparent };
  const about = { service, customerId: booking.customerId };
  return commitChange(deps, ref, 'confirm', about, confirming(deps, service), { customer, calendarSync: null });
}

/**
 * The service's policies as a booking keeps them from its create or last move (docs/decisions.md
 * "Service policies"): the cut-offs its customer was told, and the daily limit its occupancy
 * was decided under (store/occupied-keys.ts).
 */
export const policiesOf = (
  service: Pick<ServiceInfo, 'cancelCutoffMin' | 'rescheduleCutoffMin' | 'maxBookingsPerDay'>,
): Pick<BookingDoc, 'cancelCutoffMin' | 'rescheduleCutoffMin' | 'maxBookingsPerDay'> => ({
  cancelCutoffMin: service.cancelCutoffMin,
  rescheduleCutoffMin: service.rescheduleCutoffMin,
  maxBookingsPerDay: service.maxBookingsPerDay,
});

/**
 * Moves a held or confirmed booking that has not started (docs/decisions.md "Booking"): the
 * service's current duration and buffers at the new start, rechecked under the capacity locks
 * of the new interval with the catalog read fresh, ignoring the booking's own current interval;
 * a held booking keeps its hold's expiry. Its old interval is free when the change commits.
 */
export async function rescheduleBooking(deps: LifecycleDeps, cmd: RescheduleCommand): Promise<BookingDoc> {
  if (!isEpochMs(cmd.startsAtMs)) throw validationError([{ path: 'startsAtMs', message: EPOCH_MS_MESSAGE }]);
  const current = await existing(deps, cmd);
  const decision = decide(current, 'reschedule', cmd.actor, deps.now());
  if (!decision.ok) throw policyBlocked(decision);
  const service = await deps.services.byId(cmd.tenantId, current.serviceId);
  const req: SlotRequest = {
    tenantId: cmd.tenantId,
    serviceSlug: service.slug,
    startsAtMs: cmd.startsAtMs,
    preferredStaffId: current.staffId ?? undefined,
    ignoreBookingId: current._id,
    // It moves with its party, into a session at the new start or a new one (docs/decisions.md "Seats").
    partySize: current.partySize ?? 1,
  };
  const known = await scheduleAround(deps, req);
  assertBookable(known);
  const looked = await assertSlotOpen(deps, req, known);

  return withChosenOwnerLocks(
    deps,
    req,
    known,
    async ({ fresh, recheckIn }) => {
      const { durationMin, bufferBeforeMin, bufferAfterMin } = fresh.service;
      const about = { service: fresh.service, customerId: current.customerId };
      return commitChange(deps, cmd, 'reschedule', about, async (b, nowMs, tx) => {
        const verdict = await recheckIn(tx);
        return {
          after: {
            startsAtMs: cmd.startsAtMs,
            endsAtMs: cmd.startsAtMs + durationMin * MINUTE_MS,
            staffId: verdict.staffId ?? null,
            // '' clears what a collective booking had, should the service have stopped being one.
            collectiveStaffIds: collectiveStaffIdsOf(verdict.staffIds),
            resourceId: verdict.resourceId ?? null,
            bufferBeforeMin,
            bufferAfterMin,
            // The service's terms at the new start, as its buffers (docs/decisions.md "Service policies").
            ...policiesOf(fresh.service),
            seats: fresh.service.seats,
            // A hold ends 10 minutes after its creation whatever happens to it (the
            // specification's limit): a move keeps it, so no manage link can hold a slot forever
            // (docs/decisions.md "Booking lifecycle").
            holdExpiresAtMs: b.holdExpiresAtMs,
          },
          extra: { previous: { startsAtMs: b.startsAtMs, endsAtMs: b.endsAtMs } },
        };
      });
    },
    undefined,
    looked,
  );
}

/** The payment options of a status change: each only where it means something. */
function assertPaymentOptions(cmd: StatusChangeCommand): void {
  const violations = [];
  if (cmd.paidOutside && (cmd.action !== 'confirm' || cmd.actor === 'customer')) {
    violations.push({ path: 'paidOutside', message: 'only with a confirm by staff or a partner' });
  }
  if (cmd.refundPercent !== undefined) {
    if (cmd.action !== 'cancel' || cmd.actor === 'customer') {
      violations.push({ path: 'refundPercent', message: 'only with a cancel by staff or a partner' });
    } else if (
      !Number.isInteger(cmd.refundPercent) ||
      cmd.refundPercent < 0 ||
      cmd.refundPercent > MAX_REFUND_PERCENT
    ) {
      violations.push({ path: 'refundPercent', message: `must be an integer from 0 to ${MAX_REFUND_PERCENT}` });
    }
  }
  if (violations.length > 0) throw validationError(violations);
}

/**
 * A paid booking is confirmed by its payment (docs/decisions.md "Payments"): by the platform once
 * its checkout is paid, or by staff who say it was paid another way; otherwise PAYMENT_REQUIRED.
 */
function assertPaid(b: BookingDoc, cmd: StatusChangeCommand): void {
  if (b.payment?.state !== 'awaiting') return;
  if (cmd.paidCheckout && isPaid(cmd.paidCheckout)) return;
  if (cmd.paidOutside) return;
  throw new DomainError(
    'PAYMENT_REQUIRED',
    'This booking is not paid yet; it confirms itself once the customer pays. Confirm it with paidOutside: true if it was paid another way.',
  );
}

/** The payment fields of a change, with the worker's flag that follows from them. */
const paymentFields = (payment: BookingPayment): Partial<BookingDoc> => ({
  payment,
  paymentPending: hasPendingWork(payment),
});

function paymentOnConfirm(b: BookingDoc, cmd: StatusChangeCommand, nowMs: number): Partial<BookingDoc> {
  if (!b.payment || b.payment.state !== 'awaiting') return {};
  if (cmd.paidCheckout) return paymentFields(paidWith(b.payment, cmd.paidCheckout, nowMs, cmd.actor));
  // Its checkout stays unsettled: the worker expires it (and refunds it, should it have been paid too).
  return paymentFields(paidOutside(b.payment, nowMs, cmd.actor));
}

/**
 * A cancel (or the hold's end) of a paid booking: an unpaid one's checkout is to be expired; a
 * paid one is refunded by the service's policy as it stands at `nowMs`, or by the staff's share.
 */
function paymentOnCancel(b: BookingDoc, nowMs: number, overridePercent: number | undefined): Partial<BookingDoc> {
  if (!b.payment) return {};
  if (b.payment.state === 'awaiting') return paymentFields({ ...b.payment, state: 'unpaid', checkoutUrl: '' });
  const due = refundOnCancel({ ...b, payment: b.payment }, nowMs, overridePercent);
  return paymentFields({ ...b.payment, refundDue: b.payment.refundDue + due });
}

/** A no-show of a paid booking whose service charges one, with a card saved at checkout. */
function paymentOnNoShow(b: BookingDoc): Partial<BookingDoc> {
  if (!b.payment) return {};
  const fee = noShowChargeOf(b.payment);
  return fee > 0 ? paymentFields({ ...b.payment, feeDue: b.payment.feeDue + fee }) : {};
}

async function existing(deps: LifecycleDeps, ref: ChangeRef): Promise<BookingDoc> {
  const booking = await deps.store.booking(ref.tenantId, ref.bookingId);
  if (!booking) throw notFound('Booking');
  return booking;
}

/**
 * In one transaction: the booking read again, the state machine asked again at the commit time,
 * the change and its event written as a compare-and-set. Another writer winning in between
 * (possible on MongoDB) means another round on what it wrote, where the decision may now refuse.
 */
async function commitChange(
  deps: LifecycleDeps,
  ref: ChangeRef,
  action: BookingAction,
  about: { service: Pick<ServiceRef, 'serviceId' | 'slug' | 'name'>; customerId: string },
  build: Build,
  /** What the caller knows already of what the event names (confirmCreatedHold). */
  given?: { customer: CustomerSnapshot; calendarSync: CalendarSyncView | null },
): Promise<BookingDoc> {
  const { service } = about;
  // The customer of a booking never changes, so the snapshot can be taken before the transaction;
  // what it says of the person is dropped there if their erase has begun meanwhile (below).
  // The calendar write-back state is the integrations service's (its record is the only copy):
  // the event carries it as it stood before this change, which the write-back then acts on.
  const [customer, calendarSync] = given
    ? [given.customer, given.calendarSync]
    : await Promise.all([
        customerSnapshot(deps, ref.tenantId, about.customerId),
        deps.calendarSyncs.of(ref.tenantId, ref.bookingId),
      ]);
  // A booking of an erased customer is not moved (docs/decisions.md "Privacy"); the erase
  // cancelled the open ones, and anything else is refused by the state machine anyway.
  if (action === 'reschedule' && customer.erased) throw erasedCustomer();
  const known = calendarSync ? { calendarSync } : {};
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const done = await deps.store.withTransaction(async (tx) => {
      const current = await deps.store.booking(ref.tenantId, ref.bookingId, tx);
      if (!current) throw notFound('Booking');
      const nowMs = deps.now();
      const decision = decide(current, action, ref.actor, nowMs);
      if (!decision.ok) throw policyBlocked(decision);
      const { after: changes, extra } = await build(current, nowMs, tx);
      // Once the customer's erase has begun (docs/decisions.md "Privacy"), a change still happens
      // but writes nothing of the person: the booking as the job strips it, the event as the job
      // redacts it (marked so, the job does not wait for it). Only the job's own cancellations
      // of its first step go out whole, as the job redacts them later. A change whose snapshot
      // was read before the job's last redaction would otherwise keep it for good; seenIn makes
      // "no job" here mean committed before the job opened, so the job's steps see the event.
      const job = await deps.store.eraseJobs.seenIn(ref.tenantId, current.customerId, nowMs, tx);
      const redact = job !== null && !(ref.erasing === true && job.step === 'cancel');
      const after: BookingDoc = {
        ...current,
        ...changes,
        ...(redact ? STRIPPED_BOOKING : {}),
        status: decision.to,
        updatedAtMs: nowMs,
        revision: (current.revision ?? 0) + 1,
      };
      // Who made the change (staff, customer, partner; `system` for the platform's own confirm and
      // expiry): the notifications tell the business of what a customer did (docs/decisions.md
      // "Notifications").
      const event = bookingEvent(decision.event, after, service, customer, nowMs, ref.traceparent, {
        ...extra,
        ...known,
        actor: ref.actor,
      });
      const written = redact ? { ...event, data: redactEventData(event.data), redactedAtMs: nowMs } : event;
      return (await deps.store.transition(current, after, written, tx)) ? after : null;
    });
    if (done) return done;
  }
  // Retryable (503), not "not allowed" (409): every round the state machine allowed the change.
  throw bookingUnavailable('This booking is being changed by someone else; please retry.');
}

/** The customer as events name them; one the customer service no longer knows keeps its id only. */
async function customerSnapshot(deps: LifecycleDeps, tenantId: string, customerId: string): Promise<CustomerSnapshot> {
  try {
    return await deps.customers.byId(tenantId, customerId);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') {
      return { customerId, name: '', primaryEmail: null, erased: false };
    }
    throw err;
  }
}
