import type { integrationsV1 } from '@svc/proto';
import type { CalendarSyncStatus, CalendarSyncView } from '@svc/rules';

/** The integrations service's write-back record as @svc/rules' CalendarSyncView; null when there is none. */
export function calendarSyncView(sync: integrationsV1.CalendarSync | undefined): CalendarSyncView | null {
  if (!sync) return null;
  return {
    status: sync.status as CalendarSyncStatus,
    provider: sync.provider,
    externalEventId: sync.externalEventId ?? null,
    meetingUrl: sync.meetingUrl ?? null,
  };
}
