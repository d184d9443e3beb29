/**
 * integrations.v1.IntegrationService (docs/decisions.md "Integrations"). Every request names
 * its tenant and every read is scoped to it, so another tenant's connection is NOT_FOUND.
 * Credentials come in with connect and never go out.
 */
import {
  DomainError,
  notFound,
  requireTenantId,
  throwIfViolations,
  validationError,
  type FieldViolation,
} from '@svc/errors';
import type { SecretBox } from '@svc/crypto';
import type { UrlPolicy } from '@svc/url-policy';
import { bindService, type ServiceBinding } from '@svc/grpc';
import { integrationsV1 } from '@svc/proto';
import {
  DAY_MS,
  derivedWindowViolations,
  isIanaTimeZone,
  MAX_AVAILABILITY_WINDOW_MS,
  TIME_ZONE_MESSAGE,
} from '@svc/rules';
import type { BusyTimes } from '../calendars/busy-times.js';
import type { ConnectionUse, ProviderClients } from '../connections/connections.js';
import { actionFailed, needsReauth } from '../connections/connections.js';
import type { OAuthStateRepository } from '../connections/store/oauth-state-repository.js';
import { completeOAuthConnect, startOAuthConnect, type OAuthConnectors } from '../connections/rpc/oauth-connect.js';
import { checkCaldavInput } from '../calendars/domain/caldav-input.js';
import { newConnectionId } from '../domain/ids.js';
import { ProviderAuthError } from '../providers/provider.js';
import type { ConnectionRepository } from '../connections/store/connection-repository.js';
import type { ConnectionDoc } from '../store/records.js';
import type { SyncRepository } from '../store/sync-repository.js';
import { toBookingCalendarEvent, toCalendarSyncMessage, toConnectionMessage } from './mapping.js';
import { paymentHandlers, type PaymentHandlerDeps } from '../payments/rpc/payments.js';

export interface IntegrationServiceDeps {
  connections: ConnectionRepository;
  syncs: SyncRepository;
  busy: BusyTimes;
  use: ConnectionUse;
  /** The connections' provider clients (one each, kept between requests). */
  clients: ProviderClients;
  states: OAuthStateRepository;
  secrets: SecretBox;
  /** The OAuth providers the platform has a client of (google, microsoft, zoom). */
  oauth: OAuthConnectors;
  urlPolicy: UrlPolicy;
  now: () => number;
  /** Told when a sync was made due (the worker looks for it at once). */
  onRequeued: () => void;
  /** The tenants' payment accounts and their Stripe clients (docs/decisions.md "Payments"). */
  payments: Omit<PaymentHandlerDeps, 'secrets' | 'now'>;
}

/** Bookings one export request may name (the booking service asks a page at a time). */
export const MAX_EXPORT_BOOKINGS = 500;
/** Staff members asked about at once at most (a service's staff list is far shorter). */
const MAX_BUSY_STAFF = 1_000;
/**
 * The widest window asked about: an availability window (31 days) with a slot's duration and
 * buffers (a day each at most) on it; the busy-time cache keeps each of its days.
 */
export const MAX_BUSY_WINDOW_MS = MAX_AVAILABILITY_WINDOW_MS + 4 * DAY_MS;
/** How long before the caller's deadline busy times are answered with what is known by then. */
export const ANSWER_MARGIN_MS = 500;

const isZoom = (doc: ConnectionDoc): boolean => doc.provider === 'zoom';

export function integrationService(deps: IntegrationServiceDeps): ServiceBinding {
  const { connections, now } = deps;
  const oauth = { connectors: deps.oauth, states: deps.states, connections, secrets: deps.secrets, now };

  async function connection(tenantId: string, connectionId: string): Promise<ConnectionDoc> {
    const doc = connectionId === '' ? null : await connections.get(tenantId, connectionId);
    if (!doc) throw notFound('Connection');
    return doc;
  }

  return bindService(integrationsV1.IntegrationServiceService, {
    ...paymentHandlers({ ...deps.payments, secrets: deps.secrets, now }),

    listConnections: async (req) => {
      const docs = await connections.list(requireTenantId(req.tenantId));
      return { items: docs.map(toConnectionMessage) };
    },

    connectCaldav: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      let serverUrl = checkCaldavInput(req, violations);
      throwIfViolations(violations);
      // Not into the platform's own network: public addresses only (loopback with ALLOW_LOOPBACK_TARGETS).
      const where = await deps.urlPolicy.check(serverUrl);
      if (!where.ok) throw validationError([{ path: 'serverUrl', message: where.problem }]);
      serverUrl = where.url.href;
      const at = now();
      const _id = newConnectionId();
      const doc: ConnectionDoc = {
        _id,
        tenantId,
        staffId: req.staffId,
        provider: 'caldav',
        status: 'connected',
        serverUrl,
        account: req.username,
        sealedSecret: deps.secrets.seal(req.password, _id),
        busyCalendarIds: [],
        bookingCalendarId: null,
        lastSyncAtMs: null,
        createdAtMs: at,
        updatedAtMs: at,
      };
      // Checked by a real request before anything is stored: the calendars of the account.
      // The client (and its CalDAV session) is kept for the connection's later reads.
      let calendars;
      try {
        calendars = await deps.clients.of(doc).listCalendars();
      } catch (err) {
        deps.clients.drop(doc._id);
        if (err instanceof ProviderAuthError) {
          throw validationError(
            [{ path: 'password', message: 'the CalDAV server refused this username and password' }],
            'The calendar account could not be connected.',
          );
        }
        throw actionFailed(err);
      }
      // Every calendar blocks time at first; the first one receives bookings.
      doc.busyCalendarIds = calendars.map((c) => c.calendarId);
      doc.bookingCalendarId = calendars[0]?.calendarId ?? null;
      await connections.insert(doc);
      return { connection: toConnectionMessage(doc) };
    },

    startOAuthConnect: (req) => startOAuthConnect(oauth, req),

    completeOAuthConnect: (req) => completeOAuthConnect(oauth, req),

    disconnectConnection: async (req) => {
      const doc = await connection(requireTenantId(req.tenantId), req.connectionId);
      await connections.remove(doc);
      deps.busy.forget(doc._id);
      deps.clients.drop(doc._id);
      return { connection: toConnectionMessage(doc) };
    },

    listCalendars: async (req) => {
      const doc = await connection(requireTenantId(req.tenantId), req.connectionId);
      const calendars = await deps.use.run(doc, (p) => p.listCalendars());
      return {
        items: calendars.map((c) => ({
          calendarId: c.calendarId,
          name: c.name,
          blocksTime: doc.busyCalendarIds.includes(c.calendarId),
          receivesBookings: doc.bookingCalendarId === c.calendarId,
        })),
      };
    },

    updateConnection: async (req) => {
      const doc = await connection(requireTenantId(req.tenantId), req.connectionId);
      if (doc.status === 'needs_reauth') throw needsReauth();
      // A choice of calendars is checked against the account's calendars as the provider lists
      // them now; the blocking settings need no provider.
      const choosing = req.busyCalendarIds !== undefined || req.bookingCalendarId !== undefined;
      const known = new Set(
        choosing ? (await deps.use.run(doc, (p) => p.listCalendars())).map((c) => c.calendarId) : [],
      );
      const violations: FieldViolation[] = [];
      (req.busyCalendarIds?.ids ?? []).forEach((id, i) => {
        if (!known.has(id))
          violations.push({ path: `busyCalendarIds.${i}`, message: 'is not a calendar of this account' });
      });
      if (req.bookingCalendarId !== undefined && !known.has(req.bookingCalendarId)) {
        violations.push({ path: 'bookingCalendarId', message: 'is not a calendar of this account' });
      }
      throwIfViolations(violations);
      const updated = await connections.reconfigure(doc, {
        ...(req.busyCalendarIds ? { busyCalendarIds: [...new Set(req.busyCalendarIds.ids)] } : {}),
        ...(req.bookingCalendarId !== undefined ? { bookingCalendarId: req.bookingCalendarId } : {}),
        ...(req.allDayEventsBlock !== undefined ? { allDayEventsBlock: req.allDayEventsBlock } : {}),
        ...(req.tentativeEventsBlock !== undefined ? { tentativeEventsBlock: req.tentativeEventsBlock } : {}),
        updatedAtMs: now(),
      });
      deps.busy.forget(doc._id);
      return { connection: toConnectionMessage(updated) };
    },

    getSettings: async (req) => {
      const settings = await connections.settings(requireTenantId(req.tenantId));
      return { settings: { bookWhenCalendarUnavailable: settings.bookWhenCalendarUnavailable } };
    },

    updateSettings: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const bookWhenCalendarUnavailable = req.settings?.bookWhenCalendarUnavailable ?? false;
      await connections.saveSettings({ _id: tenantId, bookWhenCalendarUnavailable, updatedAtMs: now() });
      return { settings: { bookWhenCalendarUnavailable } };
    },

    getBusyTimes: async (req, ctx) => {
      const tenantId = requireTenantId(req.tenantId);
      // The booking service asks about a derived window (a slot with its buffers, a padded
      // availability window), clamped to the range every service computes with.
      const violations: FieldViolation[] = derivedWindowViolations(req.fromMs, req.toMs);
      if (violations.length === 0 && req.toMs - req.fromMs > MAX_BUSY_WINDOW_MS) {
        violations.push({ path: 'toMs', message: `must be at most ${MAX_BUSY_WINDOW_MS / DAY_MS} days after fromMs` });
      }
      if (req.staffIds.length > MAX_BUSY_STAFF)
        violations.push({ path: 'staffIds', message: `at most ${MAX_BUSY_STAFF}` });
      if (req.timeZone !== '' && !isIanaTimeZone(req.timeZone)) {
        violations.push({ path: 'timeZone', message: TIME_ZONE_MESSAGE });
      }
      const zones = Object.entries(req.staffTimeZones);
      if (zones.length > MAX_BUSY_STAFF) {
        violations.push({ path: 'staffTimeZones', message: `at most ${MAX_BUSY_STAFF}` });
      } else {
        for (const [staffId, zone] of zones) {
          if (!isIanaTimeZone(zone)) violations.push({ path: `staffTimeZones.${staffId}`, message: TIME_ZONE_MESSAGE });
        }
      }
      throwIfViolations(violations);
      // A calendar still reading when the caller gives up counts as one that cannot be read, a
      // moment before that, so the caller gets this service's verdict rather than its own timeout.
      return deps.busy.forStaff(tenantId, [...new Set(req.staffIds)], req.fromMs, req.toMs, req.fresh, {
        answerByMs: ctx.deadlineMs - ANSWER_MARGIN_MS,
        timeZone: req.timeZone === '' ? 'UTC' : req.timeZone,
        timeZones: Object.fromEntries(zones),
      });
    },

    retryCalendarSync: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const doc = req.bookingId === '' ? null : await deps.syncs.get(tenantId, req.bookingId);
      if (!doc) {
        throw new DomainError('PROVIDER_NOT_CONNECTED', 'This booking is not written to any connected calendar.');
      }
      // Written without the Zoom meeting its service asks for: again only once the staff member has Zoom.
      if (doc.missingVideo === 'zoom' && !(await connections.ofStaff(tenantId, [doc.staffId])).some(isZoom)) {
        throw new DomainError(
          'PROVIDER_NOT_CONNECTED',
          'The service asks for a Zoom meeting and the staff member has no Zoom connection; connect Zoom first.',
        );
      }
      const requeued = await deps.syncs.requeue(doc, now());
      if (!requeued) {
        throw new DomainError('PROVIDER_ACTION_PENDING', 'This booking is being written to the calendar right now.');
      }
      deps.onRequeued();
      return { calendarSync: toCalendarSyncMessage(requeued) };
    },

    exportBookingCalendarEvents: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      if (req.bookingIds.length > MAX_EXPORT_BOOKINGS) {
        violations.push({ path: 'bookingIds', message: `at most ${MAX_EXPORT_BOOKINGS}` });
      } else {
        req.bookingIds.forEach((id, i) => {
          if (id === '') violations.push({ path: `bookingIds.${i}`, message: 'is required' });
        });
      }
      throwIfViolations(violations);
      const ids = [...new Set(req.bookingIds)];
      const byId = new Map((await deps.syncs.ofBookings(tenantId, ids)).map((doc) => [doc._id, doc]));
      // In the order asked; a booking never written to a calendar has no item.
      return { items: ids.flatMap((id) => (byId.has(id) ? [toBookingCalendarEvent(byId.get(id)!)] : [])) };
    },

    getCalendarSync: async (req) => {
      const doc = req.bookingId === '' ? null : await deps.syncs.get(requireTenantId(req.tenantId), req.bookingId);
      return doc ? { calendarSync: toCalendarSyncMessage(doc) } : {};
    },
  });
}
