import { html, type SafeHtml } from './html.js';

/**
 * The day, zone and slot fields both pages share (client/slot-picker.ts fills them): the zone
 * list starts with the tenant's zone and the script adds every zone, the visitor's chosen.
 */
export const slotPickerFields = (tenantTimeZone: string): SafeHtml =>
  html` <label for="day">Day</label>
    <input type="date" id="day" name="day" required />
    <label for="zone">Show times in time zone</label>
    <select id="zone" name="zone">
      <option value="${tenantTimeZone}">${tenantTimeZone}</option>
    </select>
    <p id="slots-label" class="hint">Free times</p>
    <p id="slots-status" class="hint" role="status" aria-live="polite"></p>
    <div id="slot-list" class="slots" role="radiogroup" aria-labelledby="slots-label"></div>`;
