import { html } from '@svc/html';
import type { PageAssets } from './bundle.js';
import { describeStatus } from './booking-status.js';
import { formatMoment, formatMoney, formatTime, formatWhen, pageLocale } from './format.js';
import { cancelRefundWords, describePayment } from './payment-wording.js';
import { renderPage, shownName } from './layout.js';
import { slotPickerFields } from './picker-html.js';
import type { ManagePageInput } from './view-models.js';

const DONE: Record<string, string> = {
  rescheduled: 'Your booking was moved to the new time.',
  cancelled: 'Your booking was cancelled.',
};

/**
 * A paid booking's payment (docs/decisions.md "Payments"): where it stands, a link to Stripe's
 * page while it can still be paid, and every movement of money.
 */
function paymentSection(input: ManagePageInput, business: string, locale: string) {
  const { booking } = input.view;
  if (!booking.payment) return '';
  const zone = input.view.tenant.timezone;
  const summary = describePayment(
    { ...booking, payment: booking.payment },
    {
      money: (amount) => formatMoney(amount, booking.payment!.currency, locale),
      time: (ms) => formatTime(ms, locale, zone),
      when: (ms) => formatMoment(ms, locale, zone),
      business,
      nowMs: input.nowMs,
    },
  );
  return html`<section aria-labelledby="payment-title" id="payment">
    <h2 id="payment-title">Payment</h2>
    <p id="payment-state">${summary.state}</p>
    ${
      summary.payUrl
        ? html`<p class="actions">
            <a id="pay-link" class="button" href="${summary.payUrl}" rel="noopener noreferrer">Pay now</a>
          </p>`
        : ''
    }
    ${
      summary.movements.length > 0
        ? html`<ul id="payment-records">
            ${summary.movements.map((m) => html`<li>${m}</li>`)}
          </ul>`
        : ''
    }
    ${summary.net ? html`<p id="payment-net">${summary.net}</p>` : ''}
  </section>`;
}

/**
 * The manage page (docs/decisions.md "Booking pages"): the booking (its video meeting's link once
 * it exists), its payment, the calendar file, and the changes the token and the booking allow now
 * (a reschedule slot picker, a cancel with a confirmation step that says what it would refund).
 */
export function renderManagePage(input: ManagePageInput, assets: PageAssets, nonce: string): string {
  const { view, tenant, token } = input;
  const { booking, actions } = view;
  const locale = pageLocale(tenant.locale);
  const when = formatWhen(booking.startsAtMs, locale, view.tenant.timezone);
  const done = input.done ? DONE[input.done] : undefined;
  const base = `/booking/manage/${token}`;
  const business = shownName(tenant);
  const status = describeStatus(booking, business, input.nowMs, (ms) => formatTime(ms, locale, view.tenant.timezone));
  // A cut-off is stated while it is ahead, and when it has closed a change (docs/decisions.md
  // "Service policies"); other refusals are the status detail's and the closing hint's.
  const until = (ms: number | null, what: string, id: string) =>
    ms !== null && ms < booking.startsAtMs
      ? html`<p class="hint" id="${id}">
          You can ${what} online until ${formatWhen(ms, locale, view.tenant.timezone)}.
        </p>`
      : '';
  const refundNow =
    booking.payment && actions.cancelRefundAmount !== null
      ? cancelRefundWords(booking.payment, actions.cancelRefundAmount, (amount) =>
          formatMoney(amount, booking.payment!.currency, locale),
        )
      : null;
  const closed = (
    [
      ['reschedule-closed', actions.rescheduleRefusal],
      ['cancel-closed', actions.cancelRefusal],
    ] as const
  ).flatMap(([id, refusal]) =>
    refusal?.reason === 'cutoff' ? [html`<p class="hint" id="${id}">${refusal.message}</p>`] : [],
  );
  const body = html`<h1>Your booking with ${business}</h1>
    ${done ? html`<p class="notice" role="status" id="done-message">${done}</p>` : ''}
    <dl class="summary" id="booking-summary">
      <dt>Service</dt>
      <dd id="booking-service">${view.service.name}</dd>
      <dt>When</dt>
      <dd id="booking-when">${when}</dd>
      <dt>Status</dt>
      <dd id="booking-status">${status.label}</dd>
      ${
        view.meetingUrl
          ? html`<dt>Video meeting</dt>
              <dd>
                <a id="meeting-link" href="${view.meetingUrl}" rel="noopener noreferrer">Join the video meeting</a>
              </dd>`
          : ''
      }
      <dt>Reference</dt>
      <dd>${booking.bookingId}</dd>
    </dl>
    <p id="status-detail">${status.detail}</p>
    ${paymentSection(input, business, locale)}
    <p class="actions">
      <a id="ics-link" class="button secondary" href="${base}/ics" download>Add to calendar (.ics)</a>
    </p>
    <p id="manage-error" class="error" role="alert" hidden></p>
    <p class="hint" id="export-hint">
      <a id="export-link" href="${base}/export" download>Download what ${business} holds about this booking</a>
      (JSON).
    </p>
    ${
      actions.canReschedule
        ? html`<section aria-labelledby="reschedule-title">
            <h2 id="reschedule-title">Move to another time</h2>
            <form id="reschedule-form" novalidate>
              <fieldset>
                <legend>New day and time</legend>
                ${slotPickerFields(view.tenant.timezone, 3)}
              </fieldset>
              <button type="submit" id="reschedule-submit">Move booking</button>
            </form>
            ${until(actions.rescheduleUntilMs, 'move this booking', 'reschedule-until')}
          </section>`
        : ''
    }
    ${
      actions.canCancel
        ? html`<section aria-labelledby="cancel-title">
            <h2 id="cancel-title">Cancel</h2>
            ${until(actions.cancelUntilMs, 'cancel this booking', 'cancel-until')}
            ${refundNow ? html`<p class="hint" id="cancel-refund">${refundNow}</p>` : ''}
            <button type="button" id="cancel-start" class="secondary">Cancel booking…</button>
            <div id="cancel-confirm" role="group" aria-labelledby="cancel-question" hidden>
              <p id="cancel-question">
                Cancel ${view.service.name} on ${when}? This cannot be undone.${refundNow ? ` ${refundNow}` : ''}
              </p>
              <p class="actions">
                <button type="button" id="cancel-yes">Yes, cancel booking</button>
                <button type="button" id="cancel-no" class="secondary">Keep booking</button>
              </p>
            </div>
          </section>`
        : ''
    }
    ${closed}
    ${!actions.canCancel && !actions.canReschedule && closed.length === 0 ? html`<p class="hint" id="no-changes">This booking can no longer be changed online.</p>` : ''}`;
  const scripted = actions.canCancel || actions.canReschedule;
  return renderPage({
    title: 'Your booking',
    nonce,
    assets,
    tenant,
    script: scripted ? 'manage-page' : undefined,
    data: scripted
      ? {
          token,
          tenantSlug: view.tenant.slug,
          serviceSlug: view.service.slug,
          timezone: view.tenant.timezone,
          locale,
          startsAtMs: booking.startsAtMs,
          partySize: booking.partySize,
          maxAdvanceDays: { [view.service.slug]: view.service.maxAdvanceDays },
        }
      : undefined,
    body,
  });
}
