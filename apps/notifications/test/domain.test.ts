import { describe, expect, it } from 'vitest';
import { parseBookingEvent, type BookingEvent } from '../src/domain/booking-event.js';
import { messageIdOf } from '../src/domain/ids.js';
import { formatWhen, readerLocale, readerTimeZone } from '../src/domain/format.js';
import { renderMessage } from '../src/domain/layout.js';
import { planFor, remindersFor, type PlanContext } from '../src/domain/plan.js';
import { judgeSend, MAX_SEND_ATTEMPTS, RETRY_CAP_MS, retryDelayMs, smtpResult } from '../src/domain/retry.js';
import type { MessageFacts } from '../src/domain/message.js';

const HOUR = 3_600_000;
const NOW = Date.UTC(2031, 2, 3, 9, 0);
const START = NOW + 48 * HOUR;

const event = (over: Partial<BookingEvent> = {}): BookingEvent => ({
  id: 'evt_1',
  type: 'booking.created',
  occurredAtMs: NOW,
  tenantId: 'ten_1',
  bookingId: 'bkg_1',
  serviceId: 'svc_1',
  staffId: 'stf_1',
  status: 'held',
  startsAtMs: START,
  endsAtMs: START + HOUR,
  timezone: 'America/New_York',
  revision: 0,
  actor: '',
  previous: null,
  customerId: 'cus_1',
  customerSnapshot: { name: 'Ann Example', email: 'ann@example.test' },
  payment: null,
  cancelCutoffMin: null,
  traceparent: null,
  ...over,
});

const context = (over: Partial<PlanContext> = {}): PlanContext => ({
  tenant: { timezone: 'Europe/Berlin', locale: 'de-DE' },
  service: { confirmation: 'manual' },
  booking: { status: 'held', holdExpiresAtMs: NOW + 10 * 60_000, cancelReason: '' },
  customer: { email: 'ann@example.test', phone: '+4915112345678', locale: 'en-US', timezone: '' },
  staff: { email: 'sam@acme.test', timezone: 'Europe/London' },
  settings: { reminderOffsetsMin: [1440, 120], businessEmails: ['owner@acme.test', 'SAM@acme.test'], smsEnabled: true },
  smsAvailable: true,
  ...over,
});

const who = (plan: ReturnType<typeof planFor>) =>
  plan.messages.map((m) => `${m.template} ${m.channel} ${m.recipientKind} ${m.recipient}`);

describe('planFor: who hears of what (docs/decisions.md "Notifications")', () => {
  it('a request for a manual service: the customer (email and SMS) and the business, each address once', () => {
    const plan = planFor(event(), context(), NOW);
    expect(who(plan)).toEqual([
      'customer.request_received email customer ann@example.test',
      'customer.request_received sms customer +4915112345678',
      'business.request_pending email business owner@acme.test',
      // The staff member's address is a team address too: heard once, as the business.
      'business.request_pending email business SAM@acme.test',
    ]);
    expect(plan.reminders).toBeNull();
    // The customer reads in their locale and time zone; the business in the tenant's.
    expect(plan.messages[0]!.reader).toEqual({ locale: 'en-US', language: 'en', timeZone: 'America/New_York' });
    expect(plan.messages[2]!.reader).toEqual({ locale: 'de-DE', language: 'de', timeZone: 'Europe/Berlin' });
  });

  it('the booked staff member hears in their own time zone; SMS needs the tenant, a phone and a provider', () => {
    const plan = planFor(
      event(),
      context({ settings: { reminderOffsetsMin: [], businessEmails: ['owner@acme.test'], smsEnabled: false } }),
      NOW,
    );
    expect(who(plan)).toEqual([
      'customer.request_received email customer ann@example.test',
      'business.request_pending email business owner@acme.test',
      'business.request_pending email staff sam@acme.test',
    ]);
    expect(plan.messages[2]!.reader.timeZone).toBe('Europe/London');
    expect(who(planFor(event(), context({ smsAvailable: false }), NOW))).not.toContain(
      'customer.request_received sms customer +4915112345678',
    );
  });

  it('an automatic service sends nothing for the create (its confirmation follows at once)', () => {
    expect(planFor(event(), context({ service: { confirmation: 'automatic' } }), NOW)).toEqual({
      messages: [],
      reminders: null,
    });
  });

  it('a request no longer waiting (confirmed meanwhile, or its hold ran out) is not put to the business', () => {
    const confirmed = context({ booking: { status: 'confirmed', holdExpiresAtMs: null, cancelReason: '' } });
    expect(who(planFor(event(), confirmed, NOW)).some((m) => m.startsWith('business'))).toBe(false);
    expect(who(planFor(event(), context(), NOW + 11 * 60_000)).some((m) => m.startsWith('business'))).toBe(false);
  });

  it('a confirmation schedules the reminders still ahead; none for a start already past', () => {
    const plan = planFor(event({ type: 'booking.confirmed', status: 'confirmed' }), context(), NOW);
    expect(who(plan)).toEqual([
      'customer.confirmed email customer ann@example.test',
      'customer.confirmed sms customer +4915112345678',
    ]);
    expect(plan.reminders).toEqual({
      drop: true,
      schedule: [
        { offsetMin: 1440, dueAtMs: START - 24 * HOUR },
        { offsetMin: 120, dueAtMs: START - 2 * HOUR },
      ],
    });
    // Starting in 3 hours: the day-before reminder's moment has passed, the 2-hour one has not.
    expect(remindersFor(NOW + 3 * HOUR, [1440, 120], NOW)).toEqual([{ offsetMin: 120, dueAtMs: NOW + HOUR }]);
    expect(remindersFor(NOW - 1, [1440, 120], NOW)).toEqual([]);
  });

  it('a reschedule by the customer tells the business and moves the reminders; one by staff only the customer', () => {
    const moved = event({ type: 'booking.rescheduled', status: 'confirmed', actor: 'customer' });
    const plan = planFor(moved, context(), NOW);
    expect(who(plan).filter((m) => m.startsWith('business'))).toEqual([
      'business.rescheduled_by_customer email business owner@acme.test',
      'business.rescheduled_by_customer email business SAM@acme.test',
    ]);
    expect(plan.reminders?.drop).toBe(true);
    expect(plan.reminders?.schedule).toHaveLength(2);
    expect(who(planFor({ ...moved, actor: 'staff' }, context(), NOW))).toEqual([
      'customer.rescheduled email customer ann@example.test',
      'customer.rescheduled sms customer +4915112345678',
    ]);
    // A held booking moved keeps no reminders.
    expect(planFor({ ...moved, status: 'held' }, context(), NOW).reminders).toEqual({ drop: true, schedule: [] });
  });

  it('a cancel drops the reminders and tells the business only when the customer cancelled', () => {
    const cancel = event({ type: 'booking.cancelled', status: 'cancelled', actor: 'customer' });
    const byCustomer = planFor(
      cancel,
      context({ booking: { status: 'cancelled', holdExpiresAtMs: null, cancelReason: 'customer' } }),
      NOW,
    );
    expect(who(byCustomer)).toContain('business.cancelled_by_customer email business owner@acme.test');
    expect(byCustomer.reminders).toEqual({ drop: true, schedule: [] });
    const byStaff = planFor(
      { ...cancel, actor: 'staff' },
      context({ booking: { status: 'cancelled', holdExpiresAtMs: null, cancelReason: 'closed for the day' } }),
      NOW,
    );
    expect(who(byStaff).every((m) => m.startsWith('customer.cancelled'))).toBe(true);
  });

  it('an expiry tells the customer; completed and no-show only drop the reminders', () => {
    expect(who(planFor(event({ type: 'booking.expired', status: 'cancelled' }), context(), NOW))).toEqual([
      'customer.hold_expired email customer ann@example.test',
      'customer.hold_expired sms customer +4915112345678',
    ]);
    for (const type of ['booking.completed', 'booking.no_show'] as const) {
      expect(planFor(event({ type, status: 'completed' }), context(), NOW)).toEqual({
        messages: [],
        reminders: { drop: true, schedule: [] },
      });
    }
  });
});

describe('readers: every time in the reader’s zone, with the zone named', () => {
  it('formats a Berlin 15:00 for a customer in New York as 9:00 AM Eastern, naming the zone', () => {
    const at = Date.UTC(2031, 2, 3, 14, 0);
    expect(formatWhen(at, { locale: 'en-US', language: 'en', timeZone: 'America/New_York' })).toMatch(
      /^Monday, March 3, 2031 at 9:00\s?AM Eastern Standard Time \(America\/New_York\)$/,
    );
    expect(formatWhen(at, { locale: 'de-DE', language: 'de', timeZone: 'Europe/Berlin' })).toBe(
      'Montag, 3. März 2031 um 15:00 Mitteleuropäische Normalzeit (Europe/Berlin)',
    );
  });

  it('takes the first usable locale and zone, and English texts for a language without its own', () => {
    expect(readerLocale('', 'de-at')).toEqual({ locale: 'de-AT', language: 'de' });
    expect(readerLocale('fr-CA', 'de')).toEqual({ locale: 'fr-CA', language: 'en' });
    expect(readerLocale('not a tag')).toEqual({ locale: 'en', language: 'en' });
    expect(readerTimeZone('', 'Mars/Olympus', 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(readerTimeZone()).toBe('UTC');
  });
});

describe('renderMessage', () => {
  const facts = (over: Partial<MessageFacts> = {}): MessageFacts => ({
    template: 'customer.reminder',
    reader: { locale: 'en-US', language: 'en', timeZone: 'America/New_York' },
    bookingId: 'bkg_1',
    business: 'Acme <Dental>',
    service: 'Cleaning',
    customerName: '<script>alert(1)</script>',
    customerContact: 'ann@example.test',
    staffName: 'Sam',
    startsAtMs: Date.UTC(2031, 2, 3, 14, 0),
    previousStartsAtMs: null,
    holdExpiresAtMs: null,
    nowMs: NOW,
    cancelledBy: 'business',
    cancelReason: '',
    reminderOffsetMin: 120,
    // Changes open until the start (no cut-off).
    changes: {
      cancelUntilMs: Date.UTC(2031, 2, 3, 14, 0),
      rescheduleUntilMs: Date.UTC(2031, 2, 3, 14, 0),
      closedByCutoff: false,
    },
    ...over,
  });
  const branding = {
    displayName: 'Acme <Dental>',
    logoUrl: 'javascript:alert(1)',
    primaryColor: '#ffff00',
    accentColor: '',
  };
  const links = {
    manage: 'https://book.test/booking/manage/svc_m1.a.b',
    unsubscribe: 'https://book.test/notifications/unsubscribe/svc_u1.a.b',
  };

  it('has text and HTML parts with the same words, escaped, in the tenant’s branding when it reads', () => {
    const out = renderMessage(facts(), branding, links);
    expect(out.subject).toMatch(/^Reminder: Cleaning on Mon, Mar 3, 9:00\s?AM$/);
    expect(out.text).toContain(
      'Hello <script>alert(1)</script>, this is a reminder of your booking with Acme <Dental>.',
    );
    expect(out.text).toContain('With: Sam');
    expect(out.text).toContain('Booking: bkg_1');
    expect(out.text).toContain(`View, reschedule or cancel: ${links.manage}`);
    expect(out.text).toContain(`Stop reminders: ${links.unsubscribe}`);
    expect(out.html).not.toContain('<script>');
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.html).toContain('Acme &lt;Dental&gt;');
    expect(out.html).toContain(`href="${links.unsubscribe}"`);
    // A logo that is not a web URL is left out; yellow cannot carry text, so the safe color is used.
    expect(out.html).not.toContain('javascript:');
    expect(out.html).not.toContain('#ffff00');
    expect(out.sms).toBe(
      `Reminder from Acme <Dental>: Cleaning on ${out.subject.slice('Reminder: Cleaning on '.length)}. ${links.manage}`,
    );
  });

  it('says who cancelled and the business’s reason, and names old and new times of a move', () => {
    const cancelled = renderMessage(
      facts({ template: 'customer.cancelled', cancelReason: 'The dentist is ill', reminderOffsetMin: null }),
      branding,
      { bookAgain: 'https://book.test/book/acme' },
    );
    expect(cancelled.text).toContain('Acme <Dental> has cancelled your booking for Cleaning');
    expect(cancelled.text).toContain('Reason: The dentist is ill');
    expect(cancelled.text).not.toContain('Stop reminders');
    const own = renderMessage(facts({ template: 'customer.cancelled', cancelledBy: 'customer' }), branding, {});
    expect(own.text).toContain('you cancelled your booking');
    const moved = renderMessage(
      facts({ template: 'customer.rescheduled', previousStartsAtMs: Date.UTC(2031, 2, 2, 14, 0) }),
      branding,
      links,
    );
    expect(moved.text).toMatch(/Now: Monday, March 3, 2031 at 9:00\s?AM Eastern Standard Time \(America\/New_York\)/);
    expect(moved.text).toMatch(
      /Before: Sunday, March 2, 2031 at 9:00\s?AM Eastern Standard Time \(America\/New_York\)/,
    );
  });

  it('tells the business how long a request has left, in German for a German tenant', () => {
    const out = renderMessage(
      facts({
        template: 'business.request_pending',
        reader: { locale: 'de-DE', language: 'de', timeZone: 'Europe/Berlin' },
        holdExpiresAtMs: NOW + 8 * 60_000,
        customerName: 'Ann',
      }),
      branding,
      { dashboard: 'https://book.test/dashboard/bookings/bkg_1' },
    );
    expect(out.subject).toMatch(/^Wartet auf Ihre Bestätigung: Cleaning am /);
    expect(out.text).toContain('(8 Minuten nach dieser E-Mail)');
    expect(out.text).toContain('Buchung im Dashboard öffnen: https://book.test/dashboard/bookings/bkg_1');
    expect(out.text).toContain('Kontakt: ann@example.test');
    expect(out.sms).toBeNull();
  });

  describe('the manage link says what it can still change (docs/decisions.md "Service policies")', () => {
    const START = Date.UTC(2031, 2, 3, 14, 0);
    const HOUR = 3_600_000;
    const render = (changes: MessageFacts['changes'], over: Partial<MessageFacts> = {}) =>
      renderMessage(facts({ changes, ...over }), branding, links).text;

    it('without a cut-off: every change, and no line about it', () => {
      const text = render({ cancelUntilMs: START, rescheduleUntilMs: START, closedByCutoff: false });
      expect(text).toContain(`View, reschedule or cancel: ${links.manage}`);
      expect(text).not.toContain('online until');
    });

    it('with cut-offs ahead: until when, each in the reader’s zone', () => {
      const same = render({
        cancelUntilMs: START - 24 * HOUR,
        rescheduleUntilMs: START - 24 * HOUR,
        closedByCutoff: false,
      });
      expect(same).toMatch(
        /You can reschedule or cancel online until Sunday, March 2, 2031 at 9:00\s?AM Eastern Standard Time/,
      );
      const apart = render({
        cancelUntilMs: START - 2 * HOUR,
        rescheduleUntilMs: START - 24 * HOUR,
        closedByCutoff: false,
      });
      expect(apart).toMatch(
        /You can reschedule online until Sunday, March 2, .* and cancel until Monday, March 3, 2031 at 7:00/,
      );
    });

    it('one closed by its cut-off: the label offers only the other', () => {
      const text = render({ cancelUntilMs: START, rescheduleUntilMs: null, closedByCutoff: true });
      expect(text).toContain(`View or cancel: ${links.manage}`);
      expect(text).not.toContain('no longer be changed');
    });

    it('both closed by cut-offs: view only, and whom to contact', () => {
      const text = render({ cancelUntilMs: null, rescheduleUntilMs: null, closedByCutoff: true });
      expect(text).toContain(`View your booking: ${links.manage}`);
      expect(text).toContain('It can no longer be changed online; to change it, please contact Acme <Dental>.');
      const de = render(
        { cancelUntilMs: null, rescheduleUntilMs: null, closedByCutoff: true },
        { reader: { locale: 'de-DE', language: 'de', timeZone: 'Europe/Berlin' } },
      );
      expect(de).toContain(`Buchung ansehen: ${links.manage}`);
      expect(de).toContain('Online lässt sich die Buchung nicht mehr ändern');
    });

    it('a request whose cancel closed is only viewed', () => {
      const request = (changes: MessageFacts['changes']) =>
        render(changes, { template: 'customer.request_received', holdExpiresAtMs: NOW + 600_000 });
      expect(request({ cancelUntilMs: START, rescheduleUntilMs: START, closedByCutoff: false })).toContain(
        `View or cancel your request: ${links.manage}`,
      );
      expect(request({ cancelUntilMs: null, rescheduleUntilMs: null, closedByCutoff: true })).toContain(
        `View your request: ${links.manage}`,
      );
    });
  });
});

describe('retries (domain/retry.ts)', () => {
  it('retries temporary failures with growing, capped waits and fails permanent ones at once', () => {
    const opts = { nowMs: NOW, firstRetryMs: 30_000, random: 0.5 };
    expect(judgeSend(1, { kind: 'temporary', error: 'SMTP 451: later' }, opts)).toEqual({
      status: 'pending',
      nextAttemptAtMs: NOW + 30_000,
      error: 'SMTP 451: later',
    });
    expect(judgeSend(3, { kind: 'temporary', error: 'x' }, opts).nextAttemptAtMs).toBe(NOW + 120_000);
    expect(retryDelayMs(20, 30_000, 0.99)).toBe(RETRY_CAP_MS);
    expect(judgeSend(MAX_SEND_ATTEMPTS, { kind: 'temporary', error: 'x' }, opts).status).toBe('failed');
    expect(judgeSend(1, { kind: 'permanent', error: 'SMTP 550' }, opts)).toEqual({
      status: 'failed',
      nextAttemptAtMs: null,
      error: 'SMTP 550',
    });
    expect(judgeSend(1, { kind: 'sent' }, opts)).toEqual({ status: 'sent', nextAttemptAtMs: null, error: null });
  });

  it('judges SMTP replies by class (5xx but 503 permanent) and keeps the address out of the error', () => {
    expect(smtpResult(550, 'Mailbox <ann@example.test> unavailable', 'ann@example.test')).toEqual({
      kind: 'permanent',
      error: 'SMTP 550: Mailbox <<recipient>> unavailable',
    });
    expect(smtpResult(503, 'Bad sequence', 'a@b.test').kind).toBe('temporary');
    expect(smtpResult(451, 'Try later', 'a@b.test').kind).toBe('temporary');
    expect(smtpResult(undefined, 'ECONNECTION: connect ECONNREFUSED', 'a@b.test')).toEqual({
      kind: 'temporary',
      error: 'ECONNECTION: connect ECONNREFUSED',
    });
  });
});

describe('events and ids', () => {
  it('reads what the messages need from the envelope, and says why a message is not an event', () => {
    const value = JSON.stringify({
      id: 'evt_9',
      type: 'booking.rescheduled',
      payloadVersion: 1,
      occurredAtMs: NOW,
      data: {
        booking: { ...event(), bookingId: 'bkg_9', revision: 3 },
        customer: { customerId: 'cus_9' },
        previous: { startsAtMs: 1, endsAtMs: 2 },
        actor: 'customer',
      },
    });
    const parsed = parseBookingEvent(value, { traceparent: 'tp' });
    expect(parsed).toMatchObject({
      event: {
        id: 'evt_9',
        bookingId: 'bkg_9',
        revision: 3,
        actor: 'customer',
        previous: { startsAtMs: 1, endsAtMs: 2 },
        customerId: 'cus_9',
        traceparent: 'tp',
      },
    });
    expect(parseBookingEvent('nope', {})).toEqual({ problem: 'not JSON' });
    expect(parseBookingEvent(JSON.stringify({ id: 'e', type: 'booking.moved', payloadVersion: 1 }), {})).toEqual({
      problem: 'unknown event type booking.moved',
    });
  });

  it('gives a record one Message-ID per series', () => {
    expect(messageIdOf('ntf_abc', 1, 'mail.test')).toBe('<ntf_abc@mail.test>');
    expect(messageIdOf('ntf_abc', 2, 'mail.test')).toBe('<ntf_abc.2@mail.test>');
  });
});
