import { counter, histogram, type Counter, type Histogram } from '@svc/telemetry';

/** The notifications' metrics (docs/operations.md, "Metrics"); `service` is always notifications. */
export const SERVICE = 'notifications';

export const eventsConsumed: Counter<'service' | 'result'> = counter(
  'notification_events_consumed_total',
  'Booking events the notifications took from the bus, by result (stored, skipped, erased: a customer.erased event)',
  ['service', 'result'],
);

export const sendAttempts: Histogram<'service' | 'channel' | 'result'> = histogram(
  'notification_send_duration_seconds',
  'Attempts to send a message by channel (email, sms) and result (sent, temporary, permanent, suppressed), and their duration',
  ['service', 'channel', 'result'],
);

export const eventToSend: Histogram<'service' | 'channel'> = histogram(
  'notification_event_to_send_seconds',
  'From the booking event (or the reminder falling due) to the message accepted by the SMTP server or SMS API, retries included',
  ['service', 'channel'],
  [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400],
);

export const remindersHandled: Counter<'service' | 'result'> = counter(
  'notification_reminders_total',
  'Reminders that fell due, by result (sent, dropped: the booking moved, ended or started)',
  ['service', 'result'],
);

export const meetingWaits: Counter<'service' | 'phase' | 'result'> = counter(
  'notification_meeting_waits_total',
  'Looks at a video meeting link a customer message waits for, by phase (hold: the confirmation or reschedule is held; follow: the link follows) and result (sent, follow: sent saying the link follows, again, dropped)',
  ['service', 'phase', 'result'],
);
