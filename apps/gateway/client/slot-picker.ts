// The day, time-zone and slot choice of both pages: the day's free slots from the public
// availability route, shown in the zone the visitor picks (their own by default).
import { getJson } from './api.js';
import { dayWindow, formatTime, isoDateIn } from './zoned.js';

interface Slot {
  startsAtMs: number;
  endsAtMs: number;
  /** A seated service's slot: the most seats one booking could still take. */
  seatsLeft?: number;
}

export interface PickerOptions {
  tenantSlug: string;
  locale: string;
  tenantTimeZone: string;
  /** The picker's parts. */
  day: HTMLInputElement;
  zone: HTMLSelectElement;
  list: HTMLElement;
  status: HTMLElement;
  /** A slot to leave out (the booking being moved). */
  exclude?: number;
  /** The instant whose day the picker opens on (default today). */
  initialDay?: number;
}

const byId = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el as T;
};
export { byId };

export class SlotPicker {
  private serviceSlug: string | undefined;
  /** The seats the booking takes: a seated service's slots without room for them are not shown. */
  private partySize = 1;
  /** The staff member chosen (docs/decisions.md "Staff assignment"); '' = anyone available. */
  private staffId = '';
  private loading = 0;

  constructor(private readonly opts: PickerOptions) {
    this.fillZones();
    opts.day.min = isoDateIn(Date.now(), this.zone);
    if (!opts.day.value) opts.day.value = isoDateIn(Math.max(Date.now(), opts.initialDay ?? 0), this.zone);
    opts.day.addEventListener('change', () => void this.load());
    opts.zone.addEventListener('change', () => void this.load());
  }

  get zone(): string {
    return this.opts.zone.value || this.opts.tenantTimeZone;
  }

  /** The chosen slot's start, if any. */
  selected(): number | undefined {
    const checked = this.opts.list.querySelector<HTMLInputElement>('input[name="slot"]:checked');
    return checked ? Number(checked.value) : undefined;
  }

  setService(serviceSlug: string, partySize = 1, staffId = ''): Promise<void> {
    this.serviceSlug = serviceSlug;
    this.partySize = partySize;
    this.staffId = staffId;
    return this.load();
  }

  setPartySize(partySize: number): Promise<void> {
    this.partySize = partySize;
    return this.load();
  }

  setStaff(staffId: string): Promise<void> {
    this.staffId = staffId;
    return this.load();
  }

  /** Loads the chosen day's slots again (after one was taken); `note` is said first. */
  async load(note = ''): Promise<void> {
    const { opts } = this;
    const ticket = ++this.loading;
    opts.list.replaceChildren();
    if (!this.serviceSlug) return this.say('Choose a service first.');
    if (!opts.day.value) return this.say('Choose a day.');
    this.say(`${note}Loading free times…`.trim());
    const { fromMs, toMs } = dayWindow(opts.day.value, this.zone);
    const query = new URLSearchParams({ serviceSlug: this.serviceSlug, fromMs: String(fromMs), toMs: String(toMs) });
    if (this.partySize > 1) query.set('partySize', String(this.partySize));
    if (this.staffId) query.set('staffId', this.staffId);
    const answer = await getJson<{ slots: Slot[] }>(
      `/book/${encodeURIComponent(opts.tenantSlug)}/availability?${query}`,
    );
    if (ticket !== this.loading) return; // a newer choice is loading
    if (!answer.ok) return this.say(`${note}The free times could not be loaded. Please try again.`.trim());
    const slots = answer.data.slots.filter((s) => s.startsAtMs !== opts.exclude && s.startsAtMs > Date.now());
    slots.forEach((slot, i) => opts.list.append(this.slotChoice(slot, i)));
    this.say(
      `${note}${slots.length === 0 ? 'No free times on this day. Please choose another day.' : `${slots.length} free times.`}`.trim(),
    );
  }

  private slotChoice(slot: Slot, i: number): HTMLElement {
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'slot';
    input.id = `slot-${i}`;
    input.value = String(slot.startsAtMs);
    input.required = true;
    const label = document.createElement('label');
    label.htmlFor = input.id;
    label.textContent = formatTime(slot.startsAtMs, this.opts.locale, this.zone);
    if (slot.seatsLeft !== undefined) {
      const seats = document.createElement('span');
      seats.className = 'seats';
      seats.textContent = ` · ${slot.seatsLeft} ${slot.seatsLeft === 1 ? 'seat' : 'seats'} left`;
      label.append(seats);
    }
    const wrap = document.createElement('span');
    wrap.className = 'slot';
    wrap.append(input, label);
    return wrap;
  }

  private say(text: string): void {
    this.opts.status.textContent = text;
  }

  /** Every zone the browser knows, the visitor's own chosen, the tenant's marked. */
  private fillZones(): void {
    const select = this.opts.zone;
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Intl.supportedValuesOf is missing from browsers older than 2022: then the two zones only.
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const zones = new Set<string>([own, this.opts.tenantTimeZone, ...known]);
    select.replaceChildren(
      ...[...zones].sort().map((zone) => {
        const option = document.createElement('option');
        option.value = zone;
        option.textContent = zone === this.opts.tenantTimeZone ? `${zone} (business)` : zone;
        return option;
      }),
    );
    select.value = own;
  }
}

/**
 * The picker over the fields src/pages/picker-html.ts renders (the same ids on both pages), for
 * the page's tenant as its data block names it.
 */
export function pickerOnPage(
  page: { tenantSlug: string; timezone: string; locale: string },
  extra: Pick<PickerOptions, 'exclude' | 'initialDay'> = {},
): SlotPicker {
  return new SlotPicker({
    tenantSlug: page.tenantSlug,
    locale: page.locale,
    tenantTimeZone: page.timezone,
    day: byId('day'),
    zone: byId('zone'),
    list: byId('slot-list'),
    status: byId('slots-status'),
    ...extra,
  });
}
