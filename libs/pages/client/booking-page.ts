// The public booking page (GET /book/{tenantSlug}): service, day and slot, the customer's
// details, then what became of the booking (requested or booked) with the manage link and the
// calendar file; a paid service's booking goes on to Stripe's checkout page (docs/decisions.md
// "Payments"), which sends the customer back to its manage page.
import { createBooking, newIdempotencyKey, type Created } from './api.js';
import { startEmbedBridge } from './embed-bridge.js';
import { explain } from './messages.js';
import { announce, markInvalid, pageData } from './page-data.js';
import { byId, pickerOnPage } from './slot-picker.js';
import { formatWhen } from './zoned.js';

interface BookingPageData {
  tenantSlug: string;
  timezone: string;
  locale: string;
}

const data = pageData<BookingPageData>();
const form = byId<HTMLFormElement>('booking-form');
const submit = byId<HTMLButtonElement>('submit');
const formError = byId('form-error');
const picker = pickerOnPage(data);
/** The host page's events when the page is embedded (GET /embed.js): its height, the booking made. */
const embed = startEmbedBridge();

form.addEventListener('change', (event) => {
  const target = event.target as HTMLInputElement;
  if (target.name === 'service') chooseService(target.value);
  if (target.name === 'partySize') void picker.setPartySize(Number(target.value));
  if (target.name === 'staffId') void picker.setStaff(target.value);
});
const initial = form.querySelector<HTMLInputElement>('input[name="service"]:checked');
if (initial) chooseService(initial.value);

/**
 * The service's slots, its party size and staff choices and its questions (the others' hidden
 * and disabled: not validated, not sent).
 */
function chooseService(slug: string): void {
  for (const set of [...questionSets(), ...choiceSets('party'), ...choiceSets('staff')]) {
    const mine = set.dataset.service === slug;
    set.hidden = !mine;
    set.disabled = !mine;
  }
  void picker.setService(slug, partySizeOf(slug), staffChoiceOf(slug)?.value ?? '');
}

function choiceSets(kind: 'party' | 'staff'): HTMLFieldSetElement[] {
  return Array.from(form.querySelectorAll<HTMLFieldSetElement>(`fieldset.${kind}`));
}

function choiceOf(kind: 'party' | 'staff', slug: string): HTMLSelectElement | undefined {
  return (
    choiceSets(kind)
      .find((s) => s.dataset.service === slug)
      ?.querySelector<HTMLSelectElement>('select') ?? undefined
  );
}

/** The party size chosen for a seated service (docs/decisions.md "Seats"); 1 otherwise. */
function partySizeOf(slug: string): number {
  const select = choiceOf('party', slug);
  return select ? Number(select.value) : 1;
}

/** The staff choice of a service that offers one; its value '' is "anyone available". */
function staffChoiceOf(slug: string): HTMLSelectElement | undefined {
  return choiceOf('staff', slug);
}

function questionSets(): HTMLFieldSetElement[] {
  return Array.from(form.querySelectorAll<HTMLFieldSetElement>('fieldset.questions'));
}

/** The chosen service's answers by key, as the create body takes them; an empty field answers nothing. */
function answersOf(slug: string): Record<string, string | number | boolean | string[]> {
  const set = questionSets().find((s) => s.dataset.service === slug);
  const answers: Record<string, string | number | boolean | string[]> = {};
  for (const el of Array.from(set?.querySelectorAll<HTMLElement>('[data-key]') ?? [])) {
    const key = el.dataset.key!;
    if (el.dataset.type === 'multiselect') {
      const chosen = Array.from(el.querySelectorAll<HTMLInputElement>('input:checked')).map((c) => c.value);
      if (chosen.length > 0) answers[key] = chosen;
      continue;
    }
    const input = el as HTMLInputElement;
    if (el.dataset.type === 'checkbox') {
      if (input.checked) answers[key] = true;
    } else if (input.value.trim() !== '') {
      answers[key] = el.dataset.type === 'number' ? Number(input.value) : input.value.trim();
    }
  }
  return answers;
}

/** The questions' labels by field name, for an error's sentence. */
function questionLabels(slug: string): Record<string, string> {
  const set = questionSets().find((s) => s.dataset.service === slug);
  const labels: Record<string, string> = {};
  for (const el of Array.from(set?.querySelectorAll<HTMLElement>('[data-key]') ?? [])) {
    const text = el.id ? (set?.querySelector(`label[for="${el.id}"]`) ?? el.querySelector('legend'))?.textContent : '';
    if (text) labels[`answers.${el.dataset.key}`] = text.replace(/ \((required|optional)\)$/, '').trim();
  }
  return labels;
}

/**
 * One Idempotency-Key per form submission: kept while the same body is sent again (a double
 * click, a retry after a lost answer), so the booking service books it once; a changed form is a
 * new submission with a new key.
 */
let last: { key: string; body: string } | undefined;
let sending = false;

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void send();
});

async function send(): Promise<void> {
  if (sending) return;
  announce(formError, '');
  const service = form.querySelector<HTMLInputElement>('input[name="service"]:checked')?.value;
  const startsAtMs = picker.selected();
  if (!service || startsAtMs === undefined) {
    announce(formError, service ? 'Please choose a time.' : 'Please choose a service.');
    return;
  }
  const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
  const body = JSON.stringify({
    serviceSlug: service,
    startsAtMs,
    source: 'public_page',
    customer: {
      name: field('name'),
      ...(field('email') ? { primaryEmail: field('email') } : {}),
      ...(field('phone') ? { phone: field('phone') } : {}),
    },
    ...(field('notes') ? { notes: field('notes') } : {}),
    timezone: picker.zone,
    answers: answersOf(service),
    ...(partySizeOf(service) > 1 ? { partySize: partySizeOf(service) } : {}),
    ...(staffChoiceOf(service)?.value ? { staffId: staffChoiceOf(service)!.value } : {}),
  });
  const key = last?.body === body ? last.key : newIdempotencyKey();
  last = { key, body };
  sending = true;
  submit.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    const answer = await createBooking(data.tenantSlug, JSON.parse(body), key);
    if (answer.ok) return confirm(answer.data, startsAtMs, field('email') !== '');
    const explained = explain(answer.error, questionLabels(service));
    announce(formError, explained.text);
    markInvalid(form, explained.fields);
    if (explained.refreshSlots) {
      last = undefined;
      await picker.load();
    }
  } finally {
    sending = false;
    submit.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

/** The answer's status, as the page has a block for it (booking-page.ts `outcomes`). */
const OUTCOMES = ['held', 'confirmed'];

function confirm(created: Created, startsAtMs: number, emailGiven: boolean): void {
  const section = byId('confirmation');
  const status = created.paymentUrl
    ? 'payment'
    : OUTCOMES.includes(created.booking.status)
      ? created.booking.status
      : 'other';
  for (const block of Array.from(section.querySelectorAll<HTMLElement>('.outcome'))) {
    block.hidden = block.dataset.status !== status;
  }
  for (const line of Array.from(section.querySelectorAll<HTMLElement>('[data-email]'))) line.hidden = !emailGiven;
  section.setAttribute('aria-labelledby', `outcome-${status}`);
  const serviceName = form.querySelector('input[name="service"]:checked')?.closest('label')?.querySelector('.name');
  const service = form.querySelector<HTMLInputElement>('input[name="service"]:checked')?.value ?? '';
  const party = partySizeOf(service);
  // With whom, where the customer could choose: the one it went to (the chosen one when still
  // free, else whom the service's policy picked).
  const staffName = Array.from(staffChoiceOf(service)?.options ?? []).find(
    (o) => o.value !== '' && o.value === created.booking.staffId,
  )?.textContent;
  const withWhom = staffName ? ` with ${staffName}` : '';
  byId('confirmation-summary').textContent =
    `${serviceName?.textContent ?? 'Your appointment'}${party > 1 ? ` for ${party} people` : ''}${withWhom}, ` +
    `${formatWhen(startsAtMs, data.locale, picker.zone)}.`;
  byId<HTMLAnchorElement>('manage-link').href = created.manageUrl;
  byId<HTMLAnchorElement>('ics-link').href = `${created.manageUrl}/ics`;
  form.hidden = true;
  section.hidden = false;
  section.focus();
  embed.created(created.booking);
  if (created.paymentUrl) pay(created.paymentUrl);
}

/**
 * On to Stripe's checkout. Framed (GET /embed.js), the page leaves the navigation to the
 * customer's click on the Pay link, which opens it in the whole tab (`target="_top"`): Stripe's
 * page refuses to be framed, and a framed page may navigate the tab only on a click.
 */
function pay(paymentUrl: string): void {
  byId<HTMLAnchorElement>('pay-link').href = paymentUrl;
  if (window.self === window.top) window.location.assign(paymentUrl);
}
