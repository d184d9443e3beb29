// The setup wizard's model (pure): what the form holds, the checks of each step in words, and the
// body of POST /setup (docs/decisions.md "First start"). The server checks every field again.
import { slugFrom } from '@svc/rules/slug-from';
import { hoursWrites, type Week } from './hours-model.js';
import { minorUnitsOf } from './money.js';

export interface SetupForm {
  businessName: string;
  /** The booking page's address; follows the name until it is edited. */
  slug: string;
  slugEdited: boolean;
  timezone: string;
  ownerEmail: string;
  serviceName: string;
  durationMin: string;
  /** '' for no price. */
  price: string;
  currency: string;
  /** Each booking held until the business confirms it; off: confirmed as it is made. */
  confirmManually: boolean;
  week: Week;
}

export const SETUP_STEPS = ['business', 'service', 'hours', 'review'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** A field's problem as the step shows it beside the field. */
export interface FieldProblem {
  field: keyof SetupForm;
  message: string;
}

/** Monday to Friday, 9 to 17 (weekdays counted from Sunday, as the API does). */
export function workWeek(): Week {
  return Array.from({ length: 7 }, (_, day) =>
    day >= 1 && day <= 5 ? [{ ruleId: null, start: '09:00', end: '17:00' }] : [],
  );
}

export function initialForm(timezone: string): SetupForm {
  return {
    businessName: '',
    slug: '',
    slugEdited: false,
    timezone,
    ownerEmail: '',
    serviceName: '',
    durationMin: '30',
    price: '',
    currency: 'EUR',
    confirmManually: false,
    week: workWeek(),
  };
}

/** The name typed: the address follows it until the person edits the address themselves. */
export const withBusinessName = (form: SetupForm, businessName: string): SetupForm => ({
  ...form,
  businessName,
  slug: form.slugEdited ? form.slug : slugFrom(businessName),
});

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
// The shape the server's address rule accepts; the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What keeps the step from going on, field by field (empty: it may). */
export function stepProblems(step: SetupStep, form: SetupForm): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const need = (ok: boolean, field: keyof SetupForm, message: string) => {
    if (!ok) problems.push({ field, message });
  };
  if (step === 'business') {
    need(form.businessName.trim() !== '', 'businessName', 'Enter the name of your business.');
    need(
      SLUG.test(form.slug),
      'slug',
      'Use lower-case letters, digits and hyphens, starting with a letter or digit (at most 63).',
    );
    need(form.timezone !== '', 'timezone', 'Choose the time zone your opening hours are in.');
    need(EMAIL.test(form.ownerEmail.trim()), 'ownerEmail', 'Enter your email address, like you@example.com.');
  }
  if (step === 'service') {
    need(form.serviceName.trim() !== '', 'serviceName', 'Enter the name of the service customers book.');
    const minutes = Number(form.durationMin);
    need(
      /^\d+$/.test(form.durationMin.trim()) && minutes >= 1 && minutes <= 1440,
      'durationMin',
      'Enter the length in whole minutes, 1 to 1440.',
    );
    if (form.price.trim() !== '') {
      need(/^[A-Za-z]{3}$/.test(form.currency.trim()), 'currency', 'Enter a three-letter currency code, like EUR.');
      need(minorUnitsOf(form.price, form.currency) !== null, 'price', 'Enter the price as a number, like 45 or 45.50.');
    }
  }
  if (step === 'hours') {
    const plan = hoursWrites([], form.week);
    if ('problem' in plan) problems.push({ field: 'week', message: plan.problem });
    else need(plan.writes.length > 0, 'week', 'Open at least one day: customers book within these hours.');
  }
  return problems;
}

/** The first step with a problem, or null when the whole form may be sent. */
export function firstUnfinished(form: SetupForm): SetupStep | null {
  return SETUP_STEPS.find((step) => stepProblems(step, form).length > 0) ?? null;
}

/** POST /setup's body (the form checked first: firstUnfinished is null). */
export function setupBody(token: string, form: SetupForm) {
  const plan = hoursWrites([], form.week);
  const hours =
    'writes' in plan
      ? plan.writes.flatMap((w) =>
          w.kind === 'create' ? [{ weekday: w.weekday, startMinute: w.startMinute, endMinute: w.endMinute }] : [],
        )
      : [];
  const currency = form.currency.trim().toUpperCase();
  const price = form.price.trim() === '' ? null : minorUnitsOf(form.price, currency);
  return {
    token,
    tenant: {
      slug: form.slug,
      name: form.businessName.trim(),
      timezone: form.timezone,
      ownerEmail: form.ownerEmail.trim(),
    },
    service: {
      name: form.serviceName.trim(),
      durationMin: Number(form.durationMin),
      confirmation: form.confirmManually ? 'manual' : 'automatic',
      ...(price === null ? {} : { priceAmount: price, priceCurrency: currency }),
    },
    hours,
  };
}

/**
 * Where a field error of POST /setup belongs (`body.tenant.slug` → the business step's slug), so
 * the wizard can show it beside the field; null for an error of no field of the form.
 */
export function problemOfPath(path: string, message: string): { step: SetupStep; problem: FieldProblem } | null {
  const fields: Record<string, [SetupStep, keyof SetupForm]> = {
    'body.tenant.name': ['business', 'businessName'],
    'body.tenant.slug': ['business', 'slug'],
    'body.tenant.timezone': ['business', 'timezone'],
    'body.tenant.ownerEmail': ['business', 'ownerEmail'],
    'body.service.name': ['service', 'serviceName'],
    'body.service.durationMin': ['service', 'durationMin'],
    'body.service.priceAmount': ['service', 'price'],
    'body.service.priceCurrency': ['service', 'currency'],
  };
  const hit = fields[path] ?? (path.startsWith('body.hours') ? (['hours', 'week'] as [SetupStep, keyof SetupForm]) : null);
  return hit ? { step: hit[0], problem: { field: hit[1], message } } : null;
}
