import type { integrationsV1 } from '@svc/proto';
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
});

export const toCalendarSyncMessage = (doc: SyncDoc): integrationsV1.CalendarSync => ({
  status: doc.status,
  provider: doc.provider ?? '',
  ...(doc.externalEventId === null ? {} : { externalEventId: doc.externalEventId }),
  ...(doc.meetingUrl === null ? {} : { meetingUrl: doc.meetingUrl }),
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
