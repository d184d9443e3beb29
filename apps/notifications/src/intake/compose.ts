/**
 * A planned message as a send record: its words rendered in the reader's language and time zone,
 * the tenant's sender name and Reply-To, its links (the manage link the create answered, the
 * dashboard, the booking page, the unsubscribe link), the video meeting's link where the message
 * names it and, for a customer's confirmation, reschedule or meeting link, the booking's calendar
 * file made by the manage page's code (@svc/ics).
 */
import {
  manageUrl,
  mintManageToken,
  mintUnsubscribeToken,
  MANAGE_TOKEN_TTL_MS,
  type ManageTokenKeys,
} from '@svc/crypto';
import { firstAttemptDue } from '@svc/background';
import { bookingCalendar, calendarFileName } from '@svc/ics';
import { cutoffAtMs, DAY_MS, HOLD_MS } from '@svc/rules';
import { messageIdOf, newNotificationId } from '../domain/ids.js';
import { renderMessage, type Links } from '../domain/layout.js';
import { NAMES_MEETING, type MeetingLine } from '../domain/meeting.js';
import type { EventPayment, PaymentFacts } from '../domain/payment.js';
import type { PlannedMessage } from '../domain/plan.js';
import type { MessageFacts } from '../domain/message.js';
import type { MessageContent, NotificationDoc } from '../store/records.js';
import type { BookingContext } from './context.js';

export interface ComposeSettings {
  /** The gateway's public address (links). */
  baseUrl: string;
  /** `<dashboardUrl>/bookings/<id>`. */
  dashboardUrl: string;
  /** The domain part of MAIL_FROM: every Message-ID's. */
  mailDomain: string;
  manageKeys: ManageTokenKeys;
}

/** What happened to the booking, for the texts: an event, or a reminder falling due. */
export interface Occurrence {
  /** The event id, or the reminder's (`rem_…`). */
  eventId: string;
  eventAtMs: number;
  bookingId: string;
  status: string;
  startsAtMs: number;
  endsAtMs: number;
  revision: number;
  previousStartsAtMs: number | null;
  reminderOffsetMin: number | null;
  /**
   * A paid booking's money as the event carries it (domain/payment.ts); absent or null: the
   * message says nothing of money (a service without payment, a reminder, the meeting's link).
   */
  payment?: EventPayment | null;
  /** The event's cancel cut-off when it carries one; else the booking's own (its context). */
  cancelCutoffMin?: number | null;
}

/**
 * The manage token as the create minted it (issued at the booking's creation), so the email
 * carries the very link the customer was shown; once that one has less than a week left (a
 * booking made long in advance), a fresh one, so a reminder never carries a dead link.
 */
function manageLink(ctx: BookingContext, occurrence: Occurrence, settings: ComposeSettings, nowMs: number): string {
  const created = ctx.booking.createdAtMs;
  const iat = created + MANAGE_TOKEN_TTL_MS - nowMs >= 7 * DAY_MS ? created : nowMs;
  const token = mintManageToken(
    settings.manageKeys,
    { tenantId: ctx.tenant.tenantId, bookingId: occurrence.bookingId, customerId: ctx.customer.customerId },
    iat,
  );
  return manageUrl(settings.baseUrl, token);
}

function linksFor(
  message: PlannedMessage,
  ctx: BookingContext,
  occurrence: Occurrence,
  settings: ComposeSettings,
  nowMs: number,
): Links {
  if (message.recipientKind !== 'customer') {
    return { dashboard: `${settings.dashboardUrl}/bookings/${encodeURIComponent(occurrence.bookingId)}` };
  }
  const links: Links = {
    manage: manageLink(ctx, occurrence, settings, nowMs),
    bookAgain: `${settings.baseUrl}/book/${encodeURIComponent(ctx.tenant.slug)}`,
  };
  // Stripe's checkout page, while the hold waits for the payment (docs/decisions.md "Payments").
  const pay = occurrence.payment?.state === 'awaiting' ? occurrence.payment.checkoutUrl : '';
  if (pay) links.pay = pay;
  if (message.template === 'customer.reminder') {
    const token = mintUnsubscribeToken(settings.manageKeys, {
      tenantId: ctx.tenant.tenantId,
      customerId: ctx.customer.customerId,
    });
    links.unsubscribe = `${settings.baseUrl}/notifications/unsubscribe/${token}`;
  }
  return links;
}

const WITH_CALENDAR = new Set(['customer.confirmed', 'customer.rescheduled', 'customer.meeting_link']);
const PLATFORM_REASONS = new Set(['customer', 'hold_expired', 'customer_erased']);

export function composeRecords(
  messages: readonly PlannedMessage[],
  ctx: BookingContext,
  occurrence: Occurrence,
  settings: ComposeSettings,
  nowMs: number,
  /** The booking's video meeting as the customer's messages name it (domain/meeting.ts). */
  meeting: MeetingLine = null,
): NotificationDoc[] {
  const senderName = ctx.settings.senderName || ctx.tenant.branding.displayName;
  const replyTo = ctx.settings.replyToEmail || ctx.settings.businessEmails[0] || null;
  // A hold always ends 10 minutes after creation; once confirmed the booking no longer says when.
  const holdExpiresAtMs = ctx.booking.holdExpiresAtMs ?? ctx.booking.createdAtMs + HOLD_MS;
  const payment = paymentFacts(occurrence, ctx);
  return messages.map((message) => {
    const facts: MessageFacts = {
      template: message.template,
      reader: message.reader,
      bookingId: occurrence.bookingId,
      business: ctx.tenant.branding.displayName,
      service: ctx.service.name,
      customerName: ctx.customer.name,
      customerContact: [ctx.customer.email, ctx.customer.phone].filter(Boolean).join(', '),
      staffName: ctx.staff?.name ?? '',
      startsAtMs: occurrence.startsAtMs,
      previousStartsAtMs: occurrence.previousStartsAtMs,
      holdExpiresAtMs,
      nowMs,
      cancelledBy: ctx.booking.cancelReason === 'customer' ? 'customer' : 'business',
      // The stored reasons the platform writes itself are said in words instead (or, for the
      // cancel of an erase, docs/decisions.md "Privacy", not at all).
      cancelReason: PLATFORM_REASONS.has(ctx.booking.cancelReason) ? '' : ctx.booking.cancelReason,
      reminderOffsetMin: occurrence.reminderOffsetMin,
      changes: ctx.booking.changes,
      meeting: NAMES_MEETING.has(message.template) ? meeting : null,
      payment,
    };
    // The file names the meeting only where the message does (the manage page's file of the state).
    const meetingUrl = facts.meeting?.kind === 'link' ? facts.meeting.url : null;
    const links = linksFor(message, ctx, occurrence, settings, nowMs);
    const rendered = renderMessage(facts, ctx.tenant.branding, links);
    const calendar =
      message.channel === 'email' && WITH_CALENDAR.has(message.template) && links.manage
        ? {
            filename: calendarFileName(occurrence.bookingId),
            content: bookingCalendar({
              booking: {
                bookingId: occurrence.bookingId,
                status: occurrence.status,
                startsAtMs: occurrence.startsAtMs,
                endsAtMs: occurrence.endsAtMs,
                revision: occurrence.revision,
                createdAtMs: ctx.booking.createdAtMs,
                // A change's event happens at the moment the booking is written.
                updatedAtMs: occurrence.eventAtMs,
              },
              serviceName: ctx.service.name,
              tenantName: ctx.tenant.name,
              manageUrl: links.manage,
              host: new URL(settings.baseUrl).hostname,
              meetingUrl,
            }),
          }
        : null;
    const content: MessageContent =
      message.channel === 'email'
        ? {
            fromName: senderName,
            replyTo,
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
            calendar,
            unsubscribeUrl: links.unsubscribe ?? null,
          }
        : {
            fromName: senderName,
            replyTo: null,
            subject: '',
            text: rendered.sms ?? rendered.subject,
            html: null,
            calendar: null,
            unsubscribeUrl: null,
          };
    return pendingRecord(
      {
        tenantId: ctx.tenant.tenantId,
        bookingId: occurrence.bookingId,
        customerId: ctx.customer.customerId,
        eventId: occurrence.eventId,
        eventAtMs: occurrence.eventAtMs,
        template: message.template,
        channel: message.channel,
        recipientKind: message.recipientKind,
        recipient: message.recipient,
        content,
      },
      settings.mailDomain,
      nowMs,
    );
  });
}

/** What a new send record says; pendingRecord adds the state of a first send. */
export type RecordFields = Pick<
  NotificationDoc,
  | 'tenantId'
  | 'bookingId'
  | 'customerId'
  | 'eventId'
  | 'eventAtMs'
  | 'template'
  | 'channel'
  | 'recipientKind'
  | 'recipient'
  | 'content'
>;

/**
 * The payment as the message tells of it, with the moment full refunds end: the event's cut-off
 * when it carries one, else the booking's own copy of its service's (the one its refunds follow).
 */
function paymentFacts(occurrence: Occurrence, ctx: BookingContext): PaymentFacts | null {
  if (!occurrence.payment) return null;
  const cutoffMin = occurrence.cancelCutoffMin ?? ctx.booking.cancelCutoffMin;
  return { ...occurrence.payment, fullRefundUntilMs: cutoffAtMs(occurrence.startsAtMs, cutoffMin) };
}

/** A new send record, due at once: first series, no attempt yet, no lease; an email's Message-ID in `mailDomain`. */
export function pendingRecord(fields: RecordFields, mailDomain: string, nowMs: number): NotificationDoc {
  const id = newNotificationId();
  return {
    _id: id,
    ...fields,
    ...firstAttemptDue(nowMs),
    lastError: null,
    messageId: fields.channel === 'email' ? messageIdOf(id, 1, mailDomain) : '',
    sentAtMs: null,
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
    bodyRemovedAtMs: null,
    erasedAtMs: null,
  };
}
