// The state machine on its own (docs/decisions.md "Booking lifecycle"): the specification's table,
// the project's rows (customer cancel, reschedule, expiry), and everything else refused.

import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  decide,
  refusedActions,
  type Actor,
  type BookingAction,
  type LifecycleState,
} from '../../src/domain/lifecycle.js';
import type { BookingStatus } from '../../src/store/records.js';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const STATUSES: BookingStatus[] = ['held', 'confirmed', 'cancelled', 'completed', 'no_show'];
const ACTIONS: BookingAction[] = ['confirm', 'cancel', 'complete', 'no_show', 'reschedule', 'expire'];
const ACTORS: Actor[] = ['staff', 'customer', 'partner', 'system'];

/** A booking starting in a day; a held one's hold runs another 5 minutes. */
const booking = (status: BookingStatus, over: Partial<LifecycleState> = {}): LifecycleState => ({
  status,
  startsAtMs: NOW + 24 * HOUR,
  holdExpiresAtMs: status === 'held' ? NOW + 5 * 60_000 : null,
  ...over,
});

/** Every allowed (status, action, actor) of a booking that has not started and whose hold runs: [to, event]. */
const ALLOWED: Record<string, [BookingStatus, string]> = {
  'held confirm staff': ['confirmed', 'booking.confirmed'],
  'held confirm partner': ['confirmed', 'booking.confirmed'],
  // The platform confirming a hold of an automatic service (docs/decisions.md "Confirmation policy").
  'held confirm system': ['confirmed', 'booking.confirmed'],
  'held cancel staff': ['cancelled', 'booking.cancelled'],
  'held cancel partner': ['cancelled', 'booking.cancelled'],
  'held cancel customer': ['cancelled', 'booking.cancelled'],
  // The erase of a customer (docs/decisions.md "Privacy").
  'held cancel system': ['cancelled', 'booking.cancelled'],
  'confirmed cancel staff': ['cancelled', 'booking.cancelled'],
  'confirmed cancel partner': ['cancelled', 'booking.cancelled'],
  'confirmed cancel customer': ['cancelled', 'booking.cancelled'],
  'confirmed cancel system': ['cancelled', 'booking.cancelled'],
  'confirmed complete staff': ['completed', 'booking.completed'],
  'confirmed complete partner': ['completed', 'booking.completed'],
  'confirmed no_show staff': ['no_show', 'booking.no_show'],
  'confirmed no_show partner': ['no_show', 'booking.no_show'],
  'held reschedule staff': ['held', 'booking.rescheduled'],
  'held reschedule partner': ['held', 'booking.rescheduled'],
  'held reschedule customer': ['held', 'booking.rescheduled'],
  'confirmed reschedule staff': ['confirmed', 'booking.rescheduled'],
  'confirmed reschedule partner': ['confirmed', 'booking.rescheduled'],
  'confirmed reschedule customer': ['confirmed', 'booking.rescheduled'],
};

describe('the booking state machine', () => {
  it('allows exactly the rows of the table, with their status and event, and refuses every other combination', () => {
    for (const status of STATUSES) {
      for (const action of ACTIONS) {
        for (const actor of ACTORS) {
          const key = `${status} ${action} ${actor}`;
          const d = decide(booking(status), action, actor, NOW);
          const row = ALLOWED[key];
          if (row) expect(d, key).toEqual({ ok: true, to: row[0], event: row[1] });
          else expect(d.ok, key).toBe(false);
        }
      }
    }
  });

  it('expires only a hold that ran out, only by the platform, into cancelled with booking.expired', () => {
    const ranOut = booking('held', { holdExpiresAtMs: NOW });
    expect(decide(ranOut, 'expire', 'system', NOW)).toEqual({ ok: true, to: 'cancelled', event: 'booking.expired' });
    expect(decide(ranOut, 'expire', 'staff', NOW).ok).toBe(false);
    expect(decide(booking('held'), 'expire', 'system', NOW).ok).toBe(false);
    expect(decide(booking('confirmed', { holdExpiresAtMs: NOW - 1 }), 'expire', 'system', NOW).ok).toBe(false);
  });

  it('refuses every other action on a hold that ran out, before the sweeper gets to it', () => {
    const ranOut = booking('held', { holdExpiresAtMs: NOW - 1 });
    for (const action of ['confirm', 'cancel', 'reschedule'] as const) {
      const d = decide(ranOut, action, 'staff', NOW);
      expect(d).toEqual({ ok: false, reason: 'hold_expired', message: expect.stringContaining('hold has expired') });
    }
    expect(allowedActions(ranOut, 'staff', NOW)).toEqual([]);
    expect(allowedActions(ranOut, 'system', NOW)).toEqual(['expire']);
  });

  it('lets the customer cancel and reschedule only before the start; staff may cancel later but not reschedule', () => {
    const started = booking('confirmed', { startsAtMs: NOW });
    expect(decide(started, 'cancel', 'customer', NOW)).toEqual({
      ok: false,
      reason: 'started',
      message: expect.stringContaining('started'),
    });
    expect(decide(started, 'reschedule', 'customer', NOW).ok).toBe(false);
    expect(decide(started, 'reschedule', 'staff', NOW).ok).toBe(false);
    expect(decide(started, 'cancel', 'staff', NOW).ok).toBe(true);
    expect(decide(started, 'complete', 'staff', NOW).ok).toBe(true);
    const justBefore = booking('confirmed', { startsAtMs: NOW + 1 });
    expect(allowedActions(justBefore, 'customer', NOW)).toEqual(['cancel', 'reschedule']);
    expect(allowedActions(started, 'customer', NOW)).toEqual([]);
  });

  it('names what is in the way', () => {
    expect(decide(booking('completed'), 'cancel', 'staff', NOW)).toEqual({
      ok: false,
      reason: 'status',
      message: 'This booking cannot be cancelled: it is completed.',
    });
    expect(decide(booking('held'), 'no_show', 'staff', NOW)).toEqual({
      ok: false,
      reason: 'status',
      message: 'This booking cannot be marked as a no-show: it is held.',
    });
    expect(decide(booking('held'), 'confirm', 'customer', NOW)).toEqual({
      ok: false,
      reason: 'not_allowed',
      message: 'This booking cannot be confirmed: not allowed here.',
    });
    expect(decide(booking('held'), 'expire', 'system', NOW)).toEqual({
      ok: false,
      reason: 'hold_running',
      message: 'This booking cannot be expired: its hold has not run out.',
    });
  });

  describe('customer cut-offs (docs/decisions.md "Service policies")', () => {
    const MIN = 60_000;
    // Cancel closes 2 hours before the start, reschedule a day before; the booking starts in a day.
    const withCutoffs = (over: Partial<LifecycleState> = {}) =>
      booking('confirmed', { cancelCutoffMin: 120, rescheduleCutoffMin: 1440, ...over });

    it('refuses the customer from the cut-off minute on, and allows the minute before', () => {
      const start = NOW + 24 * HOUR;
      const b = withCutoffs({ startsAtMs: start });
      const cancelCloses = start - 120 * MIN;
      expect(decide(b, 'cancel', 'customer', cancelCloses - 1).ok).toBe(true);
      expect(decide(b, 'cancel', 'customer', cancelCloses)).toEqual({
        ok: false,
        reason: 'cutoff',
        message:
          'This booking cannot be cancelled online: changes close 2 hours before the start; please contact the business.',
      });
      const rescheduleCloses = start - 1440 * MIN;
      expect(decide(b, 'reschedule', 'customer', rescheduleCloses - 1).ok).toBe(true);
      expect(decide(b, 'reschedule', 'customer', rescheduleCloses)).toMatchObject({
        ok: false,
        reason: 'cutoff',
        message: expect.stringContaining('1 day before the start'),
      });
      // Each action its own cut-off: between the two, cancel still works.
      expect(allowedActions(b, 'customer', rescheduleCloses)).toEqual(['cancel']);
      expect(allowedActions(b, 'customer', cancelCloses)).toEqual([]);
    });

    it('binds only the customer: staff and partners change the booking until it starts', () => {
      const b = withCutoffs({ startsAtMs: NOW + 10 * MIN });
      for (const actor of ['staff', 'partner'] as const) {
        expect(decide(b, 'cancel', actor, NOW).ok).toBe(true);
        expect(decide(b, 'reschedule', actor, NOW).ok).toBe(true);
      }
      expect(decide(b, 'cancel', 'customer', NOW)).toMatchObject({ reason: 'cutoff' });
    });

    it('says what comes first: the status, the hold, the start, then the cut-off', () => {
      expect(decide(withCutoffs({ status: 'cancelled', startsAtMs: NOW }), 'cancel', 'customer', NOW)).toMatchObject({
        reason: 'status',
      });
      expect(decide(withCutoffs({ startsAtMs: NOW }), 'cancel', 'customer', NOW)).toMatchObject({ reason: 'started' });
    });

    it('treats a booking stored without cut-offs, or with 0, as open until the start', () => {
      const b = booking('confirmed', { startsAtMs: NOW + 1 });
      expect(allowedActions(b, 'customer', NOW)).toEqual(['cancel', 'reschedule']);
      expect(allowedActions({ ...b, cancelCutoffMin: 0, rescheduleCutoffMin: 0 }, 'customer', NOW)).toEqual([
        'cancel',
        'reschedule',
      ]);
    });

    it('lists the refusals of cancel and reschedule with their reasons', () => {
      const b = withCutoffs();
      const at = b.startsAtMs - 60 * MIN;
      expect(refusedActions(b, ['cancel', 'reschedule'], 'customer', at)).toEqual([
        { action: 'cancel', reason: 'cutoff', message: expect.stringContaining('2 hours') },
        { action: 'reschedule', reason: 'cutoff', message: expect.stringContaining('1 day') },
      ]);
      expect(refusedActions(b, ['cancel', 'reschedule'], 'staff', at)).toEqual([]);
    });
  });

  it('lists the actions of each status for staff', () => {
    expect(allowedActions(booking('held'), 'staff', NOW)).toEqual(['confirm', 'cancel', 'reschedule']);
    expect(allowedActions(booking('confirmed'), 'staff', NOW)).toEqual(['cancel', 'complete', 'no_show', 'reschedule']);
    for (const terminal of ['cancelled', 'completed', 'no_show'] as const) {
      expect(allowedActions(booking(terminal), 'staff', NOW)).toEqual([]);
    }
  });
});
