import type { CalendarResourceEvent } from '@svc/ics';
/**
 * What the service needs of a calendar provider (docs/architecture.md "Integrations"): its
 * calendars, the busy intervals of some of them, and one event per booking written, moved or
 * removed. A provider is constructed per connection with its opened credentials; adding
 * Microsoft 365 or Zoom means one more implementation of this and its connect flow, nothing in
 * the booking service.
 */
export interface ProviderCalendar {
  calendarId: string;
  name: string;
}

export interface Interval {
  startsAtMs: number;
  endsAtMs: number;
}

/**
 * An event that may keep its owner busy, as a provider reads it (docs/decisions.md
 * "Integrations", "Events that block"). Providers leave out what never blocks: transparent or
 * "free" events, cancelled events and occurrences, invitations the account declined. Recurring
 * events come as their occurrences. Whether an all-day or a tentative event blocks is the
 * connection's setting, applied by blockingIntervals (calendars/domain/blocking.ts).
 */
export interface BusyEvent {
  /** The instants of a timed event; for an all-day event UTC midnight of its dates (see allDay). */
  startsAtMs: number;
  endsAtMs: number;
  /** An all-day event: local dates [startDate, endDate), YYYY-MM-DD, endDate exclusive. */
  allDay?: { startDate: string; endDate: string };
  /** 'tentative' when the owner marked the event or their answer tentative. */
  showAs: 'busy' | 'tentative';
  /**
   * The booking the platform wrote this event for (its write-back), when the provider can tell
   * (CalDAV: the resource `<bookingId>.ics` with UID `<bookingId>@booking-platform`; Google and
   * Microsoft: the extended property putEvent sets, `writtenBooking` of each). The busy
   * times leave out the tenant's own such events: the booking itself already occupies its time.
   */
  bookingId?: string;
}

/**
 * A booking as it is written into a calendar: the CalDAV resource's fields, and its video
 * meeting: `meetingUrl` (from CalendarResourceEvent) a meeting made elsewhere (Zoom), written as
 * the event's location (CalDAV LOCATION and URL, Google and Microsoft `location`); null clears it.
 */
export interface CalendarEvent extends CalendarResourceEvent {
  /** The meeting the calendar's own provider adds to the event (a provider that cannot make one ignores it). */
  conferencing: 'none' | 'google_meet' | 'microsoft_teams';
}

export interface WrittenEvent {
  externalEventId: string;
  meetingUrl: string | null;
}

export interface CalendarProvider {
  listCalendars(): Promise<ProviderCalendar[]>;
  /**
   * The events of the calendars that may block time in `[fromMs, toMs)`. All-day events are
   * looked for a day either side (their local days may reach into the window in any zone).
   * `timeZone`: where a time given without zone or offset (iCalendar's floating time) is, the
   * staff member's zone (else the tenant's); UTC when not said.
   */
  busy(calendarIds: readonly string[], fromMs: number, toMs: number, timeZone?: string): Promise<BusyEvent[]>;
  /** Creates or replaces the booking's event (its id derives from the booking: never two). */
  putEvent(calendarId: string, event: CalendarEvent): Promise<WrittenEvent>;
  /** Removes the event; an event already gone is fine. */
  deleteEvent(calendarId: string, externalEventId: string): Promise<void>;
}

/** The provider refused the credentials: the grant is revoked or expired (needs_reauth). */
export class ProviderAuthError extends Error {
  override readonly name = 'ProviderAuthError';
}

/** The provider could not be reached or answered with a failure. */
export class ProviderUnavailableError extends Error {
  override readonly name: string = 'ProviderUnavailableError';
  /** How long the provider asked to be left alone (a 429's or 503's `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { retryAfterMs?: number | undefined } = {}) {
    super(message);
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * The provider did what was asked but part of it is still being made (a Meet conference
 * "pending"): the write is tried again later, and the account is not in error.
 */
export class ProviderNotReadyError extends ProviderUnavailableError {
  override readonly name = 'ProviderNotReadyError';
}

/** Any thrown value as a provider error (network errors, timeouts and surprises are outages). */
export function asProviderError(err: unknown): ProviderAuthError | ProviderUnavailableError {
  if (err instanceof ProviderAuthError || err instanceof ProviderUnavailableError) return err;
  return new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
}
