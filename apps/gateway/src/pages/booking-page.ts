import type { BookingConfig } from '../routes/public/booking-config-route.js';
import type { PageAssets } from './assets.js';
import { formatPrice, pageLocale } from './format.js';
import { html } from './html.js';
import { renderPage, shownName } from './layout.js';
import { slotPickerFields } from './picker-html.js';

const NOSCRIPT = 'This booking page needs JavaScript to look up free times. Please turn it on, or call the business.';

/**
 * The public booking page (docs/decisions.md "Booking pages"): the tenant's active services,
 * the slot picker, the customer's details, and the confirmation the script reveals.
 */
export function renderBookingPage(config: BookingConfig, assets: PageAssets, nonce: string): string {
  const { tenant, services } = config;
  const locale = pageLocale(tenant.locale);
  const name = shownName(tenant);
  const serviceChoices = services.map(
    (s, i) =>
      html`<label class="choice">
        <input
          type="radio"
          name="service"
          value="${s.slug}"
          required${services.length === 1 && i === 0 ? html` checked` : ''}
        />
        <span class="name">${s.name}</span>
        <span class="meta">${s.durationMin} min${s.price ? html` · ${formatPrice(s.price, locale)}` : ''}</span>
        ${s.description ? html`<span class="desc">${s.description}</span>` : ''}
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
              ${slotPickerFields(tenant.timezone)}
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
            <p id="form-error" class="error" role="alert" hidden></p>
            <button type="submit" id="submit">Book</button>
          </form>
          <section id="confirmation" class="confirmation" tabindex="-1" aria-labelledby="confirmation-title" hidden>
            <h2 id="confirmation-title">You are booked</h2>
            <p id="confirmation-summary"></p>
            <p>
              ${name} holds this time for you and confirms it. Keep the link below: with it you can see, move or cancel
              your booking.
            </p>
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
    script: services.length === 0 ? undefined : 'booking-page.js',
    data: { tenantSlug: tenant.slug, timezone: tenant.timezone, locale },
    body,
  });
}
