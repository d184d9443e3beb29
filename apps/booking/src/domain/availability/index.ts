// The availability engine: pure functions of their inputs (no I/O, no clock; `nowMs` is passed
// in). The booking service maps the catalog's schedule snapshot onto ScheduleInput.

export { computeSlots } from './compute-slots.js';
export {
  bookableStarts,
  countedReach,
  decisionReach,
  occupiedReach,
  ROTATION_REACH_MS,
  type Window,
} from './horizon.js';
export { LOCAL_DAY_REACH_MS } from './daily-limit.js';
export { slotShape, type SlotShape } from './prepared-schedule.js';
export { checkSlot, explainSlot } from './check-slot.js';
export { keepsItsPlace, occupies } from './occupancy.js';
export type {
  Assignment,
  BlockInput,
  BookingStatus,
  CheckSlotInput,
  CheckSlotResult,
  ComputeSlotsInput,
  DateOverrideInput,
  ExistingBooking,
  HolidayInput,
  OwnerType,
  ResourceInput,
  ScheduleInput,
  ServiceInput,
  Slot,
  SlotExplanation,
  SlotOverride,
  SlotOwner,
  SlotRejectReason,
  SlotVerdict,
  StaffInput,
  WeeklyRuleInput,
} from './types.js';
