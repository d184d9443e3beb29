import type { Answer, BookingStatus, ConfirmationPolicy } from '@svc/rules';
import type { EraseStep } from '../domain/erasure.js';
import type { BookingPayment } from '../domain/payment.js';

/** Where the booking service keeps each kind of document. */
export const BOOKING_COLLECTIONS = {
  bookings: 'bookings',
  idempotency: 'idempotency_keys',
  outbox: 'outbox',
  leases: 'relay_leases',
  occupancyVersions: 'occupancy_versions',
  eraseJobs: 'erase_jobs',
  customerFences: 'customer_fences',
} as const;

/** A booking as stored (docs/decisions.md "Booking"); `_id` is the bookingId. */
export interface BookingDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  serviceId: string;
  serviceSlug: string;
  staffId: string | null;
  resourceId: string | null;
  customerId: string;
  status: BookingStatus;
  startsAtMs: number;
  endsAtMs: number;
  timezone: string;
  source: string;
  notes: string;
  holdExpiresAtMs: number | null;
  /**
   * The service's buffers when the booking was made: it occupies its owner over
   * `[startsAtMs − bufferBeforeMin, endsAtMs + bufferAfterMin)` (docs/decisions.md
   * "Availability"). Absent only on bookings made before they were stored, until the start-up
   * migration fills them in (application/stored-buffers.ts).
   */
  bufferBeforeMin?: number;
  bufferAfterMin?: number;
  cancelReason: string | null;
  noShowReason: string | null;
  /**
   * The service's confirmation policy when the booking was made: `automatic` bookings are
   * confirmed by the platform (docs/decisions.md "Confirmation policy"). Absent on bookings made
   * before it existed: manual.
   */
  confirmation?: ConfirmationPolicy;
  /**
   * The service's policies when the booking was made or last moved (docs/decisions.md "Service
   * policies"): the customer's cut-offs, and the daily limit its occupancy was decided under.
   * Absent on bookings made before they existed: 0, none.
   */
  cancelCutoffMin?: number;
  rescheduleCutoffMin?: number;
  maxBookingsPerDay?: number;
  /**
   * The answers to the service's intake questions, each with the question's label and type as
   * asked (docs/decisions.md "Intake questions"). Absent on bookings made before: none.
   */
  answers?: Answer[];
  /**
   * The seats it takes, and its service's seats when it was made or moved: above 1 it belongs to
   * the session of its service, start and owner (docs/decisions.md "Seats"). Absent: 1, 1.
   */
  partySize?: number;
  seats?: number;
  /**
   * Every staff member a collective booking occupies, `staffId` the first, their ids joined by
   * spaces (docs/decisions.md "Staff assignment"): a string, as the occupancy read projects only
   * scalars (DocumentStore FindOptions.fields). Absent or '' on any other booking.
   */
  collectiveStaffIds?: string;
  /** When it was confirmed; absent until then (and on bookings confirmed before it was stored). */
  confirmedAtMs?: number;
  /**
   * A booking of a service with a payment policy: its terms as made, its checkout and its money
   * (docs/decisions.md "Payments"). Absent on any other.
   */
  payment?: BookingPayment;
  /**
   * Top-level copies the payment worker and the return URL find a booking by: whether the
   * worker has something to do for it (domain/payment.ts hasPendingWork: a checkout that may
   * still take money, a refund or a fee decided and not yet moved), and its return key.
   */
  paymentPending?: boolean;
  paymentReturnKey?: string;
  createdAtMs: number;
  updatedAtMs: number;
  /**
   * 0 at create, one more with every change: the compare-and-set guard of transitions and the
   * iCalendar SEQUENCE. Absent on bookings made before it existed (read as 0).
   */
  revision?: number;
}

/** Every staff member a booking occupies: a collective booking's all, else its one (or none). */
export const staffOfBooking = (b: {
  staffId: string | null;
  collectiveStaffIds?: string | null | undefined;
}): string[] => (b.collectiveStaffIds ? b.collectiveStaffIds.split(' ') : b.staffId ? [b.staffId] : []);

/** A collective booking's staff as the booking keeps them; '' for any other. */
export const collectiveStaffIdsOf = (staffIds: readonly string[] | undefined): string =>
  staffIds && staffIds.length > 0 ? staffIds.join(' ') : '';

/**
 * What the occupancy read (availability, the recheck under the lock) takes of a booking: the
 * fields an index holds, so it is read without a document decode. A buffer is null on a booking
 * made before buffers were stored.
 */
export const OCCUPANCY_FIELDS = [
  'serviceId',
  'staffId',
  'resourceId',
  'status',
  'startsAtMs',
  'endsAtMs',
  'holdExpiresAtMs',
  'bufferBeforeMin',
  'bufferAfterMin',
  'partySize',
  'seats',
  'collectiveStaffIds',
  'createdAtMs',
] as const;
export type OccupancyDoc = Pick<
  BookingDoc,
  | '_id'
  | Exclude<
      (typeof OCCUPANCY_FIELDS)[number],
      'bufferBeforeMin' | 'bufferAfterMin' | 'partySize' | 'seats' | 'collectiveStaffIds'
    >
> & {
  /** Null (or absent) on any booking but a collective one. */
  collectiveStaffIds?: string | null;
  bufferBeforeMin?: number | null;
  bufferAfterMin?: number | null;
  /** Null (or absent) on bookings made before seats: 1. */
  partySize?: number | null;
  seats?: number | null;
};

export type { BookingStatus } from '@svc/rules';

/** The first response to an Idempotency-Key, kept 24 hours; `_id` hashes tenant and key. */
export interface IdempotencyDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  fingerprint: string;
  bookingId: string;
  /** Status in the first response, so a replay answers identically even after a transition. */
  originalStatus: string;
  createdAtMs: number;
  expiresAtMs: number;
}

/**
 * An outbox row (docs/architecture.md "Events"); `_id` is the event id, time-ordered. Immutable
 * but for its publication and, once published, the erase of its customer, which redacts `data`
 * (docs/decisions.md "Privacy").
 */
export interface OutboxDoc {
  [field: string]: unknown;
  _id: string;
  type: string;
  payloadVersion: 1;
  occurredAtMs: number;
  /** Partition key on the bus: the booking id, so one booking's events stay in order. */
  key: string;
  tenantId: string;
  data: Record<string, unknown>;
  /** W3C traceparent of the change, carried to the bus headers and the webhook. */
  traceparent: string | null;
  /** Text rather than a boolean so the (state, _id) index serves the relay's query. */
  state: 'pending' | 'published';
  publishedAtMs: number | null;
  /** When the erase of its customer redacted `data`; absent until then. */
  redactedAtMs?: number;
}

/**
 * The durable erase of one customer (application/erase-customer.ts; docs/decisions.md
 * "Privacy"): `_id` is `<tenantId>:<customerId>`. Written before its first step and kept once
 * done, so a second request answers what the first did. Holds ids and counts only.
 */
export interface EraseJobDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  customerId: string;
  /** The step to run next (domain/erasure.ts ERASE_STEPS); `done` once every step ran. */
  step: EraseStep;
  requestedAtMs: number;
  completedAtMs: number | null;
  /** The customer's bookings, and how many of them the erase cancelled (counted in the strip step). */
  bookings: number;
  cancelled: number;
  /** The announce step's progress: the page cursor after the last booking announced, and the rows written. */
  announcedAfter: string | null;
  announcedRows: number;
  /**
   * The payments step: Stripe customers deleted, and those left because the workspace's account
   * could not delete them (disconnected, key refused); absent on jobs done before the step.
   */
  paymentCustomersDeleted?: number;
  paymentCustomersLeft?: number;
  updatedAtMs: number;
}

/**
 * One owner's occupancy on one UTC day, materialized (docs/architecture.md "Booking create"):
 * every write that adds or changes a booking occupying the owner that day counts `version` up in
 * its own transaction, so two transactions that decided on the same owner and day write one
 * document and cannot both commit on MongoDB; and a day's versions summed are the occupancy
 * cache's stamp of the day ("Occupancy cache"). `_id` is the capacity lock's key,
 * `<tenantId>:<owner>:<YYYY-MM-DD>`; `day` the same UTC day as a number (absent on documents no
 * write has touched since it was added).
 */
export interface OccupancyVersionDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  day?: number;
  version: number;
  updatedAtMs: number;
}

/**
 * One customer's fence (EraseJobRepository.seenIn; docs/decisions.md "Privacy"): counted up by
 * every transaction that adds or changes a booking of the customer and by the one that opens
 * their erase job, so on MongoDB those transactions write one document and cannot overlap.
 * `_id` is the erase job's, `<tenantId>:<customerId>`; ids and a count only.
 */
export interface CustomerFenceDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  version: number;
  updatedAtMs: number;
}

/** Who runs the outbox relay now (docs/architecture.md "Events"): one row, `_id` names the job. */
export interface LeaseDoc {
  [field: string]: unknown;
  _id: string;
  owner: string;
  expiresAtMs: number;
}
