// The calendar of a staff member as people keep one (issue 30, docs/testing.md "Recurring and
// all-day events"), for the CalDAV (Radicale), Google and Microsoft (stand-ins) tests alike: a weekly
// meeting that began before the last DST change of Europe/Berlin (its later occurrences stay at
// 10:00 local though the UTC hour moved), one of them excluded (EXDATE, written in UTC) and one
// moved to 14:00 (RECURRENCE-ID); an all-day event; a transparent, a tentative, a declined and
// an accepted invitation. What must be free or blocked is said once here, as the slots of a
// 30-minute service open 09:00–17:00 Berlin time.

import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { json, VTIMEZONES, type NewGraphEvent, type NewStandInEvent } from '@svc/testing';
import { berlinTime } from './booking-fixture.js';
import type { dashboard } from './dashboard-fixture.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const ZONE = 'Europe/Berlin';

/** Days ahead of the cases (all within the 90-day booking horizon, two or more days ahead). */
export const DAYS = {
  /** Occurrences of the weekly series: blocked 10:00–11:00 (and in the same week later, cancelled). */
  series: 2,
  excluded: 9,
  moved: 16,
  cancelledLater: 23,
  allDay: 4,
  /** 12:00 transparent, 13:00 tentative, 14:00 declined, 15:00 accepted. */
  invitations: 5,
} as const;

/** YYYY-MM-DD of the Berlin day `daysAhead` from now. */
export function berlinDate(daysAhead: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(berlinTime(daysAhead, 12)));
}

/** Berlin's UTC offset in minutes at an instant. */
function berlinOffset(ms: number): number {
  const name = new Intl.DateTimeFormat('en', { timeZone: ZONE, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')!.value;
  const [, sign, h, m] = /GMT(?:([+-])(\d+)(?::(\d+))?)?/.exec(name)!;
  return sign ? (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m ?? 0)) : 0;
}

/**
 * How many weeks before `DAYS.series` the series begins: the first week whose 10:00 has another
 * UTC offset than the series' day, so the series crosses at least one DST change (Berlin changes
 * twice a year, so at most 31 weeks back).
 */
export function weeksBack(): number {
  const first = berlinTime(DAYS.series, 10);
  for (let weeks = 1; weeks <= 31; weeks++) {
    if (berlinOffset(first - weeks * 7 * DAY) !== berlinOffset(first)) return weeks;
  }
  throw new Error('no DST change of Europe/Berlin within 31 weeks');
}

/** The series' first start, DTSTART (10:00 Berlin, `weeksBack()` weeks before the series day). */
export function seriesStart(): { date: string; ms: number } {
  const days = DAYS.series - 7 * weeksBack();
  return { date: berlinDate(days), ms: berlinTime(days, 10) };
}

/** The slot starts of a day, 09:00–16:30 every half hour, less those overlapping `busy` hours [from, to). */
export function expectedSlots(daysAhead: number, busy: ReadonlyArray<readonly [number, number]> = []): number[] {
  const out: number[] = [];
  for (let half = 18; half < 34; half++) {
    const hour = half / 2;
    if (busy.some(([from, to]) => hour + 0.5 > from && hour < to)) continue;
    out.push(berlinTime(daysAhead, Math.floor(hour), (half % 2) * 30));
  }
  return out;
}

/** Slot starts as Berlin wall-clock times (readable diffs). */
const labels = (slots: readonly number[]) =>
  slots.map((ms) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(ms)),
  );

/** What each day (by name of its case) must offer, with the connection's settings and the cancel so far. */
export function expectations(opts: {
  allDayEventsBlock: boolean;
  tentativeEventsBlock: boolean;
  cancelled: boolean;
}): Record<keyof typeof DAYS, string[]> {
  const invitations: Array<[number, number]> = [[15, 16]];
  if (opts.tentativeEventsBlock) invitations.push([13, 14]);
  return {
    series: labels(expectedSlots(DAYS.series, [[10, 11]])),
    excluded: labels(expectedSlots(DAYS.excluded)),
    moved: labels(expectedSlots(DAYS.moved, [[14, 15]])),
    cancelledLater: labels(expectedSlots(DAYS.cancelledLater, opts.cancelled ? [] : [[10, 11]])),
    allDay: opts.allDayEventsBlock ? [] : labels(expectedSlots(DAYS.allDay)),
    invitations: labels(expectedSlots(DAYS.invitations, invitations)),
  };
}

const basic = (date: string) => date.replace(/-/g, '');
const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** An iCalendar object of `events` with Berlin's VTIMEZONE (the peers' suite writes its own with it too). */
export const calendar = (events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-platform//calendar events test//EN',
    ...VTIMEZONES['Europe/Berlin']!,
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

export const vevent = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260101T000000Z',
  ...lines,
  'END:VEVENT',
];
const local = (daysAhead: number, hour: number) =>
  `TZID=${ZONE}:${basic(berlinDate(daysAhead))}T${String(hour).padStart(2, '0')}0000`;

/**
 * The iCalendar resources (name → text) of the calendar; `cancelled` adds the cancelled
 * occurrence to the series resource. `account`: the address the invitations were sent to.
 */
export function icsResources(account: string, opts: { cancelled: boolean }): Record<string, string> {
  const start = seriesStart();
  const series = [
    vevent(
      'team-weekly',
      `DTSTART;TZID=${ZONE}:${basic(start.date)}T100000`,
      `DTEND;TZID=${ZONE}:${basic(start.date)}T110000`,
      'RRULE:FREQ=WEEKLY',
      // Excluded in UTC: must meet the occurrence after the DST change all the same.
      `EXDATE:${utc(berlinTime(DAYS.excluded, 10))}`,
      'SUMMARY:Team meeting',
    ),
    vevent(
      'team-weekly',
      `RECURRENCE-ID;${local(DAYS.moved, 10)}`,
      `DTSTART;${local(DAYS.moved, 14)}`,
      `DTEND;${local(DAYS.moved, 15)}`,
      'SUMMARY:Team meeting (moved)',
    ),
  ];
  if (opts.cancelled) {
    series.push(
      vevent(
        'team-weekly',
        `RECURRENCE-ID;${local(DAYS.cancelledLater, 10)}`,
        `DTSTART;${local(DAYS.cancelledLater, 10)}`,
        `DTEND;${local(DAYS.cancelledLater, 11)}`,
        'STATUS:CANCELLED',
        'SUMMARY:Team meeting',
      ),
    );
  }
  const day = DAYS.invitations;
  const invitation = (uid: string, hour: number, partstat: string) =>
    calendar([
      vevent(
        uid,
        `DTSTART;${local(day, hour)}`,
        `DTEND;${local(day, hour + 1)}`,
        'ORGANIZER:mailto:boss@example.test',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.test',
        `ATTENDEE;PARTSTAT=${partstat};RSVP=TRUE:mailto:${account}`,
        'SUMMARY:Invitation',
      ),
    ]);
  return {
    'team-weekly.ics': calendar(series),
    'holiday.ics': calendar([
      vevent(
        'holiday',
        `DTSTART;VALUE=DATE:${basic(berlinDate(DAYS.allDay))}`,
        `DTEND;VALUE=DATE:${basic(berlinDate(DAYS.allDay + 1))}`,
        'SUMMARY:Holiday',
      ),
    ]),
    'reminder.ics': calendar([
      vevent(
        'reminder',
        `DTSTART;${local(day, 12)}`,
        `DTEND;${local(day, 13)}`,
        'TRANSP:TRANSPARENT',
        'SUMMARY:Call back',
      ),
    ]),
    'maybe.ics': calendar([
      vevent('maybe', `DTSTART;${local(day, 13)}`, `DTEND;${local(day, 14)}`, 'STATUS:TENTATIVE', 'SUMMARY:Perhaps'),
    ]),
    'declined.ics': invitation('declined', 14, 'DECLINED'),
    'accepted.ics': invitation('accepted', 15, 'ACCEPTED'),
  };
}

/** The same calendar as Google Calendar events (the stand-in's putEvent input), by name. */
export function googleEvents(opts: { cancelled: boolean }): NewStandInEvent[] {
  const start = seriesStart();
  const at = (ms: number) => ({ dateTime: new Date(ms).toISOString(), timeZone: ZONE });
  const day = DAYS.invitations;
  const invitation = (responseStatus: string) => [
    { email: 'boss@example.test', organizer: true, responseStatus: 'accepted' },
    { email: 'staff@example.test', self: true, responseStatus },
  ];
  const events: NewStandInEvent[] = [
    {
      id: 'teamweekly',
      summary: 'Team meeting',
      start: at(start.ms),
      end: at(start.ms + HOUR),
      recurrence: ['RRULE:FREQ=WEEKLY', `EXDATE:${utc(berlinTime(DAYS.excluded, 10))}`],
    },
    {
      recurringEventId: 'teamweekly',
      originalStartTime: at(berlinTime(DAYS.moved, 10)),
      start: at(berlinTime(DAYS.moved, 14)),
      end: at(berlinTime(DAYS.moved, 15)),
    },
    { id: 'holiday', start: { date: berlinDate(DAYS.allDay) }, end: { date: berlinDate(DAYS.allDay + 1) } },
    {
      id: 'reminder',
      start: at(berlinTime(day, 12)),
      end: at(berlinTime(day, 13)),
      transparency: 'transparent',
    },
    { id: 'maybe', status: 'tentative', start: at(berlinTime(day, 13)), end: at(berlinTime(day, 14)) },
    { id: 'declined', start: at(berlinTime(day, 14)), end: at(berlinTime(day, 15)), attendees: invitation('declined') },
    { id: 'accepted', start: at(berlinTime(day, 15)), end: at(berlinTime(day, 16)), attendees: invitation('accepted') },
  ];
  if (opts.cancelled) {
    events.push({
      recurringEventId: 'teamweekly',
      originalStartTime: at(berlinTime(DAYS.cancelledLater, 10)),
      start: at(berlinTime(DAYS.cancelledLater, 10)),
      end: at(berlinTime(DAYS.cancelledLater, 11)),
      status: 'cancelled',
    });
  }
  return events;
}

/**
 * The same calendar as Microsoft 365 events (the Graph stand-in's putEvent input): the weekly
 * series with Graph's own recurrence shape, its excluded occurrence deleted (`excludedStartMs`,
 * for deleteOccurrence), the moved one and (with `cancelled`) the cancelled one as exceptions;
 * the holiday an all-day event shown out of office; the invitations by `showAs` and the
 * account's `responseStatus`.
 */
export function microsoftEvents(opts: { cancelled: boolean }): {
  series: NewGraphEvent;
  exceptions: NewGraphEvent[];
  excludedStartMs: number;
  others: NewGraphEvent[];
} {
  const start = seriesStart();
  const local = (ms: number) => ({
    dateTime: `${new Date(ms).toLocaleString('sv', { timeZone: ZONE }).replace(' ', 'T')}.0000000`,
    timeZone: ZONE,
  });
  const occurrence = (daysAhead: number, hour: number, fields: Partial<NewGraphEvent> = {}): NewGraphEvent => ({
    subject: 'Team meeting',
    seriesMasterId: 'teamweekly',
    originalStart: new Date(berlinTime(daysAhead, 10)).toISOString().replace('.000Z', 'Z'),
    start: local(berlinTime(daysAhead, hour)),
    end: local(berlinTime(daysAhead, hour + 1)),
    ...fields,
  });
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' })
    .format(new Date(start.ms))
    .toLowerCase();
  const day = DAYS.invitations;
  const timed = (id: string, hour: number, fields: Partial<NewGraphEvent>): NewGraphEvent => ({
    id,
    subject: id,
    start: local(berlinTime(day, hour)),
    end: local(berlinTime(day, hour + 1)),
    ...fields,
  });
  return {
    series: {
      id: 'teamweekly',
      subject: 'Team meeting',
      start: local(start.ms),
      end: local(start.ms + HOUR),
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: [weekday], firstDayOfWeek: 'monday' },
        range: { type: 'noEnd', startDate: start.date, recurrenceTimeZone: ZONE },
      },
    },
    exceptions: [
      occurrence(DAYS.moved, 14),
      ...(opts.cancelled ? [occurrence(DAYS.cancelledLater, 10, { isCancelled: true })] : []),
    ],
    excludedStartMs: berlinTime(DAYS.excluded, 10),
    others: [
      {
        id: 'holiday',
        subject: 'Holiday',
        isAllDay: true,
        showAs: 'oof',
        start: { dateTime: `${berlinDate(DAYS.allDay)}T00:00:00.0000000`, timeZone: ZONE },
        end: { dateTime: `${berlinDate(DAYS.allDay + 1)}T00:00:00.0000000`, timeZone: ZONE },
      },
      timed('reminder', 12, { showAs: 'free' }),
      timed('maybe', 13, { showAs: 'tentative' }),
      timed('declined', 14, { showAs: 'busy', responseStatus: { response: 'declined' } }),
      timed('accepted', 15, { showAs: 'busy', responseStatus: { response: 'accepted' } }),
    ],
  };
}

/** Every day of the cases as availability answers it (GET …/availability through the gateway). */
export async function slotsByDay(
  slotsOn: (daysAhead: number) => Promise<number[]>,
): Promise<Record<keyof typeof DAYS, string[]>> {
  const out = {} as Record<keyof typeof DAYS, string[]>;
  for (const [name, day] of Object.entries(DAYS) as Array<[keyof typeof DAYS, number]>) {
    out[name] = labels(await slotsOn(day));
  }
  return out;
}

/**
 * The connection's settings turned off one by one, then on again (PATCH
 * /api/integrations/{id}): all-day and tentative events stop blocking, and block again, at the
 * very next availability read, although the answers read just before are still kept
 * (docs/decisions.md "Integrations", "A connection change counts at the next read") — asserted on
 * that read, not eventually. `slotsOn`: a day's slots as availability answers them.
 */
export async function expectSettingsApplyAtNextRead(
  api: ReturnType<typeof dashboard>,
  connectionId: string,
  slotsOn: (daysAhead: number) => Promise<number[]>,
) {
  const settings = { allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: false };
  // Every day read (and its answer kept) before the first change.
  expect(await slotsByDay(slotsOn)).toEqual(expectations(settings));
  const patch = async (fields: Partial<typeof settings>) => {
    const res = await api('PATCH', `/api/integrations/${connectionId}`, fields);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject(fields);
    Object.assign(settings, fields);
    expect(await slotsByDay(slotsOn)).toEqual(expectations(settings));
  };
  await patch({ allDayEventsBlock: false });
  await patch({ tentativeEventsBlock: false });
  await patch({ allDayEventsBlock: true, tentativeEventsBlock: true });
}

/**
 * The occurrence of DAYS.cancelledLater cancelled in the calendar (`cancel`) after its day was
 * read (and cached) while it still stood: it stops blocking at the first read after
 * `busyCacheMs`, not eventually.
 */
export async function expectCancelSeenAfterCache(
  cancel: () => unknown,
  busyCacheMs: number,
  slotsOn: (daysAhead: number) => Promise<number[]>,
) {
  expect((await slotsByDay(slotsOn)).cancelledLater).toEqual(
    expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: false }).cancelledLater,
  );
  await cancel();
  const changedAtMs = Date.now();
  await sleep(changedAtMs + busyCacheMs + 50 - Date.now());
  // The first read after the bound, not eventually.
  expect(await slotsOn(DAYS.cancelledLater).then((s) => s.length)).toBe(16);
  expect(await slotsByDay(slotsOn)).toEqual(
    expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: true }),
  );
}
