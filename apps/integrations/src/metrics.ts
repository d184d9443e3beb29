import { counter, histogram, type Counter, type Histogram } from '@svc/telemetry';

/** The integrations service's metrics (docs/operations.md, "Metrics"); `service` is always integrations. */
export const SERVICE = 'integrations';

export const providerRequests: Histogram<'service' | 'provider' | 'operation' | 'outcome'> = histogram(
  'integrations_provider_request_duration_seconds',
  'Calendar, video and payment provider calls by provider (caldav, google, microsoft, zoom, stripe), operation (list_calendars, busy, put_event, delete_event, account, put_meeting, delete_meeting; stripe: verify, account, create_checkout, get_checkout, expire_checkout, get_payment_intent, refund, charge_saved_card) and outcome (ok, needs_reauth, failed; stripe: refused for a refused key, declined for a declined card)',
  ['service', 'provider', 'operation', 'outcome'],
);

export const calendarWrites: Counter<'service' | 'outcome'> = counter(
  'integrations_calendar_writes_total',
  'Write-back rounds of a booking by outcome: synced, removed, retry (failed, tried again later), failed (given up)',
  ['service', 'outcome'],
);

export const busyCache: Counter<'service' | 'result'> = counter(
  'integrations_busy_cache_total',
  'Busy-time reads of one connection by result: hit, miss (read from the provider, then cached), fresh (create and reschedule: never cached)',
  ['service', 'result'],
);

export const providerSessions: Counter<'service' | 'provider'> = counter(
  'integrations_provider_sessions_total',
  'Provider sessions opened: a CalDAV login with discovery (principal, calendar home); one per connection while its server and credentials stay the same',
  ['service', 'provider'],
);

export const seriesWalkLimits: Counter<'service' | 'where'> = counter(
  'integrations_series_walk_limits_total',
  'Recurring CalDAV events whose expansion reached its step bound in a busy-time read, and so blocked time rather than leave it free: where before_window (the whole window blocked) or in_window (blocked from the last occurrence known to the end of the window)',
  ['service', 'where'],
);

// Present at 0 from the start, so rates and ratios have series before the first event.
for (const outcome of ['synced', 'removed', 'retry', 'failed']) calendarWrites.inc({ service: SERVICE, outcome }, 0);
for (const result of ['hit', 'miss', 'fresh']) busyCache.inc({ service: SERVICE, result }, 0);
providerSessions.inc({ service: SERVICE, provider: 'caldav' }, 0);
for (const where of ['before_window', 'in_window']) seriesWalkLimits.inc({ service: SERVICE, where }, 0);
