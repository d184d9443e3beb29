import { formatMoney } from './stripe-currency.js';
import type { StripeCheckoutSession } from './stripe-standin-ledger.js';

/**
 * The Stripe stand-in's hosted payment page, in place of Stripe Checkout's page for browser
 * tests: what the customer pays (each line item and the total), a "Pay" button that completes
 * the session, and a "Back" link to the session's `cancel_url`, as Checkout offers one
 * (https://docs.stripe.com/api/checkout/sessions/object: `url`, `success_url`, `cancel_url`).
 * No card fields: the stand-in's card always goes through.
 */

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(title)}</title></head>`,
    '<body><main>',
    '<p role="note">Test mode: a stand-in for Stripe Checkout; no card is charged.</p>',
    body,
    '</main></body></html>',
  ].join('\n');
}

/** The page of an open session. */
export function checkoutPage(session: StripeCheckoutSession, accountName: string | null, savesCard: boolean): string {
  const total = formatMoney(session.amount_total, session.currency);
  const items = (session.line_items?.data ?? [])
    .map(
      (li) =>
        `<li>${escape(li.description)} × ${li.quantity}: ${escape(formatMoney(li.amount_total, li.currency))}</li>`,
    )
    .join('');
  return page(
    `Pay ${total}`,
    [
      `<h1>Pay ${escape(accountName ?? 'this business')}</h1>`,
      `<ul>${items}</ul>`,
      `<p>Total due: <strong data-testid="amount">${escape(total)}</strong></p>`,
      session.customer_email ? `<p>Receipt to ${escape(session.customer_email)}</p>` : '',
      // Checkout says so when the session saves the card (setup_future_usage).
      savesCard
        ? `<p>By paying you allow ${escape(accountName ?? 'this business')} to charge your card for future payments in line with its terms.</p>`
        : '',
      `<form method="post" action="/pay/${encodeURIComponent(session.id)}"><button type="submit">Pay ${escape(total)}</button></form>`,
      session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : '',
    ].join('\n'),
  );
}

/** The page of a session that can no longer be paid (expired), or was paid without a success_url. */
export function closedPage(session: StripeCheckoutSession): string {
  if (session.status === 'complete') return page('Payment complete', '<h1>Payment complete</h1><p>Thank you.</p>');
  return page(
    'Session expired',
    [
      '<h1>This checkout session has expired</h1>',
      session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : '',
    ].join('\n'),
  );
}

/** The success URL with Checkout's `{CHECKOUT_SESSION_ID}` template filled in. */
export function successRedirect(session: StripeCheckoutSession): string | null {
  return session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
}
