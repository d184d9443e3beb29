/**
 * notifications.v1.NotificationService (docs/decisions.md "Notifications"): the settings, the
 * send log and its resend, and the customers' unsubscribe. Every request names its tenant and
 * every read is scoped to it, so another tenant's record is NOT_FOUND; Unsubscribe's tenant is
 * the one its signed token names.
 */
import { verifyUnsubscribeToken, type ManageTokenKeys } from '@svc/crypto';
import { DomainError, notFound, requireTenantId, throwIfViolations, type FieldViolation } from '@svc/errors';
import { bindService, type CatalogClient, type ServiceBinding } from '@svc/grpc';
import { notificationsV1, type commonV1 } from '@svc/proto';
import {
  BUSINESS_EMAILS_MESSAGE,
  EMAIL_MESSAGE,
  ID_MESSAGE,
  isId,
  isReminderOffsets,
  isSenderName,
  MAX_BUSINESS_EMAILS,
  normalizeEmail,
  pageLimit,
  pageLimitMessage,
  REMINDER_OFFSETS_MESSAGE,
  SENDER_NAME_MESSAGE,
} from '@svc/rules';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_MESSAGE, type PageRequest } from '@svc/store';
import { messageIdOf } from '../domain/ids.js';
import { withoutLinkTokens } from '../domain/link-tokens.js';
import type { NotificationRepository } from '../store/notification-repository.js';
import {
  businessAddresses,
  SEND_STATUSES,
  type NotificationDoc,
  type SendStatus,
  type SettingsDoc,
} from '../store/records.js';
import type { SettingsRepository } from '../store/settings-repository.js';

export interface NotificationServiceDeps {
  notifications: NotificationRepository;
  settings: SettingsRepository;
  catalog: CatalogClient;
  manageKeys: ManageTokenKeys;
  mailDomain: string;
  now: () => number;
  /** Told after a resend (the worker looks for due work). */
  onResend: () => void;
}

const toSettingsMessage = (doc: SettingsDoc): notificationsV1.NotificationSettings => ({
  tenantId: doc.tenantId,
  reminderOffsetsMin: doc.reminderOffsetsMin,
  businessEmails: businessAddresses(doc),
  businessEmailsFollowTeam: doc.businessEmails === null || doc.businessEmails === undefined,
  replyToEmail: doc.replyToEmail,
  smsEnabled: doc.smsEnabled,
  senderName: doc.senderName,
  createdAtMs: doc.createdAtMs,
  updatedAtMs: doc.updatedAtMs,
});

/**
 * A record as the send log shows it: its metadata and subject, no body (`bodyText` '': only the
 * customer export carries it, `withBody`).
 */
export const toNotificationMessage = (doc: NotificationDoc): notificationsV1.Notification => ({
  notificationId: doc._id,
  tenantId: doc.tenantId,
  bookingId: doc.bookingId,
  customerId: doc.customerId,
  eventId: doc.eventId,
  template: doc.template,
  channel: doc.channel,
  recipientKind: doc.recipientKind,
  recipient: doc.recipient,
  subject: doc.content.subject,
  status: doc.status,
  attemptCount: doc.attemptCount,
  ...(doc.nextAttemptAtMs === null || doc.status !== 'pending' ? {} : { nextAttemptAtMs: doc.nextAttemptAtMs }),
  ...(doc.lastError === null ? {} : { lastError: doc.lastError }),
  messageId: doc.messageId,
  ...(doc.sentAtMs === null ? {} : { sentAtMs: doc.sentAtMs }),
  series: doc.series,
  createdAtMs: doc.createdAtMs,
  updatedAtMs: doc.updatedAtMs,
  bodyText: '',
  ...(doc.bodyRemovedAtMs == null ? {} : { bodyRemovedAtMs: doc.bodyRemovedAtMs }),
});

/**
 * The record as the customer export shows it: with the text part of the message while it is
 * held, its manage and unsubscribe tokens removed (admins and partner keys read it too).
 */
const withBody = (doc: NotificationDoc): notificationsV1.Notification => ({
  ...toNotificationMessage(doc),
  bodyText: withoutLinkTokens(doc.content.text),
});

/** The export's pages: larger than the send log's, as a customer's whole history is read. */
export const EXPORT_PAGE = { default: 100, max: 200 } as const;

/** A resend of a record whose message retention or an erase removed: nothing is left to send. */
const bodyRemoved = () =>
  new DomainError(
    'BOOKING_POLICY_BLOCKED',
    'This notification cannot be resent: its message was removed (retention or an erase).',
  );

/** limit 0 (proto's "unset") is the default; out of range is refused, not clamped. */
function parsePage(input: commonV1.PageRequest | undefined, violations: FieldViolation[]): PageRequest {
  const limit = pageLimit(input?.limit ?? 0, 'notifications');
  if (limit === null) violations.push({ path: 'limit', message: pageLimitMessage('notifications') });
  return { limit: limit ?? 1, after: parseCursor(input, violations) };
}

function parseExportPage(input: commonV1.PageRequest | undefined, violations: FieldViolation[]): PageRequest {
  const limit = input?.limit || EXPORT_PAGE.default;
  const valid = Number.isSafeInteger(limit) && limit >= 1 && limit <= EXPORT_PAGE.max;
  if (!valid) violations.push({ path: 'limit', message: `must be an integer from 1 to ${EXPORT_PAGE.max}` });
  return { limit: valid ? limit : 1, after: parseCursor(input, violations) };
}

function parseCursor(input: commonV1.PageRequest | undefined, violations: FieldViolation[]): PageRequest['after'] {
  const cursor = input?.cursor ?? '';
  const after = cursor === '' ? null : decodePageCursor(cursor);
  if (cursor !== '' && after === null) violations.push({ path: 'cursor', message: PAGE_CURSOR_MESSAGE });
  return after;
}

/** Addresses as stored (trimmed, lower-case), each once; a violation per address that is not one. */
function checkEmails(input: readonly string[], path: string, violations: FieldViolation[]): string[] {
  if (input.length > MAX_BUSINESS_EMAILS) violations.push({ path, message: BUSINESS_EMAILS_MESSAGE });
  const out: string[] = [];
  input.forEach((value, i) => {
    const email = normalizeEmail(value);
    if (email === null) violations.push({ path: `${path}[${i}]`, message: EMAIL_MESSAGE });
    else if (!out.includes(email)) out.push(email);
  });
  return out;
}

export function notificationService(deps: NotificationServiceDeps): ServiceBinding {
  const { notifications, settings, now } = deps;

  /** The settings, with the team's addresses the gateway sent kept as the tenant's team. */
  const current = (tenantId: string, teamEmails: readonly string[]): Promise<SettingsDoc> => {
    const violations: FieldViolation[] = [];
    // Addresses the gateway could not check (a malformed member address) are left out, not refused.
    const team = checkEmails(teamEmails.slice(0, MAX_BUSINESS_EMAILS), 'teamEmails', violations);
    return settings.withTeam(tenantId, team, now());
  };

  return bindService(notificationsV1.NotificationServiceService, {
    getNotificationSettings: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      return { settings: toSettingsMessage(await current(tenantId, req.teamEmails)) };
    },

    updateNotificationSettings: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      const doc = { ...(await current(tenantId, req.teamEmails)) };
      let changed = false;
      if (req.reminderOffsetsSet) {
        if (!isReminderOffsets(req.reminderOffsetsMin)) {
          violations.push({ path: 'reminderOffsetsMin', message: REMINDER_OFFSETS_MESSAGE });
        }
        // Soonest last, as they fall due.
        doc.reminderOffsetsMin = [...req.reminderOffsetsMin].sort((a, b) => b - a);
        changed = true;
      }
      if (req.businessEmailsFollowTeam) {
        doc.businessEmails = null;
        changed = true;
      } else if (req.businessEmailsSet) {
        doc.businessEmails = checkEmails(req.businessEmails, 'businessEmails', violations);
        changed = true;
      }
      if (req.replyToEmail !== undefined) {
        const email = req.replyToEmail.trim() === '' ? '' : normalizeEmail(req.replyToEmail);
        if (email === null) violations.push({ path: 'replyToEmail', message: EMAIL_MESSAGE });
        doc.replyToEmail = email ?? '';
        changed = true;
      }
      if (req.smsEnabled !== undefined) {
        doc.smsEnabled = req.smsEnabled;
        changed = true;
      }
      if (req.senderName !== undefined) {
        const name = req.senderName.trim();
        if (!isSenderName(name)) violations.push({ path: 'senderName', message: SENDER_NAME_MESSAGE });
        doc.senderName = name;
        changed = true;
      }
      if (!changed) violations.push({ path: '', message: 'must set at least one field' });
      throwIfViolations(violations);
      const at = now();
      const saved: SettingsDoc = { ...doc, createdAtMs: doc.createdAtMs || at, updatedAtMs: at };
      await settings.save(saved);
      return { settings: toSettingsMessage(saved) };
    },

    listNotifications: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      const page = parsePage(req.page, violations);
      if (req.status !== '' && !(SEND_STATUSES as readonly string[]).includes(req.status)) {
        violations.push({ path: 'status', message: `must be one of ${SEND_STATUSES.join(', ')}` });
      }
      throwIfViolations(violations);
      const found = await notifications.page(
        tenantId,
        {
          bookingId: req.bookingId || undefined,
          customerId: req.customerId || undefined,
          status: (req.status || undefined) as SendStatus | undefined,
        },
        page,
      );
      return {
        items: found.items.map(toNotificationMessage),
        page: { nextCursor: found.next ? encodePageCursor(found.next) : '' },
      };
    },

    getNotification: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const doc = req.notificationId === '' ? null : await notifications.get(tenantId, req.notificationId);
      if (!doc) throw notFound('Notification');
      return { notification: toNotificationMessage(doc) };
    },

    resendNotification: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const doc =
        req.notificationId === ''
          ? 'not_found'
          : await notifications.resend(tenantId, req.notificationId, now(), (series) =>
              messageIdOf(req.notificationId, series, deps.mailDomain),
            );
      if (doc === 'not_found') throw notFound('Notification');
      if (doc === 'body_removed') throw bodyRemoved();
      deps.onResend();
      return { notification: toNotificationMessage(doc) };
    },

    exportCustomerNotifications: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      if (!isId(req.customerId)) violations.push({ path: 'customerId', message: ID_MESSAGE });
      const page = parseExportPage(req.page, violations);
      throwIfViolations(violations);
      const found = await notifications.customerPage(tenantId, req.customerId, page);
      return {
        items: found.items.map(withBody),
        page: { nextCursor: found.next ? encodePageCursor(found.next) : '' },
      };
    },

    unsubscribe: async (req) => {
      const claims = verifyUnsubscribeToken(deps.manageKeys, req.token);
      // A forged, altered or retired token names nobody.
      if (!claims) throw notFound('Unsubscribe link');
      const { tenant } = await deps.catalog.getTenant({ tenantId: claims.tenantId }, { deadlineMs: 2_000 });
      if (!tenant) throw notFound('Unsubscribe link');
      if (req.confirm) await settings.suppress(claims.tenantId, claims.customerId, now());
      return {
        tenantId: claims.tenantId,
        tenantName: tenant.branding?.displayName || tenant.name,
        unsubscribed: req.confirm || (await settings.isSuppressed(claims.tenantId, claims.customerId)),
      };
    },
  });
}
