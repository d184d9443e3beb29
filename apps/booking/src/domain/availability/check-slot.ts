// The recheck booking create (and reschedule) runs under the lock: the same rule set as
// computeSlots, for one start, plus the assignment of a staff member and a resource. explainSlot
// is the same evaluation with the owner a refusal concerns, for the dashboard's "why not?".

import { evaluateStart } from './evaluate.js';
import { ROTATION_REACH_MS } from './horizon.js';
import { prepareSchedule } from './prepared-schedule.js';
import type { CheckSlotInput, CheckSlotResult, SlotExplanation } from './types.js';

/**
 * Is `startsAtMs` a free, aligned slot start at `nowMs`? When it is, the assignment: the
 * preferred staff member if listed and free, else the first free one in the service's order;
 * the first resource in the service's order with spare capacity. A start that computeSlots
 * lists for the same inputs is accepted here, and vice versa.
 */
export function checkSlot(input: CheckSlotInput): CheckSlotResult {
  const verdict = explainSlot(input);
  if (!verdict.ok) return { ok: false, reason: verdict.reason };
  const { seatsLeft: _seats, ...assignment } = verdict;
  return assignment;
}

/**
 * checkSlot's verdict, and for a refusal by a staff member, a resource or the service's own
 * booking, which one (`owner`): the first in the service's order that got as far as the reason.
 */
export function explainSlot(input: CheckSlotInput): SlotExplanation {
  const { schedule, bookings, startsAtMs, nowMs } = input;
  if (!Number.isFinite(startsAtMs) || !Number.isFinite(nowMs)) {
    throw new RangeError(`startsAtMs and nowMs must be finite numbers, got ${startsAtMs} and ${nowMs}`);
  }
  const prepared = prepareSchedule(schedule, bookings, {
    fromMs: startsAtMs,
    toMs: startsAtMs + 1,
    nowMs,
    ignoreBookingId: input.ignoreBookingId,
    partySize: input.partySize,
    rotationWindow: { fromMs: startsAtMs - ROTATION_REACH_MS, toMs: startsAtMs + ROTATION_REACH_MS },
  });
  return evaluateStart(prepared, startsAtMs, { checkAlignment: true, preferredStaffId: input.preferredStaffId });
}
