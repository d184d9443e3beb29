import { describeMinutes, type PaymentTerms } from '@svc/rules';
import type { PageBooking, PagePayment } from './view-models.js';

// What the booking and manage pages tell a customer about money (docs/decisions.md "Payments"),
// pure: `money` formats an amount in minor units of the currency concerned (format.ts
// formatMoney), `time` and `when` an instant as the page shows it. Every sentence says what is true of the
// service's terms or of the booking's payment as the booking service reports it.

type Payment = PagePayment;
type Money = (amount: number) => string;

/** How long a paid booking's slot is held while the customer pays (the booking hold). */
const HOLD = '10 minutes';

/**
 * The refund policy in words: all of the payment back before the cancel cut-off,
 * `refundAfterCutoffPercent` of it from the cut-off on (rounded down to the smallest unit).
 */
export function refundPolicyWords(cancelCutoffMin: number, refundAfterCutoffPercent: number): string {
  if (refundAfterCutoffPercent >= 100) return 'A cancellation is refunded in full.';
  if (cancelCutoffMin === 0) return 'A cancellation before the start is refunded in full.';
  const after =
    refundAfterCutoffPercent > 0 ? `${refundAfterCutoffPercent}% of the payment is refunded` : 'nothing is refunded';
  return `A cancellation up to ${describeMinutes(cancelCutoffMin)} before the start is refunded in full; after that, ${after}.`;
}

/**
 * What a service charges and on what terms, as the booking page says it before the customer
 * books: the amount due now, the refund policy and any no-show charge. Nothing for a service
 * without a payment policy (or without a price, which the catalog does not allow with one).
 */
export function paymentTermsLines(
  s: PaymentTerms & { price: { amount: number } | null; cancelCutoffMin: number },
  money: Money,
): string[] {
  if (s.payment === 'none' || !s.price) return [];
  const price = s.price.amount;
  const due = s.payment === 'deposit' ? s.depositAmount : price;
  const lines = [
    s.payment === 'deposit'
      ? `Due now: a deposit of ${money(due)} (of the ${money(price)} price).`
      : `Due now: the full price, ${money(due)}.`,
    `You pay on Stripe's secure page; the time is held for you for ${HOLD} while you do, and your booking is ` +
      'confirmed once the payment is through. Unpaid, the time is released.',
    refundPolicyWords(s.cancelCutoffMin, s.refundAfterCutoffPercent),
  ];
  const noShow = s.noShowCharge === 'fee' ? s.noShowFeeAmount : s.noShowCharge === 'remainder' ? price - due : 0;
  if (noShow > 0) {
    lines.push(
      `If you miss the appointment, ${s.noShowCharge === 'fee' ? 'a fee of ' : 'the rest of the price, '}` +
        `${money(noShow)}, is charged to the card you pay with (Stripe keeps it for this).`,
    );
  }
  return lines;
}

/** What the manage page shows of a paid booking: where its payment stands, and a link to pay while it may. */
export interface PaymentSummary {
  /** The payment's state in one sentence. */
  state: string;
  /** Stripe's page while the customer can still pay there; null otherwise. */
  payUrl: string | null;
  /** Every money movement, oldest first, in words. */
  movements: string[];
  /** What the customer has paid less refunds, once there was a refund or a fee; null otherwise. */
  net: string | null;
}

export interface SummaryContext {
  money: Money;
  /** A time of day (the end of the time to pay). */
  time: (ms: number) => string;
  /** A day and time (a movement's). */
  when: (ms: number) => string;
  /** The business's name as the page shows it. */
  business: string;
  nowMs: number;
}

type SummaryBooking = Pick<PageBooking, 'status' | 'holdExpiresAtMs'> & { payment: Payment };

/** A paid booking's payment in the customer's words (the manage page). */
export function describePayment(b: SummaryBooking, ctx: SummaryContext): PaymentSummary {
  const p = b.payment;
  const { money } = ctx;
  const part = p.policy === 'deposit' ? ` (a deposit of the ${money(p.priceAmount)} price)` : ' (the full price)';
  const charged = p.records.some((r) => r.kind === 'charge' && r.status === 'succeeded');
  const refunded = p.records.some((r) => r.kind === 'refund');
  let state: string;
  let payUrl: string | null = null;
  switch (p.state) {
    case 'awaiting': {
      const hold = b.holdExpiresAtMs;
      if (b.status === 'held' && (hold === null || hold > ctx.nowMs)) {
        state = `Payment pending: pay ${money(p.amountDue)}${part}${hold === null ? '' : ` by ${ctx.time(hold)}`}.`;
        // Only a web address becomes a link (it is Stripe's, through the integrations service).
        payUrl = p.checkoutUrl && /^https?:\/\//.test(p.checkoutUrl) ? p.checkoutUrl : null;
      } else {
        state = `Not paid: the time to pay ${money(p.amountDue)}${part} has run out.`;
      }
      break;
    }
    case 'paid':
      state = `Paid: ${money(p.amountDue)}${part}, by card on Stripe.`;
      break;
    case 'paid_outside':
      state = `Paid: ${money(p.amountDue)}${part}, to ${ctx.business} directly.`;
      break;
    case 'unpaid':
      state =
        `Not paid: the booking ended before ${money(p.amountDue)}${part} was paid, so the time was released.` +
        (charged ? '' : ' Nothing was charged.');
      break;
  }
  const movements = p.records.map((r) => movementWords(r, ctx));
  // A cancelled paid booking whose refund the platform has decided but Stripe has not made yet.
  if (b.status === 'cancelled' && charged && !refunded && p.netPaid > 0) {
    movements.push('Any refund the policy gives for this cancellation is on its way to your card.');
  }
  const net =
    refunded || p.records.some((r) => r.kind === 'no_show_fee')
      ? `Paid in all, less refunds: ${money(p.netPaid)}.`
      : null;
  return { state, payUrl, movements, net };
}

function movementWords(r: Payment['records'][number], ctx: SummaryContext): string {
  const amount = ctx.money(r.amount);
  const when = ctx.when(r.atMs);
  const failed = r.status === 'failed' || r.status === 'canceled';
  const pending = r.status === 'pending' || r.status === 'requires_action';
  switch (r.kind) {
    case 'charge':
      return `${when}: paid ${amount} by card.`;
    case 'outside':
      return `${when}: ${amount} recorded as paid to ${ctx.business} directly.`;
    case 'refund':
      if (failed) return `${when}: a refund of ${amount} could not be made; ${ctx.business} will be in touch.`;
      return pending
        ? `${when}: a refund of ${amount} is on its way to your card.`
        : `${when}: refunded ${amount} to your card.`;
    case 'no_show_fee':
      if (failed) return `${when}: a charge of ${amount} for the missed appointment could not be made.`;
      return `${when}: charged ${amount} for the missed appointment.`;
  }
}

/**
 * What cancelling now would give back, said before the customer cancels: `refund` is the booking
 * service's figure (the manage view's `actions.cancelRefundAmount`). Nothing when nothing was paid.
 */
export function cancelRefundWords(payment: Payment, refund: number, money: Money): string | null {
  if (payment.netPaid <= 0) return null;
  if (refund >= payment.netPaid) return `Cancelling now refunds all you paid, ${money(payment.netPaid)}, to your card.`;
  if (refund === 0) return `Cancelling now refunds nothing of the ${money(payment.netPaid)} you paid.`;
  return `Cancelling now refunds ${money(refund)} of the ${money(payment.netPaid)} you paid, to your card.`;
}
