/**
 * Who hears of a booking event and what happens to its reminders (docs/decisions.md
 * "Notifications"). Pure: the event, the booking's context and the time in; the messages to
 * send and the reminder changes out.
 *
 * | event | customer | business (team addresses and the booked staff member) | reminders |
 * |---|---|---|---|
 * | created, manual service | request received | a request waiting (while its hold runs) | — |
 * | created, automatic service | — (the confirmation follows at once) | — | — |
 * | created, paid service (held until paid) | the amount due and the pay link | waiting for the payment (while its hold runs) | — |
 * | confirmed | confirmed, with the calendar file | — | scheduled |
 * | rescheduled | rescheduled (old and new time, calendar file) | if the customer moved it | moved (a held booking has none) |
 * | cancelled | cancelled, by whom | if the customer cancelled | dropped |
 * | expired | the request lapsed | — | dropped |
 * | completed, no_show | — | — | dropped |
 */
import type { BookingEvent } from './booking-event.js';
import { readerLocale, readerTimeZone, type Reader } from './format.js';
import type { Template } from './templates.js';

export type Channel = 'email' | 'sms';
export type RecipientKind = 'customer' | 'business' | 'staff';

export interface PlanContext {
  tenant: { timezone: string; locale: string };
  service: { confirmation: string };
  /** The booking as it is now (it may have moved on since the event). */
  booking: { status: string; holdExpiresAtMs: number | null; cancelReason: string };
  customer: { email: string | null; phone: string | null; locale: string; timezone: string };
  staff: { email: string | null; timezone: string } | null;
  settings: { reminderOffsetsMin: readonly number[]; businessEmails: readonly string[]; smsEnabled: boolean };
  /** Whether the platform can send SMS at all (an SMS provider is configured). */
  smsAvailable: boolean;
}

export interface PlannedMessage {
  template: Template;
  channel: Channel;
  recipientKind: RecipientKind;
  /** An email address or a phone number. */
  recipient: string;
  reader: Reader;
}

export interface ReminderPlan {
  /** Drop every scheduled reminder of the booking first. */
  drop: boolean;
  schedule: Array<{ offsetMin: number; dueAtMs: number }>;
}

export interface Plan {
  messages: PlannedMessage[];
  reminders: ReminderPlan | null;
}

/** The customer reads in their own locale and time zone when known, else the tenant's. */
export function customerReader(
  event: Pick<BookingEvent, 'timezone'>,
  ctx: Pick<PlanContext, 'customer' | 'tenant'>,
): Reader {
  return {
    ...readerLocale(ctx.customer.locale, ctx.tenant.locale),
    timeZone: readerTimeZone(event.timezone, ctx.customer.timezone, ctx.tenant.timezone),
  };
}

/** The customer's messages: email when they gave an address, SMS when the tenant enabled it and they gave a phone. */
export function toCustomer(
  template: Template,
  event: Pick<BookingEvent, 'timezone'>,
  ctx: PlanContext,
): PlannedMessage[] {
  const reader = customerReader(event, ctx);
  const out: PlannedMessage[] = [];
  if (ctx.customer.email) {
    out.push({ template, channel: 'email', recipientKind: 'customer', recipient: ctx.customer.email, reader });
  }
  if (ctx.smsAvailable && ctx.settings.smsEnabled && ctx.customer.phone) {
    out.push({ template, channel: 'sms', recipientKind: 'customer', recipient: ctx.customer.phone, reader });
  }
  return out;
}

/**
 * The business's messages: each team address in the tenant's locale and time zone, and the booked
 * staff member in their own zone when they have an email. One address hears once.
 */
function toBusiness(template: Template, ctx: PlanContext): PlannedMessage[] {
  const locale = readerLocale(ctx.tenant.locale);
  const seen = new Set<string>();
  const out: PlannedMessage[] = [];
  const add = (recipient: string, recipientKind: RecipientKind, timeZone: string) => {
    const key = recipient.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ template, channel: 'email', recipientKind, recipient, reader: { ...locale, timeZone } });
  };
  const tenantZone = readerTimeZone(ctx.tenant.timezone);
  for (const address of ctx.settings.businessEmails) add(address, 'business', tenantZone);
  if (ctx.staff?.email) add(ctx.staff.email, 'staff', readerTimeZone(ctx.staff.timezone, ctx.tenant.timezone));
  return out;
}

/** Reminders of a confirmed booking: each offset whose moment is still ahead (none for a start already past). */
export function remindersFor(
  startsAtMs: number,
  offsetsMin: readonly number[],
  nowMs: number,
): ReminderPlan['schedule'] {
  if (startsAtMs <= nowMs) return [];
  return offsetsMin
    .map((offsetMin) => ({ offsetMin, dueAtMs: startsAtMs - offsetMin * 60_000 }))
    .filter((r) => r.dueAtMs > nowMs);
}

/** A customer's own change: their manage link (actor `customer`) or their cancel reason. */
const byCustomer = (event: BookingEvent, ctx: PlanContext): boolean =>
  event.actor === 'customer' || (event.type === 'booking.cancelled' && ctx.booking.cancelReason === 'customer');

export function planFor(event: BookingEvent, ctx: PlanContext, nowMs: number): Plan {
  const drop: ReminderPlan = { drop: true, schedule: [] };
  switch (event.type) {
    case 'booking.created': {
      // A paid booking is held until its payment confirms it, whatever the service says
      // (docs/decisions.md "Payments"): its customer needs the pay link.
      if (ctx.service.confirmation === 'automatic' && !event.payment) return { messages: [], reminders: null };
      // Only a request still waiting is worth the business's attention.
      const holdRuns =
        ctx.booking.status === 'held' && ctx.booking.holdExpiresAtMs !== null && ctx.booking.holdExpiresAtMs > nowMs;
      return {
        messages: [
          ...toCustomer('customer.request_received', event, ctx),
          ...(holdRuns ? toBusiness('business.request_pending', ctx) : []),
        ],
        reminders: null,
      };
    }
    case 'booking.confirmed':
      return {
        messages: toCustomer('customer.confirmed', event, ctx),
        reminders: { drop: true, schedule: remindersFor(event.startsAtMs, ctx.settings.reminderOffsetsMin, nowMs) },
      };
    case 'booking.rescheduled':
      return {
        messages: [
          ...toCustomer('customer.rescheduled', event, ctx),
          ...(byCustomer(event, ctx) ? toBusiness('business.rescheduled_by_customer', ctx) : []),
        ],
        reminders: {
          drop: true,
          schedule:
            event.status === 'confirmed' ? remindersFor(event.startsAtMs, ctx.settings.reminderOffsetsMin, nowMs) : [],
        },
      };
    case 'booking.cancelled':
      return {
        messages: [
          ...toCustomer('customer.cancelled', event, ctx),
          ...(byCustomer(event, ctx) ? toBusiness('business.cancelled_by_customer', ctx) : []),
        ],
        reminders: drop,
      };
    case 'booking.expired':
      return { messages: toCustomer('customer.hold_expired', event, ctx), reminders: drop };
    case 'booking.completed':
    case 'booking.no_show':
      return { messages: [], reminders: drop };
  }
}
