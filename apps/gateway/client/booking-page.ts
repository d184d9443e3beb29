// The public booking page (GET /book/{tenantSlug}): service, day and slot, the customer's
// details, then what became of the booking (requested or booked) with the manage link and the
// calendar file.
import { newIdempotencyKey, postJson } from './api.js';
import { explain } from './messages.js';
import { announce, markInvalid, pageData } from './page-data.js';
import { byId, pickerOnPage } from './slot-picker.js';
import { formatWhen } from './zoned.js';

interface BookingPageData {
  tenantSlug: string;
  timezone: string;
  locale: string;
}

interface Created {
  booking: { bookingId: string; status: string };
  manageUrl: string;
}

const data = pageData<BookingPageData>();
const form = byId<HTMLFormElement>('booking-form');
const submit = byId<HTMLButtonElement>('submit');
const formError = byId('form-error');
const picker = pickerOnPage(data);

form.addEventListener('change', (event) => {
  const target = event.target as HTMLInputElement;
  if (target.name === 'service') void picker.setService(target.value);
});
const initial = form.querySelector<HTMLInputElement>('input[name="service"]:checked');
if (initial) void picker.setService(initial.value);

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
  });
  const key = last?.body === body ? last.key : newIdempotencyKey();
  last = { key, body };
  sending = true;
  submit.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    const answer = await postJson<Created>(`/book/${encodeURIComponent(data.tenantSlug)}/bookings`, JSON.parse(body), {
      'idempotency-key': key,
    });
    if (answer.ok) return confirm(answer.data, startsAtMs, field('email') !== '');
    const explained = explain(answer.error);
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
  const status = OUTCOMES.includes(created.booking.status) ? created.booking.status : 'other';
  for (const block of Array.from(section.querySelectorAll<HTMLElement>('.outcome'))) {
    block.hidden = block.dataset.status !== status;
  }
  for (const line of Array.from(section.querySelectorAll<HTMLElement>('[data-email]'))) line.hidden = !emailGiven;
  section.setAttribute('aria-labelledby', `outcome-${status}`);
  const serviceName = form.querySelector('input[name="service"]:checked')?.closest('label')?.querySelector('.name');
  byId('confirmation-summary').textContent =
    `${serviceName?.textContent ?? 'Your appointment'}, ${formatWhen(startsAtMs, data.locale, picker.zone)}.`;
  byId<HTMLAnchorElement>('manage-link').href = created.manageUrl;
  byId<HTMLAnchorElement>('ics-link').href = `${created.manageUrl}/ics`;
  form.hidden = true;
  section.hidden = false;
  section.focus();
}
