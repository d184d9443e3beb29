/**
 * Every provider call timed and counted by provider, operation and outcome
 * (`integrations_provider_request_duration_seconds`, docs/operations.md "Metrics"): the factory
 * wraps what it makes, so connect, busy times and write-back are all measured in one place.
 */
import { providerRequests, SERVICE } from '../metrics.js';
import type { Provider } from '../store/records.js';
import { ProviderAuthError, type CalendarProvider } from './provider.js';

type Operation = 'list_calendars' | 'busy' | 'put_event' | 'delete_event';

export function measured(provider: CalendarProvider, name: Provider): CalendarProvider {
  const time = async <R>(operation: Operation, call: () => Promise<R>): Promise<R> => {
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
  return {
    listCalendars: () => time('list_calendars', () => provider.listCalendars()),
    busy: (ids, fromMs, toMs) => time('busy', () => provider.busy(ids, fromMs, toMs)),
    putEvent: (calendarId, event) => time('put_event', () => provider.putEvent(calendarId, event)),
    deleteEvent: (calendarId, id) => time('delete_event', () => provider.deleteEvent(calendarId, id)),
  };
}
