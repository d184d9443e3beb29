/**
 * The business hears when a staff member's calendar needs connecting again (docs/decisions.md
 * "Notifications"): the integration topic in a consumer group of its own, `connection.needs_reauth`
 * becoming one email per business address (the tenant's addresses, else its owners' and admins'),
 * in the tenant's language and zone, with the link to the dashboard's calendar connections. The
 * records are stored like the booking messages' (unique per event, template, channel and
 * recipient), in one transaction per batch before the handler resolves, so an event the bus or
 * the integrations relay hands over again sends nothing twice; the send worker sends them.
 */
import { DomainError } from '@svc/errors';
import {
  consumeInBatches,
  inBatchSpan,
  INTEGRATION_EVENTS_TOPIC,
  type BatchConsumer,
  type EventBus,
  type ReceivedMessage,
  type Subscription,
} from '@svc/events';
import type { CatalogClient } from '@svc/grpc';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { parseConnectionEvent, providerName, type ConnectionNeedsReauth } from '../domain/connection-event.js';
import { readerLocale, readerTimeZone } from '../domain/format.js';
import { renderMessage, type Branding } from '../domain/layout.js';
import type { Template } from '../domain/templates.js';
import { eventsConsumed, SERVICE } from '../metrics.js';
import type { NotificationRepository } from '../store/notification-repository.js';
import { businessAddresses, type NotificationDoc, type SettingsDoc } from '../store/records.js';
import type { SettingsRepository } from '../store/settings-repository.js';
import { pendingRecord, type ComposeSettings } from './compose.js';
import { brandingOf } from './context.js';

/** A group of its own: the booking intake's group reads another topic. */
export const CONNECTION_NOTICES_GROUP = 'notifications-connections';
const TEMPLATE: Template = 'business.calendar_needs_reauth';
const BATCH = 100;

const NOTICES: BatchConsumer = {
  topic: INTEGRATION_EVENTS_TOPIC,
  groupId: CONNECTION_NOTICES_GROUP,
  maxBatch: BATCH,
  service: SERVICE,
  operation: 'notify',
};
const DEADLINE = { deadlineMs: 5_000 };

export interface ConnectionNoticeDeps {
  store: DocumentStore;
  notifications: NotificationRepository;
  settings: SettingsRepository;
  catalog: CatalogClient;
  compose: ComposeSettings;
  logger: Logger;
  now: () => number;
  /** Told when records were stored (the send worker looks for due work). */
  onStored: () => void;
}

/** What the message says of the tenant and the staff member. */
export interface NoticeContext {
  tenant: { tenantId: string; timezone: string; locale: string; branding: Branding };
  /** The staff member's name; '' when they are gone or the event names none. */
  staffName: string;
  settings: SettingsDoc;
}

/** The event's records: one email per business address (none while the tenant has none). */
export function noticeRecords(
  event: ConnectionNeedsReauth,
  ctx: NoticeContext,
  compose: ComposeSettings,
  nowMs: number,
): NotificationDoc[] {
  const reader = { ...readerLocale(ctx.tenant.locale), timeZone: readerTimeZone(ctx.tenant.timezone) };
  const businessEmails = businessAddresses(ctx.settings);
  const seen = new Set<string>();
  const recipients = businessEmails.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const rendered = renderMessage(
    {
      template: TEMPLATE,
      reader,
      // About no booking: the detail table shows when, the staff member and the calendar only.
      bookingId: '',
      business: ctx.tenant.branding.displayName,
      service: '',
      customerName: '',
      customerContact: '',
      staffName: '',
      startsAtMs: event.needsReauthAtMs,
      previousStartsAtMs: null,
      holdExpiresAtMs: null,
      nowMs,
      cancelledBy: 'business',
      cancelReason: '',
      reminderOffsetMin: null,
      changes: { cancelUntilMs: null, rescheduleUntilMs: null, closedByCutoff: false },
      calendar: { provider: providerName(event.provider), staffName: ctx.staffName },
    },
    ctx.tenant.branding,
    // The dashboard's settings view, where the calendar connections are.
    { dashboard: `${compose.dashboardUrl}#/settings` },
  );
  return recipients.map((recipient) => {
    return pendingRecord(
      {
        tenantId: ctx.tenant.tenantId,
        bookingId: '',
        customerId: '',
        eventId: event.id,
        eventAtMs: event.needsReauthAtMs,
        template: TEMPLATE,
        channel: 'email',
        recipientKind: 'business',
        recipient,
        content: {
          fromName: ctx.settings.senderName || ctx.tenant.branding.displayName,
          replyTo: ctx.settings.replyToEmail || businessEmails[0] || null,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          calendar: null,
          unsubscribeUrl: null,
        },
      },
      compose.mailDomain,
      nowMs,
    );
  });
}

/** The tenant, the staff member's name and the settings; null when the tenant no longer exists. */
async function contextOf(deps: ConnectionNoticeDeps, event: ConnectionNeedsReauth): Promise<NoticeContext | null> {
  const notFound = (err: unknown) => err instanceof DomainError && err.code === 'NOT_FOUND';
  const { tenantId } = event;
  const [tenant, staff, settings] = await Promise.all([
    deps.catalog.getTenant({ tenantId }, DEADLINE).then(
      (res) => res.tenant ?? null,
      (err: unknown) => {
        if (notFound(err)) return null;
        throw err;
      },
    ),
    event.staffId === ''
      ? Promise.resolve(null)
      : deps.catalog.getStaff({ tenantId, staffId: event.staffId }, DEADLINE).then(
          (res) => res.staff ?? null,
          // A staff member removed since: the message still goes, naming nobody.
          (err: unknown) => {
            if (notFound(err)) return null;
            throw err;
          },
        ),
    deps.settings.of(tenantId),
  ]);
  if (!tenant) return null;
  return {
    tenant: {
      tenantId,
      timezone: tenant.timezone,
      locale: tenant.locale,
      branding: brandingOf(tenant),
    },
    staffName: staff?.displayName ?? '',
    settings,
  };
}

/** Handles consecutive messages of the topic; answers how many records were stored. */
export function intakeConnectionEvents(
  deps: ConnectionNoticeDeps,
  messages: readonly ReceivedMessage[],
): Promise<number> {
  return inBatchSpan(NOTICES, messages, async () => {
    const events: ConnectionNeedsReauth[] = [];
    for (const message of messages) {
      const parsed = parseConnectionEvent(message.value);
      if ('ignored' in parsed) continue;
      if ('problem' in parsed) {
        eventsConsumed.inc({ service: SERVICE, result: 'skipped' });
        deps.logger.error({ offset: message.offset, problem: parsed.problem }, 'integration event skipped');
        continue;
      }
      events.push(parsed.event);
    }
    const nowMs = deps.now();
    const records: NotificationDoc[] = [];
    for (const event of events) {
      const ctx = await contextOf(deps, event);
      if (!ctx) {
        // Retrying cannot bring back a deleted tenant.
        deps.logger.warn({ eventId: event.id, tenantId: event.tenantId }, 'connection.needs_reauth skipped: no tenant');
        continue;
      }
      records.push(...noticeRecords(event, ctx, deps.compose, nowMs));
    }
    const stored = await deps.store.withTransaction((tx) => deps.notifications.insertAbsent(records, tx));
    eventsConsumed.inc({ service: SERVICE, result: 'stored' }, events.length);
    if (stored > 0) deps.onStored();
    return stored;
  });
}

/** Subscribes to the integration topic in the notifications' connection group, in batches where the bus can. */
export function consumeConnectionEvents(bus: EventBus, deps: ConnectionNoticeDeps): Promise<Subscription> {
  return consumeInBatches(bus, NOTICES, (messages) => intakeConnectionEvents(deps, messages));
}
