/**
 * Every provider call timed and counted by provider, operation and outcome
 * (`integrations_provider_request_duration_seconds`, docs/operations.md "Metrics"): the factory
 * wraps what it makes, so connect, busy times and write-back are all measured in one place.
 */
import { providerRequests, SERVICE } from '../metrics.js';
import type { Provider } from '../store/records.js';
import { ProviderAuthError, type CalendarProvider } from './provider.js';
import type { MeetingProvider } from '../meetings/providers/zoom-meetings.js';

type Operation =
  'list_calendars' | 'busy' | 'put_event' | 'delete_event' | 'account' | 'put_meeting' | 'delete_meeting';

/** Times one call of a provider (`name`), labelled with its operation and outcome. */
const timer =
  (name: Provider) =>
  async <R>(operation: Operation, call: () => Promise<R>): Promise<R> => {
    const end = providerRequests.startTimer({ service: SERVICE, provider: name, operation });
    try {
      const result = await call();
      end({ outcome: 'ok' });
      return result;
    } catch (err) {
      end({ outcome: err instanceof ProviderAuthError ? 'needs_reauth' : 'failed' });
      throw err;
    }
  };

export function measured(provider: CalendarProvider, name: Provider): CalendarProvider {
  const time = timer(name);
  return {
    listCalendars: () => time('list_calendars', () => provider.listCalendars()),
    busy: (ids, fromMs, toMs, timeZone) => time('busy', () => provider.busy(ids, fromMs, toMs, timeZone)),
    putEvent: (calendarId, event) => time('put_event', () => provider.putEvent(calendarId, event)),
    deleteEvent: (calendarId, id) => time('delete_event', () => provider.deleteEvent(calendarId, id)),
  };
}

/** A video account's meeting calls, measured the same way (operations account, put_meeting, delete_meeting). */
export function measuredMeetings(meetings: MeetingProvider, name: Provider): MeetingProvider {
  const time = timer(name);
  return {
    account: () => time('account', () => meetings.account()),
    putMeeting: (meeting, known) => time('put_meeting', () => meetings.putMeeting(meeting, known)),
    deleteMeeting: (id) => time('delete_meeting', () => meetings.deleteMeeting(id)),
  };
}
