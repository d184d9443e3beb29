import type { IntegrationClient } from '@svc/grpc';
import { calendarSyncView } from '@svc/grpc';
import type { Logger } from '@svc/telemetry';
import type { CalendarSyncSource } from '../application/ports.js';

/** Short: the answer only decorates an event, and the change waits for it. */
const DEADLINE_MS = 2_000;

/** The integrations service's write-back record of a booking over gRPC. */
export function integrationCalendarSyncs(client: IntegrationClient, logger: Logger): CalendarSyncSource {
  return {
    async of(tenantId, bookingId) {
      try {
        const res = await client.getCalendarSync({ tenantId, bookingId }, { deadlineMs: DEADLINE_MS });
        return calendarSyncView(res.calendarSync);
      } catch (err) {
        // The change goes ahead; its event says nothing about the calendar (unknown, not "none").
        logger.warn({ err, bookingId }, 'calendar sync state unavailable for the event');
        return null;
      }
    },
  };
}

/** No integrations service configured: no booking has a calendar write-back. */
export const noCalendarSyncs: CalendarSyncSource = { of: async () => null };
