import { describe, expect, it } from 'vitest';
import type { Booking, Resource, Staff } from '../src/api.js';
import {
  actionsFor,
  agendaOf,
  columnsOf,
  heldRequests,
  mergeBooking,
  ownedBy,
  placeInDay,
  timeLeft,
  weekOfDay,
} from '../src/day-model.js';
import { statusWords, wallTimeMs } from '../src/format.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 27, 8);

let seq = 0;
function booking(fields: Partial<Booking>): Booking {
  seq++;
  return {
    bookingId: `bkg_${String(seq).padStart(3, '0')}`,
    tenantId: 'ten_1',
    serviceId: 'svc_1',
    serviceSlug: 'cut',
    staffId: null,
    staffIds: [],
    resourceId: null,
    customerId: 'cus_1',
    status: 'confirmed',
    startsAtMs: T0,
    endsAtMs: T0 + HOUR,
    timezone: 'Europe/Berlin',
    source: 'public_page',
    notes: '',
    holdExpiresAtMs: null,
    cancelReason: null,
    noShowReason: null,
    answers: [],
    partySize: 1,
    payment: null,
    createdAtMs: T0 - HOUR,
    updatedAtMs: T0 - HOUR,
    ...fields,
  };
}
const staff = (staffId: string, displayName: string, status = 'active'): Staff =>
  ({ staffId, displayName, status }) as Staff;
const resource = (resourceId: string, name: string): Resource => ({ resourceId, name }) as Resource;

describe('held requests', () => {
  it('lists only holds still running, the one running out first on top', () => {
    const now = T0;
    const late = booking({ status: 'held', holdExpiresAtMs: now + 9 * 60_000 });
    const soon = booking({ status: 'held', holdExpiresAtMs: now + 60_000 });
    const over = booking({ status: 'held', holdExpiresAtMs: now });
    const confirmed = booking({ status: 'confirmed' });
    expect(heldRequests([late, over, confirmed, soon], now).map((b) => b.bookingId)).toEqual([
      soon.bookingId,
      late.bookingId,
    ]);
  });

  it('counts the time left down in minutes and seconds, never below zero', () => {
    expect(timeLeft(T0 + 10 * 60_000, T0)).toBe('10:00');
    expect(timeLeft(T0 + 65_500, T0)).toBe('1:06');
    expect(timeLeft(T0 + 999, T0)).toBe('0:01');
    expect(timeLeft(T0 - 5_000, T0)).toBe('0:00');
  });
});

describe('agenda and columns', () => {
  it('orders the day by start and puts cancellations last', () => {
    const nine = booking({ startsAtMs: T0 + HOUR });
    const eight = booking({ startsAtMs: T0 });
    const gone = booking({ startsAtMs: T0 - HOUR, status: 'cancelled' });
    expect(agendaOf([nine, gone, eight]).map((b) => b.bookingId)).toEqual([
      eight.bookingId,
      nine.bookingId,
      gone.bookingId,
    ]);
  });

  it('gives each active staff member a column, a used resource one, and a collective booking a place in each', () => {
    const ana = staff('stf_ana', 'Ana');
    const ben = staff('stf_ben', 'Ben');
    const off = staff('stf_off', 'Off', 'disabled');
    const room = resource('res_room', 'Room 1');
    const withAna = booking({ staffId: 'stf_ana', staffIds: ['stf_ana'] });
    const both = booking({ staffId: 'stf_ana', staffIds: ['stf_ana', 'stf_ben'] });
    const inRoom = booking({ resourceId: 'res_room' });
    const nobody = booking({});
    const offDuty = booking({ staffId: 'stf_off', staffIds: ['stf_off'] });
    const cancelled = booking({ staffId: 'stf_ben', staffIds: ['stf_ben'], status: 'cancelled' });
    const columns = columnsOf([withAna, both, inRoom, nobody, offDuty, cancelled], [ana, ben, off], [room]);
    expect(columns.map((c) => [c.label, c.bookings.map((b) => b.bookingId)])).toEqual([
      ['Ana', [withAna.bookingId, both.bookingId]],
      ['Ben', [both.bookingId]],
      ['Room 1', [inRoom.bookingId]],
      ['Unassigned', [nobody.bookingId]],
      ['Off', [offDuty.bookingId]],
    ]);
  });

  it('places a booking by its share of the day, cut at the day’s edges', () => {
    const day = { fromMs: T0, toMs: T0 + 24 * HOUR };
    expect(placeInDay({ startsAtMs: T0 + 6 * HOUR, endsAtMs: T0 + 12 * HOUR }, day.fromMs, day.toMs)).toEqual({
      top: 0.25,
      height: 0.25,
    });
    expect(placeInDay({ startsAtMs: T0 - HOUR, endsAtMs: T0 + HOUR }, day.fromMs, day.toMs)).toEqual({
      top: 0,
      height: 1 / 24,
    });
  });

  it('says an expired hold in words of its own', () => {
    expect(statusWords({ status: 'cancelled', cancelReason: 'hold_expired' })).toBe('Expired: not confirmed in time');
    expect(statusWords({ status: 'cancelled', cancelReason: 'declined' })).toBe('Cancelled');
    expect(statusWords({ status: 'held', cancelReason: null })).toBe('Waiting for confirmation');
  });
});

describe('the booking screen', () => {
  it('offers the actions the state machine allows for the status', () => {
    expect(actionsFor('held')).toEqual(['confirm', 'cancel', 'reschedule']);
    expect(actionsFor('confirmed')).toEqual(['complete', 'no-show', 'cancel', 'reschedule']);
    for (const done of ['cancelled', 'completed', 'no_show'] as const) expect(actionsFor(done)).toEqual([]);
  });

  it('reads a wall-clock time of a day in the shown zone, across DST changes', () => {
    expect(wallTimeMs('2026-11-27', '10:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 27, 9, 30));
    expect(wallTimeMs('2026-07-01', '10:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 8, 30));
    expect(wallTimeMs('2026-03-29', '01:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 0, 30));
    expect(wallTimeMs('2026-03-29', '03:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(wallTimeMs('2026-11-27', '10:30', 'America/New_York')).toBe(Date.UTC(2026, 10, 27, 15, 30));
  });
});

describe('the week view', () => {
  it('is Monday to Sunday around the shown day, across a month and a year', () => {
    expect(weekOfDay('2026-11-27')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(weekOfDay('2026-11-23')[0]).toBe('2026-11-23');
    expect(weekOfDay('2026-11-29')[0]).toBe('2026-11-23');
    expect(weekOfDay('2027-01-01')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('shows everyone, one staff member (a collective booking too) or one resource', () => {
    const collective = { staffIds: ['stf_a', 'stf_b'], resourceId: null };
    const inRoom = { staffIds: [], resourceId: 'res_1' };
    expect(ownedBy(collective, 'all')).toBe(true);
    expect(ownedBy(collective, 'staff:stf_b')).toBe(true);
    expect(ownedBy(collective, 'staff:stf_c')).toBe(false);
    expect(ownedBy(inRoom, 'resource:res_1')).toBe(true);
    expect(ownedBy(inRoom, 'resource:res_2')).toBe(false);
    expect(ownedBy(inRoom, 'staff:stf_a')).toBe(false);
  });
});

describe('a pushed change', () => {
  it('replaces the booking where it was, adds it to the range it now starts in, and keeps the held list true', () => {
    const range = { fromMs: T0, toMs: T0 + 24 * HOUR };
    const other = booking({});
    const held = booking({ status: 'held', holdExpiresAtMs: T0 + 600_000 });
    const start = { bookings: [other, held], held: [held] };
    const confirmed = { ...held, status: 'confirmed' as const, holdExpiresAtMs: null };
    expect(mergeBooking(start, confirmed, range)).toEqual({ bookings: [other, confirmed], held: [] });
    const movedAway = { ...held, startsAtMs: T0 + 48 * HOUR, endsAtMs: T0 + 49 * HOUR };
    expect(mergeBooking(start, movedAway, range)).toEqual({ bookings: [other], held: [movedAway] });
    const fresh = booking({ status: 'held', holdExpiresAtMs: T0 + 600_000, startsAtMs: T0 + 2 * HOUR });
    expect(mergeBooking(start, fresh, range)).toEqual({ bookings: [other, held, fresh], held: [held, fresh] });
  });
});
