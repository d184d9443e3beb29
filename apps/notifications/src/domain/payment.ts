/**
 * A paid booking's money as its event carries it (`data.booking.payment`, docs/decisions.md
 * "Payments"): what the messages may say of it. Pure. The event is written when the booking
 * changes, before the booking service's payment worker moves any money for that change, so a
 * cancel's refund or a no-show's fee is only here once it is recorded; the messages say what is
 * recorded and never compute what will be.
 */
import { isRecord } from '@svc/rules';
import { normalizeCurrency } from '@svc/rules';

export const PAYMENT_STATES = ['awaiting', 'paid', 'paid_outside', 'unpaid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentRecordView {
  /** charge | outside | refund | no_show_fee */
  kind: string;
  amount: number;
  /** succeeded | pending | failed | requires_action */
  status: string;
}

export interface EventPayment {
  policy: 'deposit' | 'full';
  /** ISO 4217, upper case. */
  currency: string;
  /** Minor units, as every amount here. */
  priceAmount: number;
  /** What checkout asks: the deposit or the price. */
  amountDue: number;
  state: PaymentState;
  /** Stripe's page while awaiting; '' after (or when it is not a web address). */
  checkoutUrl: string;
  refundAfterCutoffPercent: number;
  /** Paid less refunded. */
  netPaid: number;
  records: PaymentRecordView[];
}

const amount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
const isWebUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/**
 * `data.booking.payment`: null when absent (a service without a payment policy), the payment, or
 * why it is not one (the event is then skipped: a message cannot say what it does not know).
 */
export function parsePayment(value: unknown): { payment: EventPayment | null } | { problem: string } {
  if (value === undefined || value === null) return { payment: null };
  const problem = { problem: 'data.booking.payment is not a payment' };
  if (!isRecord(value)) return problem;
  const currency = typeof value.currency === 'string' ? normalizeCurrency(value.currency) : null;
  const [price, due, net, percent] = [
    value.priceAmount,
    value.amountDue,
    value.netPaid,
    value.refundAfterCutoffPercent,
  ];
  const state = PAYMENT_STATES.find((s) => s === value.state);
  const policy = value.policy === 'deposit' || value.policy === 'full' ? value.policy : null;
  const records = Array.isArray(value.records) ? value.records.filter(isRecord) : null;
  if (
    !currency ||
    !state ||
    !policy ||
    amount(price) === null ||
    amount(due) === null ||
    typeof net !== 'number' ||
    !Number.isSafeInteger(net) ||
    amount(percent) === null ||
    (percent as number) > 100 ||
    records === null
  ) {
    return problem;
  }
  return {
    payment: {
      policy,
      currency,
      priceAmount: price as number,
      amountDue: due as number,
      state,
      checkoutUrl: isWebUrl(value.checkoutUrl) ? value.checkoutUrl : '',
      refundAfterCutoffPercent: percent as number,
      netPaid: net,
      records: records.flatMap((r) => {
        const a = amount(r.amount);
        return typeof r.kind === 'string' && typeof r.status === 'string' && a !== null
          ? [{ kind: r.kind, amount: a, status: r.status }]
          : [];
      }),
    },
  };
}

/** What a refund has given back, as recorded: those done or under way (a failed one gave nothing). */
export function refundedAmount(p: Pick<EventPayment, 'records'>): number {
  return p.records
    .filter((r) => r.kind === 'refund' && (r.status === 'succeeded' || r.status === 'pending'))
    .reduce((sum, r) => sum + r.amount, 0);
}

/** The payment as a message tells of it: the event's, with the moment full refunds end. */
export interface PaymentFacts extends EventPayment {
  /** The cancel cut-off: a cancel before it refunds all that was paid (docs/decisions.md "Payments"). */
  fullRefundUntilMs: number;
}
