// fast-check generators of whole availability questions: a schedule, bookings, a window and a
// clock. A question is generated as a small description in relative terms (minutes from the
// window's local midnight, weekdays from its first day), which shrinks well, and then turned into
// the engine's input with `materialize`.

import fc from 'fast-check';
import type {
  BlockInput,
  BookingStatus,
  ExistingBooking,
  ScheduleInput,
  WeeklyRuleInput,
} from '../../../src/domain/availability/types.js';
import { dayNumberOfIso, isoDateOf, MINUTE_MS, wallClock, weekdayOf, zone } from './wall-clock.js';

/** The tenant zones, each with its 2026 offset changes. */
export const ZONES: Record<string, readonly string[]> = {
  'Europe/Berlin': ['2026-03-29', '2026-10-25'],
  'America/New_York': ['2026-03-08', '2026-11-01'],
  // Half-hour DST: 02:00 → 01:30 on 5 April, 02:00 → 02:30 on 4 October.
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04'],
  // No DST; UTC+05:45 puts every local hour at a quarter past a UTC hour.
  'Asia/Kathmandu': [],
};
const ZONE_NAMES = Object.keys(ZONES);

export const STAFF_IDS = ['s0', 's1', 's2'] as const;
export const RESOURCE_IDS = ['r0', 'r1', 'r2'] as const;
/** Listed by a service but unknown to the catalog snapshot: never assigned. */
const UNKNOWN_STAFF = 's9';
const UNKNOWN_RESOURCE = 'r9';

type Owner = { type: 'tenant' } | { type: 'staff'; index: number } | { type: 'resource'; index: number };

export interface RuleSpec {
  owner: Owner;
  /** Days after the local day the window starts on (its weekday is the rule's). */
  weekdayShift: number;
  startMinute: number;
  lengthMin: number;
  /** 0: '' (the fallback zone), 1: the tenant's zone, 2: another zone. */
  zoneChoice: number;
  effective: { fromMin: number | null; untilMin: number | null } | null;
  /** Minutes after the start at which the rule is split in two touching rules (null: not split). */
  splitAfterMin: number | null;
}

export interface StaffSpec {
  active: boolean;
  /** 0: '' (the tenant's), 1: the tenant's zone, 2: another zone. */
  zoneChoice: number;
  /** A rule of their own, in addition to any the rule list gives them. */
  ownRule: RuleSpec | null;
}

export interface BookingSpec {
  staff: number | null;
  resource: number | null;
  otherService: boolean;
  startMin: number;
  lengthMin: number;
  bufferBeforeMin: number | null;
  bufferAfterMin: number | null;
  status: BookingStatus;
  /** Minutes from now at which a hold expires; null = no expiry recorded. */
  holdExpiresInMin: number | null;
  /** The service's seats when it was booked (above 1: a session's booking); null = not stored. */
  seats: number | null;
  partySize: number | null;
  /** Minutes before now it was made (round-robin's tie); null = not stored. */
  madeMinAgo: number | null;
  /** A collective booking: the other staff members it occupies too. */
  alsoStaff: number[];
}

export interface QuestionSpec {
  zone: string;
  /** The local date the window is built around. */
  date: string;
  service: {
    durationMin: number;
    slotIntervalMin: number;
    bufferBeforeMin: number;
    bufferAfterMin: number;
    minNoticeMin: number;
    maxAdvanceDays: number;
    /** 0: no daily limit. */
    maxBookingsPerDay: number;
    /** Above 1: a seated service (docs/decisions.md "Seats"). */
    seats: number;
    assignment: 'first_available' | 'round_robin' | 'collective';
    /** round_robin shares, per staff index; 0 = none given. */
    weights: number[];
    staff: string[];
    resources: string[];
  };
  staff: StaffSpec[];
  resources: { active: boolean; capacity: number }[];
  rules: RuleSpec[];
  blocks: { owner: Owner | 'unknown'; startMin: number; lengthMin: number }[];
  holidayShifts: number[];
  /** Date overrides: an owner, a day from the question's date, windows as minutes of that day. */
  overrides: { owner: Owner; dayShift: number; windows: { startMinute: number; lengthMin: number }[] }[];
  bookings: BookingSpec[];
  /** Minutes from the date's local midnight. */
  windowStartMin: number;
  windowLengthMin: number;
  windowSkewSec: number;
  /** Minutes from the window's start. */
  nowMin: number;
  ignoreBooking: number | null;
  preferredStaff: string | null;
  /** The seats the booking asked about takes. */
  partySize: number;
}

export interface Question {
  schedule: ScheduleInput;
  bookings: ExistingBooking[];
  fromMs: number;
  toMs: number;
  nowMs: number;
  ignoreBookingId?: string;
  preferredStaffId?: string;
  partySize?: number;
}

/** `arb` one time in `1 + rarely`, null otherwise (fc.option's `freq` weighs the other way round). */
const rarely = <T>(arb: fc.Arbitrary<T>, rarity: number): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: rarity }, { arbitrary: arb, weight: 1 });

const dateArb = (zoneName: string): fc.Arbitrary<string> => {
  const transitions = ZONES[zoneName] ?? [];
  const anyDay = fc.integer({ min: 0, max: 364 }).map((d) => isoDateOf(dayNumberOfIso('2026-01-01') + d));
  if (transitions.length === 0) return anyDay;
  const nearTransition = fc
    .record({ t: fc.constantFrom(...transitions), shift: fc.constantFrom(-1, 0, 0, 1) })
    .map(({ t, shift }) => isoDateOf(dayNumberOfIso(t) + shift));
  return fc.oneof({ arbitrary: nearTransition, weight: 3 }, { arbitrary: anyDay, weight: 1 });
};

/** Minutes of the day: round hours and quarter hours often (so rules touch and overlap), any minute sometimes. */
const minuteOfDay = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 96 }).map((q) => q * 15), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 1439 }), weight: 1 },
);

const ownerArb: fc.Arbitrary<Owner> = fc.oneof(
  { arbitrary: fc.constant<Owner>({ type: 'tenant' }), weight: 3 },
  { arbitrary: fc.integer({ min: 0, max: 2 }).map((index): Owner => ({ type: 'staff', index })), weight: 2 },
  { arbitrary: fc.integer({ min: 0, max: 2 }).map((index): Owner => ({ type: 'resource', index })), weight: 2 },
);

/** A weekly rule; `long` ones (most tenant rules) open for hours, so that most questions have free starts. */
const ruleArb = (owner: fc.Arbitrary<Owner>, long = false): fc.Arbitrary<RuleSpec> =>
  fc.record({
    owner,
    weekdayShift: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 1 }), weight: 4 },
      { arbitrary: fc.integer({ min: 0, max: 6 }), weight: 1 },
    ),
    startMinute: fc.oneof(
      { arbitrary: fc.constantFrom(0, 0, 60, 120, 360, 480, 540, 600, 720, 1320), weight: long ? 3 : 1 },
      // The hours in which the four zones' clocks jump or repeat (01:00–03:00).
      { arbitrary: fc.integer({ min: 4, max: 12 }).map((q) => q * 15), weight: 2 },
      { arbitrary: minuteOfDay, weight: long ? 1 : 3 },
    ),
    lengthMin: fc.oneof(
      { arbitrary: fc.constantFrom(480, 600, 720, 1440, 1440), weight: long ? 3 : 1 },
      { arbitrary: fc.integer({ min: 1, max: 96 }).map((q) => q * 15), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 1440 }), weight: 1 },
    ),
    zoneChoice: fc.oneof({ arbitrary: fc.constantFrom(0, 1), weight: 6 }, { arbitrary: fc.constant(2), weight: 1 }),
    effective: rarely(
      fc.record({
        fromMin: fc.option(fc.integer({ min: -1440, max: 3000 }), { nil: null }),
        untilMin: fc.option(fc.integer({ min: -1440, max: 3600 }), { nil: null }),
      }),
      5,
    ),
    splitAfterMin: rarely(
      fc.integer({ min: 1, max: 48 }).map((q) => q * 15),
      3,
    ),
  });

const bookingArb = (): fc.Arbitrary<BookingSpec> => {
  // The buffers stored on the booking; absent on some, as on records made before they were stored.
  const buffer = fc.option(fc.constantFrom(0, 5, 10, 15, 20, 30, 45), { nil: null, freq: 8 });
  return fc.record({
    staff: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 4 }),
    resource: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 3 }),
    otherService: fc.boolean(),
    // Mostly in the working hours of the first day, so that bookings overlap one another (a
    // resource with capacity 2 or 3 needs that) and the slots.
    startMin: fc.oneof(
      { arbitrary: fc.integer({ min: 28, max: 76 }).map((q) => q * 15), weight: 3 },
      { arbitrary: fc.integer({ min: -48, max: 200 }).map((q) => q * 15), weight: 2 },
      { arbitrary: fc.integer({ min: -720, max: 3000 }), weight: 1 },
    ),
    // 0 is a malformed booking, which takes no time.
    lengthMin: fc.oneof(
      { arbitrary: fc.constantFrom(0, 15, 30, 45, 60, 90, 120), weight: 6 },
      { arbitrary: fc.integer({ min: 1, max: 240 }), weight: 1 },
    ),
    bufferBeforeMin: buffer,
    bufferAfterMin: buffer,
    status: fc.constantFrom<BookingStatus>(
      'confirmed',
      'confirmed',
      'confirmed',
      'held',
      'held',
      'cancelled',
      'completed',
      'no_show',
    ),
    madeMinAgo: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null, freq: 4 }),
    alsoStaff: fc.oneof(
      { arbitrary: fc.constant<number[]>([]), weight: 5 },
      { arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }), weight: 1 },
    ),
    // Sessions of a seated service: bookings stored with its seats, and their party sizes.
    seats: fc.option(fc.constantFrom(2, 3, 4, 20), { nil: null, freq: 2 }),
    partySize: fc.option(fc.constantFrom(1, 1, 2, 3, 0), { nil: null, freq: 2 }),
    holdExpiresInMin: fc.option(
      fc.oneof(
        { arbitrary: fc.constantFrom(-1, 0, 1), weight: 2 },
        { arbitrary: fc.integer({ min: -30, max: 30 }), weight: 1 },
      ),
      { nil: null, freq: 5 },
    ),
  });
};

export function questionSpecArb(): fc.Arbitrary<QuestionSpec> {
  return fc.constantFrom(...ZONE_NAMES).chain((zoneName) =>
    fc.record({
      zone: fc.constant(zoneName),
      date: dateArb(zoneName),
      service: fc.record({
        durationMin: fc.constantFrom(5, 10, 15, 20, 25, 30, 45, 60, 90, 120),
        slotIntervalMin: fc.constantFrom(0, 7, 10, 15, 20, 30, 45, 60),
        bufferBeforeMin: fc.constantFrom(0, 0, 5, 10, 15, 20, 30),
        bufferAfterMin: fc.constantFrom(0, 0, 5, 10, 15, 20, 30),
        minNoticeMin: fc.oneof(
          { arbitrary: fc.constant(0), weight: 3 },
          { arbitrary: fc.integer({ min: 1, max: 3000 }), weight: 1 },
          { arbitrary: fc.integer({ min: -120, max: -1 }), weight: 1 },
        ),
        maxAdvanceDays: fc.oneof(
          { arbitrary: fc.constant(365), weight: 3 },
          { arbitrary: fc.constantFrom(0, 1, 2, 3), weight: 1 },
        ),
        // Small limits, so that the staff's bookings of the service on one day reach them.
        maxBookingsPerDay: fc.oneof(
          { arbitrary: fc.constant(0), weight: 3 },
          { arbitrary: fc.constantFrom(1, 1, 2, 3), weight: 2 },
        ),
        seats: fc.oneof({ arbitrary: fc.constant(1), weight: 2 }, { arbitrary: fc.constantFrom(2, 3, 4), weight: 1 }),
        assignment: fc.oneof(
          { arbitrary: fc.constant('first_available' as const), weight: 4 },
          { arbitrary: fc.constant('round_robin' as const), weight: 2 },
          { arbitrary: fc.constant('collective' as const), weight: 1 },
        ),
        weights: fc.array(fc.constantFrom(0, 1, 2, 3), { minLength: 3, maxLength: 3 }),
        staff: fc.oneof(fc.constant([]), fc.shuffledSubarray([...STAFF_IDS, UNKNOWN_STAFF], { minLength: 1 })),
        resources: fc.oneof(
          fc.constant([]),
          fc.shuffledSubarray([...RESOURCE_IDS, UNKNOWN_RESOURCE], { minLength: 1 }),
        ),
      }),
      staff: fc.tuple(
        ...STAFF_IDS.map((_, index) =>
          fc.record({
            active: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
            zoneChoice: fc.oneof(
              { arbitrary: fc.constantFrom(0, 1), weight: 6 },
              { arbitrary: fc.constant(2), weight: 1 },
            ),
            // Half of the staff have no rule of their own (unless the rule list gives them one).
            ownRule: fc.option(ruleArb(fc.constant<Owner>({ type: 'staff', index }), true), { nil: null, freq: 2 }),
          }),
        ),
      ),
      resources: fc.tuple(
        ...RESOURCE_IDS.map(() =>
          fc.record({
            active: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
            capacity: fc.oneof(
              { arbitrary: fc.constantFrom(1, 2, 3), weight: 8 },
              { arbitrary: fc.constantFrom(0, -1, Number.NaN), weight: 1 },
            ),
          }),
        ),
      ),
      // Tenant rules first, so that most questions have hours; then rules of any owner, mixed.
      rules: fc
        .tuple(
          fc.array(ruleArb(fc.constant<Owner>({ type: 'tenant' }), true), { minLength: 1, maxLength: 3 }),
          fc.array(ruleArb(ownerArb), { maxLength: 6 }),
        )
        .chain(([tenant, any]) => fc.shuffledSubarray([...tenant, ...any], { minLength: tenant.length + any.length })),
      blocks: fc.array(
        fc.record({
          owner: fc.oneof(
            { arbitrary: ownerArb, weight: 6 },
            { arbitrary: fc.constant<'unknown'>('unknown'), weight: 1 },
          ),
          startMin: fc.oneof(
            { arbitrary: fc.integer({ min: -48, max: 200 }).map((q) => q * 15), weight: 3 },
            { arbitrary: fc.integer({ min: -720, max: 3000 }), weight: 1 },
          ),
          lengthMin: fc.oneof(
            { arbitrary: fc.integer({ min: 0, max: 20 }).map((q) => q * 15), weight: 3 },
            { arbitrary: fc.integer({ min: 0, max: 300 }), weight: 1 },
          ),
        }),
        { maxLength: 4 },
      ),
      // Date overrides: mostly none; else a date near the window's with zero to three windows.
      overrides: fc.oneof(
        { arbitrary: fc.constant([]), weight: 3 },
        {
          arbitrary: fc.array(
            fc.record({
              owner: ownerArb,
              dayShift: fc.integer({ min: -1, max: 2 }),
              windows: fc.array(
                fc.record({
                  startMinute: fc.oneof(
                    { arbitrary: fc.constantFrom(0, 360, 480, 540, 600, 720, 1380), weight: 2 },
                    { arbitrary: fc.integer({ min: 4, max: 12 }).map((q) => q * 15), weight: 1 },
                    { arbitrary: minuteOfDay, weight: 2 },
                  ),
                  lengthMin: fc.oneof(
                    { arbitrary: fc.integer({ min: 1, max: 48 }).map((q) => q * 15), weight: 3 },
                    { arbitrary: fc.integer({ min: 1, max: 1440 }), weight: 1 },
                  ),
                }),
                { maxLength: 3 },
              ),
            }),
            { minLength: 1, maxLength: 3 },
          ),
          weight: 2,
        },
      ),
      holidayShifts: fc.oneof(
        { arbitrary: fc.constant([]), weight: 3 },
        { arbitrary: fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 1, maxLength: 2 }), weight: 1 },
      ),
      bookings: fc.array(bookingArb(), { maxLength: 10 }),
      windowStartMin: fc.oneof(
        { arbitrary: fc.constant(0), weight: 2 },
        { arbitrary: fc.integer({ min: -360, max: 1440 }), weight: 1 },
      ),
      windowLengthMin: fc.oneof(
        { arbitrary: fc.constantFrom(1440, 2160), weight: 2 },
        { arbitrary: fc.integer({ min: 1, max: 2160 }), weight: 1 },
      ),
      // Often a round time, so that min notice and max advance fall on grid starts.
      nowMin: fc.oneof(
        { arbitrary: fc.constantFrom(-60, -60, 0, 480, 540, 600), weight: 3 },
        { arbitrary: fc.integer({ min: 0, max: 720 }), weight: 1 },
        { arbitrary: fc.integer({ min: -4320, max: 1440 }), weight: 1 },
      ),
      /** Seconds added to the window's bounds: the API takes any millisecond. */
      windowSkewSec: fc.oneof(
        { arbitrary: fc.constant(0), weight: 5 },
        { arbitrary: fc.integer({ min: 1, max: 59 }), weight: 1 },
      ),
      ignoreBooking: rarely(fc.integer({ min: 0, max: 9 }), 4),
      preferredStaff: fc.option(fc.constantFrom(...STAFF_IDS, UNKNOWN_STAFF), { nil: null }),
      partySize: fc.constantFrom(1, 1, 1, 2, 3),
    }),
  ) as fc.Arbitrary<QuestionSpec>;
}

/** The other zones a rule or staff member may use. */
const otherZone = (zoneName: string): string =>
  ZONE_NAMES[(ZONE_NAMES.indexOf(zoneName) + 1) % ZONE_NAMES.length] as string;

const zoneFor = (choice: number, tenantZone: string): string =>
  choice === 0 ? '' : choice === 1 ? tenantZone : otherZone(tenantZone);

/** The engine's input for a question description. */
export function materialize(spec: QuestionSpec): Question {
  const tz = zone(spec.zone);
  const day = dayNumberOfIso(spec.date);
  const midnight = wallClock(tz, day, 0);
  const at = (min: number): number => midnight + min * MINUTE_MS;
  const nowMs = at(spec.windowStartMin + spec.nowMin);
  const fromMs = at(spec.windowStartMin) + spec.windowSkewSec * 1000;
  const toMs = fromMs + spec.windowLengthMin * MINUTE_MS;
  // Rules' weekdays count from the local day the window starts on.
  const firstWeekday = weekdayOf(day + Math.floor(spec.windowStartMin / 1440));

  const ownerOf = (owner: Owner | 'unknown'): { ownerType: WeeklyRuleInput['ownerType']; ownerId: string } => {
    if (owner === 'unknown') return { ownerType: 'staff', ownerId: UNKNOWN_STAFF };
    if (owner.type === 'tenant') return { ownerType: 'tenant', ownerId: 'tenant' };
    if (owner.type === 'staff') return { ownerType: 'staff', ownerId: STAFF_IDS[owner.index] as string };
    return { ownerType: 'resource', ownerId: RESOURCE_IDS[owner.index] as string };
  };

  const rulesOf = (r: RuleSpec): WeeklyRuleInput[] => {
    const startMinute = Math.min(r.startMinute, 1439);
    const endMinute = Math.min(1440, startMinute + r.lengthMin);
    const rule: WeeklyRuleInput = {
      ...ownerOf(r.owner),
      weekday: (((firstWeekday + r.weekdayShift) % 7) + 7) % 7,
      startMinute,
      endMinute,
      timezone: zoneFor(r.zoneChoice, spec.zone),
    };
    if (r.effective?.fromMin != null) rule.effectiveFromAtMs = at(r.effective.fromMin);
    if (r.effective?.untilMin != null) rule.effectiveUntilAtMs = at(r.effective.untilMin);
    const split = startMinute + (r.splitAfterMin ?? 0);
    if (r.splitAfterMin === null || split >= endMinute) return [rule];
    // The same hours as two rules that touch: a slot across the seam is inside them.
    return [
      { ...rule, endMinute: split },
      { ...rule, startMinute: split },
    ];
  };

  const rules = [...spec.rules.flatMap(rulesOf), ...spec.staff.flatMap((s) => (s.ownRule ? rulesOf(s.ownRule) : []))];
  const blocks: BlockInput[] = spec.blocks.map((b) => ({
    ...ownerOf(b.owner),
    startsAtMs: at(b.startMin),
    endsAtMs: at(b.startMin + b.lengthMin),
  }));
  const schedule: ScheduleInput = {
    timezone: spec.zone,
    service: {
      serviceId: 'svc',
      durationMin: spec.service.durationMin,
      bufferBeforeMin: spec.service.bufferBeforeMin,
      bufferAfterMin: spec.service.bufferAfterMin,
      slotIntervalMin: spec.service.slotIntervalMin,
      minNoticeMin: spec.service.minNoticeMin,
      maxAdvanceDays: spec.service.maxAdvanceDays,
      maxBookingsPerDay: spec.service.maxBookingsPerDay,
      seats: spec.service.seats,
      assignment: spec.service.assignment,
      staffWeights: Object.fromEntries(
        spec.service.weights.flatMap((w, i) => (w > 0 ? [[STAFF_IDS[i] as string, w]] : [])),
      ),
      staffIds: spec.service.staff,
      resourceIds: spec.service.resources,
    },
    staff: spec.staff.map((s, i) => ({
      staffId: STAFF_IDS[i] as string,
      status: s.active ? 'active' : 'inactive',
      timezone: zoneFor(s.zoneChoice, spec.zone),
    })),
    resources: spec.resources.map((r, i) => ({
      resourceId: RESOURCE_IDS[i] as string,
      status: r.active ? 'active' : 'inactive',
      capacity: r.capacity,
    })),
    rules,
    blocks,
    holidays: spec.holidayShifts.map((shift) => ({ date: isoDateOf(day + shift) })),
    dateOverrides: spec.overrides.map((o) => ({
      ...ownerOf(o.owner),
      date: isoDateOf(day + o.dayShift),
      windows: o.windows.map((w) => {
        const startMinute = Math.min(w.startMinute, 1439);
        return { startMinute, endMinute: Math.min(1440, startMinute + w.lengthMin) };
      }),
    })),
  };
  const bookings = spec.bookings.map((b, i): ExistingBooking => {
    const booking: ExistingBooking = {
      bookingId: `b${i}`,
      serviceId: b.otherService ? 'other' : 'svc',
      startsAtMs: at(b.startMin),
      endsAtMs: at(b.startMin + b.lengthMin),
      status: b.status,
    };
    if (b.staff !== null) booking.staffId = b.staff === 3 ? UNKNOWN_STAFF : STAFF_IDS[b.staff];
    if (b.resource !== null) booking.resourceId = b.resource === 3 ? UNKNOWN_RESOURCE : RESOURCE_IDS[b.resource];
    if (b.holdExpiresInMin !== null) booking.holdExpiresAtMs = nowMs + b.holdExpiresInMin * MINUTE_MS;
    // Buffers stored on the booking (absent: none, as on records made before they were stored).
    if (b.bufferBeforeMin !== null) booking.bufferBeforeMin = b.bufferBeforeMin;
    if (b.bufferAfterMin !== null) booking.bufferAfterMin = b.bufferAfterMin;
    if (b.seats !== null) booking.seats = b.seats;
    if (b.partySize !== null) booking.partySize = b.partySize;
    if (b.madeMinAgo !== null) booking.createdAtMs = nowMs - b.madeMinAgo * MINUTE_MS;
    if (b.alsoStaff.length > 0 && booking.staffId !== undefined) {
      booking.staffIds = [booking.staffId, ...b.alsoStaff.map((i) => STAFF_IDS[i] as string)];
    }
    return booking;
  });

  const question: Question = { schedule, bookings, fromMs, toMs, nowMs };
  if (spec.ignoreBooking !== null && spec.ignoreBooking < bookings.length)
    question.ignoreBookingId = `b${spec.ignoreBooking}`;
  if (spec.preferredStaff !== null) question.preferredStaffId = spec.preferredStaff;
  if (spec.partySize !== 1) question.partySize = spec.partySize;
  return question;
}
