// What the messages of a paid booking say of its money, in each state of its payment
// (docs/decisions.md "Payments", "Notifications"): the amount due and the pay link while the hold
// waits, what was paid and the refund policy once confirmed, the refund as recorded (or that
// any refund due goes back to the card) on a cancel, and that an unpaid hold that ended charged
// nothing. English and German, euros and yen (a currency without minor units).

import { describe, expect, it } from 'vitest';
import { parseBookingEvent, type BookingEvent } from '../src/domain/booking-event.js';
import { formatShort, formatTime, formatWhen } from '../src/domain/format.js';
import { renderMessage } from '../src/domain/layout.js';
import type { PaymentFacts } from '../src/domain/payment.js';
import { planFor, toCustomer, type PlanContext, type PlannedMessage } from '../src/domain/plan.js';
import type { MessageFacts } from '../src/domain/message.js';
import { wordsFor } from '../src/domain/templates.js';
import { composeRecords, type Occurrence } from '../src/intake/compose.js';
import type { BookingContext } from '../src/intake/context.js';
import { occurrenceOf } from '../src/intake/held.js';

const HOUR = 3_600_000;
const NOW = Date.UTC(2031, 2, 3, 9, 0);
const START = NOW + 48 * HOUR;
const HOLD_END = NOW + 10 * 60_000;
const CHECKOUT = 'https://checkout.stripe.test/c/pay/cs_test_a1#fid';
const EN = { locale: 'en-US', language: 'en', timeZone: 'Europe/Berlin' } as const;
const DE = { locale: 'de-DE', language: 'de', timeZone: 'Europe/Berlin' } as const;
// German puts a no-break space between the amount and its sign, and before a percent sign.
const NBSP = '\u00a0';

const payment = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  policy: 'full',
  currency: 'EUR',
  priceAmount: 8000,
  amountDue: 8000,
  state: 'awaiting',
  checkoutUrl: CHECKOUT,
  refundAfterCutoffPercent: 50,
  netPaid: 0,
  records: [],
  fullRefundUntilMs: START - 24 * HOUR,
  ...over,
});
const paid = (over: Partial<PaymentFacts> = {}) =>
  payment({
    state: 'paid',
    checkoutUrl: '',
    netPaid: 8000,
    records: [{ kind: 'charge', amount: 8000, status: 'succeeded' }],
    ...over,
  });

const facts = (over: Partial<MessageFacts> = {}): MessageFacts => ({
  template: 'customer.request_received',
  reader: EN,
  bookingId: 'bkg_1',
  business: 'Acme Dental',
  service: 'Cleaning',
  customerName: 'Ann',
  customerContact: 'ann@example.test',
  staffName: '',
  startsAtMs: START,
  previousStartsAtMs: null,
  holdExpiresAtMs: HOLD_END,
  nowMs: NOW,
  cancelledBy: 'customer',
  cancelReason: '',
  reminderOffsetMin: null,
  changes: { cancelUntilMs: START, rescheduleUntilMs: START, closedByCutoff: false },
  payment: payment(),
  ...over,
});

/** The words of a message: subject, heading, paragraphs, its action's label and the SMS. */
const said = (over: Partial<MessageFacts>) => {
  const w = wordsFor(facts(over));
  return { subject: w.subject, heading: w.heading, paragraphs: w.paragraphs, action: w.action, sms: w.sms };
};

const when = (reader: typeof EN | typeof DE) => formatWhen(START, reader);
const expiry = (reader: typeof EN | typeof DE) => formatTime(HOLD_END, reader);
const short = (reader: typeof EN | typeof DE) => formatShort(START, reader);
const cutoff = (reader: typeof EN | typeof DE) => formatWhen(START - 24 * HOUR, reader);

describe('a paid booking waiting for its payment (booking.created, payment awaiting)', () => {
  it('tells the customer the amount due, until when the time is held, and gives the pay link', () => {
    const w = said({});
    expect(w).toEqual({
      subject: `Pay to book: Cleaning on ${short(EN)}`,
      heading: `Your time is held until ${expiry(EN)}`,
      paragraphs: [
        `Hello Ann, Acme Dental is holding Cleaning on ${when(EN)} for you until ${expiry(EN)}.`,
        `To book it, pay €80.00 by then. Once your payment is through, your booking is confirmed and we email you. If it has not arrived by ${expiry(EN)}, the hold ends, the time is free again and nothing is charged.`,
      ],
      action: { label: 'Pay €80.00 now', link: 'pay' },
      sms: `Acme Dental: Cleaning on ${short(EN)} is held for you until ${expiry(EN)}. Pay €80.00 to book it.`,
    });
    // Never "confirmed" or "booked" while it waits.
    expect(JSON.stringify(w)).not.toMatch(/confirmed\.|You are booked|confirms it by/);
  });

  it('in German, for a deposit: the deposit and the price', () => {
    expect(said({ reader: DE, payment: payment({ policy: 'deposit', amountDue: 2000 }) })).toEqual({
      subject: `Bezahlen und buchen: Cleaning am ${short(DE)}`,
      heading: `Ihr Termin ist bis ${expiry(DE)} reserviert`,
      paragraphs: [
        `Hallo Ann, Acme Dental hält Cleaning am ${when(DE)} bis ${expiry(DE)} für Sie frei.`,
        `Um den Termin zu buchen, zahlen Sie bis dahin eine Anzahlung von 20,00${NBSP}€ (der Preis beträgt 80,00${NBSP}€). Sobald Ihre Zahlung eingegangen ist, ist Ihre Buchung bestätigt und wir schreiben Ihnen. Ist sie bis ${expiry(DE)} nicht eingegangen, endet die Reservierung, die Zeit ist wieder frei und es wird nichts berechnet.`,
      ],
      action: { label: `20,00${NBSP}€ jetzt bezahlen`, link: 'pay' },
      sms: `Acme Dental: Cleaning am ${short(DE)} ist bis ${expiry(DE)} für Sie reserviert. Zahlen Sie 20,00${NBSP}€, um zu buchen.`,
    });
  });

  it('yen are whole units: 5000 JPY is ¥5,000 (5.000 ¥ in German)', () => {
    const jpy = payment({ currency: 'JPY', priceAmount: 5000, amountDue: 5000 });
    expect(said({ payment: jpy }).action).toEqual({ label: 'Pay ¥5,000 now', link: 'pay' });
    expect(said({ reader: DE, payment: jpy }).paragraphs[1]).toMatch(
      new RegExp(`^Um den Termin zu buchen, zahlen Sie bis dahin 5\\.000${NBSP}¥\\. `),
    );
  });

  it('without a checkout page, offers the request’s manage link instead of a dead pay button', () => {
    expect(said({ payment: payment({ checkoutUrl: '' }) }).action).toEqual({
      label: 'View or cancel your request',
      link: 'manage',
    });
  });

  it('the text and HTML carry the pay link, and the SMS ends with it', () => {
    const out = renderMessage(
      facts(),
      { displayName: 'Acme Dental', logoUrl: '', primaryColor: '', accentColor: '' },
      { manage: 'https://book.test/booking/manage/svc_m1.a.b', pay: CHECKOUT },
    );
    expect(out.text).toContain(`\nPay €80.00 now: ${CHECKOUT}\n`);
    expect(out.text).not.toContain('booking/manage');
    expect(out.html).toContain(`href="${CHECKOUT}"`);
    expect(out.sms).toMatch(/Pay €80\.00 to book it\. https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_a1#fid$/);
  });

  it('tells the business it waits for the customer’s payment, not for their confirmation', () => {
    expect(
      said({ template: 'business.request_pending', payment: payment({ policy: 'deposit', amountDue: 2000 }) }),
    ).toEqual({
      subject: `Waiting for payment: Cleaning on ${short(EN)}`,
      heading: 'A new booking is waiting for the customer’s payment',
      paragraphs: [
        `Ann booked Cleaning on ${when(EN)} and is asked to pay a deposit of €20.00 (the price is €80.00) online.`,
        `The time is held until ${expiry(EN)} (10 minutes from this email). Once the payment is through, the booking confirms itself; if it does not arrive, the booking lapses and the time is free again.`,
        'If the customer paid you another way, confirm the booking in the dashboard as paid outside.',
      ],
      action: { label: 'Open the booking in the dashboard', link: 'dashboard' },
      sms: null,
    });
    expect(said({ template: 'business.request_pending', reader: DE }).paragraphs).toEqual([
      `Ann hat Cleaning am ${when(DE)} gebucht und soll 80,00${NBSP}€ online bezahlen.`,
      `Die Zeit ist bis ${expiry(DE)} reserviert (10 Minuten nach dieser E-Mail). Sobald die Zahlung eingegangen ist, bestätigt sich die Buchung selbst; geht sie nicht ein, verfällt die Buchung und die Zeit ist wieder frei.`,
      'Wurde Ihnen auf anderem Weg bezahlt, bestätigen Sie die Buchung im Dashboard als anderweitig bezahlt.',
    ]);
  });
});

describe('a paid booking confirmed (booking.confirmed)', () => {
  it('paid: what was paid and the refund policy in words, the cut-off in the reader’s zone', () => {
    const w = said({ template: 'customer.confirmed', payment: paid() });
    expect(w.paragraphs).toEqual([
      'Hello Ann, your booking with Acme Dental is confirmed.',
      'You paid €80.00.',
      `If you cancel before ${cutoff(EN)}, all you paid goes back to your card; after that, 50% of it.`,
      'The attached calendar file adds it to your calendar.',
    ]);
    expect(w.sms).toBe(`Acme Dental: your booking for Cleaning on ${short(EN)} is confirmed. Paid: €80.00.`);
  });

  it('a deposit, in German, and the policies of 0 % and 100 % after the cut-off', () => {
    const deposit = paid({ policy: 'deposit', amountDue: 2000, netPaid: 2000 });
    const de = said({ template: 'customer.confirmed', reader: DE, payment: deposit });
    expect(de.paragraphs.slice(1, 3)).toEqual([
      `Sie haben eine Anzahlung von 20,00${NBSP}€ auf den Preis von 80,00${NBSP}€ bezahlt.`,
      `Wenn Sie vor ${cutoff(DE)} stornieren, geht alles Bezahlte auf Ihre Karte zurück; danach 50${NBSP}% davon.`,
    ]);
    expect(de.sms).toBe(
      `Acme Dental: Ihre Buchung für Cleaning am ${short(DE)} ist bestätigt. Bezahlt: 20,00${NBSP}€.`,
    );
    const policy = (percent: number, reader: typeof EN | typeof DE = EN) =>
      said({ template: 'customer.confirmed', reader, payment: paid({ refundAfterCutoffPercent: percent }) })
        .paragraphs[2];
    expect(policy(0)).toBe(
      `If you cancel before ${cutoff(EN)}, all you paid goes back to your card; after that, nothing is refunded.`,
    );
    expect(policy(100)).toBe('If you cancel, all you paid goes back to your card.');
    expect(policy(0, DE)).toBe(
      `Wenn Sie vor ${cutoff(DE)} stornieren, geht alles Bezahlte auf Ihre Karte zurück; danach wird nichts erstattet.`,
    );
    expect(policy(100, DE)).toBe('Wenn Sie stornieren, geht alles Bezahlte auf Ihre Karte zurück.');
  });

  it('yen: what was paid in whole yen', () => {
    const jpy = paid({ currency: 'JPY', priceAmount: 5000, amountDue: 1500, policy: 'deposit', netPaid: 1500 });
    expect(said({ template: 'customer.confirmed', payment: jpy }).paragraphs[1]).toBe(
      'You paid a deposit of ¥1,500 toward the price of ¥5,000.',
    );
  });

  it('paid outside: paid at the business, and no online refund promised', () => {
    const outside = payment({
      state: 'paid_outside',
      checkoutUrl: '',
      records: [{ kind: 'outside', amount: 8000, status: 'succeeded' }],
    });
    const w = said({ template: 'customer.confirmed', payment: outside });
    expect(w.paragraphs).toEqual([
      'Hello Ann, your booking with Acme Dental is confirmed.',
      'Payment: settled with Acme Dental directly, not online.',
      'Any refund is settled with Acme Dental directly as well.',
      'The attached calendar file adds it to your calendar.',
    ]);
    expect(w.sms).not.toContain('Paid');
    expect(said({ template: 'customer.confirmed', reader: DE, payment: outside }).paragraphs.slice(1, 3)).toEqual([
      'Zahlung: direkt mit Acme Dental geregelt, nicht online.',
      'Eine Erstattung regeln Sie ebenfalls direkt mit Acme Dental.',
    ]);
  });
});

describe('a paid booking cancelled or expired (booking.cancelled, booking.expired)', () => {
  const refunded = paid({
    netPaid: 4000,
    records: [
      { kind: 'charge', amount: 8000, status: 'succeeded' },
      { kind: 'refund', amount: 4000, status: 'succeeded' },
      // A failed refund gave nothing back.
      { kind: 'refund', amount: 4000, status: 'failed' },
    ],
  });

  it('a refund recorded: the amount, as recorded', () => {
    const w = said({ template: 'customer.cancelled', payment: refunded });
    expect(w.paragraphs).toEqual([
      `Hello Ann, you cancelled your booking for Cleaning with Acme Dental on ${when(EN)}.`,
      'Acme Dental has refunded €40.00 to your card.',
      'Nothing is booked any more. You are welcome to book another time.',
    ]);
    expect(said({ template: 'customer.cancelled', reader: DE, payment: refunded }).paragraphs[1]).toBe(
      `Acme Dental hat Ihnen 40,00${NBSP}€ auf Ihre Karte erstattet.`,
    );
    const yen = paid({
      currency: 'JPY',
      priceAmount: 5000,
      amountDue: 5000,
      netPaid: 2500,
      records: [{ kind: 'refund', amount: 2500, status: 'pending' }],
    });
    expect(said({ template: 'customer.cancelled', payment: yen }).paragraphs[1]).toBe(
      'Acme Dental has refunded ¥2,500 to your card.',
    );
  });

  it('paid and no refund recorded yet: only that any refund due goes back to the card', () => {
    expect(said({ template: 'customer.cancelled', payment: paid() }).paragraphs[1]).toBe(
      'Any refund due under the cancellation policy goes back to your card.',
    );
    expect(said({ template: 'customer.cancelled', reader: DE, payment: paid() }).paragraphs[1]).toBe(
      'Eine Erstattung, die Ihnen nach den Stornobedingungen zusteht, geht auf Ihre Karte zurück.',
    );
  });

  it('nothing paid: nothing was charged; paid outside: settled with the business', () => {
    expect(said({ template: 'customer.cancelled', payment: payment() }).paragraphs[1]).toBe('Nothing was charged.');
    expect(said({ template: 'customer.cancelled', reader: DE, payment: payment() }).paragraphs[1]).toBe(
      'Es wurde nichts berechnet.',
    );
    const outside = payment({ state: 'paid_outside', checkoutUrl: '' });
    expect(said({ template: 'customer.cancelled', payment: outside }).paragraphs[1]).toBe(
      'As you paid Acme Dental directly, any refund is settled with them.',
    );
  });

  it('tells the business what the customer had paid and what went back', () => {
    const business = (p: PaymentFacts, reader: typeof EN | typeof DE = EN) =>
      said({ template: 'business.cancelled_by_customer', reader, payment: p }).paragraphs;
    expect(business(paid())).toEqual([
      `Ann cancelled Cleaning on ${when(EN)}. The time is free again.`,
      'They had paid €80.00; any refund due under the cancellation policy goes back to their card.',
    ]);
    expect(business(refunded)[1]).toBe('€40.00 has been refunded to their card.');
    expect(business(payment())[1]).toBe('Nothing had been paid.');
    expect(business(payment({ state: 'paid_outside' }))[1]).toBe(
      'They had paid you directly: any refund is yours to settle.',
    );
    expect(business(paid(), DE)[1]).toBe(
      `Bezahlt waren 80,00${NBSP}€; eine Erstattung nach den Stornobedingungen geht auf die Karte zurück.`,
    );
  });

  it('an unpaid hold that ended: before payment, nothing was charged', () => {
    const unpaid = payment({ state: 'unpaid', checkoutUrl: '' });
    expect(said({ template: 'customer.hold_expired', payment: unpaid })).toEqual({
      subject: `Not booked: Cleaning on ${short(EN)}`,
      heading: 'The hold ended before payment',
      paragraphs: [
        `Hello Ann, your hold on Cleaning with Acme Dental on ${when(EN)} ended before payment, so nothing is booked and nothing was charged.`,
        'You are welcome to book another time.',
      ],
      action: { label: 'Book another time', link: 'bookAgain' },
      sms: `Acme Dental: the hold on Cleaning on ${short(EN)} ended before payment; nothing is booked and nothing was charged.`,
    });
    expect(said({ template: 'customer.hold_expired', reader: DE, payment: unpaid })).toEqual({
      subject: `Nicht gebucht: Cleaning am ${short(DE)}`,
      heading: 'Die Reservierung endete vor der Zahlung',
      paragraphs: [
        `Hallo Ann, Ihre Reservierung für Cleaning bei Acme Dental am ${when(DE)} endete vor der Zahlung. Es ist nichts gebucht, und es wurde nichts berechnet.`,
        'Gern können Sie eine andere Zeit buchen.',
      ],
      action: { label: 'Eine andere Zeit buchen', link: 'bookAgain' },
      sms: `Acme Dental: Ihre Reservierung für Cleaning am ${short(DE)} endete vor der Zahlung; nichts gebucht, nichts berechnet.`,
    });
  });

  it('a hold that ended with money recorded (a late payment refunded in full) says so, not "nothing charged"', () => {
    const late = payment({
      state: 'unpaid',
      checkoutUrl: '',
      records: [
        { kind: 'charge', amount: 8000, status: 'succeeded' },
        { kind: 'refund', amount: 8000, status: 'succeeded' },
      ],
    });
    const w = said({ template: 'customer.hold_expired', payment: late });
    expect(w.heading).toBe('The hold has ended');
    expect(w.paragraphs).toEqual([
      `Hello Ann, your hold on Cleaning with Acme Dental on ${when(EN)} has ended, so nothing is booked.`,
      'Acme Dental has refunded €80.00 to your card.',
      'You are welcome to book another time.',
    ]);
    expect(JSON.stringify(w)).not.toContain('nothing was charged');
  });

  it('a booking without payment keeps its words (the business did not confirm in time)', () => {
    expect(said({ template: 'customer.hold_expired', payment: null }).paragraphs[0]).toBe(
      `Hello Ann, Acme Dental did not confirm your request for Cleaning on ${when(EN)} in time, so it has lapsed and nothing is booked.`,
    );
    expect(said({ template: 'customer.request_received', payment: null }).heading).toBe('We have your request');
  });
});

describe('the event’s payment (data.booking.payment)', () => {
  const envelope = (booking: Record<string, unknown>) =>
    JSON.stringify({
      id: 'evt_1',
      type: 'booking.created',
      payloadVersion: 1,
      occurredAtMs: NOW,
      data: {
        booking: { tenantId: 'ten_1', bookingId: 'bkg_1', startsAtMs: START, endsAtMs: START + HOUR, ...booking },
        customer: { customerId: 'cus_1' },
      },
    });
  // As the booking service writes it (paymentView): more fields than the messages read.
  const view = {
    policy: 'deposit',
    priceAmount: 8000,
    currency: 'EUR',
    amountDue: 2000,
    state: 'awaiting',
    checkoutUrl: CHECKOUT,
    refundAfterCutoffPercent: 25,
    noShowCharge: 'fee',
    noShowFeeAmount: 1000,
    netPaid: 0,
    records: [
      {
        kind: 'charge',
        amount: 2000,
        currency: 'EUR',
        status: 'pending',
        providerId: 'pi_1',
        atMs: NOW,
        actor: 'customer',
      },
    ],
  };

  it('reads it, and the cut-off when the event carries one', () => {
    const parsed = parseBookingEvent(envelope({ payment: view, cancelCutoffMin: 120 }), {});
    expect(parsed).toMatchObject({
      event: {
        cancelCutoffMin: 120,
        payment: {
          policy: 'deposit',
          currency: 'EUR',
          priceAmount: 8000,
          amountDue: 2000,
          state: 'awaiting',
          checkoutUrl: CHECKOUT,
          refundAfterCutoffPercent: 25,
          netPaid: 0,
          records: [{ kind: 'charge', amount: 2000, status: 'pending' }],
        },
      },
    });
    expect(parseBookingEvent(envelope({}), {})).toMatchObject({ event: { payment: null, cancelCutoffMin: null } });
  });

  it('a pay link that is not a web address is dropped; a payment it cannot read skips the event', () => {
    const script = parseBookingEvent(envelope({ payment: { ...view, checkoutUrl: 'javascript:alert(1)' } }), {});
    expect(script).toMatchObject({ event: { payment: { checkoutUrl: '' } } });
    for (const bad of [
      { currency: 'EURO' },
      { state: 'settled' },
      { amountDue: -1 },
      { refundAfterCutoffPercent: 101 },
      { records: 'none' },
    ]) {
      expect(parseBookingEvent(envelope({ payment: { ...view, ...bad } }), {})).toEqual({
        problem: 'data.booking.payment is not a payment',
      });
    }
  });
});

describe('planning and composing a paid booking’s messages', () => {
  const event = (over: Partial<BookingEvent> = {}): BookingEvent => ({
    id: 'evt_1',
    type: 'booking.created',
    occurredAtMs: NOW,
    tenantId: 'ten_1',
    bookingId: 'bkg_1',
    serviceId: 'svc_1',
    staffId: '',
    status: 'held',
    startsAtMs: START,
    endsAtMs: START + HOUR,
    timezone: 'Europe/Berlin',
    revision: 0,
    actor: '',
    previous: null,
    customerId: 'cus_1',
    customerSnapshot: { name: 'Ann', email: 'ann@example.test' },
    payment: payment(),
    cancelCutoffMin: null,
    traceparent: null,
    ...over,
  });
  const ctx: BookingContext = {
    tenant: {
      tenantId: 'ten_1',
      slug: 'acme',
      name: 'Acme Dental',
      timezone: 'Europe/Berlin',
      locale: 'en-US',
      branding: { displayName: 'Acme Dental', logoUrl: '', primaryColor: '', accentColor: '' },
    },
    service: { name: 'Cleaning', confirmation: 'manual', conferencing: 'none' },
    booking: {
      status: 'held',
      holdExpiresAtMs: HOLD_END,
      cancelReason: '',
      createdAtMs: NOW,
      customerId: 'cus_1',
      changes: { cancelUntilMs: START, rescheduleUntilMs: START, closedByCutoff: false },
      cancelCutoffMin: 24 * 60,
    },
    customer: {
      customerId: 'cus_1',
      name: 'Ann',
      email: 'ann@example.test',
      phone: '+4915112345678',
      locale: '',
      timezone: '',
    },
    staff: null,
    settings: {
      _id: 'ten_1',
      reminderOffsetsMin: [],
      businessEmails: ['owner@acme.test'],
      smsEnabled: true,
    } as unknown as BookingContext['settings'],
    smsAvailable: true,
  };
  const compose = {
    baseUrl: 'https://book.test',
    dashboardUrl: 'https://app.test',
    mailDomain: 'mail.test',
    manageKeys: { current: { kid: 'k1', secret: 'payment-messages-test-secret-0123456789' } },
  };
  const occurrence = (e: BookingEvent): Occurrence => occurrenceOf(e);
  const compose1 = (e: BookingEvent, messages: PlannedMessage[]) =>
    composeRecords(messages, { ...ctx, booking: { ...ctx.booking, status: e.status } }, occurrence(e), compose, NOW);

  it('a paid booking of a service set to automatic is still held: its customer gets the pay link', () => {
    const plan = planFor(event(), { ...ctx, service: { confirmation: 'automatic' } } as PlanContext, NOW);
    expect(plan.messages.map((m) => `${m.template} ${m.channel}`)).toEqual([
      'customer.request_received email',
      'customer.request_received sms',
      'business.request_pending email',
    ]);
    expect(
      planFor(event({ payment: null }), { ...ctx, service: { confirmation: 'automatic' } } as PlanContext, NOW)
        .messages,
    ).toEqual([]);
  });

  it('the customer’s email and SMS carry Stripe’s page; the business’s never does', () => {
    const records = compose1(event(), planFor(event(), ctx, NOW).messages);
    const [email, sms, business] = records;
    expect(email!.content.text).toContain(`Pay €80.00 now: ${CHECKOUT}`);
    expect(email!.content.html).toContain(`href="${CHECKOUT}"`);
    expect(sms!.content.text.endsWith(` ${CHECKOUT}`)).toBe(true);
    expect(business!.content.text).not.toContain('checkout.stripe.test');
    expect(business!.content.html).not.toContain('checkout.stripe.test');
    expect(business!.content.subject).toMatch(/^Waiting for payment: /);
  });

  it('the refund cut-off: the event’s when it carries one, else the booking’s own', () => {
    const confirmed = (cancelCutoffMin: number | null) => {
      const e = event({ type: 'booking.confirmed', status: 'confirmed', payment: paid(), cancelCutoffMin });
      return compose1(e, toCustomer('customer.confirmed', e, ctx))[0]!.content.text;
    };
    const reader = { locale: 'en-US', language: 'en', timeZone: 'Europe/Berlin' } as const;
    expect(confirmed(null)).toContain(`If you cancel before ${formatWhen(START - 24 * HOUR, reader)},`);
    expect(confirmed(120)).toContain(`If you cancel before ${formatWhen(START - 2 * HOUR, reader)},`);
  });

  it('a confirmation held for its meeting link before payments existed says nothing of money', () => {
    const {
      payment: _p,
      cancelCutoffMin: _c,
      customerSnapshot: _s,
      traceparent: _t,
      ...old
    } = event({
      type: 'booking.confirmed',
      status: 'confirmed',
    });
    expect(occurrenceOf(old)).toMatchObject({ payment: null, cancelCutoffMin: null });
  });
});
