// Inputs and outputs of the availability engine. They are the engine's own shapes, independent
// of the catalog proto: the booking service maps a GetScheduleSnapshotResponse onto them (and
// drops inactive rules, blocks and holidays before it does), so the engine never learns wire
// details such as proto3's empty-string-for-absent.

/** Whose weekly hours or blocked time a record describes. `tenant` records apply to the whole tenant. */
export type OwnerType = 'tenant' | 'staff' | 'resource';

export interface ServiceInput {
  serviceId: string;
  /** Length of the slot itself; must be a positive integer. */
  durationMin: number;
  /**
   * Free time the owner needs before a booking of this service: a new slot occupies its owner
   * from `start − bufferBeforeMin` (docs/decisions.md "Availability", the buffer rule).
   */
  bufferBeforeMin: number;
  /** Free time the owner needs after a booking of this service: occupied until `end + bufferAfterMin`. */
  bufferAfterMin: number;
  /** Spacing of slot starts; 0 or less means "same as durationMin" (the catalog default). */
  slotIntervalMin: number;
  minNoticeMin: number;
  /** A start may be at most this many 24-hour days after now. */
  maxAdvanceDays: number;
  /** Staff who can perform the service, in preference order; empty = no staff needed. */
  staffIds: readonly string[];
  /** Resources the service can use, in preference order; empty = no resource needed. */
  resourceIds: readonly string[];
  /**
   * Occupying bookings of this service one staff member may take per local day of their zone;
   * absent, 0 or less: no limit (docs/decisions.md "Service policies").
   */
  maxBookingsPerDay?: number | undefined;
  /**
   * Above 1, the service is a session (docs/decisions.md "Seats"): bookings of it at one start on
   * one owner share it until their party sizes reach `seats`. Absent or 1: one booking a slot.
   */
  seats?: number | undefined;
  /**
   * Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"):
   * the first free in the service's order (absent: this), the free one with the fewest bookings
   * of the service around the start for their weight, or every listed staff member at once.
   */
  assignment?: Assignment | undefined;
  /** round_robin: each staff member's share; absent or not a positive number: 1. */
  staffWeights?: Readonly<Record<string, number>> | undefined;
}

export type Assignment = 'first_available' | 'round_robin' | 'collective';

export interface StaffInput {
  staffId: string;
  /** Only `active` staff can be assigned. */
  status: string;
  /** IANA zone; used for the staff's rules that carry no timezone of their own. */
  timezone: string;
}

export interface ResourceInput {
  resourceId: string;
  /** How many bookings may overlap one slot; 0 or less never has room. */
  capacity: number;
  /** Only `active` resources can be assigned. */
  status: string;
}

/** An active weekly rule: wall-clock minutes `[startMinute, endMinute)` on `weekday` in `timezone`. */
export interface WeeklyRuleInput {
  ownerType: OwnerType;
  ownerId: string;
  /** 0 = Sunday … 6 = Saturday, in the rule's own timezone. */
  weekday: number;
  startMinute: number;
  /** Up to 1440, which means the next local midnight. */
  endMinute: number;
  /** IANA zone; empty falls back to the staff member's zone, then the tenant's. */
  timezone: string;
  /** Inclusive instant from which the rule applies. */
  effectiveFromAtMs?: number | undefined;
  /** Exclusive instant at which the rule stops applying. */
  effectiveUntilAtMs?: number | undefined;
}

/** An active blocked time `[startsAtMs, endsAtMs)`. */
export interface BlockInput {
  ownerType: OwnerType;
  ownerId: string;
  startsAtMs: number;
  endsAtMs: number;
}

/** An active holiday: the whole calendar day `date` (YYYY-MM-DD) in the tenant's timezone is closed. */
export interface HolidayInput {
  date: string;
}

/**
 * An active date override: on `date` (YYYY-MM-DD in the owner's zone: a staff member's own, else
 * the tenant's) the owner's hours are these wall-clock windows instead of its weekly rules;
 * none closes it that day. Several of one owner on one date add up, like weekly rules.
 */
export interface DateOverrideInput {
  ownerType: OwnerType;
  ownerId: string;
  date: string;
  windows: readonly { startMinute: number; endMinute: number }[];
}

export interface ScheduleInput {
  /** The tenant's IANA zone: holidays are its calendar days. */
  timezone: string;
  service: ServiceInput;
  staff: readonly StaffInput[];
  resources: readonly ResourceInput[];
  rules: readonly WeeklyRuleInput[];
  blocks: readonly BlockInput[];
  holidays: readonly HolidayInput[];
  /** Absent: none. */
  dateOverrides?: readonly DateOverrideInput[] | undefined;
}

export type BookingStatus = 'held' | 'confirmed' | 'cancelled' | 'completed' | 'no_show';

export interface ExistingBooking {
  bookingId: string;
  serviceId: string;
  staffId?: string | undefined;
  resourceId?: string | undefined;
  startsAtMs: number;
  endsAtMs: number;
  status: BookingStatus;
  holdExpiresAtMs?: number | undefined;
  /**
   * The buffers stored on the booking when it was made: it occupies its owner over
   * `[startsAtMs − bufferBeforeMin, endsAtMs + bufferAfterMin)`. Absent (or not a positive
   * number) counts as 0; the booking service fills them in for bookings made before buffers were
   * stored (docs/decisions.md "Availability").
   */
  bufferBeforeMin?: number | undefined;
  bufferAfterMin?: number | undefined;
  /** The seats the booking takes in its session; absent: 1. */
  partySize?: number | undefined;
  /**
   * Every staff member a collective booking occupies (`staffId` is the first of them); absent
   * for any other booking.
   */
  staffIds?: readonly string[] | undefined;
  /** When it was made: round-robin's tie goes to whoever was booked least recently. */
  createdAtMs?: number | undefined;
  /**
   * Its service's `seats` when it was booked: above 1 it belongs to the session of its service,
   * start and owner, which occupies the owner once (docs/decisions.md "Seats"). Absent: 1.
   */
  seats?: number | undefined;
}

/** A bookable slot `[startsAtMs, endsAtMs)`. */
export interface Slot {
  startsAtMs: number;
  endsAtMs: number;
  /** For a seated service: the most seats one booking could still take there. */
  seatsLeft?: number;
}

export interface ComputeSlotsInput {
  schedule: ScheduleInput;
  bookings: readonly ExistingBooking[];
  /** Slots whose start lies in `[fromMs, toMs)` are returned. */
  fromMs: number;
  toMs: number;
  nowMs: number;
  /** Treat this booking as absent (a reschedule screen showing slots around the booking's own). */
  ignoreBookingId?: string | undefined;
  /** Seats the booking would take; absent: 1. Only slots with room for it are listed. */
  partySize?: number | undefined;
}

export interface CheckSlotInput {
  schedule: ScheduleInput;
  bookings: readonly ExistingBooking[];
  startsAtMs: number;
  nowMs: number;
  /** Assigned when free; otherwise another listed staff member is (the preference is soft). */
  preferredStaffId?: string | undefined;
  /** Treat this booking as absent: a reschedule must not collide with its own current slot. */
  ignoreBookingId?: string | undefined;
  /** Seats the booking takes; absent: 1. */
  partySize?: number | undefined;
}

export type SlotRejectReason =
  'outside_hours' | 'misaligned' | 'too_soon' | 'too_far' | 'holiday' | 'blocked' | 'taken' | 'full' | 'daily_limit';

/**
 * Whom a refusal concerns: the staff member or resource that came closest to taking the slot, or
 * the service itself (its own booking, for a service listing neither). Absent for refusals of the
 * tenant (hours, holiday, tenant block) or of the service's timing (notice, advance, grid).
 */
export interface SlotOwner {
  ownerType: 'staff' | 'resource' | 'service';
  ownerId: string;
}

/** The date override whose hours an `outside_hours` refusal comes from. */
export interface SlotOverride {
  ownerType: OwnerType;
  ownerId: string;
  date: string;
}

export type CheckSlotResult =
  { ok: true; staffId?: string; staffIds?: string[]; resourceId?: string } | { ok: false; reason: SlotRejectReason };

/** checkSlot's verdict with, for a refusal, the owner it concerns (where one does). */
export type SlotExplanation =
  | { ok: true; staffId?: string; staffIds?: string[]; resourceId?: string; seatsLeft?: number }
  | { ok: false; reason: SlotRejectReason; owner?: SlotOwner; override?: SlotOverride };

/** The same result under the name the booking create uses. */
export type SlotVerdict = CheckSlotResult;
