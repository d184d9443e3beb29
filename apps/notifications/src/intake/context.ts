/**
 * What a message needs beyond the event, read from the services that own it: the tenant and its
 * branding, the service (its confirmation policy), the staff member and the customer's contact,
 * locale and time zone (catalog and customer over gRPC), and the tenant's notification settings;
 * the booking's state only when the event does not carry it (an event written before it did,
 * a reminder, a held message). Read once per batch and tenant, service, booking or customer.
 */
import { DomainError } from '@svc/errors';
import type { BookingClient, CatalogClient, CustomerClient, IntegrationClient } from '@svc/grpc';
import type { bookingV1, catalogV1, customerV1 } from '@svc/proto';
import { cutoffAtMs } from '@svc/rules';
import type { EventBookingState } from '../domain/booking-event.js';
import type { Branding } from '../domain/layout.js';
import type { CustomerChanges } from '../domain/message.js';
import type { PlanContext } from '../domain/plan.js';
import type { SettingsRepository } from '../store/settings-repository.js';
import { businessAddresses, type SettingsDoc } from '../store/records.js';

/** The tenant's branding as the messages show it (its name where no display name is set). */
export function brandingOf(tenant: Pick<catalogV1.Tenant, 'name' | 'branding'>): Branding {
  return {
    displayName: tenant.branding?.displayName || tenant.name,
    logoUrl: tenant.branding?.logoUrl ?? '',
    primaryColor: tenant.branding?.primaryColor ?? '',
    accentColor: tenant.branding?.accentColor ?? '',
  };
}

export interface Clients {
  catalog: CatalogClient;
  booking: BookingClient;
  customer: CustomerClient;
  /**
   * The booking's video meeting link (its calendar write-back record); absent when no
   * integrations service is deployed: no message then names a meeting.
   */
  integrations?: IntegrationClient | undefined;
}

/** The booking's context: what planning needs, plus the names, links and branding of the texts. */
export interface BookingContext extends PlanContext {
  tenant: PlanContext['tenant'] & { tenantId: string; slug: string; name: string; branding: Branding };
  /** `conferencing`: the service's video provider (`none` without one). */
  service: PlanContext['service'] & { name: string; conferencing: string };
  booking: PlanContext['booking'] & {
    status: string;
    createdAtMs: number;
    customerId: string;
    changes: CustomerChanges;
    /** The booking's cancel cut-off (its copy of its service's): a paid booking's full refunds end there. */
    cancelCutoffMin: number;
  };
  customer: PlanContext['customer'] & { customerId: string; name: string };
  staff: (NonNullable<PlanContext['staff']> & { name: string }) | null;
  /** The settings, `businessEmails` the addresses in effect (the tenant's own, else its team's). */
  settings: SettingsDoc & { businessEmails: string[] };
}

type StoredBooking = Pick<bookingV1.GetBookingResponse, 'allowedActions' | 'refusedActions'> & {
  booking: bookingV1.Booking;
};

/**
 * What the customer's manage link can still change, as the state machine answered it: until the
 * booking's cut-offs (docs/decisions.md "Service policies"), null for what it cannot now.
 */
function customerChanges(startsAtMs: number, state: EventBookingState): CustomerChanges {
  const { allowed, refused } = state.customerActions;
  const until = (action: string, cutoffMin: number) =>
    allowed.includes(action) ? cutoffAtMs(startsAtMs, cutoffMin) : null;
  return {
    cancelUntilMs: until('cancel', state.cancelCutoffMin),
    rescheduleUntilMs: until('reschedule', state.rescheduleCutoffMin),
    closedByCutoff: refused.some((r) => r.reason === 'cutoff'),
  };
}

/** The booking service's answer as the event would carry it. */
function stateOfStored({ booking, allowedActions, refusedActions }: StoredBooking): EventBookingState {
  return {
    createdAtMs: booking.createdAtMs,
    holdExpiresAtMs: booking.holdExpiresAtMs ?? null,
    cancelReason: booking.cancelReason,
    cancelCutoffMin: booking.cancelCutoffMin,
    rescheduleCutoffMin: booking.rescheduleCutoffMin,
    customerActions: { allowed: allowedActions, refused: refusedActions },
  };
}

/**
 * The customer as the messages address them: their record; once it is erased (docs/decisions.md
 * "Privacy"), the name and address the event carries, so the cancels of an erase, which may be
 * read after the record went, still reach them (their record's locale and phone are gone: the
 * tenant's language, no SMS).
 */
function customerOf(
  customerId: string,
  person: customerV1.Customer,
  snapshot: { name: string; email: string } | undefined,
): BookingContext['customer'] {
  if (person.status === 'erased') {
    return {
      customerId,
      name: snapshot?.name ?? '',
      email: snapshot?.email || null,
      phone: null,
      locale: '',
      timezone: person.timezone,
    };
  }
  return {
    customerId,
    name: person.name,
    email: person.primaryEmail || null,
    phone: person.phone || null,
    locale: person.locale,
    timezone: person.timezone,
  };
}

/** A booking (or its tenant, service or customer) that no longer exists: retrying cannot help. */
export class ContextGone extends Error {
  override readonly name = 'ContextGone';
}

const DEADLINE = { deadlineMs: 5_000 };

async function present<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  try {
    const value = await read();
    if (value === undefined) throw new ContextGone(`${what} answered empty`);
    return value;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') throw new ContextGone(`${what} not found`);
    throw err;
  }
}

/** One batch's reads, each made once (the promises are shared, failures included). */
export class ContextReader {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly clients: Clients,
    private readonly settings: SettingsRepository,
    private readonly smsAvailable: boolean,
  ) {}

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let hit = this.cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = read();
      // Observed here so an unused rejection is not reported as unhandled; callers still get it.
      hit.catch(() => undefined);
      this.cache.set(key, hit);
    }
    return hit;
  }

  /**
   * The booking as stored now, with what its customer's manage link may do with it now (the
   * booking service's state machine, actor `customer`): the emails say what is still possible.
   */
  private withActions(tenantId: string, bookingId: string): Promise<StoredBooking> {
    return this.once(`b:${tenantId}:${bookingId}`, () =>
      present('booking', async () => {
        const { booking, allowedActions, refusedActions } = await this.clients.booking.getBooking(
          { tenantId, bookingId, actor: 'customer' },
          DEADLINE,
        );
        return booking && { booking, allowedActions, refusedActions };
      }),
    );
  }

  /** The booking as stored now. */
  async booking(tenantId: string, bookingId: string): Promise<bookingV1.Booking> {
    return (await this.withActions(tenantId, bookingId)).booking;
  }

  /**
   * `ref.customerSnapshot`: the customer as the event carries them, used only once their record
   * is erased (below). `ref.state`: the booking as the event left it; without it (or without the
   * event's customer id) the booking is read as stored now.
   */
  async load(ref: {
    tenantId: string;
    bookingId: string;
    serviceId: string;
    staffId: string;
    customerId: string;
    customerSnapshot?: { name: string; email: string };
    status?: string;
    startsAtMs?: number;
    state?: EventBookingState | null | undefined;
  }): Promise<BookingContext> {
    const { catalog, customer } = this.clients;
    const { tenantId } = ref;
    const fromEvent =
      ref.state && ref.customerId !== '' && ref.status !== undefined && ref.startsAtMs !== undefined
        ? { state: ref.state, status: ref.status, startsAtMs: ref.startsAtMs, customerId: ref.customerId }
        : null;
    const [tenant, service, found, staff, settings] = await Promise.all([
      this.once(`t:${tenantId}`, () =>
        present('tenant', async () => (await catalog.getTenant({ tenantId }, DEADLINE)).tenant),
      ),
      this.once(`s:${tenantId}:${ref.serviceId}`, () =>
        present(
          'service',
          async () => (await catalog.getService({ tenantId, serviceId: ref.serviceId, slug: '' }, DEADLINE)).service,
        ),
      ),
      fromEvent ??
        this.withActions(tenantId, ref.bookingId).then(({ booking, ...actions }) => ({
          state: stateOfStored({ booking, ...actions }),
          status: booking.status,
          startsAtMs: booking.startsAtMs,
          customerId: ref.customerId || booking.customerId,
        })),
      ref.staffId === ''
        ? Promise.resolve(null)
        : this.once(`st:${tenantId}:${ref.staffId}`, () =>
            // A staff member removed since is no reason to hold the customer's message back.
            catalog.getStaff({ tenantId, staffId: ref.staffId }, DEADLINE).then(
              (res) => res.staff ?? null,
              (err: unknown) => {
                if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
                throw err;
              },
            ),
          ),
      this.once(`set:${tenantId}`, () => this.settings.of(tenantId)),
    ]);
    const { state, customerId } = found;
    const person = await this.once(`c:${tenantId}:${customerId}`, () =>
      present('customer', async () => (await customer.getCustomer({ tenantId, customerId }, DEADLINE)).customer),
    );
    return {
      tenant: {
        tenantId,
        slug: tenant.slug,
        name: tenant.name,
        timezone: tenant.timezone,
        locale: tenant.locale,
        branding: brandingOf(tenant),
      },
      service: {
        name: service.name,
        confirmation: service.confirmation || 'manual',
        conferencing: service.conferencing || 'none',
      },
      booking: {
        status: found.status,
        createdAtMs: state.createdAtMs,
        customerId,
        holdExpiresAtMs: state.holdExpiresAtMs,
        cancelReason: state.cancelReason,
        changes: customerChanges(found.startsAtMs, state),
        cancelCutoffMin: state.cancelCutoffMin,
      },
      customer: customerOf(customerId, person, ref.customerSnapshot),
      staff: staff ? { name: staff.displayName, email: staff.email || null, timezone: staff.timezone } : null,
      settings: { ...settings, businessEmails: businessAddresses(settings) },
      smsAvailable: this.smsAvailable,
    };
  }
}
