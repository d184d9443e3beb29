// A message's context from the booking event (docs/architecture.md "Notifications"): the event
// carries the booking's state beyond the change, so the intake reads the booking back only for an
// event without it; the reads are counted on stand-in clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingClient, CatalogClient, CustomerClient } from '@svc/grpc';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { parseBookingEvent, type BookingEvent, type EventBookingState } from '../src/domain/booking-event.js';
import { ContextReader, type Clients } from '../src/intake/context.js';
import { heldEventOf } from '../src/intake/held.js';
import { SettingsRepository } from '../src/store/settings-repository.js';

const MIN = 60_000;
const NOW = Date.UTC(2031, 2, 3, 9, 0);
const START = NOW + 3 * 24 * 60 * MIN;

/** The booking as the booking service stores it, and as the event says it. */
const STATE: EventBookingState = {
  createdAtMs: NOW - 5 * MIN,
  holdExpiresAtMs: NOW + 5 * MIN,
  cancelReason: '',
  cancelCutoffMin: 24 * 60,
  rescheduleCutoffMin: 4 * 24 * 60,
  customerActions: { allowed: ['cancel'], refused: [{ action: 'reschedule', reason: 'cutoff' }] },
};

function envelope(booking: Record<string, unknown>): string {
  return JSON.stringify({
    id: 'evt_1',
    type: 'booking.created',
    payloadVersion: 1,
    occurredAtMs: NOW,
    data: {
      booking: {
        bookingId: 'bkg_1',
        tenantId: 'ten_1',
        serviceId: 'svc_1',
        staffId: '',
        status: 'held',
        startsAtMs: START,
        endsAtMs: START + 30 * MIN,
        timezone: 'Europe/Berlin',
        revision: 0,
        ...booking,
      },
      service: { serviceId: 'svc_1', slug: 'visit', name: 'Visit' },
      customer: { customerId: 'cus_1', name: 'Ann', primaryEmail: 'ann@example.test' },
    },
  });
}

function eventOf(booking: Record<string, unknown>): BookingEvent {
  const parsed = parseBookingEvent(envelope(booking), {});
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.event;
}

/** Stand-in catalog, booking and customer clients that count every call by method. */
function countingClients(): { clients: Clients; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const count =
    <T>(method: string, answer: T) =>
    async () => {
      calls.set(method, (calls.get(method) ?? 0) + 1);
      return answer;
    };
  const catalog = {
    getTenant: count('getTenant', {
      tenant: { tenantId: 'ten_1', slug: 'acme', name: 'Acme', timezone: 'Europe/Berlin', locale: 'de-DE' },
    }),
    getService: count('getService', {
      service: { serviceId: 'svc_1', name: 'Visit', confirmation: 'manual', conferencing: 'none' },
    }),
    getStaff: count('getStaff', {}),
  } as unknown as CatalogClient;
  const booking = {
    getBooking: count('getBooking', {
      booking: {
        bookingId: 'bkg_1',
        customerId: 'cus_1',
        status: 'held',
        startsAtMs: START,
        createdAtMs: STATE.createdAtMs,
        holdExpiresAtMs: STATE.holdExpiresAtMs,
        cancelReason: STATE.cancelReason,
        cancelCutoffMin: STATE.cancelCutoffMin,
        rescheduleCutoffMin: STATE.rescheduleCutoffMin,
      },
      allowedActions: STATE.customerActions.allowed,
      refusedActions: STATE.customerActions.refused.map((r) => ({ ...r, message: 'closed' })),
    }),
  } as unknown as BookingClient;
  const customer = {
    getCustomer: count('getCustomer', {
      customer: {
        customerId: 'cus_1',
        name: 'Ann',
        primaryEmail: 'ann@example.test',
        phone: '',
        locale: 'en-GB',
        timezone: 'Europe/London',
        status: 'active',
      },
    }),
  } as unknown as CustomerClient;
  return { clients: { catalog, booking, customer }, calls };
}

describe('a message context from the booking event', () => {
  let store: DocumentStore;
  let settings: SettingsRepository;

  beforeAll(async () => {
    store = await openSqliteStore({ file: ':memory:' });
    settings = new SettingsRepository(store);
  });
  afterAll(() => store.close());

  it('reads the state the event carries, and none from an event written before it did', () => {
    expect(eventOf({ ...STATE }).state).toEqual(STATE);
    // An older event (or one missing any field) is read back from the booking service.
    expect(eventOf({}).state).toBeNull();
    for (const field of Object.keys(STATE)) {
      const partial: Record<string, unknown> = { ...STATE };
      delete partial[field];
      expect(eventOf(partial).state, field).toBeNull();
    }
    expect(eventOf({ ...STATE, holdExpiresAtMs: null }).state).toMatchObject({ holdExpiresAtMs: null });
    expect(eventOf({ ...STATE, customerActions: { allowed: [1], refused: [] } }).state).toBeNull();
  });

  it('composes from the event without reading the booking back, and equals the context read back', async () => {
    const fromEvent = countingClients();
    const ctx = await new ContextReader(fromEvent.clients, settings, false).load(eventOf({ ...STATE }));
    // The customer's locale, phone and zone and the tenant's settings are not in the event.
    expect(Object.fromEntries(fromEvent.calls)).toEqual({ getTenant: 1, getService: 1, getCustomer: 1 });

    const readBack = countingClients();
    const old = await new ContextReader(readBack.clients, settings, false).load(eventOf({}));
    expect(readBack.calls.get('getBooking')).toBe(1);
    expect(ctx).toEqual(old);
    expect(ctx.booking).toMatchObject({
      status: 'held',
      createdAtMs: STATE.createdAtMs,
      holdExpiresAtMs: STATE.holdExpiresAtMs,
      changes: { cancelUntilMs: START - 24 * 60 * MIN, rescheduleUntilMs: null, closedByCutoff: true },
    });
  });

  it('reads the booking once per batch when the event cannot say it (a later event of it in the batch)', async () => {
    const { clients, calls } = countingClients();
    const reader = new ContextReader(clients, settings, false);
    const event = eventOf({ ...STATE });
    await Promise.all([
      reader.load({ ...event, state: null }),
      reader.load({ ...event, state: null }),
      reader.load(event),
    ]);
    expect(Object.fromEntries(calls)).toEqual({ getTenant: 1, getService: 1, getBooking: 1, getCustomer: 1 });
  });

  it('a held message keeps no state of the event: it is read again when the message goes', () => {
    expect(heldEventOf(eventOf({ ...STATE }))).not.toHaveProperty('state');
  });
});
