// Small builders so each test states only what it is about. Expected instants are written with
// Date.UTC or with an explicit offset, never computed by the code under test.

import { DateTime } from 'luxon';
import type {
  BlockInput,
  ExistingBooking,
  ScheduleInput,
  ServiceInput,
  WeeklyRuleInput,
} from '../../src/domain/availability/index.js';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** An instant from an ISO string that carries its offset ('2026-03-29T01:00:00+01:00' or 'Z'). */
export const at = (iso: string): number => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`bad instant ${iso}`);
  return ms;
};

/** Local wall-clock time in a zone, for unambiguous times ('2026-06-01T09:00'). */
export const wall = (zone: string, isoLocal: string): number => DateTime.fromISO(isoLocal, { zone }).toMillis();

export const hm = (h: number, m = 0): number => h * 60 + m;

/** The zone, clock and day most engine tests share: Berlin, "now" 1 May 2026, slots on 1 June (CEST). */
export const TZ = 'Europe/Berlin';
export const NOW = at('2026-05-01T00:00:00Z');
export const jun1 = (hhmm: string): number => at(`2026-06-01T${hhmm}:00+02:00`);

export function service(overrides: Partial<ServiceInput> = {}): ServiceInput {
  return {
    serviceId: 'svc',
    durationMin: 60,
    bufferBeforeMin: 0,
    bufferAfterMin: 0,
    slotIntervalMin: 60,
    minNoticeMin: 0,
    maxAdvanceDays: 365,
    staffIds: [],
    resourceIds: [],
    ...overrides,
  };
}

/** The same hours on every weekday. */
export function everyDay(
  ownerType: WeeklyRuleInput['ownerType'],
  ownerId: string,
  startMinute: number,
  endMinute: number,
  timezone: string,
  extra: Partial<WeeklyRuleInput> = {},
): WeeklyRuleInput[] {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    ownerType,
    ownerId,
    weekday,
    startMinute,
    endMinute,
    timezone,
    ...extra,
  }));
}

export function schedule(overrides: Partial<ScheduleInput> & { service?: ServiceInput } = {}): ScheduleInput {
  return {
    timezone: 'Europe/Berlin',
    service: service(),
    staff: [],
    resources: [],
    rules: [],
    blocks: [],
    holidays: [],
    ...overrides,
  };
}

let nextId = 0;
export function booking(
  overrides: Partial<ExistingBooking> & Pick<ExistingBooking, 'startsAtMs' | 'endsAtMs'>,
): ExistingBooking {
  nextId += 1;
  return { bookingId: `bk${nextId}`, serviceId: 'svc', status: 'confirmed', ...overrides };
}

export function block(
  ownerType: BlockInput['ownerType'],
  ownerId: string,
  startsAtMs: number,
  endsAtMs: number,
): BlockInput {
  return { ownerType, ownerId, startsAtMs, endsAtMs };
}

export const starts = (slots: ReadonlyArray<{ startsAtMs: number }>): string[] =>
  slots.map((s) => new Date(s.startsAtMs).toISOString());

export const iso = (ms: number): string => new Date(ms).toISOString();
