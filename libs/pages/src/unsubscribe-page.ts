import { html } from '@svc/html';
import type { PageAssets } from './bundle.js';
import { neutralLook, renderPage } from './layout.js';
import type { UnsubscribePageView } from './view-models.js';

/**
 * The page of an unsubscribe link (docs/decisions.md "Notifications"). Opening the link only asks
 * (a mail scanner that follows links must not unsubscribe anyone); the button posts the same
 * one-click body a mail program sends for List-Unsubscribe-Post.
 */
export function renderUnsubscribePage(view: UnsubscribePageView, assets: PageAssets, nonce: string): string {
  const tenant = neutralLook(view.tenantName);
  const body = view.unsubscribed
    ? html`<h1>No more reminders</h1>
        <p id="unsubscribed">You will get no more appointment reminders from ${view.tenantName}.</p>
        <p class="hint">Confirmations and changes of your bookings still reach you.</p>`
    : html`<h1>Stop reminders?</h1>
        <p>You get a reminder before each appointment with ${view.tenantName}.</p>
        <form method="post">
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" id="unsubscribe">Stop reminders</button>
        </form>
        <p class="hint">Confirmations and changes of your bookings still reach you.</p>`;
  return renderPage({ title: view.unsubscribed ? 'Unsubscribed' : 'Stop reminders', nonce, assets, tenant, body });
}
