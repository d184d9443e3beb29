import { setTimeout as sleep } from 'node:timers/promises';
import { isOutage } from '@svc/errors';
import {
  bookingRecordView,
  serviceRecordView,
  type BookingClient,
  type CatalogClient,
  type CustomerClient,
  type IntegrationClient,
  type NotificationClient,
  type WebhookClient,
} from '@svc/grpc';
import type { commonV1 } from '@svc/proto';
import { MAX_BUSINESS_EMAILS } from '@svc/rules';

/** Records asked per page: the largest page every list allows (docs/api-conventions.md "Input rules"). */
const PAGE_LIMIT = 100;
/** A page that meets an outage is asked again after these waits, then the export fails. */
const RETRY_WAITS_MS = [1_000, 3_000, 10_000];

/** One NDJSON file of the archive: its path and its records, a page at a time. */
export interface ExportFile {
  name: string;
  /** What the file holds, for failure messages ("could not read customers"). */
  what: string;
  pages(): AsyncIterable<readonly unknown[]>;
}

/** How the job paces its reads. */
export interface ReadControl {
  /** Called before every page: renews the job's lease, and throws when the job must stop. */
  checkpoint(): Promise<void>;
  /** Aborted when the service stops: ends a wait between retries at once. */
  signal: AbortSignal;
}

type Paged<T> = (page: commonV1.PageRequest) => Promise<{ items: T[]; page?: commonV1.PageResponse | undefined }>;

/** Every page of a list RPC in its order (never the whole list in memory), each item mapped. */
async function* everyPage<T>(list: Paged<T>, map: (item: T) => unknown, control: ReadControl) {
  let cursor = '';
  do {
    await control.checkpoint();
    const res = await withRetries(() => list({ limit: PAGE_LIMIT, cursor }), control.signal);
    yield res.items.map(map);
    cursor = res.page?.nextCursor ?? '';
  } while (cursor);
}

/** A file of one record (the tenant, a settings document). */
async function* one(read: () => Promise<unknown>, control: ReadControl) {
  await control.checkpoint();
  yield [await withRetries(read, control.signal)];
}

/** A short outage (a service restarting, a deadline) should not cost an export of an hour. */
async function withRetries<T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const wait = RETRY_WAITS_MS[attempt];
      if (wait === undefined || !isOutage(err)) throw err;
      await sleep(wait, undefined, { signal });
    }
  }
}

const orNull = <T>(value: T | undefined): T | null => value ?? null;

/** A message field the service's contract always sets. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the service answered without ${what}`);
  return value;
}

/** The services an export reads, through their gRPC clients; null for one the deployment does not have. */
export interface ExportSources {
  catalog: CatalogClient;
  customer: CustomerClient;
  booking: BookingClient;
  webhooks: WebhookClient;
  integrations: IntegrationClient | null;
  notifications: NotificationClient | null;
}

/**
 * The files of a tenant's export, in archive order (docs/api-conventions.md "Tenant export"). Each
 * line is the record the dashboard API answers for it (absent values as that API shows them), read
 * through the services' own list RPCs. Settings hold no secret: webhook subscriptions are listed
 * without their signing secrets (the list RPC never carries them), calendar connections without
 * credentials. A service the deployment does not have (integrations, notifications) adds no file.
 */
export function exportFiles(
  downstream: ExportSources,
  workspace: { tenantId: string; teamEmails: readonly string[] },
  control: ReadControl,
): ExportFile[] {
  const { tenantId } = workspace;
  const { catalog, customer, booking, webhooks, integrations, notifications } = downstream;
  const page = <T>(name: string, what: string, list: Paged<T>, map: (item: T) => unknown = (x) => x): ExportFile => ({
    name,
    what,
    pages: () => everyPage(list, map, control),
  });
  const single = (name: string, what: string, read: () => Promise<unknown>): ExportFile => ({
    name,
    what,
    pages: () => one(read, control),
  });

  const files: ExportFile[] = [
    single('tenant.ndjson', 'the tenant', async () =>
      present((await catalog.getTenant({ tenantId })).tenant, 'tenant'),
    ),
    // Every status (active, hidden, disabled): the whole catalog, not what the booking page shows.
    page(
      'catalog/services.ndjson',
      'services',
      (p) => catalog.listServices({ tenantId, page: p, statuses: [] }),
      serviceRecordView,
    ),
    page('catalog/staff.ndjson', 'staff', (p) => catalog.listStaff({ tenantId, page: p })),
    page('catalog/resources.ndjson', 'resources', (p) => catalog.listResources({ tenantId, page: p })),
    page(
      'catalog/availability-rules.ndjson',
      'availability rules',
      (p) => catalog.listAvailabilityRules({ tenantId, page: p, ownerType: '', ownerId: '' }),
      // As the dashboard's record: an unset bound is null.
      (r) => ({
        ...r,
        effectiveFromAtMs: orNull(r.effectiveFromAtMs),
        effectiveUntilAtMs: orNull(r.effectiveUntilAtMs),
      }),
    ),
    page('catalog/date-overrides.ndjson', 'date overrides', (p) =>
      catalog.listDateOverrides({ tenantId, page: p, fromDate: '', toDate: '' }),
    ),
    page('catalog/blocked-times.ndjson', 'blocked times', (p) => catalog.listBlockedTimes({ tenantId, page: p })),
    page('catalog/holidays.ndjson', 'holidays', (p) => catalog.listHolidays({ tenantId, page: p })),
    page(
      'customers.ndjson',
      'customers',
      (p) => customer.listCustomers({ tenantId, page: p, query: '' }),
      (c) => ({ ...c, primaryEmail: orNull(c.primaryEmail), phone: orNull(c.phone), erasedAtMs: orNull(c.erasedAtMs) }),
    ),
    page(
      'bookings.ndjson',
      'bookings',
      (p) => booking.listBookings({ tenantId, page: p, status: '', serviceId: '', staffId: '', customerId: '' }),
      bookingRecordView,
    ),
    page(
      'settings/webhook-subscriptions.ndjson',
      'webhook subscriptions',
      (p) => webhooks.listSubscriptions({ tenantId, page: p }),
      // Field by field: whatever the message may carry one day, a secret never enters the archive.
      (s) => ({
        subscriptionId: s.subscriptionId,
        tenantId: s.tenantId,
        url: s.url,
        events: s.events,
        description: s.description,
        status: s.status,
        createdAtMs: s.createdAtMs,
        updatedAtMs: s.updatedAtMs,
      }),
    ),
  ];
  if (notifications) {
    files.push(
      single('settings/notification-settings.ndjson', 'the notification settings', async () => {
        // The team goes along as on GET /api/notification-settings (the service's default addresses).
        const teamEmails = workspace.teamEmails.slice(0, MAX_BUSINESS_EMAILS);
        const s = present((await notifications.getNotificationSettings({ tenantId, teamEmails })).settings, 'settings');
        return { ...s, updatedAtMs: s.updatedAtMs === 0 ? null : s.updatedAtMs };
      }),
    );
  }
  if (integrations) {
    files.push(
      single('settings/integration-settings.ndjson', 'the calendar settings', async () =>
        present((await integrations.getSettings({ tenantId })).settings, 'settings'),
      ),
      // A connection names its account, never its credentials (integrations.v1 Connection).
      page('settings/calendar-connections.ndjson', 'calendar connections', async () => {
        const { items } = await integrations.listConnections({ tenantId });
        return {
          items: items.map((c) => ({
            ...c,
            lastSyncAtMs: orNull(c.lastSyncAtMs),
            bookingCalendarId: orNull(c.bookingCalendarId),
          })),
        };
      }),
    );
  }
  return files;
}
