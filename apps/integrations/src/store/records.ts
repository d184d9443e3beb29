import { listIndex, type IndexSpec } from '@svc/store';
import type { CalendarWish } from '../calendars/sync/booking-event.js';
import type { PaymentMode } from '../payments/domain/payment-input.js';

export const COLLECTIONS = {
  connections: 'integration_connections',
  settings: 'integration_settings',
  syncs: 'calendar_syncs',
  oauthStates: 'integration_oauth_states',
  erasedBookings: 'erased_bookings',
  paymentAccounts: 'payment_accounts',
} as const;

export type Provider = 'caldav' | 'google' | 'microsoft' | 'zoom';
/** The providers connected through OAuth (a connect started, then its callback). */
export type OAuthProvider = 'google' | 'microsoft' | 'zoom';
export type ConnectionStatus = 'connected' | 'needs_reauth' | 'error';

/** A staff member's calendar account. `sealedSecret` opens only here (SecretBox, context = _id). */
export interface ConnectionDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  staffId: string;
  provider: Provider;
  status: ConnectionStatus;
  /** The provider's address (CalDAV server URL; '' for OAuth providers, whose API URLs are configuration). */
  serverUrl: string;
  /** The account as the provider names it (CalDAV username; Google: primary; Microsoft: the account's address); never a secret. */
  account: string;
  /** CalDAV: the app password; OAuth providers: the tokens as JSON. */
  sealedSecret: string;
  busyCalendarIds: string[];
  bookingCalendarId: string | null;
  /** Whether all-day events block; absent (connections made before the setting): true. */
  allDayEventsBlock?: boolean;
  /** Whether tentative events block; absent: true. */
  tentativeEventsBlock?: boolean;
  /** When the provider refused the grant (status needs_reauth); absent or null before. */
  needsReauthAtMs?: number | null;
  /**
   * The business is still to hear that the connection needs connecting again (the notice's
   * outbox, connections/reauth-notices.ts): due then; null once published, absent before a refusal.
   */
  reauthNoticeDueAtMs?: number | null;
  /**
   * A token refresh holds the connection until then, by `refreshLeaseOwner` (one replica at a
   * time refreshes, token-refresh.ts); null or absent when none runs.
   */
  refreshLeaseUntilMs?: number | null;
  refreshLeaseOwner?: string | null;
  lastSyncAtMs: number | null;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface SettingsDoc {
  [field: string]: unknown;
  /** The tenant id. */
  _id: string;
  bookWhenCalendarUnavailable: boolean;
  updatedAtMs: number;
}

export type SyncStatus = 'pending' | 'synced' | 'failed' | 'removed';

/**
 * The write-back of one booking (`_id` = booking id: one external event per booking). `want`
 * is what the calendar should show after the newest event seen (`eventAtMs`); the worker makes
 * it so and keeps the external event id, so a retry or a repeated event updates the same one.
 */
export interface SyncDoc extends Omit<CalendarWish, 'bookingId'> {
  [field: string]: unknown;
  _id: string;
  status: SyncStatus;
  provider: Provider | null;
  connectionId: string | null;
  calendarId: string | null;
  externalEventId: string | null;
  /** The video meeting's join link (the calendar's Meet or Teams link, or the Zoom meeting's). */
  meetingUrl: string | null;
  /**
   * The booking's meeting at a video provider of its own (Zoom): its id and the connection that
   * made it; absent or null when there is none (docs/decisions.md "Integrations").
   */
  meetingId?: string | null;
  meetingConnectionId?: string | null;
  /**
   * The video provider the service asked for that the staff member had no connection of at the
   * last write ('zoom'), so the booking went without a link; null or absent otherwise.
   */
  missingVideo?: 'zoom' | null;
  /** Writes made so far (the iCalendar SEQUENCE of the next one). */
  writes: number;
  attempts: number;
  /** When the worker should act next; null when nothing is due. */
  dueAtMs: number | null;
  /** A worker holds it until then (replicas do not run the same write twice at once). */
  leaseUntilMs: number;
  lastError: string | null;
  /**
   * What the calendar event says as last written (its title and description); '' once the
   * event is removed. Absent on records written before the customer export (issue 28).
   */
  summary?: string;
  description?: string;
  createdAtMs: number;
  updatedAtMs: number;
}

/**
 * A booking whose customer was erased (docs/decisions.md "Privacy"; `_id` = booking id): its
 * calendar event goes and no later event of the booking writes a personal field again.
 */
export type { ErasedBookingDoc } from '@svc/background';

/**
 * An OAuth connect in progress: `_id` = SHA-256 of the state sent to the browser, so the state
 * itself is not stored; the PKCE verifier is sealed. Used once, within OAUTH_STATE_TTL_MS, and
 * only by the callback of the provider it was started for.
 */
export interface OAuthStateDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  staffId: string;
  /** The provider it was started for; absent on attempts started before Microsoft and Zoom: google. */
  provider?: OAuthProvider;
  sealedVerifier: string;
  redirectUri: string;
  expiresAtMs: number;
}

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export type { PaymentMode };

/**
 * The tenant's payment account (docs/decisions.md "Payments"): one per tenant, so `_id` is the
 * tenant id. `sealedKey` is the Stripe secret key, opened only here (SecretBox, context
 * paymentKeyContext(tenantId)); it is never answered or logged, and goes with the record.
 */
export interface PaymentAccountDoc {
  [field: string]: unknown;
  _id: string;
  provider: 'stripe';
  /** The account as Stripe names it (its display name and acct_ id when the key may read it); never a secret. */
  account: string;
  mode: PaymentMode;
  sealedKey: string;
  connectedAtMs: number;
}

/** What a payment key is sealed against: a sealed key copied onto another tenant's record does not open. */
export const paymentKeyContext = (tenantId: string): string => `payment_account:${tenantId}`;

export const INTEGRATION_INDEXES: IndexSpec[] = [
  listIndex(COLLECTIONS.connections),
  { collection: COLLECTIONS.connections, name: 'by_tenant_staff', fields: ['tenantId', 'staffId'] },
  // The needs-reauth notices still to publish (connections/reauth-notices.ts).
  { collection: COLLECTIONS.connections, name: 'by_reauth_notice_due', fields: ['reauthNoticeDueAtMs'] },
  { collection: COLLECTIONS.syncs, name: 'by_due', fields: ['dueAtMs'] },
  // Written first inside the erasure's transaction, so it must exist before (store.ensureIndexes).
  { collection: COLLECTIONS.erasedBookings, name: 'by_tenant_customer', fields: ['tenantId', 'customerId'] },
];
