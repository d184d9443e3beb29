/**
 * What a message is made of (docs/decisions.md "Notifications"): the facts the intake gathers,
 * the facts formatted for the reader, and the words a message says. templates.ts writes the words
 * of every message in every language, payment-words.ts those about money.
 */
import type { NotificationTemplate } from '@svc/rules';
import type { Reader } from './format.js';
import type { MeetingLine } from './meeting.js';
import type { PaymentFacts } from './payment.js';

/** Everything a message may mention, gathered by the intake (plan.ts). */
export interface MessageFacts {
  template: NotificationTemplate;
  reader: Reader;
  /** Named in every message, so a customer can quote it and a reader find the booking. */
  bookingId: string;
  /** The tenant as customers know it (branding display name, else its name). */
  business: string;
  service: string;
  customerName: string;
  /** The customer's email or phone, for the business. */
  customerContact: string;
  /** The booked staff member's name, '' without one. */
  staffName: string;
  startsAtMs: number;
  /** Before a reschedule. */
  previousStartsAtMs: number | null;
  /** When a held booking's request lapses. */
  holdExpiresAtMs: number | null;
  nowMs: number;
  /** Who cancelled: the customer themself, or the business (staff, its partner, the platform). */
  cancelledBy: 'customer' | 'business';
  /** The business's reason for a cancellation, '' without one. */
  cancelReason: string;
  /** Hours or minutes before the start, for a reminder. */
  reminderOffsetMin: number | null;
  /** What the customer's manage link can still change (customer messages). */
  changes: CustomerChanges;
  /**
   * The booking's video meeting (domain/meeting.ts): its link, or that the link follows; absent or
   * null: nothing is said. Only the messages of NAMES_MEETING say it.
   */
  meeting?: MeetingLine;
  /**
   * A staff member's calendar connection that needs connecting again (business.calendar_needs_reauth,
   * intake/connection-notices.ts): the provider as people call it and whose it is. The message is
   * about no booking: its `startsAtMs` is when the provider refused the grant.
   */
  calendar?: { provider: string; staffName: string };
  /**
   * A paid booking's money (domain/payment.ts); absent or null: a booking without payment, or a
   * message that says nothing of money. domain/payment-words.ts says it.
   */
  payment?: PaymentFacts | null;
}

/**
 * What the customer's manage link can change as the message goes out (docs/decisions.md "Service
 * policies"): until when it can cancel, and reschedule (null: not now), and whether a cut-off
 * closed one of them. The link's label and a line of the text say it.
 */
export interface CustomerChanges {
  cancelUntilMs: number | null;
  rescheduleUntilMs: number | null;
  closedByCutoff: boolean;
}

/** A message's words: the subject, its paragraphs, a detail table, one action, the SMS text. */
export interface MessageWords {
  subject: string;
  heading: string;
  paragraphs: string[];
  details: Array<[label: string, value: string]>;
  action: { label: string; link: LinkKind } | null;
  /** One SMS (customer messages only); the link is appended when the message has an action. */
  sms: string | null;
  /** The line offering the unsubscribe link (reminders). */
  unsubscribe: string | null;
}

/** `pay`: Stripe's checkout page of a booking waiting for its payment. */
export type LinkKind = 'manage' | 'dashboard' | 'bookAgain' | 'pay';

/** The facts already formatted for the reader. */
export interface Words {
  when: string;
  short: string;
  before: string;
  expiry: string;
  minutesLeft: number;
  offset: string;
  /** The manage link's label: what it can still do. */
  manage: string;
  /** The same for a request (a held booking). */
  manageRequest: string;
  /** The cut-off line: until when changes work online, or that they no longer do; none without a cut-off. */
  changes: string[];
}
