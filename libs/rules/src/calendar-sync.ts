export type CalendarSyncStatus = 'pending' | 'synced' | 'failed' | 'removed';

/**
 * A booking's calendar write-back as the booking detail and the webhook `data.calendarSync`
 * show it (docs/architecture.md "Integrations"): one shape for both, from the integrations
 * service's record, which is the only copy (@svc/grpc's calendarSyncView reads it off the wire).
 */
export interface CalendarSyncView {
  status: CalendarSyncStatus;
  provider: string;
  externalEventId: string | null;
  meetingUrl: string | null;
}

/** Longer than any provider's join link (Zoom's with its password is under 200 characters). */
const MAX_JOIN_URL_LENGTH = 2_048;

/**
 * The video meeting's join link a customer may be given (docs/decisions.md "Integrations"): the
 * record's `meetingUrl` while the meeting exists, i.e. not once the write-back removed the event
 * (a cancel, a no-show, an expiry), and only an https URL, since it becomes a link in an email,
 * a calendar file and a page (a provider answering anything else gets no link shown).
 */
export function joinUrlOf(sync: CalendarSyncView | null | undefined): string | null {
  const url = sync?.meetingUrl;
  if (!sync || !url || sync.status === 'removed' || url.length > MAX_JOIN_URL_LENGTH || /\s/.test(url)) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
