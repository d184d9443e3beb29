import type { integrationsV1 } from '@svc/proto';
import type { Assignment, CalendarSyncView, ConfirmationPolicy, PaymentTerms, Question } from '@svc/rules';
import type { ScheduleInput } from '../domain/availability/index.js';

export interface TenantInfo {
  tenantId: string;
  slug: string;
  name: string;
  timezone: string;
  status: string;
}

/**
 * What a service charges (docs/decisions.md "Payments"): its price in minor units of its
 * currency (null: none) and its payment policy (`payment: none` for a service without one).
 */
export interface ServicePayment extends PaymentTerms {
  price: { amount: number; currency: string } | null;
}

export interface ServiceInfo extends ServicePayment {
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
  /**
   * The tenant's catalog version the snapshot was read at ('' or absent: none known). It also
   * changes with every calendar connection change, so busy times kept under it are current
   * (docs/decisions.md "Integrations").
   */
  catalogVersion?: string;
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

/** A service as the booking service looks it up by id: names, current buffers, who performs it, what it charges. */
export interface ServiceRef extends ServicePayment {
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
   * Busy intervals of the staff members' connected calendars overlapping `[fromMs, toMs)`. Unless
   * `fresh` (create and reschedule under the lock), may answer what it answered to the same
   * question at the same `catalogVersion` (the tenant's, as the caller's schedule was read at;
   * every connection change bumps it) while that answer holds. Throws PROVIDER_ACTION_FAILED /
   * PROVIDER_NEEDS_REAUTH when a calendar cannot be read and the tenant does not book anyway.
   * `zones`: where each staff member's all-day events fall (their zone, else the tenant's).
   */
  busy(
    tenantId: string,
    staffIds: readonly string[],
    fromMs: number,
    toMs: number,
    options: { fresh: boolean; zones: StaffZones; catalogVersion?: string | undefined },
  ): Promise<ExternalBusy[]>;
}

/** The tenant's zone and each staff member's own (an all-day calendar event blocks their local day). */
export interface StaffZones {
  timeZone: string;
  staffTimeZones: Readonly<Record<string, string>>;
}

/** A Checkout Session as the integrations service answers it (docs/decisions.md "Payments"). */
export type Checkout = integrationsV1.Checkout;
/** A refund or an off-session charge as Stripe answered it. */
export type PaymentMovement = integrationsV1.PaymentMovement;

/**
 * The tenant's Stripe account, through the integrations service: PROVIDER_NOT_CONNECTED without
 * one, PROVIDER_ACTION_FAILED when Stripe refuses or cannot be reached.
 */
export interface PaymentProvider {
  createCheckout(req: integrationsV1.CreateCheckoutRequest): Promise<Checkout>;
  checkout(tenantId: string, sessionId: string): Promise<Checkout>;
  /** Expires an open session; one already complete or expired is answered as it is. */
  expireCheckout(tenantId: string, sessionId: string): Promise<Checkout>;
  refund(req: integrationsV1.RefundPaymentRequest): Promise<PaymentMovement>;
  chargeSavedCard(req: integrationsV1.ChargeSavedCardRequest): Promise<PaymentMovement>;
  /**
   * Deletes a Stripe customer of the tenant's account (the erase, docs/decisions.md "Privacy"):
   * deleted, already_deleted, not_connected or refused; throws only what a retry may change.
   */
  deleteCustomer(tenantId: string, customerRef: string): Promise<string>;
}
