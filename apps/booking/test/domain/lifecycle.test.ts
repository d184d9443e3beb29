// The state machine on its own (docs/decisions.md "Booking lifecycle"): the specification's table,
// the project's rows (customer cancel, reschedule, expiry), and everything else refused.

import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  decide,
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
  'confirmed cancel staff': ['cancelled', 'booking.cancelled'],
  'confirmed cancel partner': ['cancelled', 'booking.cancelled'],
  'confirmed cancel customer': ['cancelled', 'booking.cancelled'],
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
      expect(d).toEqual({ ok: false, message: expect.stringContaining('hold has expired') });
    }
    expect(allowedActions(ranOut, 'staff', NOW)).toEqual([]);
    expect(allowedActions(ranOut, 'system', NOW)).toEqual(['expire']);
  });

  it('lets the customer cancel and reschedule only before the start; staff may cancel later but not reschedule', () => {
    const started = booking('confirmed', { startsAtMs: NOW });
    expect(decide(started, 'cancel', 'customer', NOW)).toEqual({
      ok: false,
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
      message: 'This booking cannot be cancelled: it is completed.',
    });
    expect(decide(booking('held'), 'no_show', 'staff', NOW)).toEqual({
      ok: false,
      message: 'This booking cannot be marked as a no-show: it is held.',
    });
    expect(decide(booking('held'), 'confirm', 'customer', NOW)).toEqual({
      ok: false,
      message: 'This booking cannot be confirmed: not allowed here.',
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
