/**
 * What the messages of a paid booking say of its money (docs/decisions.md "Payments" and
 * "Notifications"), in every language the texts are written in. Pure: a message's own words in,
 * the same message true of the payment out. Only what the event carries is said: a refund once
 * it is recorded, otherwise that any refund the policy gives goes back to the card, never an
 * amount computed here.
 *
 * - customer.request_received (awaiting): the amount due, held until the hold's end, the pay link.
 * - business.request_pending (awaiting): it waits for the customer's payment, or a confirm as paid outside.
 * - customer.confirmed: what was paid and the refund policy; paid outside: settled with the business.
 * - customer.cancelled, business.cancelled_by_customer, customer.hold_expired: the refund
 *   recorded, else that any refund due goes back to the card, settled with the business when paid
 *   outside, nothing charged when nothing was paid (an unpaid hold: it ended before payment).
 */
import { formatMoney } from '@svc/rules';
import { formatWhen, type Language } from './format.js';
import { refundedAmount, type PaymentFacts } from './payment.js';
import type { MessageFacts, MessageWords, Words } from './message.js';

/** The payment's amounts and moments, formatted for the reader. */
interface Money {
  /** What checkout asks. */
  due: string;
  price: string;
  /** Paid less refunded. */
  paid: string;
  /** Refunds recorded (0 when none). */
  refundedAmount: number;
  refunded: string;
  /** The cancel cut-off, when full refunds end. */
  until: string;
  /** The share refunded from the cut-off on, e.g. `50%` (`50 %` in German). */
  percent: string;
}

/** What a cancel or an expiry can say of the money, from the records and the state. */
type MoneyBack = 'refunded' | 'follows' | 'outside' | 'nothing';

function moneyBack(p: PaymentFacts, money: Money): MoneyBack {
  if (money.refundedAmount > 0) return 'refunded';
  if (p.netPaid > 0) return 'follows';
  return p.state === 'paid_outside' ? 'outside' : 'nothing';
}

interface PaymentDictionary {
  /** The amount checkout asks: the price, or the deposit with the price. */
  due: (p: PaymentFacts, m: Money) => string;
  held: (f: MessageFacts, w: Words, due: string, m: Money) => MessageWords;
  pending: (f: MessageFacts, w: Words, due: string) => MessageWords;
  /** The confirmation's lines: what was paid, then what a cancel gives back. */
  paid: (f: MessageFacts, p: PaymentFacts, m: Money) => string[];
  paidSms: (m: Money) => string;
  /** A cancel's or an expiry's line to the customer. */
  back: Record<MoneyBack, (f: MessageFacts, m: Money) => string>;
  /** A customer's cancel, to the business. */
  backForBusiness: Record<MoneyBack, (m: Money) => string>;
  expired: (f: MessageFacts, w: Words, line: string | null) => MessageWords;
}

const en: PaymentDictionary = {
  due: (p, m) => (p.policy === 'deposit' ? `a deposit of ${m.due} (the price is ${m.price})` : m.due),
  held: (f, w, due, m) => ({
    subject: `Pay to book: ${f.service} on ${w.short}`,
    heading: `Your time is held until ${w.expiry}`,
    paragraphs: [
      `Hello ${f.customerName}, ${f.business} is holding ${f.service} on ${w.when} for you until ${w.expiry}.`,
      `To book it, pay ${due} by then. Once your payment is through, your booking is confirmed and we email you. If it has not arrived by ${w.expiry}, the hold ends, the time is free again and nothing is charged.`,
    ],
    details: [],
    action: f.payment?.checkoutUrl
      ? { label: `Pay ${m.due} now`, link: 'pay' }
      : { label: w.manageRequest, link: 'manage' },
    sms: `${f.business}: ${f.service} on ${w.short} is held for you until ${w.expiry}. Pay ${m.due} to book it.`,
    unsubscribe: null,
  }),
  pending: (f, w, due) => ({
    subject: `Waiting for payment: ${f.service} on ${w.short}`,
    heading: 'A new booking is waiting for the customer’s payment',
    paragraphs: [
      `${f.customerName} booked ${f.service} on ${w.when} and is asked to pay ${due} online.`,
      `The time is held until ${w.expiry} (${w.minutesLeft} minutes from this email). Once the payment is through, the booking confirms itself; if it does not arrive, the booking lapses and the time is free again.`,
      'If the customer paid you another way, confirm the booking in the dashboard as paid outside.',
    ],
    details: [],
    action: { label: 'Open the booking in the dashboard', link: 'dashboard' },
    sms: null,
    unsubscribe: null,
  }),
  paid: (f, p, m) => {
    if (p.state === 'paid_outside') {
      return [
        `Payment: settled with ${f.business} directly, not online.`,
        `Any refund is settled with ${f.business} directly as well.`,
      ];
    }
    const paid =
      p.policy === 'deposit'
        ? `You paid a deposit of ${m.paid} toward the price of ${m.price}.`
        : `You paid ${m.paid}.`;
    const policy =
      p.refundAfterCutoffPercent === 100
        ? 'If you cancel, all you paid goes back to your card.'
        : `If you cancel before ${m.until}, all you paid goes back to your card; after that, ${
            p.refundAfterCutoffPercent === 0 ? 'nothing is refunded' : `${m.percent} of it`
          }.`;
    return [paid, policy];
  },
  paidSms: (m) => ` Paid: ${m.paid}.`,
  back: {
    refunded: (f, m) => `${f.business} has refunded ${m.refunded} to your card.`,
    follows: () => 'Any refund due under the cancellation policy goes back to your card.',
    outside: (f) => `As you paid ${f.business} directly, any refund is settled with them.`,
    nothing: () => 'Nothing was charged.',
  },
  backForBusiness: {
    refunded: (m) => `${m.refunded} has been refunded to their card.`,
    follows: (m) => `They had paid ${m.paid}; any refund due under the cancellation policy goes back to their card.`,
    outside: () => 'They had paid you directly: any refund is yours to settle.',
    nothing: () => 'Nothing had been paid.',
  },
  expired: (f, w, line) =>
    line === null
      ? {
          subject: `Not booked: ${f.service} on ${w.short}`,
          heading: 'The hold ended before payment',
          paragraphs: [
            `Hello ${f.customerName}, your hold on ${f.service} with ${f.business} on ${w.when} ended before payment, so nothing is booked and nothing was charged.`,
            'You are welcome to book another time.',
          ],
          details: [],
          action: { label: 'Book another time', link: 'bookAgain' },
          sms: `${f.business}: the hold on ${f.service} on ${w.short} ended before payment; nothing is booked and nothing was charged.`,
          unsubscribe: null,
        }
      : {
          subject: `Not booked: ${f.service} on ${w.short}`,
          heading: 'The hold has ended',
          paragraphs: [
            `Hello ${f.customerName}, your hold on ${f.service} with ${f.business} on ${w.when} has ended, so nothing is booked.`,
            line,
            'You are welcome to book another time.',
          ],
          details: [],
          action: { label: 'Book another time', link: 'bookAgain' },
          sms: `${f.business}: the hold on ${f.service} on ${w.short} has ended; nothing is booked. ${line}`,
          unsubscribe: null,
        },
};

const de: PaymentDictionary = {
  due: (p, m) => (p.policy === 'deposit' ? `eine Anzahlung von ${m.due} (der Preis beträgt ${m.price})` : m.due),
  held: (f, w, due, m) => ({
    subject: `Bezahlen und buchen: ${f.service} am ${w.short}`,
    heading: `Ihr Termin ist bis ${w.expiry} reserviert`,
    paragraphs: [
      `Hallo ${f.customerName}, ${f.business} hält ${f.service} am ${w.when} bis ${w.expiry} für Sie frei.`,
      `Um den Termin zu buchen, zahlen Sie bis dahin ${due}. Sobald Ihre Zahlung eingegangen ist, ist Ihre Buchung bestätigt und wir schreiben Ihnen. Ist sie bis ${w.expiry} nicht eingegangen, endet die Reservierung, die Zeit ist wieder frei und es wird nichts berechnet.`,
    ],
    details: [],
    action: f.payment?.checkoutUrl
      ? { label: `${m.due} jetzt bezahlen`, link: 'pay' }
      : { label: w.manageRequest, link: 'manage' },
    sms: `${f.business}: ${f.service} am ${w.short} ist bis ${w.expiry} für Sie reserviert. Zahlen Sie ${m.due}, um zu buchen.`,
    unsubscribe: null,
  }),
  pending: (f, w, due) => ({
    subject: `Wartet auf die Zahlung: ${f.service} am ${w.short}`,
    heading: 'Eine neue Buchung wartet auf die Zahlung der Kundschaft',
    paragraphs: [
      `${f.customerName} hat ${f.service} am ${w.when} gebucht und soll ${due} online bezahlen.`,
      `Die Zeit ist bis ${w.expiry} reserviert (${w.minutesLeft} Minuten nach dieser E-Mail). Sobald die Zahlung eingegangen ist, bestätigt sich die Buchung selbst; geht sie nicht ein, verfällt die Buchung und die Zeit ist wieder frei.`,
      'Wurde Ihnen auf anderem Weg bezahlt, bestätigen Sie die Buchung im Dashboard als anderweitig bezahlt.',
    ],
    details: [],
    action: { label: 'Buchung im Dashboard öffnen', link: 'dashboard' },
    sms: null,
    unsubscribe: null,
  }),
  paid: (f, p, m) => {
    if (p.state === 'paid_outside') {
      return [
        `Zahlung: direkt mit ${f.business} geregelt, nicht online.`,
        `Eine Erstattung regeln Sie ebenfalls direkt mit ${f.business}.`,
      ];
    }
    const paid =
      p.policy === 'deposit'
        ? `Sie haben eine Anzahlung von ${m.paid} auf den Preis von ${m.price} bezahlt.`
        : `Sie haben ${m.paid} bezahlt.`;
    const policy =
      p.refundAfterCutoffPercent === 100
        ? 'Wenn Sie stornieren, geht alles Bezahlte auf Ihre Karte zurück.'
        : `Wenn Sie vor ${m.until} stornieren, geht alles Bezahlte auf Ihre Karte zurück; danach ${
            p.refundAfterCutoffPercent === 0 ? 'wird nichts erstattet' : `${m.percent} davon`
          }.`;
    return [paid, policy];
  },
  paidSms: (m) => ` Bezahlt: ${m.paid}.`,
  back: {
    refunded: (f, m) => `${f.business} hat Ihnen ${m.refunded} auf Ihre Karte erstattet.`,
    follows: () => 'Eine Erstattung, die Ihnen nach den Stornobedingungen zusteht, geht auf Ihre Karte zurück.',
    outside: (f) =>
      `Da Sie direkt bei ${f.business} bezahlt haben, regeln Sie eine Erstattung direkt mit ${f.business}.`,
    nothing: () => 'Es wurde nichts berechnet.',
  },
  backForBusiness: {
    refunded: (m) => `Auf die Karte erstattet: ${m.refunded}.`,
    follows: (m) => `Bezahlt waren ${m.paid}; eine Erstattung nach den Stornobedingungen geht auf die Karte zurück.`,
    outside: () => 'Bezahlt wurde direkt bei Ihnen: Eine Erstattung regeln Sie selbst.',
    nothing: () => 'Bezahlt war noch nichts.',
  },
  expired: (f, w, line) =>
    line === null
      ? {
          subject: `Nicht gebucht: ${f.service} am ${w.short}`,
          heading: 'Die Reservierung endete vor der Zahlung',
          paragraphs: [
            `Hallo ${f.customerName}, Ihre Reservierung für ${f.service} bei ${f.business} am ${w.when} endete vor der Zahlung. Es ist nichts gebucht, und es wurde nichts berechnet.`,
            'Gern können Sie eine andere Zeit buchen.',
          ],
          details: [],
          action: { label: 'Eine andere Zeit buchen', link: 'bookAgain' },
          sms: `${f.business}: Ihre Reservierung für ${f.service} am ${w.short} endete vor der Zahlung; nichts gebucht, nichts berechnet.`,
          unsubscribe: null,
        }
      : {
          subject: `Nicht gebucht: ${f.service} am ${w.short}`,
          heading: 'Die Reservierung ist beendet',
          paragraphs: [
            `Hallo ${f.customerName}, Ihre Reservierung für ${f.service} bei ${f.business} am ${w.when} ist beendet; es ist nichts gebucht.`,
            line,
            'Gern können Sie eine andere Zeit buchen.',
          ],
          details: [],
          action: { label: 'Eine andere Zeit buchen', link: 'bookAgain' },
          sms: `${f.business}: Ihre Reservierung für ${f.service} am ${w.short} ist beendet; es ist nichts gebucht. ${line}`,
          unsubscribe: null,
        },
};

const DICTIONARIES: Record<Language, PaymentDictionary> = { en, de };

function moneyOf(p: PaymentFacts, f: MessageFacts): Money {
  const { locale } = f.reader;
  const fmt = (minor: number) => formatMoney(minor, p.currency, locale);
  const refunded = refundedAmount(p);
  return {
    due: fmt(p.amountDue),
    price: fmt(p.priceAmount),
    paid: fmt(p.netPaid),
    refundedAmount: refunded,
    refunded: fmt(refunded),
    until: formatWhen(p.fullRefundUntilMs, f.reader),
    percent: new Intl.NumberFormat(locale, { style: 'percent' }).format(p.refundAfterCutoffPercent / 100),
  };
}

/** `lines` after the message's first paragraph (the one saying what happened). */
const afterFirst = (words: MessageWords, lines: readonly string[]): MessageWords => ({
  ...words,
  paragraphs: [...words.paragraphs.slice(0, 1), ...lines, ...words.paragraphs.slice(1)],
});

/**
 * The message's words made true of the booking's payment; `words` as they are for a booking
 * without one, and for the messages that say nothing of money (a reschedule, a reminder).
 */
export function withPayment(facts: MessageFacts, w: Words, words: MessageWords): MessageWords {
  const p = facts.payment;
  if (!p) return words;
  const dict = DICTIONARIES[facts.reader.language];
  const money = moneyOf(p, facts);
  switch (facts.template) {
    // A paid booking is held for its payment, not for the business's confirmation.
    case 'customer.request_received':
      return dict.held(facts, w, dict.due(p, money), money);
    case 'business.request_pending':
      return dict.pending(facts, w, dict.due(p, money));
    case 'customer.confirmed': {
      if (p.state !== 'paid' && p.state !== 'paid_outside') return words;
      const confirmed = afterFirst(words, dict.paid(facts, p, money));
      return p.state === 'paid' && words.sms !== null
        ? { ...confirmed, sms: words.sms + dict.paidSms(money) }
        : confirmed;
    }
    case 'customer.cancelled':
      return afterFirst(words, [dict.back[moneyBack(p, money)](facts, money)]);
    case 'business.cancelled_by_customer':
      return { ...words, paragraphs: [...words.paragraphs, dict.backForBusiness[moneyBack(p, money)](money)] };
    case 'customer.hold_expired': {
      const back = moneyBack(p, money);
      return dict.expired(facts, w, back === 'nothing' ? null : dict.back[back](facts, money));
    }
    default:
      return words;
  }
}
