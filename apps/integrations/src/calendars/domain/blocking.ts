/**
 * Which of a calendar's events block a staff member, and when (docs/decisions.md "Integrations",
 * "Events that block"). Pure: the providers read the events, the connection says whether all-day
 * and tentative events count, and the staff member's zone says which instants an all-day event's
 * dates are.
 */
import { isTimeZone, parseIsoDate, startOfDay } from '@svc/wall-clock';
import type { BusyEvent, Interval } from '../../providers/provider.js';

export interface BlockingSettings {
  /** Whether all-day events block (some people keep all-day "reminders"). */
  allDayEventsBlock: boolean;
  /** Whether events the owner marked tentative block. */
  tentativeEventsBlock: boolean;
}

/** The connection settings a connection made before they existed has. */
export const DEFAULT_BLOCKING: BlockingSettings = { allDayEventsBlock: true, tentativeEventsBlock: true };

/**
 * The intervals `events` keep busy under `settings`: a timed event its instants, an all-day
 * event the whole local days it names in `timeZone`, from the first instant of its first day to
 * the first instant of the day after its last (so 23 or 25 hours across a DST change). An
 * all-day event whose dates do not parse blocks nothing (the calendar's owner sees it in their
 * own client); an unknown zone is UTC.
 */
export function blockingIntervals(
  events: readonly BusyEvent[],
  settings: BlockingSettings,
  timeZone: string,
): Interval[] {
  const out: Interval[] = [];
  for (const event of events) {
    if (event.showAs === 'tentative' && !settings.tentativeEventsBlock) continue;
    if (!event.allDay) {
      if (event.endsAtMs > event.startsAtMs) out.push({ startsAtMs: event.startsAtMs, endsAtMs: event.endsAtMs });
      continue;
    }
    if (!settings.allDayEventsBlock) continue;
    const startsAtMs = startOfLocalDay(event.allDay.startDate, timeZone);
    const endsAtMs = startOfLocalDay(event.allDay.endDate, timeZone);
    if (startsAtMs !== null && endsAtMs !== null && endsAtMs > startsAtMs) out.push({ startsAtMs, endsAtMs });
  }
  return out;
}

/**
 * The first instant of local date `date` (YYYY-MM-DD) in `timeZone` (where a clock change skips
 * midnight, the first that exists), or null for a malformed date; a zone the runtime does not
 * know reads as UTC.
 */
export function startOfLocalDay(date: string, timeZone: string): number | null {
  if (!parseIsoDate(date)) return null;
  return startOfDay(date, isTimeZone(timeZone) ? timeZone : 'UTC');
}
