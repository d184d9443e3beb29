import type { CalendarSyncView } from '@svc/grpc';
import type { Assignment, ConfirmationPolicy, Question } from '@svc/rules';
import type { ScheduleInput } from '../domain/availability/index.js';

export interface TenantInfo {
  tenantId: string;
  slug: string;
  name: string;
  timezone: string;
  status: string;
}

export interface ServiceInfo {
  serviceId: string;
  slug: string;
  name: string;
  status: string;
  durationMin: number;
  bufferBeforeMin: number;
  bufferAfterMin: number;
  staffIds: string[];
  resourceIds: string[];
  /** What a new booking of it becomes (docs/decisions.md "Confirmation policy"). */
  confirmation: ConfirmationPolicy;
  /** Its policies (docs/decisions.md "Service policies"): customer cut-offs and the daily limit; 0 = none. */
  cancelCutoffMin: number;
  rescheduleCutoffMin: number;
  maxBookingsPerDay: number;
  /** What a create asks (docs/decisions.md "Intake questions"). */
  questions: Question[];
  /** A session's seats and the largest party a booking may bring (docs/decisions.md "Seats"); 1 and 1: none. */
  seats: number;
  maxPartySize: number;
  /** Who takes a booking when nobody is named (docs/decisions.md "Staff assignment"). */
  assignment: Assignment;
}

/** Everything availability needs about one service, from the catalog. */
export interface ServiceSchedule {
  tenant: TenantInfo;
  service: ServiceInfo;
  schedule: ScheduleInput;
}

export interface ScheduleSource {
  /**
   * Throws NOT_FOUND for an unknown tenant or service slug. Answers the catalog as of `version`
   * (the tenant's current catalog version, known to the caller) or, when `fresh`, as the catalog
   * is now: decisions under the lock read it so (docs/decisions.md "Booking"). With neither (a
   * lock-free look whose "yes" is decided again under the lock) it may be a short while old.
   */
  forService(
    tenantId: string,
    serviceSlug: string,
    fromMs: number,
    toMs: number,
    options?: { fresh?: boolean; version?: string },
  ): Promise<ServiceSchedule>;
}

/** A service as the booking service looks it up by id: names, current buffers, who performs it. */
export interface ServiceRef {
  serviceId: string;
  slug: string;
  name: string;
  bufferBeforeMin: number;
  bufferAfterMin: number;
  staffIds: string[];
  resourceIds: string[];
}

export interface ServiceLookup {
  /** The service as the catalog has it now; throws NOT_FOUND for an unknown id. */
  byId(tenantId: string, serviceId: string): Promise<ServiceRef>;
}

export interface CustomerInput {
  name: string;
  primaryEmail?: string | undefined;
  phone?: string | undefined;
  locale?: string | undefined;
}

export interface CustomerSnapshot {
  customerId: string;
  name: string;
  primaryEmail: string | null;
  /** The record was erased (docs/decisions.md "Privacy"): it names nobody and takes no booking. */
  erased: boolean;
}

export interface CustomerDirectory {
  lookupOrCreate(tenantId: string, input: CustomerInput): Promise<CustomerSnapshot>;
  /** The customer's snapshot for an event; throws NOT_FOUND for an unknown id (or another tenant's). */
  byId(tenantId: string, customerId: string): Promise<CustomerSnapshot>;
  /** Erases the customer's record (idempotent): the last word of the erase job (erase-customer.ts). */
  erase(tenantId: string, customerId: string): Promise<void>;
}

/**
 * A booking's calendar write-back as the integrations service knows it, for the webhook
 * `data.calendarSync` (docs/architecture.md "Integrations"); null when it has none or cannot
 * answer (an event is never held up by a calendar).
 */
export interface CalendarSyncSource {
  of(tenantId: string, bookingId: string): Promise<CalendarSyncView | null>;
}

/** A time a staff member's connected calendar is busy (apps/integrations). */
export interface ExternalBusy {
  staffId: string;
  startsAtMs: number;
  endsAtMs: number;
}

export interface BusyTimeSource {
  /**
   * Busy intervals of the staff members' connected calendars overlapping `[fromMs, toMs)`. May
   * answer from a short cache unless `fresh` (create and reschedule under the lock). Throws
   * PROVIDER_ACTION_FAILED / PROVIDER_NEEDS_REAUTH when a calendar cannot be read and the
   * tenant does not book anyway. `zones`: where each staff member's all-day events fall (their
   * zone, else the tenant's).
   */
  busy(
    tenantId: string,
    staffIds: readonly string[],
    fromMs: number,
    toMs: number,
    options: { fresh: boolean; zones: StaffZones },
  ): Promise<ExternalBusy[]>;
}

/** The tenant's zone and each staff member's own (an all-day calendar event blocks their local day). */
export interface StaffZones {
  timeZone: string;
  staffTimeZones: Readonly<Record<string, string>>;
}
