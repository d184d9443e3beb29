import { html } from '@svc/html';
import { describeMinutes } from '@svc/rules';
import type { PageAssets } from './bundle.js';
import { formatMoney, formatPrice, pageLocale } from './format.js';
import { renderPage, shownName } from './layout.js';
import { paymentTermsLines } from './payment-wording.js';
import { slotPickerFields } from './picker-html.js';
import { questionFieldsets } from './question-fields.js';
import type { BookingPageService, BookingPageView } from './view-models.js';

const NOSCRIPT = 'This booking page needs JavaScript to look up free times. Please turn it on, or call the business.';

/**
 * What the page says after a create, one block per status the answer can have; the script shows
 * the one of the answer's status (`other`: a replay of a booking changed since), and the
 * sentences about email only when the customer gave an address (docs/decisions.md "Confirmation
 * policy": the emails come from the notifications service). A hold is a request, never "booked".
 */
function outcomes(name: string) {
  return html`<div class="outcome" data-status="held" hidden>
      <h2 id="outcome-held">Booking requested</h2>
      <p>Requested. ${name} confirms it within 10 minutes, or the request expires and the time is free again.</p>
      <p data-email hidden>We will email you either way.</p>
    </div>
    <div class="outcome" data-status="confirmed" hidden>
      <h2 id="outcome-confirmed">You are booked</h2>
      <p>${name} has confirmed your booking.</p>
      <p data-email hidden>We will email you the confirmation.</p>
    </div>
    <div class="outcome" data-status="payment" hidden>
      <h2 id="outcome-payment">Pay to confirm your booking</h2>
      <p>
        The time is held for you while you pay on Stripe's secure page; your booking is confirmed once the payment is
        through. Unpaid, the time is released in 10 minutes.
      </p>
      <p class="actions"><a id="pay-link" class="button" href="#" target="_top">Pay now</a></p>
    </div>
    <div class="outcome" data-status="other" hidden>
      <h2 id="outcome-other">Your booking</h2>
      <p>Its page, behind the link below, shows where it stands.</p>
    </div>`;
}

/**
 * A service's cut-offs as the customer reads them before booking (docs/decisions.md "Service
 * policies"); nothing when changes work online until the start.
 */
function policyLine(s: { cancelCutoffMin: number; rescheduleCutoffMin: number }) {
  const parts = [
    s.rescheduleCutoffMin > 0 ? `move it online up to ${describeMinutes(s.rescheduleCutoffMin)} before` : '',
    s.cancelCutoffMin > 0 ? `cancel it online up to ${describeMinutes(s.cancelCutoffMin)} before` : '',
  ].filter((p) => p !== '');
  return parts.length === 0 ? '' : html`<span class="policy">You can ${parts.join(' and ')} the start.</span>`;
}

/**
 * What a paid service costs now and on what terms (docs/decisions.md "Payments"), before the
 * customer books; nothing for a service without a payment policy.
 */
function paymentTerms(s: BookingPageService, locale: string) {
  const price = s.price;
  const lines = price ? paymentTermsLines(s, (amount) => formatMoney(amount, price.currency, locale)) : [];
  return lines.length === 0
    ? ''
    : html`<span class="payment-terms" data-payment="${s.payment}">
        ${lines.map((line) => html`<span class="policy">${line}</span>`)}
      </span>`;
}

/**
 * How many people come, for each seated service that takes parties (docs/decisions.md "Seats"):
 * shown and enabled by the script only while that service is chosen; the slots listed are those
 * with room for the party.
 */
function partyFieldsets(services: readonly BookingPageService[]) {
  return services
    .filter((s) => s.maxPartySize > 1)
    .map(
      (s) =>
        html`<fieldset class="party" data-service="${s.slug}" disabled hidden>
          <legend class="visually-hidden">Party</legend>
          <label for="party-${s.slug}">Number of people</label>
          <select id="party-${s.slug}" name="partySize">
            ${Array.from({ length: s.maxPartySize }, (_, i) => html`<option value="${i + 1}">${i + 1}</option>`)}
          </select>
        </fieldset>`,
    );
}

/**
 * Whom the customer would like, for each service with more than one staff member to choose from
 * (docs/decisions.md "Staff assignment"): "anyone available" leaves it to the service's policy;
 * a name lists that person's free times, and the create names them.
 */
function staffFieldsets(services: readonly BookingPageService[]) {
  return services
    .filter((s) => s.staff.length > 1)
    .map(
      (s) =>
        html`<fieldset class="staff" data-service="${s.slug}" disabled hidden>
          <legend class="visually-hidden">Staff</legend>
          <label for="staff-${s.slug}">With</label>
          <select id="staff-${s.slug}" name="staffId">
            <option value="">Anyone available</option>
            ${s.staff.map((m) => html`<option value="${m.staffId}">${m.displayName}</option>`)}
          </select>
        </fieldset>`,
    );
}

/**
 * The public booking page (docs/decisions.md "Booking pages"): the tenant's active services,
 * the slot picker, the customer's details, and the confirmation the script reveals. `service`:
 * the slug to choose at once (a link's or the widget's `data-service`), when the tenant has it.
 */
export function renderBookingPage(
  config: BookingPageView,
  assets: PageAssets,
  nonce: string,
  service?: string,
): string {
  const { tenant, services } = config;
  const chosen = services.length === 1 ? services[0]!.slug : service;
  const locale = pageLocale(tenant.locale);
  const name = shownName(tenant);
  const serviceChoices = services.map(
    (s) =>
      html`<label class="choice">
        <input type="radio" name="service" value="${s.slug}" required${s.slug === chosen ? html` checked` : ''} />
        <span class="name">${s.name}</span>
        <span class="meta"
          >${s.durationMin}
          min${s.price ? html` · ${formatPrice(s.price, locale)}` : ''}${
            s.seats > 1 ? html` · a group of up to ${s.seats}` : ''
          }</span
        >
        ${s.description ? html`<span class="desc">${s.description}</span>` : ''} ${policyLine(s)}
        ${paymentTerms(s, locale)}
      </label>`,
  );
  const body =
    services.length === 0
      ? html`<h1>Book with ${name}</h1>
          <p>${name} has no services to book online right now.</p>`
      : html`<h1>Book with ${name}</h1>
          <noscript><p class="notice">${NOSCRIPT}</p></noscript>
          <form id="booking-form" novalidate>
            <fieldset>
              <legend>1. Service</legend>
              ${serviceChoices}
            </fieldset>
            <fieldset>
              <legend>2. Day and time</legend>
              ${partyFieldsets(services)} ${staffFieldsets(services)} ${slotPickerFields(tenant.timezone, 2)}
            </fieldset>
            <fieldset>
              <legend>3. Your details</legend>
              <label for="name">Name</label>
              <input type="text" id="name" name="name" autocomplete="name" required maxlength="200" />
              <p id="contact-hint" class="hint">Give an email address or a phone number (or both).</p>
              <label for="email">Email</label>
              <input type="email" id="email" name="email" autocomplete="email" aria-describedby="contact-hint" />
              <label for="phone">Phone</label>
              <input type="tel" id="phone" name="phone" autocomplete="tel" aria-describedby="contact-hint" />
              <label for="notes">Notes (optional)</label>
              <textarea id="notes" name="notes" maxlength="2000"></textarea>
            </fieldset>
            ${questionFieldsets(services)}
            <p id="form-error" class="error" role="alert" hidden></p>
            <button type="submit" id="submit">Book</button>
          </form>
          <section id="confirmation" class="confirmation" tabindex="-1" hidden>
            ${outcomes(name)}
            <p id="confirmation-summary"></p>
            <p>Keep the link below: with it you can see, move or cancel your booking.</p>
            <p class="actions">
              <a id="manage-link" class="button" href="#">Manage your booking</a>
              <a id="ics-link" class="button secondary" href="#" download>Add to calendar (.ics)</a>
            </p>
          </section>`;
  return renderPage({
    title: 'Book an appointment',
    nonce,
    assets,
    tenant,
    script: services.length === 0 ? undefined : 'booking-page',
    data: {
      tenantSlug: tenant.slug,
      timezone: tenant.timezone,
      locale,
      // Where the page may post its events when framed (client/embed-bridge.ts; docs/decisions.md "Embedding").
      embedOrigins: tenant.branding.embedOrigins,
      // How far ahead each service books: the month view goes no further (docs/decisions.md "Booking pages").
      maxAdvanceDays: Object.fromEntries(services.map((s) => [s.slug, s.maxAdvanceDays])),
    },
    body,
  });
}
