import { DomainError } from '@svc/errors';
import { HOLD_MS, MINUTE_MS, normalizeTimeZone } from '@svc/rules';
import { DuplicateKeyError, type Tx } from '@svc/store';
import { answersFor, assertPartyFits, assertStaffOfService, assertValidCreateInput } from '../domain/create-input.js';
import { erasedCustomer } from '../domain/erasure.js';
import type { Choice } from '../domain/owner-choice.js';
import { amountDueOf, type BookingPayment } from '../domain/payment.js';
import { newBookingId } from '../store/ids.js';
import { collectiveStaffIdsOf, type BookingDoc, type IdempotencyDoc } from '../store/records.js';
import { confirmedOrCurrent, replayAnswer } from './automatic-confirmation.js';
import { bookingEvent } from './booking-events.js';
import { confirmCreatedHold, policiesOf, type LifecycleDeps } from './booking-lifecycle.js';
import { openCheckout } from './payments.js';
import type { CustomerInput, ServiceInfo, ServiceSchedule } from './ports.js';
import {
  assertBookable,
  assertSlotOpen,
  scheduleAround,
  withChosenOwnerLocks,
  type SlotRequest,
} from './slot-guard.js';

export { HOLD_MS };

export interface CreateBookingCommand {
  tenantId: string;
  idempotencyKey: string;
  /** The caller's namespace of the key (@svc/rules isIdempotencyScope); '' for the public create. */
  idempotencyScope: string;
  /** SHA-256 of the canonical request body (computed by the gateway). */
  fingerprint: string;
  serviceSlug: string;
  startsAtMs: number;
  source: string;
  customer: CustomerInput;
  notes: string;
  /** The customer's IANA zone; empty = the tenant's. */
  timezone: string;
  staffId?: string | undefined;
  /** The answers to the service's questions by key, as sent (checked here against the catalog). */
  answers: Readonly<Record<string, unknown>>;
  /** The seats it takes (docs/decisions.md "Seats"). */
  partySize: number;
  /** Where Stripe sends the customer back, with `{KEY}` (application/payments.ts); '' = none known. */
  paymentReturnUrl: string;
  traceparent: string | null;
}

export interface CreateBookingResult {
  booking: BookingDoc;
  idempotentReplay: boolean;
}

/** A create may confirm what it made (automatic services), so it needs what a change needs. */
export type CreateBookingDeps = LifecycleDeps;

/** The booking this create made, or the record and booking of the earlier create of its key. */
type Outcome = { created: BookingDoc } | { replayOf: IdempotencyDoc; booking: BookingDoc };

/**
 * docs/architecture.md "Booking create": replay check; the slot checked against the (possibly
 * cached) schedule outside the lock, so latecomers fail fast; the connected calendars read fresh
 * and the locks of the chosen staff member and resource taken; under them the catalog read fresh, the replay and slot checks again and only then the customer found
 * or created, so a request that loses the slot leaves no customer behind; then, in one
 * transaction, the slot check once more (it also guards a lease that outlived its TTL) and the
 * booking, its outbox row and the idempotency record written together. A booking of an automatic
 * service is then confirmed in a transaction of its own, before the locks go (docs/decisions.md
 * "Confirmation policy"). An unreachable lock or store surfaces as LockUnavailableError /
 * StoreUnavailableError; the RPC layer answers those with 503.
 */
export async function createBooking(deps: CreateBookingDeps, cmd: CreateBookingCommand): Promise<CreateBookingResult> {
  // The customer with the customer service's own rules, before any lock (docs/api-conventions.md);
  // a preferred staff member the service does not list is refused before anything is asked about them.
  assertValidCreateInput(cmd);
  const outcome = await createOrFind(deps, cmd);
  if ('created' in outcome) return { booking: outcome.created, idempotentReplay: false };
  // After the locks: a replay may confirm what its first request left held, which takes them.
  const booking = await replayAnswer(deps, outcome.booking, outcome.replayOf.originalStatus, cmd.traceparent);
  return { booking, idempotentReplay: true };
}

/**
 * The key as the store keeps it: the caller's scope and the key, so one caller's key never finds
 * another's record. A NUL cannot occur in either (printable ASCII keys, id-shaped scopes); the
 * public scope is empty, so the public create's keys keep the form they had before scopes.
 */
const keyOf = (cmd: CreateBookingCommand): string =>
  cmd.idempotencyScope === '' ? cmd.idempotencyKey : `${cmd.idempotencyScope}\u0000${cmd.idempotencyKey}`;

async function createOrFind(deps: CreateBookingDeps, cmd: CreateBookingCommand): Promise<Outcome> {
  const earlier = await deps.store.idempotencyRecord(cmd.tenantId, keyOf(cmd), deps.now());
  if (earlier) return replay(deps, earlier, cmd);

  const req: SlotRequest = {
    tenantId: cmd.tenantId,
    serviceSlug: cmd.serviceSlug,
    startsAtMs: cmd.startsAtMs,
    preferredStaffId: cmd.staffId,
    partySize: cmd.partySize,
  };
  const known = await scheduleAround(deps, req);
  assertBookable(known);
  assertStaffOfService(cmd.staffId, known.service);
  assertPartyFits(cmd.partySize, known.service);
  answersFor(known.service, cmd.answers);
  // The key was just looked up: the first look needs no second read of it.
  const looked = await assertSlotOpen(deps, req, known);

  // A paid service's checkout, before the locks (application/payments.ts openCheckout); expired
  // again when the create does not make its booking after all.
  const bookingId = newBookingId();
  // The look above may read a catalog a moment old; what the customer is asked to pay (and
  // whether the card is saved) follows the service's terms as they are now.
  const terms = isPaidService(known.service) ? (await scheduleAround(deps, req, true)).service : known.service;
  const payment = await openCheckout(deps.payments, {
    tenantId: cmd.tenantId,
    bookingId,
    service: terms,
    returnUrl: cmd.paymentReturnUrl,
  });
  let made = false;
  try {
    const outcome = await createUnderLocks(deps, cmd, req, known, looked, bookingId, payment);
    made = 'created' in outcome;
    return outcome;
  } finally {
    if (payment && !made) abandonCheckout(deps, cmd.tenantId, payment);
  }
}

/** Expires the checkout of a create that made no booking; a failure leaves a page nobody was given. */
function abandonCheckout(deps: CreateBookingDeps, tenantId: string, payment: BookingPayment): void {
  deps.payments.expireCheckout(tenantId, payment.checkoutSessionId).catch(() => {});
}

async function createUnderLocks(
  deps: CreateBookingDeps,
  cmd: CreateBookingCommand,
  req: SlotRequest,
  known: ServiceSchedule,
  looked: Choice,
  bookingId: string,
  payment: BookingPayment | null,
): Promise<Outcome> {
  // Looked at again before each new look for the locks: a retry whose first request has
  // committed meanwhile answers that as a replay.
  const committedMeanwhile = async (): Promise<Outcome | undefined> => {
    const earlier = await deps.store.idempotencyRecord(cmd.tenantId, keyOf(cmd), deps.now());
    return earlier ? replay(deps, earlier, cmd) : undefined;
  };
  try {
    return await withChosenOwnerLocks(
      deps,
      req,
      known,
      async ({ fresh, recheckIn }) => {
        const earlierUnderLock = await deps.store.idempotencyRecord(cmd.tenantId, keyOf(cmd), deps.now());
        if (earlierUnderLock) return replay(deps, earlierUnderLock, cmd);
        // The catalog as it is now: the staff member may have left the service meanwhile, and
        // the questions are kept as they are asked now.
        assertStaffOfService(cmd.staffId, fresh.service);
        assertPartyFits(cmd.partySize, fresh.service);
        const answers = answersFor(fresh.service, cmd.answers);
        assertSameAmountDue(payment, fresh.service);
        const customer = await deps.customers.lookupOrCreate(cmd.tenantId, cmd.customer);
        if (customer.erased) throw erasedCustomer();
        const { service, tenant } = fresh;

        const outcome = await deps.store.withTransaction(async (tx): Promise<Outcome> => {
          const now = deps.now();
          const again = await deps.store.idempotencyRecord(cmd.tenantId, keyOf(cmd), now, tx);
          if (again) return replay(deps, again, cmd, tx);
          // A customer being erased takes no new booking (docs/decisions.md "Privacy"): the job is
          // read here, and the customer's fence written, which the job's opening writes too. On
          // MongoDB a create that read "no job" would otherwise commit after the job collected the
          // customer's bookings; now it conflicts and runs again (then refused), or it committed
          // before the job opened and every step sees its booking. Refusing is simpler than a job
          // that hunts for newcomers, and holds on SQLite (one writer) and MongoDB alike.
          if (await deps.store.eraseJobs.seenIn(cmd.tenantId, customer.customerId, now, tx)) throw erasedCustomer();

          const recheck = await recheckIn(tx);

          const booking: BookingDoc = {
            _id: bookingId,
            tenantId: cmd.tenantId,
            serviceId: service.serviceId,
            serviceSlug: service.slug,
            staffId: recheck.staffId ?? null,
            // A collective booking occupies every one of its staff (docs/decisions.md "Staff assignment").
            ...(recheck.staffIds ? { collectiveStaffIds: collectiveStaffIdsOf(recheck.staffIds) } : {}),
            resourceId: recheck.resourceId ?? null,
            customerId: customer.customerId,
            status: 'held',
            startsAtMs: cmd.startsAtMs,
            endsAtMs: cmd.startsAtMs + service.durationMin * MINUTE_MS,
            // Checked before the locks, so normalizeTimeZone finds it; stored under its canonical name.
            timezone: normalizeTimeZone(cmd.timezone) ?? tenant.timezone,
            source: cmd.source,
            notes: cmd.notes,
            holdExpiresAtMs: now + HOLD_MS,
            // Stored, so a later change of the service's buffers does not move this booking
            // (docs/decisions.md "Availability").
            bufferBeforeMin: service.bufferBeforeMin,
            bufferAfterMin: service.bufferAfterMin,
            cancelReason: null,
            noShowReason: null,
            confirmation: service.confirmation,
            ...policiesOf(service),
            answers,
            partySize: cmd.partySize,
            seats: service.seats,
            ...(payment ? { payment, paymentPending: true, paymentReturnKey: payment.returnKey } : {}),
            createdAtMs: now,
            updatedAtMs: now,
            revision: 0,
          };
          await deps.store.insertHeld(
            booking,
            bookingEvent('booking.created', booking, service, customer, now, cmd.traceparent),
            { key: keyOf(cmd), fingerprint: cmd.fingerprint },
            tx,
          );
          return { created: booking };
        });
        // A paid booking is confirmed by its payment, never automatically (docs/decisions.md "Payments").
        if (!('created' in outcome) || service.confirmation !== 'automatic' || payment) return outcome;
        // Its own transition and event, with the locks of this very interval still held. A
        // failure here (an outage) fails the request although the hold is committed: a retry
        // with the key confirms it as a replay, and so does the sweeper (automatic-confirmation.ts).
        const { created } = outcome;
        return {
          created: await confirmedOrCurrent(deps, created, () =>
            confirmCreatedHold(deps, created, service, customer, cmd.traceparent),
          ),
        };
      },
      committedMeanwhile,
      looked,
    );
  } catch (err) {
    // Another process committed the same key between our check and our insert.
    if (err instanceof DuplicateKeyError) {
      const winner = await deps.store.idempotencyRecord(cmd.tenantId, keyOf(cmd), deps.now());
      if (winner) return replay(deps, winner, cmd);
    }
    throw err;
  }
}

/**
 * The checkout opened before the locks asks what the service charges now: a price or payment
 * terms changed in between refuse the create (its checkout is then expired), so nobody pays an
 * amount, or agrees to terms, the service no longer has.
 */
function assertSameAmountDue(payment: BookingPayment | null, service: ServiceInfo): void {
  const due = amountDueOf(service, service.price);
  const same =
    payment === null
      ? due === null
      : due === payment.amountDue &&
        service.price?.currency === payment.currency &&
        service.refundAfterCutoffPercent === payment.refundAfterCutoffPercent &&
        service.noShowCharge === payment.noShowCharge &&
        service.noShowFeeAmount === payment.noShowFeeAmount;
  if (!same) {
    throw new DomainError(
      'BOOKING_POLICY_BLOCKED',
      "The service's price or payment terms changed while this booking was made; please try again.",
    );
  }
}

/** A service whose create opens a checkout. */
const isPaidService = (service: ServiceInfo): boolean => amountDueOf(service, service.price) !== null;

/** The earlier create of the same body (answered by replayAnswer); a conflict for another body. */
async function replay(
  deps: CreateBookingDeps,
  rec: IdempotencyDoc,
  cmd: CreateBookingCommand,
  tx?: Tx,
): Promise<Outcome> {
  if (rec.fingerprint !== cmd.fingerprint) {
    throw new DomainError(
      'BOOKING_IDEMPOTENCY_CONFLICT',
      'This Idempotency-Key was already used with a different request body.',
    );
  }
  const booking = await deps.store.booking(cmd.tenantId, rec.bookingId, tx);
  if (!booking) throw new DomainError('INTERNAL_ERROR', 'The booking of this Idempotency-Key is missing.');
  return { replayOf: rec, booking };
}
