import { normalizeTimeZone } from '@svc/rules';
import { DomainError } from '@svc/errors';
import type { LockManager } from '@svc/lock';
import { clampToEpochRange, DAY_MS, MINUTE_MS } from '@svc/rules';
import { DuplicateKeyError, type Tx } from '@svc/store';
import { checkSlot, type SlotVerdict } from '../domain/availability/index.js';
import { assertValidCreateInput } from '../domain/create-input.js';
import type { BookingStore } from '../store/booking-store.js';
import { newBookingId } from '../store/ids.js';
import type { BookingDoc, IdempotencyDoc } from '../store/records.js';
import { bookingEvent } from './booking-events.js';
import { occupyingBookings } from './existing-bookings.js';
import { acquireAll, releaseAll } from './lock-all.js';
import { lockKeysFor } from './lock-keys.js';
import type { CustomerDirectory, CustomerInput, ScheduleSource, ServiceLookup, ServiceSchedule } from './ports.js';
import { ServiceBuffers } from './stored-buffers.js';

export const HOLD_MS = 10 * MINUTE_MS;
const LOCK_TTL_MS = 15_000;

export interface CreateBookingCommand {
  tenantId: string;
  idempotencyKey: string;
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
  traceparent: string | null;
}

export interface CreateBookingResult {
  booking: BookingDoc;
  idempotentReplay: boolean;
}

export interface CreateBookingDeps {
  store: BookingStore;
  lock: LockManager;
  schedules: ScheduleSource;
  /** Buffers of services whose older bookings carry none (stored-buffers.ts). */
  services: ServiceLookup;
  customers: CustomerDirectory;
  now: () => number;
  /** How long a create may wait for the capacity locks before answering 503. */
  lockWaitMs: number;
}

/**
 * docs/architecture.md "Booking create": replay check; the slot checked against the schedule (cheap,
 * outside the lock, so latecomers fail fast); the capacity locks taken; under them the replay
 * and slot checks again and only then the customer found or created, so a request that loses
 * the slot leaves no customer behind; then, in one transaction, the slot check once more (it
 * also guards a lease that outlived its TTL) and the booking, its outbox row and the
 * idempotency record written together. An unreachable lock or store surfaces as
 * LockUnavailableError / StoreUnavailableError; the RPC layer answers those with 503.
 */
export async function createBooking(deps: CreateBookingDeps, cmd: CreateBookingCommand): Promise<CreateBookingResult> {
  // The customer with the customer service's own rules, before any lock (docs/api-conventions.md).
  assertValidCreateInput(cmd);
  const earlier = await deps.store.idempotencyRecord(cmd.tenantId, cmd.idempotencyKey, deps.now());
  if (earlier) return replay(deps, earlier, cmd);

  const { service, schedule, tenant } = await scheduleAround(deps, cmd);
  if (tenant.status !== 'active') throw new DomainError('TENANT_INACTIVE', 'This business is not taking bookings.');
  if (service.status !== 'active') throw new DomainError('SERVICE_INACTIVE', 'This service cannot be booked.');
  // One per create: each older booking's service is asked of the catalog once, not again under
  // the lock or inside the transaction.
  const buffers = new ServiceBuffers(deps.services, cmd.tenantId, service);
  const verdict = await verdictFor(deps, cmd, schedule, buffers);
  if (!verdict.ok) throw slotUnavailable(verdict.reason);

  const durationMs = service.durationMin * MINUTE_MS;
  const keys = lockKeysFor(
    cmd.tenantId,
    service,
    cmd.startsAtMs - service.bufferBeforeMin * MINUTE_MS,
    cmd.startsAtMs + durationMs + service.bufferAfterMin * MINUTE_MS,
  );
  const leases = await acquireAll(deps.lock, keys, { ttlMs: LOCK_TTL_MS, waitMs: deps.lockWaitMs, nowMs: deps.now });
  if (!leases) throw new DomainError('BOOKING_POLICY_BLOCKED', 'Bookings are busy right now; please retry.', [], 503);
  try {
    const earlierUnderLock = await deps.store.idempotencyRecord(cmd.tenantId, cmd.idempotencyKey, deps.now());
    if (earlierUnderLock) return await replay(deps, earlierUnderLock, cmd);
    const underLock = await verdictFor(deps, cmd, schedule, buffers);
    if (!underLock.ok) throw slotUnavailable(underLock.reason);
    const customer = await deps.customers.lookupOrCreate(cmd.tenantId, cmd.customer);

    return await deps.store.withTransaction(async (tx) => {
      const now = deps.now();
      const again = await deps.store.idempotencyRecord(cmd.tenantId, cmd.idempotencyKey, now, tx);
      if (again) return replay(deps, again, cmd, tx);

      const recheck = await verdictFor(deps, cmd, schedule, buffers, tx);
      if (!recheck.ok) throw slotUnavailable(recheck.reason);

      const booking: BookingDoc = {
        _id: newBookingId(),
        tenantId: cmd.tenantId,
        serviceId: service.serviceId,
        serviceSlug: service.slug,
        staffId: recheck.staffId ?? null,
        resourceId: recheck.resourceId ?? null,
        customerId: customer.customerId,
        status: 'held',
        startsAtMs: cmd.startsAtMs,
        endsAtMs: cmd.startsAtMs + durationMs,
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
        createdAtMs: now,
        updatedAtMs: now,
      };
      await deps.store.insertHeld(
        booking,
        bookingEvent('booking.created', booking, service, customer, now, cmd.traceparent),
        { key: cmd.idempotencyKey, fingerprint: cmd.fingerprint },
        tx,
      );
      return { booking, idempotentReplay: false };
    });
  } catch (err) {
    // Another process committed the same key between our check and our insert.
    if (err instanceof DuplicateKeyError) {
      const winner = await deps.store.idempotencyRecord(cmd.tenantId, cmd.idempotencyKey, deps.now());
      if (winner) return replay(deps, winner, cmd);
    }
    throw err;
  } finally {
    await releaseAll(deps.lock, leases);
  }
}

async function scheduleAround(deps: CreateBookingDeps, cmd: CreateBookingCommand): Promise<ServiceSchedule> {
  // Clamped: a start near either end of the epoch-ms range still asks for a window the catalog takes.
  const fromMs = clampToEpochRange(cmd.startsAtMs - DAY_MS);
  return deps.schedules.forService(
    cmd.tenantId,
    cmd.serviceSlug,
    fromMs,
    clampToEpochRange(cmd.startsAtMs + 2 * DAY_MS),
  );
}

async function verdictFor(
  deps: CreateBookingDeps,
  cmd: CreateBookingCommand,
  schedule: ServiceSchedule['schedule'],
  buffers: ServiceBuffers,
  tx?: Tx,
): Promise<SlotVerdict> {
  // Only bookings whose occupied interval overlaps the slot's buffered one can collide with it.
  const { durationMin, bufferBeforeMin, bufferAfterMin } = schedule.service;
  const fromMs = cmd.startsAtMs - bufferBeforeMin * MINUTE_MS;
  const toMs = cmd.startsAtMs + (durationMin + bufferAfterMin) * MINUTE_MS;
  const bookings = await occupyingBookings(deps, buffers, { tenantId: cmd.tenantId, fromMs, toMs }, tx);
  return checkSlot({
    schedule,
    bookings,
    startsAtMs: cmd.startsAtMs,
    nowMs: deps.now(),
    preferredStaffId: cmd.staffId,
  });
}

/** The first response again for the same body; a conflict for another body. */
async function replay(
  deps: CreateBookingDeps,
  rec: IdempotencyDoc,
  cmd: CreateBookingCommand,
  tx?: Tx,
): Promise<CreateBookingResult> {
  if (rec.fingerprint !== cmd.fingerprint) {
    throw new DomainError(
      'BOOKING_IDEMPOTENCY_CONFLICT',
      'This Idempotency-Key was already used with a different request body.',
    );
  }
  const booking = await deps.store.booking(cmd.tenantId, rec.bookingId, tx);
  if (!booking) throw new DomainError('INTERNAL_ERROR', 'The booking of this Idempotency-Key is missing.');
  // "The original response again": the status it had when it was created.
  return { booking: { ...booking, status: rec.originalStatus as BookingDoc['status'] }, idempotentReplay: true };
}

const slotUnavailable = (reason: string) =>
  new DomainError('BOOKING_SLOT_UNAVAILABLE', `This time is not available (${reason.replace(/_/g, ' ')}).`);
