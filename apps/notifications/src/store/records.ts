/** The notifications service's documents (docs/architecture.md "Notifications"). */
import type { AttemptFields } from '@svc/background';
import { filteredListIndex, listIndex, type IndexSpec } from '@svc/store';
import { DEFAULT_REMINDER_OFFSETS_MIN, NOTIFICATION_STATUSES, type NotificationStatus } from '@svc/rules';
import type { BookingEvent } from '../domain/booking-event.js';
import type { Channel, RecipientKind } from '../domain/plan.js';
import type { Template } from '../domain/templates.js';

export const COLLECTIONS = {
  settings: 'notification_settings',
  notifications: 'notifications',
  reminders: 'notification_reminders',
  suppressions: 'notification_suppressions',
  erasedBookings: 'erased_bookings',
  meetingWaits: 'notification_meeting_waits',
} as const;

/** The unique index that makes a redelivered event send nothing twice. */
export const SEND_KEY_INDEX = 'by_event_template_recipient';

export const NOTIFICATION_INDEXES: IndexSpec[] = [
  { collection: COLLECTIONS.settings, name: 'by_tenant', fields: ['tenantId'], unique: true },
  {
    collection: COLLECTIONS.notifications,
    name: SEND_KEY_INDEX,
    fields: ['eventId', 'template', 'channel', 'recipient'],
    unique: true,
  },
  listIndex(COLLECTIONS.notifications),
  // The send log's filters, each in list order.
  ...['bookingId', 'customerId', 'status'].map((field) => filteredListIndex(COLLECTIONS.notifications, field)),
  // The retention sweeper: a tenant's records whose body is still held, oldest first.
  {
    collection: COLLECTIONS.notifications,
    name: 'by_tenant_body_created',
    fields: ['tenantId', 'bodyRemovedAtMs', 'createdAtMs', '_id'],
  },
  // An erase: the customer's records not erased yet (those of bookings its event did not list).
  {
    collection: COLLECTIONS.notifications,
    name: 'by_tenant_customer_erased_created',
    fields: ['tenantId', 'customerId', 'erasedAtMs', 'createdAtMs', '_id'],
  },
  // Workers: what is due.
  { collection: COLLECTIONS.notifications, name: 'by_due', fields: ['dueAtMs'] },
  { collection: COLLECTIONS.reminders, name: 'by_due', fields: ['dueAtMs'] },
  { collection: COLLECTIONS.reminders, name: 'by_booking', fields: ['bookingId'] },
  { collection: COLLECTIONS.meetingWaits, name: 'by_due', fields: ['dueAtMs'] },
  {
    collection: COLLECTIONS.suppressions,
    name: 'by_tenant_customer',
    fields: ['tenantId', 'customerId'],
    unique: true,
  },
  // The send worker asks whether a record's customer was erased (docs/decisions.md "Privacy").
  { collection: COLLECTIONS.erasedBookings, name: 'by_tenant_customer', fields: ['tenantId', 'customerId'] },
];

/** A tenant's notification settings (one document per tenant, `_id` = the tenant id). */
export type SettingsDoc = {
  _id: string;
  tenantId: string;
  reminderOffsetsMin: number[];
  /** The addresses the tenant set; null (or absent) while it set none: the team's are used. */
  businessEmails: string[] | null;
  /** The owners' and admins' addresses as the gateway last reported them (docs/decisions.md "Notifications"). */
  teamEmails?: string[];
  /** '' = the first business address. */
  replyToEmail: string;
  smsEnabled: boolean;
  /** '' = the tenant's display name. */
  senderName: string;
  createdAtMs: number;
  updatedAtMs: number;
};

/** Who hears of new requests and of the customers' changes: the tenant's own addresses, else its team's. */
export const businessAddresses = (doc: Pick<SettingsDoc, 'businessEmails' | 'teamEmails'>): string[] =>
  doc.businessEmails ?? doc.teamEmails ?? [];

/** What a tenant that never saved its settings gets. */
export function defaultSettings(tenantId: string, teamEmails: string[] = []): SettingsDoc {
  return {
    _id: tenantId,
    tenantId,
    reminderOffsetsMin: [...DEFAULT_REMINDER_OFFSETS_MIN],
    businessEmails: null,
    teamEmails,
    replyToEmail: '',
    smsEnabled: false,
    senderName: '',
    createdAtMs: 0,
    updatedAtMs: 0,
  };
}

export const SEND_STATUSES = NOTIFICATION_STATUSES;
export type SendStatus = NotificationStatus;

/** The message as rendered when the record was made: every retry and resend sends these bytes' source. */
export interface MessageContent {
  fromName: string;
  replyTo: string | null;
  subject: string;
  text: string;
  /** null for SMS. */
  html: string | null;
  /** The calendar file (customer confirmations and reschedules). */
  calendar: { filename: string; content: string } | null;
  /** The one-click unsubscribe URL (reminders): List-Unsubscribe and List-Unsubscribe-Post. */
  unsubscribeUrl: string | null;
}

/**
 * One message to one recipient, unique per (event, template, channel, recipient): the send log's
 * entry and the worker's unit of work (its scheduling state, a lease while an attempt runs).
 */
export type NotificationDoc = {
  /** `ntf_…` */
  _id: string;
  tenantId: string;
  bookingId: string;
  customerId: string;
  /** The booking event (evt_…) or the reminder (rem_…) it answers. */
  eventId: string;
  /** When that event happened: the start of the event-to-send latency. */
  eventAtMs: number;
  template: Template;
  channel: Channel;
  recipientKind: RecipientKind;
  recipient: string;
  content: MessageContent;
  status: SendStatus;
  lastError: string | null;
  /** The Message-ID header of the current series (email); '' for SMS. */
  messageId: string;
  sentAtMs: number | null;
  createdAtMs: number;
  updatedAtMs: number;
  /**
   * When retention or an erase removed `content` (docs/decisions.md "Privacy"); null (or absent,
   * on records made before) while it is held.
   */
  bodyRemovedAtMs?: number | null;
  /** When an erase removed the customer's data from it (content, and a customer's address). */
  erasedAtMs?: number | null;
  /**
   * Set by an erase on a record still pending: its outcome is recorded erased (the worker reads
   * the erasure markers; the write makes a concurrent recording conflict with the erase).
   */
  eraseWhenFinal?: boolean;
} & AttemptFields;

/** What remains of a message once its body is removed. */
export const REMOVED_CONTENT: MessageContent = {
  fromName: '',
  replyTo: null,
  subject: '',
  text: '',
  html: null,
  calendar: null,
  unsubscribeUrl: null,
};

/**
 * An erased customer's booking (`_id` = the booking id): what the customer's notifications
 * still pending are checked against when they reach a final state (docs/decisions.md "Privacy").
 */
export type { ErasedBookingDoc } from '@svc/background';

/** A reminder of a confirmed booking (`_id` = `<bookingId>:<offsetMin>`). */
export type ReminderDoc = {
  _id: string;
  tenantId: string;
  bookingId: string;
  offsetMin: number;
  startsAtMs: number;
  status: 'scheduled' | 'sent' | 'dropped';
  /** When it falls due (start − offset, or a lease's end); null once sent or dropped. */
  dueAtMs: number | null;
  /** The event that last set it: an older one (a redelivery) changes nothing. */
  eventAtMs: number;
  leaseUntilMs: number;
  createdAtMs: number;
  updatedAtMs: number;
};

/** A customer who unsubscribed from reminders (`_id` = `<tenantId>:<customerId>`). */
export type SuppressionDoc = {
  _id: string;
  tenantId: string;
  customerId: string;
  createdAtMs: number;
};

/**
 * A booking event as a wait keeps it: nothing of the customer (their record is read when it is
 * used), nor the booking's state at the event (read again when the held messages go). A wait
 * stored before payments (docs/decisions.md "Payments") has no payment or cut-off.
 */
export type HeldEvent = Omit<
  BookingEvent,
  'customerSnapshot' | 'traceparent' | 'payment' | 'cancelCutoffMin' | 'state'
> &
  Partial<Pick<BookingEvent, 'payment' | 'cancelCutoffMin'>>;

/**
 * A booking's customer messages waiting for its video meeting's link (`_id` = the booking id;
 * domain/meeting.ts, docs/decisions.md "Notifications"). `hold`: the event's confirmation or
 * reschedule message is not composed yet, until the link exists or `holdUntilMs`; `follow`: it
 * went saying the link follows, which is sent on its own once it exists (until the start). A
 * later event of the booking ends it.
 */
export type MeetingWaitDoc = {
  _id: string;
  tenantId: string;
  phase: 'hold' | 'follow';
  event: HeldEvent;
  /** The event's time: a wait is replaced or ended only by a later event. */
  eventAtMs: number;
  holdUntilMs: number;
  /** When to look again (or a lease's end). */
  dueAtMs: number;
  /** Looks made in the phase (the follow's backoff). */
  checks: number;
  leaseUntilMs: number;
  createdAtMs: number;
  updatedAtMs: number;
};
