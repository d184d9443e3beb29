// A deterministic, busy tenant for the engine benchmark (and for the test that computeSlots and
// checkSlot agree): 10 staff, 2,000 bookings, a 31-day window that contains the Europe/Berlin
// spring-forward day, 15-minute grid. Built with a seeded PRNG so every run measures the same work.

import { DateTime } from 'luxon';
import type {
  BlockInput,
  BookingStatus,
  ExistingBooking,
  ScheduleInput,
  StaffInput,
  WeeklyRuleInput,
} from '../domain/availability/index.js';

export interface EngineScenario {
  schedule: ScheduleInput;
  bookings: ExistingBooking[];
  fromMs: number;
  toMs: number;
  nowMs: number;
}

export interface ScenarioOptions {
  seed?: number;
  staffCount?: number;
  bookingCount?: number;
  days?: number;
}

/** mulberry32: tiny, fast, good enough to spread test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONE = 'Europe/Berlin';

export function buildEngineScenario(options: ScenarioOptions = {}): EngineScenario {
  const { seed = 20260316, staffCount = 10, bookingCount = 2000, days = 31 } = options;
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const local = (day: DateTime, minute: number): number => day.plus({ minutes: minute }).toMillis();

  const first = DateTime.fromISO('2026-03-16T00:00', { zone: ZONE });
  const dayStarts = Array.from({ length: days }, (_, i) => first.plus({ days: i }));
  const fromMs = first.toMillis();
  const toMs = first.plus({ days }).toMillis();

  const rules: WeeklyRuleInput[] = [];
  for (let weekday = 1; weekday <= 6; weekday++) {
    rules.push({
      ownerType: 'tenant',
      ownerId: 't1',
      weekday,
      startMinute: 8 * 60,
      endMinute: 20 * 60,
      timezone: ZONE,
    });
  }

  const staff: StaffInput[] = [];
  const blocks: BlockInput[] = [
    {
      ownerType: 'tenant',
      ownerId: 't1',
      startsAtMs: local(dayStarts[4] as DateTime, 12 * 60),
      endsAtMs: local(dayStarts[4] as DateTime, 14 * 60),
    },
  ];
  const shifts: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
    [[8 * 60, 16 * 60]],
    [[12 * 60, 20 * 60]],
    [
      [8 * 60, 12 * 60],
      [13 * 60, 17 * 60],
    ],
    [[10 * 60, 18 * 60 + 30]],
  ];
  for (let s = 1; s <= staffCount; s++) {
    const staffId = `s${String(s).padStart(2, '0')}`;
    staff.push({ staffId, status: 'active', timezone: ZONE });
    const dayOff = 1 + Math.floor(random() * 6);
    for (let weekday = 1; weekday <= 6; weekday++) {
      if (weekday === dayOff) continue;
      for (const [startMinute, endMinute] of pick(shifts)) {
        rules.push({ ownerType: 'staff', ownerId: staffId, weekday, startMinute, endMinute, timezone: ZONE });
      }
    }
    const blockDay = pick(dayStarts);
    const blockStart = (8 + Math.floor(random() * 8)) * 60;
    blocks.push({
      ownerType: 'staff',
      ownerId: staffId,
      startsAtMs: local(blockDay, blockStart),
      endsAtMs: local(blockDay, blockStart + 120),
    });
  }

  const nowMs = first.minus({ hours: 12 }).toMillis();
  const bookings: ExistingBooking[] = [];
  for (let i = 0; i < bookingCount; i++) {
    const day = pick(dayStarts);
    const startsAtMs = local(day, 8 * 60 + Math.floor(random() * 44) * 15);
    const endsAtMs = startsAtMs + pick([30, 45, 60, 90]) * 60_000;
    // 85 % confirmed, 8 % live holds, 3 % cancelled, 4 % holds that have already expired.
    const roll = random();
    const status: BookingStatus = roll < 0.85 ? 'confirmed' : roll < 0.93 ? 'held' : roll < 0.96 ? 'cancelled' : 'held';
    const expired = roll >= 0.96;
    const serviceId = random() < 0.7 ? 'svc-cut' : 'svc-colour';
    bookings.push({
      bookingId: `b${i}`,
      serviceId,
      // Stored on each booking, as create does (docs/decisions.md "Availability"): the cut's
      // 5/10 minutes, the colour's 0/15.
      ...(serviceId === 'svc-cut'
        ? { bufferBeforeMin: 5, bufferAfterMin: 10 }
        : { bufferBeforeMin: 0, bufferAfterMin: 15 }),
      staffId: `s${String(1 + Math.floor(random() * staffCount)).padStart(2, '0')}`,
      startsAtMs,
      endsAtMs,
      status,
      ...(status === 'held' ? { holdExpiresAtMs: expired ? nowMs - 60_000 : nowMs + 10 * 60_000 } : {}),
    });
  }

  const schedule: ScheduleInput = {
    timezone: ZONE,
    service: {
      serviceId: 'svc-cut',
      durationMin: 30,
      bufferBeforeMin: 5,
      bufferAfterMin: 10,
      slotIntervalMin: 15,
      minNoticeMin: 60,
      maxAdvanceDays: 90,
      staffIds: staff.map((s) => s.staffId),
      resourceIds: [],
    },
    staff,
    resources: [],
    rules,
    blocks,
    holidays: [{ date: '2026-04-03' }, { date: '2026-04-06' }],
  };
  return { schedule, bookings, fromMs, toMs, nowMs };
}
