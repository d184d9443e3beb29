import { html } from '@svc/html';
import type { PageAssets } from './bundle.js';
import { neutralLook, renderPage } from './layout.js';
import type { ErrorPageView } from './view-models.js';

/** What a customer reads when a page cannot be shown, by the error's code. */
const SENTENCES: Record<string, string> = {
  NOT_FOUND: 'This page does not exist, or the booking link is not valid (links expire 30 days after booking).',
  TENANT_INACTIVE: 'This business is not taking bookings at the moment.',
  FORBIDDEN: 'This link does not allow that.',
  AUTH_REQUIRED: 'This sign-in link is not valid: it was used already or has expired. Ask for a new one.',
  RATE_LIMITED: 'Too many requests from your connection. Please wait a minute and reload the page.',
  BOOKING_POLICY_BLOCKED: 'Bookings are briefly unavailable. Please reload the page in a moment.',
  VALIDATION_ERROR: 'This address is not valid. Please check the link.',
};

/**
 * A page's error as a page (a browser asked for HTML): the sentence for its code, the code and
 * the request id to quote. The tenant may be unknown, so the look is the neutral one.
 */
export function renderErrorPage(error: ErrorPageView, assets: PageAssets, nonce: string): string {
  const sentence = SENTENCES[error.code] ?? 'Something went wrong on our side. Please try again in a moment.';
  return renderPage({
    title: 'Not available',
    nonce,
    assets,
    tenant: neutralLook('Booking'),
    body: html`<h1>Sorry</h1>
      <p id="error-message">${sentence}</p>
      <p class="hint">Error ${error.code}, request ${error.requestId}.</p>`,
  });
}
