import type { integrationsV1 } from '@svc/proto';

export type CalendarSyncStatus = 'pending' | 'synced' | 'failed' | 'removed';

/**
 * A booking's calendar write-back as the booking detail and the webhook `data.calendarSync`
 * show it (docs/architecture.md "Integrations"): one shape for both, from the integrations
 * service's record, which is the only copy.
 */
export interface CalendarSyncView {
  status: CalendarSyncStatus;
  provider: string;
  externalEventId: string | null;
  meetingUrl: string | null;
}

export function calendarSyncView(sync: integrationsV1.CalendarSync | undefined): CalendarSyncView | null {
  if (!sync) return null;
  return {
    status: sync.status as CalendarSyncStatus,
    provider: sync.provider,
    externalEventId: sync.externalEventId ?? null,
    meetingUrl: sync.meetingUrl ?? null,
  };
}
