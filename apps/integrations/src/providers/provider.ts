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

/** A booking as it is written into a calendar: the CalDAV resource's fields, and its video meeting. */
export interface CalendarEvent extends CalendarResourceEvent {
  /** The service's video meeting (a provider that cannot make one ignores it). */
  conferencing: 'none' | 'google_meet';
}

export interface WrittenEvent {
  externalEventId: string;
  meetingUrl: string | null;
}

export interface CalendarProvider {
  listCalendars(): Promise<ProviderCalendar[]>;
  busy(calendarIds: readonly string[], fromMs: number, toMs: number): Promise<Interval[]>;
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
  override readonly name = 'ProviderUnavailableError';
}

/** Any thrown value as a provider error (network errors, timeouts and surprises are outages). */
export function asProviderError(err: unknown): ProviderAuthError | ProviderUnavailableError {
  if (err instanceof ProviderAuthError || err instanceof ProviderUnavailableError) return err;
  return new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
}
