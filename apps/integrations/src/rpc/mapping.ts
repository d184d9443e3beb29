import type { integrationsV1 } from '@svc/proto';
import { DEFAULT_BLOCKING } from '../calendars/domain/blocking.js';
import type { ConnectionDoc, SyncDoc } from '../store/records.js';

/** A connection as the API shows it: never with its secret. */
export const toConnectionMessage = (doc: ConnectionDoc): integrationsV1.Connection => ({
  connectionId: doc._id,
  tenantId: doc.tenantId,
  staffId: doc.staffId,
  provider: doc.provider,
  status: doc.status,
  ...(doc.lastSyncAtMs === null ? {} : { lastSyncAtMs: doc.lastSyncAtMs }),
  busyCalendarIds: doc.busyCalendarIds,
  ...(doc.bookingCalendarId === null ? {} : { bookingCalendarId: doc.bookingCalendarId }),
  account: doc.account,
  createdAtMs: doc.createdAtMs,
  updatedAtMs: doc.updatedAtMs,
  allDayEventsBlock: doc.allDayEventsBlock ?? DEFAULT_BLOCKING.allDayEventsBlock,
  tentativeEventsBlock: doc.tentativeEventsBlock ?? DEFAULT_BLOCKING.tentativeEventsBlock,
  ...(typeof doc.needsReauthAtMs === 'number' ? { needsReauthAtMs: doc.needsReauthAtMs } : {}),
});

/**
 * A booking's write-back state. A removed event's meeting is gone with it (Zoom and Teams delete
 * it; a Meet link of a deleted event leads nowhere useful): no `meetingUrl` then, so the detail,
 * the webhook `data` and the customer's messages never name a link that does not exist
 * (docs/decisions.md "Integrations").
 */
export const toCalendarSyncMessage = (doc: SyncDoc): integrationsV1.CalendarSync => ({
  status: doc.status,
  provider: doc.provider ?? '',
  ...(doc.externalEventId === null ? {} : { externalEventId: doc.externalEventId }),
  ...(doc.meetingUrl === null || doc.status === 'removed' ? {} : { meetingUrl: doc.meetingUrl }),
});

/** A booking's calendar event as the customer export shows it: what it said as last written. */
export const toBookingCalendarEvent = (doc: SyncDoc): integrationsV1.BookingCalendarEvent => ({
  bookingId: doc._id,
  staffId: doc.staffId,
  calendarSync: toCalendarSyncMessage(doc),
  ...(doc.calendarId === null ? {} : { calendarId: doc.calendarId }),
  summary: doc.summary ?? '',
  description: doc.description ?? '',
  updatedAtMs: doc.updatedAtMs,
});
