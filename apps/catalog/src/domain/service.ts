import {
  checkEnum,
  checkFormat,
  checkIdList,
  checkInteger,
  checkOptionalId,
  checkText,
  requireFields,
} from './field-checks.js';
import {
  checkQuestions,
  CONFIRMATION_POLICIES,
  CURRENCY_MESSAGE,
  isSlug,
  MAX_BOOKINGS_PER_DAY,
  MAX_CUTOFF_MIN,
  MAX_SEATS,
  MAX_STAFF_WEIGHT,
  ASSIGNMENTS,
  type Assignment,
  MINUTES_PER_DAY,
  normalizeCurrency,
  SLUG_MESSAGE,
  type ConfirmationPolicy,
  type Question,
  MAX_PAYMENT_AMOUNT,
  chargeStep,
  paymentsTakeCurrency,
  MAX_REFUND_PERCENT,
  NO_PAYMENT_TERMS,
  NO_SHOW_CHARGES,
  PAYMENT_POLICIES,
  type NoShowCharge,
  type PaymentPolicy,
} from '@svc/rules';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

export const SERVICE_STATUSES = ['active', 'hidden', 'disabled'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
/**
 * The service's video provider (docs/decisions.md "Integrations"): the meeting the write-back
 * makes for a confirmed booking. Meet and Teams come with the staff member's Google or Microsoft
 * calendar event; Zoom with the staff member's Zoom connection.
 */
export const CONFERENCING = ['none', 'google_meet', 'microsoft_teams', 'zoom'] as const;
export type Conferencing = (typeof CONFERENCING)[number];

export type ServiceRecord = {
  serviceId: string;
  tenantId: string;
  categoryId: string | null;
  slug: string;
  name: string;
  description: string;
  durationMin: number;
  bufferBeforeMin: number;
  bufferAfterMin: number;
  /** null follows durationMin (the default), so a new duration also moves the slot grid. */
  slotIntervalMin: number | null;
  minNoticeMin: number;
  maxAdvanceDays: number;
  /** Minor units; null together with priceCurrency when the service has no price. */
  priceAmount: number | null;
  priceCurrency: string | null;
  staffIds: string[];
  resourceIds: string[];
  status: ServiceStatus;
  /** Absent on services stored before it existed: none. */
  conferencing?: Conferencing;
  /**
   * What happens to a new booking (docs/decisions.md "Confirmation policy"). Absent on services
   * stored before it existed: manual.
   */
  confirmation?: ConfirmationPolicy;
  /**
   * Customer cut-offs and the daily limit per staff member (docs/decisions.md "Service
   * policies"). Absent on services stored before they existed: 0, none.
   */
  cancelCutoffMin?: number;
  rescheduleCutoffMin?: number;
  maxBookingsPerDay?: number;
  /** What a create asks (docs/decisions.md "Intake questions"). Absent on services stored before: none. */
  questions?: Question[];
  /** A session's seats and the largest party (docs/decisions.md "Seats"). Absent on services stored before: 1, 1. */
  seats?: number;
  maxPartySize?: number;
  /** docs/decisions.md "Staff assignment". Absent on services stored before: first_available, no weights. */
  assignment?: Assignment;
  staffWeights?: Record<string, number>;
  /**
   * The payment policy (docs/decisions.md "Payments"); amounts in minor units of priceCurrency,
   * 0 when the policy does not use them. Absent on services stored before: none, 0, 0, none, 0.
   */
  payment?: PaymentPolicy;
  depositAmount?: number;
  refundAfterCutoffPercent?: number;
  noShowCharge?: NoShowCharge;
  noShowFeeAmount?: number;
  createdAtMs: number;
  updatedAtMs: number;
};

/**
 * Create and PATCH body; absent fields are not given. `categoryId: ''` clears the category,
 * `priceCurrency: ''` removes the price (priceAmount must then be absent).
 */
export interface ServiceInput {
  categoryId?: string;
  slug?: string;
  name?: string;
  description?: string;
  durationMin?: number;
  bufferBeforeMin?: number;
  bufferAfterMin?: number;
  slotIntervalMin?: number;
  minNoticeMin?: number;
  maxAdvanceDays?: number;
  priceAmount?: number;
  priceCurrency?: string;
  staffIds?: readonly string[];
  resourceIds?: readonly string[];
  status?: string;
  conferencing?: string;
  confirmation?: string;
  cancelCutoffMin?: number;
  rescheduleCutoffMin?: number;
  maxBookingsPerDay?: number;
  seats?: number;
  maxPartySize?: number;
  assignment?: string;
  /** Replaces the weights when given. */
  staffWeights?: Readonly<Record<string, number>>;
  payment?: string;
  depositAmount?: number;
  refundAfterCutoffPercent?: number;
  noShowCharge?: string;
  noShowFeeAmount?: number;
  /** Replaces the questions when given. */
  questions?: ReadonlyArray<{
    key: string;
    label: string;
    type: string;
    required: boolean;
    options: readonly string[];
  }>;
}

/** Which of the input's staffIds/resourceIds exist in the tenant (the caller looks them up). */
export interface ServiceReferences {
  staffIds: ReadonlySet<string>;
  resourceIds: ReadonlySet<string>;
}

export const DEFAULT_MAX_ADVANCE_DAYS = 90;
// Notice longer than the longest booking horizon could never be met.
const MAX_NOTICE_MIN = 3650 * MINUTES_PER_DAY;

type ServiceContext = { tenantId: string; now: number; references: ServiceReferences };

export function newService(input: ServiceInput, ctx: ServiceContext & { id: string }): ServiceRecord {
  const v = new Violations();
  const fields = checkServiceFields(v, input, ctx.references);
  requireFields(v, fields, ['slug', 'name', 'durationMin']);
  const record: ServiceRecord = {
    serviceId: ctx.id,
    tenantId: ctx.tenantId,
    categoryId: null,
    slug: '',
    name: '',
    description: '',
    durationMin: 0,
    bufferBeforeMin: 0,
    bufferAfterMin: 0,
    slotIntervalMin: null,
    minNoticeMin: 0,
    maxAdvanceDays: DEFAULT_MAX_ADVANCE_DAYS,
    priceAmount: null,
    priceCurrency: null,
    staffIds: [],
    resourceIds: [],
    status: 'active',
    conferencing: 'none',
    confirmation: 'manual',
    cancelCutoffMin: 0,
    rescheduleCutoffMin: 0,
    maxBookingsPerDay: 0,
    questions: [],
    seats: 1,
    maxPartySize: 1,
    assignment: 'first_available',
    staffWeights: {},
    ...NO_PAYMENT_TERMS,
    ...createdAt(ctx.now),
    ...definedOnly(fields),
  };
  return checked(v, record, input);
}

export function patchService(current: ServiceRecord, input: ServiceInput, ctx: ServiceContext): ServiceRecord {
  assertSomeField(input);
  const v = new Violations();
  const fields = checkServiceFields(v, input, ctx.references);
  const record: ServiceRecord = {
    ...current,
    ...definedOnly(fields),
    updatedAtMs: nextUpdatedAt(current.updatedAtMs, ctx.now),
  };
  return checked(v, record, input);
}

/** The rules across fields, on the record as it would be stored; then every violation at once. */
function checked(v: Violations, record: ServiceRecord, input: ServiceInput): ServiceRecord {
  checkPrice(v, record);
  checkParty(v, record);
  checkAssignment(v, record, input);
  checkPaymentPolicy(v, record, input);
  v.throwIfAny();
  return record;
}

/** The interval between slot starts: the configured one, else the duration. */
export const effectiveSlotInterval = (service: ServiceRecord): number => service.slotIntervalMin ?? service.durationMin;

type ServiceFields = Partial<Omit<ServiceRecord, 'serviceId' | 'tenantId' | 'createdAtMs' | 'updatedAtMs'>>;

function checkServiceFields(v: Violations, input: ServiceInput, references: ServiceReferences): ServiceFields {
  const categoryId = checkOptionalId(v, 'categoryId', input.categoryId);
  const minutes = (path: string, value: number | undefined, min: number) =>
    checkInteger(v, path, value, min, MINUTES_PER_DAY);
  return {
    categoryId: categoryId === '' ? null : categoryId,
    slug: checkFormat(v, 'slug', input.slug, isSlug, SLUG_MESSAGE),
    name: checkText(v, 'name', input.name, { max: 200 }),
    description: checkText(v, 'description', input.description, { max: 5000, allowEmpty: true }),
    durationMin: minutes('durationMin', input.durationMin, 1),
    bufferBeforeMin: minutes('bufferBeforeMin', input.bufferBeforeMin, 0),
    bufferAfterMin: minutes('bufferAfterMin', input.bufferAfterMin, 0),
    slotIntervalMin: minutes('slotIntervalMin', input.slotIntervalMin, 1),
    minNoticeMin: checkInteger(v, 'minNoticeMin', input.minNoticeMin, 0, MAX_NOTICE_MIN),
    maxAdvanceDays: checkInteger(v, 'maxAdvanceDays', input.maxAdvanceDays, 1, 3650),
    ...checkPriceFields(v, input),
    staffIds: checkReferences(v, 'staffIds', input.staffIds, references.staffIds, 'staff'),
    resourceIds: checkReferences(v, 'resourceIds', input.resourceIds, references.resourceIds, 'resources'),
    status: checkEnum(v, 'status', input.status, SERVICE_STATUSES),
    conferencing: checkEnum(v, 'conferencing', input.conferencing, CONFERENCING),
    confirmation: checkEnum(v, 'confirmation', input.confirmation, CONFIRMATION_POLICIES),
    cancelCutoffMin: checkInteger(v, 'cancelCutoffMin', input.cancelCutoffMin, 0, MAX_CUTOFF_MIN),
    rescheduleCutoffMin: checkInteger(v, 'rescheduleCutoffMin', input.rescheduleCutoffMin, 0, MAX_CUTOFF_MIN),
    maxBookingsPerDay: checkInteger(v, 'maxBookingsPerDay', input.maxBookingsPerDay, 0, MAX_BOOKINGS_PER_DAY),
    questions: checkServiceQuestions(v, input.questions),
    seats: checkInteger(v, 'seats', input.seats, 1, MAX_SEATS),
    maxPartySize: checkInteger(v, 'maxPartySize', input.maxPartySize, 1, MAX_SEATS),
    assignment: checkEnum(v, 'assignment', input.assignment, ASSIGNMENTS),
    staffWeights: checkWeights(v, input.staffWeights),
    payment: checkEnum(v, 'payment', input.payment, PAYMENT_POLICIES),
    // 0 is "not used" (the stored value of a policy without it); the policy's range is checked on the merged record.
    depositAmount: checkInteger(v, 'depositAmount', input.depositAmount, 0, MAX_PAYMENT_AMOUNT),
    refundAfterCutoffPercent: checkInteger(
      v,
      'refundAfterCutoffPercent',
      input.refundAfterCutoffPercent,
      0,
      MAX_REFUND_PERCENT,
    ),
    noShowCharge: checkEnum(v, 'noShowCharge', input.noShowCharge, NO_SHOW_CHARGES),
    noShowFeeAmount: checkInteger(v, 'noShowFeeAmount', input.noShowFeeAmount, 0, MAX_PAYMENT_AMOUNT),
  };
}

function checkPriceFields(v: Violations, input: ServiceInput): Pick<ServiceFields, 'priceAmount' | 'priceCurrency'> {
  if (input.priceCurrency === '') {
    if (input.priceAmount !== undefined) v.add('priceAmount', 'must be absent when priceCurrency is empty');
    return { priceAmount: null, priceCurrency: null };
  }
  // ISO 4217 is upper case; Stripe-style lower-case input is accepted and normalized.
  const currency = checkFormat(
    v,
    'priceCurrency',
    input.priceCurrency,
    (code) => normalizeCurrency(code) !== null,
    CURRENCY_MESSAGE,
  )?.toUpperCase();
  return { priceAmount: checkInteger(v, 'priceAmount', input.priceAmount, 0), priceCurrency: currency };
}

/** The shared rule of @svc/rules checkQuestions, its paths as they are. */
function checkServiceQuestions(v: Violations, input: ServiceInput['questions']): Question[] | undefined {
  if (input === undefined) return undefined;
  const { questions, violations } = checkQuestions(input);
  for (const { path, message } of violations) v.add(path, message);
  return violations.length === 0 ? questions : undefined;
}

/** Each weight a whole number from 1 to 100 (which staff it names is checked on the merged record). */
function checkWeights(v: Violations, input: ServiceInput['staffWeights']): Record<string, number> | undefined {
  if (input === undefined) return undefined;
  const out: Record<string, number> = {};
  for (const [staffId, weight] of Object.entries(input)) {
    const checked = checkInteger(v, `staffWeights.${staffId}`, weight, 1, MAX_STAFF_WEIGHT);
    if (checked !== undefined) out[staffId] = checked;
  }
  return out;
}

/**
 * docs/decisions.md "Staff assignment": weights name staff the service lists; a collective
 * booking takes every staff member, so it shares no seats.
 */
function checkAssignment(v: Violations, record: ServiceRecord, input: ServiceInput): void {
  // A copy: the stored record's object stays as it was.
  const weights = { ...(record.staffWeights ?? {}) };
  record.staffWeights = weights;
  for (const staffId of Object.keys(weights)) {
    if (record.staffIds.includes(staffId)) continue;
    // Weights sent must name listed staff; a stored one of a staff member the change took off the list goes.
    if (input.staffWeights !== undefined)
      v.add(`staffWeights.${staffId}`, 'must name a staff member the service lists');
    else delete weights[staffId];
  }
  if (record.assignment === 'collective' && (record.seats ?? 1) > 1 && !v.has('assignment')) {
    v.add('assignment', 'cannot be collective for a service with seats');
  }
}

/** A party larger than the session's seats could never be booked. */
function checkParty(v: Violations, record: ServiceRecord): void {
  if ((record.maxPartySize ?? 1) > (record.seats ?? 1) && !v.has('maxPartySize') && !v.has('seats')) {
    v.add('maxPartySize', 'must be at most seats');
  }
}

/**
 * docs/decisions.md "Payments", on the merged record, so a PATCH of one side (removing the price,
 * confirmation automatic) meets the rule too. A paid service has a price above 0 that Stripe can
 * charge and is confirmed by its payment, never automatically; a no-show charge goes to the card
 * saved at checkout, so it needs a payment. An amount sent for a policy that does not use it is
 * refused; a stored one the policy no longer uses goes (0), as a weight of a removed staff member.
 */
function checkPaymentPolicy(v: Violations, record: ServiceRecord, input: ServiceInput): void {
  const payment = record.payment ?? 'none';
  const noShowCharge = record.noShowCharge ?? 'none';
  const price = record.priceAmount ?? 0;
  // A field already in error (an unknown policy, a bad price) is reported once, as it is.
  const paymentKnown = !v.has('payment');
  const chargeKnown = !v.has('noShowCharge');
  const priceKnown = !v.has('priceAmount') && !v.has('priceCurrency');
  // Stripe's step in the currency (10 fils for KWD): an amount off it could never be charged.
  const currency = priceKnown && payment !== 'none' ? record.priceCurrency : null;
  const step = currency === null ? 1 : chargeStep(currency);
  if (payment !== 'none' && paymentKnown) {
    if (record.priceCurrency === null || price <= 0) {
      if (priceKnown) v.add('payment', 'needs a price above 0 (priceAmount and priceCurrency)');
    } else if (priceKnown && !paymentsTakeCurrency(record.priceCurrency)) {
      v.add(
        'priceCurrency',
        `${record.priceCurrency} cannot be paid online: Stripe counts its amounts in another unit than the platform's minor unit`,
      );
    } else if (price > MAX_PAYMENT_AMOUNT && priceKnown) {
      v.add('priceAmount', `must be at most ${MAX_PAYMENT_AMOUNT} for a service with a payment policy`);
    } else if (price % step !== 0 && priceKnown) {
      v.add('priceAmount', stepMessage(step, record.priceCurrency));
    }
    if (record.confirmation === 'automatic' && !v.has('confirmation')) {
      v.add('confirmation', 'cannot be automatic for a service with a payment policy: the payment confirms it');
    }
  }
  if (noShowCharge !== 'none' && payment === 'none' && chargeKnown && paymentKnown) {
    v.add('noShowCharge', 'needs a payment policy: the card is saved when the customer pays');
  }
  const amount = (
    path: 'depositAmount' | 'noShowFeeAmount',
    policy: { policyKnown: boolean; used: boolean; what: string },
  ) =>
    policyAmount(v, path, record[path] ?? 0, {
      ...policy,
      sent: input[path] !== undefined,
      price: priceKnown ? price : null,
      step,
      currency,
    });
  record.depositAmount = amount('depositAmount', {
    policyKnown: paymentKnown,
    used: payment === 'deposit',
    what: 'payment is deposit',
  });
  record.noShowFeeAmount = amount('noShowFeeAmount', {
    policyKnown: chargeKnown,
    used: noShowCharge === 'fee',
    what: 'noShowCharge is fee',
  });
}

/**
 * An amount a policy uses is 1 to the price (null: the price itself is in error, so that is
 * reported instead) and on Stripe's step in the currency; one it does not use is 0.
 */
function policyAmount(
  v: Violations,
  path: string,
  amount: number,
  rule: {
    policyKnown: boolean;
    used: boolean;
    sent: boolean;
    price: number | null;
    step: number;
    currency: string | null;
    what: string;
  },
): number {
  if (v.has(path) || !rule.policyKnown) return amount;
  if (!rule.used) {
    if (rule.sent && amount !== 0) v.add(path, `is only used when ${rule.what}`);
    return 0;
  }
  if (amount === 0) v.add(path, `is required when ${rule.what}`);
  else if (rule.price !== null && rule.price > 0 && amount > rule.price) v.add(path, 'must be at most priceAmount');
  else if (amount % rule.step !== 0) v.add(path, stepMessage(rule.step, rule.currency));
  return amount;
}

/** docs/decisions.md "Payments": Stripe charges a three-decimal currency to two decimals. */
const stepMessage = (step: number, currency: string | null) =>
  `must be a multiple of ${step} in ${currency ?? 'this currency'}: Stripe charges a three-decimal currency to two decimals (1230, not 1235)`;

/** A price is an amount in a currency: one without the other means nothing. */
function checkPrice(v: Violations, record: ServiceRecord): void {
  if (record.priceAmount === null && record.priceCurrency !== null && !v.has('priceAmount')) {
    v.add('priceAmount', 'is required together with priceCurrency');
  }
  if (record.priceCurrency === null && record.priceAmount !== null && !v.has('priceCurrency')) {
    v.add('priceCurrency', 'is required together with priceAmount');
  }
}

function checkReferences(
  v: Violations,
  path: string,
  ids: readonly string[] | undefined,
  existing: ReadonlySet<string>,
  what: string,
): string[] | undefined {
  const list = checkIdList(v, path, ids);
  const missing = list?.filter((id) => !existing.has(id)) ?? [];
  if (missing.length === 0) return list;
  v.add(path, `unknown ${what} in this tenant: ${missing.join(', ')}`);
  return undefined;
}

/** ListServices' optional status filter; an unknown status is a caller error, not an empty list. */
export function parseServiceStatusFilter(statuses: readonly string[]): ServiceStatus[] {
  const v = new Violations();
  const parsed = statuses.map((status) => checkEnum(v, 'status', status, SERVICE_STATUSES));
  v.throwIfAny();
  return parsed.filter((status) => status !== undefined);
}
