import { html, type SafeHtml } from '@svc/html';

/**
 * The zone, month and slot fields both pages share (client/slot-picker.ts fills them): the zone
 * list starts with the tenant's zone and the script adds every zone, the visitor's chosen. The
 * month is a date grid (docs/decisions.md "Booking pages") the script draws and shows: without
 * it the page's `<noscript>` explains. `heading` is the month heading's level on the page.
 */
export const slotPickerFields = (tenantTimeZone: string, heading: 2 | 3): SafeHtml =>
  html` <label for="zone">Show times in time zone</label>
    <select id="zone" name="zone">
      <option value="${tenantTimeZone}">${tenantTimeZone}</option>
    </select>
    <div id="month" class="month" hidden>
      <div class="month-head">
        <button type="button" id="month-prev" class="secondary" aria-label="Previous month">‹</button>
        ${
          heading === 2
            ? html`<h2 id="month-title" class="month-title" aria-live="polite"></h2>`
            : html`<h3 id="month-title" class="month-title" aria-live="polite"></h3>`
        }
        <button type="button" id="month-next" class="secondary" aria-label="Next month">›</button>
      </div>
      <table id="month-grid" role="grid" aria-labelledby="month-title">
        <thead></thead>
        <tbody></tbody>
      </table>
    </div>
    <p id="slots-status" class="hint" role="status" aria-live="polite"></p>
    <p class="month-actions">
      <button type="button" id="month-retry" class="secondary" hidden>Try again</button>
      <button type="button" id="month-later" class="secondary" hidden></button>
    </p>
    <p id="slots-label" class="hint">Free times</p>
    <div id="slot-list" class="slots" role="radiogroup" aria-labelledby="slots-label"></div>`;
