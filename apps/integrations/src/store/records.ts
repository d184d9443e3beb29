import { listIndex, type IndexSpec } from '@svc/store';

export const COLLECTIONS = {
  connections: 'integration_connections',
  settings: 'integration_settings',
  syncs: 'calendar_syncs',
} as const;

export type Provider = 'caldav';
export type ConnectionStatus = 'connected' | 'needs_reauth' | 'error';

/** A staff member's calendar account. `sealedSecret` opens only here (SecretBox, context = _id). */
export interface ConnectionDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  staffId: string;
  provider: Provider;
  status: ConnectionStatus;
  /** The provider's address (CalDAV server URL). */
  serverUrl: string;
  /** The account as the provider names it (CalDAV username); never a secret. */
  account: string;
  sealedSecret: string;
  busyCalendarIds: string[];
  bookingCalendarId: string | null;
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
export interface SyncDoc {
  [field: string]: unknown;
  _id: string;
  tenantId: string;
  staffId: string;
  want: 'present' | 'absent';
  startsAtMs: number;
  endsAtMs: number;
  title: string;
  eventAtMs: number;
  status: SyncStatus;
  provider: Provider | null;
  connectionId: string | null;
  calendarId: string | null;
  externalEventId: string | null;
  meetingUrl: string | null;
  /** Writes made so far (the iCalendar SEQUENCE of the next one). */
  writes: number;
  attempts: number;
  /** When the worker should act next; null when nothing is due. */
  dueAtMs: number | null;
  /** A worker holds it until then (replicas do not run the same write twice at once). */
  leaseUntilMs: number;
  lastError: string | null;
  createdAtMs: number;
  updatedAtMs: number;
}

export const INTEGRATION_INDEXES: IndexSpec[] = [
  listIndex(COLLECTIONS.connections),
  { collection: COLLECTIONS.connections, name: 'by_tenant_staff', fields: ['tenantId', 'staffId'] },
  { collection: COLLECTIONS.syncs, name: 'by_due', fields: ['dueAtMs'] },
];
