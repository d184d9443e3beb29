// The day, time-zone and slot choice of both pages: a month of days in the zone the visitor
// picks (their own by default) with the days that have free times marked, from one request to
// the public availability route per month shown, and the chosen day's free slots
// (docs/decisions.md "Booking pages").
import { availability } from './api.js';
import {
  addMonths,
  bookableDays,
  clampMonth,
  dayLabel,
  dayToSelect,
  monthBounds,
  monthLabel,
  monthOf,
  monthWindow,
  withinBounds,
  type IsoDate,
  type IsoMonth,
} from './month.js';
import { MonthView, type MonthParts } from './month-view.js';
import { isoDateIn } from '@svc/wall-clock';
import { formatTime } from './zoned.js';

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
  month: MonthParts;
  zone: HTMLSelectElement;
  list: HTMLElement;
  status: HTMLElement;
  /** "Try again" after a failed month, and the way to the next month after an empty one. */
  retry: HTMLButtonElement;
  later: HTMLButtonElement;
  /** A slot to leave out (the booking being moved). */
  exclude?: number;
  /** The instant whose day the picker opens on when it has free times (default: the first that has). */
  initialDay?: number;
  /** Each service's booking horizon in days (docs/decisions.md "Availability"), by slug. */
  maxAdvanceDays?: Readonly<Record<string, number>>;
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
  private readonly view: MonthView;
  /** The month shown, on the chosen zone's calendar. */
  private month: IsoMonth;
  /** The shown month's bookable days and their slots; undefined while it loads or after it failed. */
  private days: Map<IsoDate, Slot[]> | undefined;
  private busy = false;
  /** Whether the request that failed may move on to the next month: "Try again" repeats it as it was. */
  private retryAdvance = false;
  private day: IsoDate | undefined;
  private focus: IsoDate | undefined;

  constructor(private readonly opts: PickerOptions) {
    this.fillZones();
    this.month = this.openingMonth();
    this.view = new MonthView(opts.month, opts.locale, {
      select: (day) => this.selectDay(day),
      moved: (day) => (this.focus = day),
      show: (month, focus) => void this.showMonth(month, focus),
    });
    opts.zone.addEventListener('change', () => void this.load());
    opts.retry.addEventListener('click', () => void this.fetchMonth('', this.retryAdvance));
    opts.later.addEventListener('click', () => void this.showMonth(addMonths(this.month, 1)));
    this.draw();
  }

  get zone(): string {
    return this.opts.zone.value || this.opts.tenantTimeZone;
  }

  /** The chosen slot's start, if any. */
  selected(): number | undefined {
    const checked = this.opts.list.querySelector<HTMLInputElement>('input[name="slot"]:checked');
    return checked ? Number(checked.value) : undefined;
  }

  /** A service chosen: its slots from the opening month on (the next when the first has none left). */
  setService(serviceSlug: string, partySize = 1, staffId = ''): Promise<void> {
    this.serviceSlug = serviceSlug;
    this.partySize = partySize;
    this.staffId = staffId;
    this.month = this.openingMonth();
    this.day = undefined;
    this.focus = undefined;
    return this.fetchMonth('', true);
  }

  setPartySize(partySize: number): Promise<void> {
    this.partySize = partySize;
    return this.load();
  }

  setStaff(staffId: string): Promise<void> {
    this.staffId = staffId;
    return this.load();
  }

  /** Loads the shown month again (after a slot was taken, or in another zone); `note` is said first. */
  load(note = ''): Promise<void> {
    return this.fetchMonth(note, false);
  }

  private showMonth(month: IsoMonth, focus?: IsoDate): Promise<void> {
    this.month = month;
    this.focus = focus;
    return this.fetchMonth('', false);
  }

  private bounds() {
    const horizon = this.serviceSlug === undefined ? undefined : this.opts.maxAdvanceDays?.[this.serviceSlug];
    return monthBounds(Date.now(), this.zone, horizon);
  }

  /** The month of today, or of the initial day when that is later, in the chosen zone. */
  private openingMonth(): IsoMonth {
    return monthOf(isoDateIn(Math.max(Date.now(), this.opts.initialDay ?? 0), this.zone));
  }

  /**
   * One availability request for the shown month's days in the chosen zone; then the day to
   * select: the one chosen before (or the initial day) when it still has free times, else the
   * month's first that has. `advance`: an empty month moves on to the next once.
   */
  private async fetchMonth(note: string, advance: boolean): Promise<void> {
    const { opts } = this;
    const ticket = ++this.loading;
    this.month = clampMonth(this.month, this.bounds());
    const month = this.month;
    this.days = undefined;
    this.busy = this.serviceSlug !== undefined;
    opts.list.replaceChildren();
    opts.retry.hidden = true;
    opts.later.hidden = true;
    this.draw();
    if (!this.serviceSlug) return this.say('Choose a service first.');
    this.say(`${note}Loading free times…`.trim());
    const zone = this.zone;
    const { fromMs, toMs } = monthWindow(month, zone);
    const answer = await availability(opts.tenantSlug, {
      serviceSlug: this.serviceSlug,
      fromMs,
      toMs,
      ...(this.partySize > 1 ? { partySize: this.partySize } : {}),
      ...(this.staffId ? { staffId: this.staffId } : {}),
    });
    if (ticket !== this.loading) return; // a newer choice is loading
    this.busy = false;
    if (!answer.ok) {
      this.retryAdvance = advance;
      this.draw();
      opts.retry.hidden = false;
      return this.say(`${note}The free times of ${monthLabel(month, opts.locale)} could not be loaded.`.trim());
    }
    const days = bookableDays(answer.data.slots, zone, { nowMs: Date.now(), exclude: opts.exclude });
    const next = addMonths(month, 1);
    if (days.size === 0 && advance && withinBounds(next, this.bounds())) {
      this.month = next;
      return this.fetchMonth(note, false);
    }
    this.days = days;
    const initial = opts.initialDay === undefined ? undefined : isoDateIn(opts.initialDay, zone);
    this.day = dayToSelect(days, month, [this.day, initial]);
    this.showDay(note);
  }

  private selectDay(day: IsoDate): void {
    if (!this.days?.has(day)) return;
    this.day = day;
    this.focus = day;
    this.showDay('');
  }

  /** Draws the month and lists the selected day's slots, or says why there are none. */
  private showDay(note: string): void {
    const { opts } = this;
    this.draw();
    opts.list.replaceChildren();
    const slots = (this.day && this.days?.get(this.day)) || [];
    slots.forEach((slot, i) => opts.list.append(this.slotChoice(slot, i)));
    if (this.day) {
      const times = slots.length === 1 ? '1 free time' : `${slots.length} free times`;
      return this.say(`${note}${times} on ${dayLabel(this.day, opts.locale)}.`.trim());
    }
    const next = addMonths(this.month, 1);
    const later = withinBounds(next, this.bounds());
    opts.later.hidden = !later;
    opts.later.textContent = `Show ${monthLabel(next, opts.locale)}`;
    this.say(
      `${note}No free times in ${monthLabel(this.month, opts.locale)}.${later ? '' : ' Later days cannot be booked online yet.'}`.trim(),
    );
  }

  private draw(): void {
    const today = isoDateIn(Date.now(), this.zone);
    const inMonth = (d: IsoDate | undefined) => (d !== undefined && monthOf(d) === this.month ? d : undefined);
    // The tab stop: where the visitor last put it in this month, else the selected day, else today.
    const focus = inMonth(this.focus) ?? inMonth(this.day) ?? inMonth(today) ?? `${this.month}-01`;
    this.view.render({
      month: this.month,
      bounds: this.bounds(),
      today,
      bookable: this.days === undefined ? undefined : new Set(this.days.keys()),
      loading: this.busy,
      selected: this.day,
      focus,
    });
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
 * The picker over the fields src/picker-html.ts renders (the same ids on both pages), for
 * the page's tenant as its data block names it (with its services' horizons, when it gives them).
 */
export function pickerOnPage(
  page: { tenantSlug: string; timezone: string; locale: string; maxAdvanceDays?: Record<string, number> },
  extra: Pick<PickerOptions, 'exclude' | 'initialDay'> = {},
): SlotPicker {
  return new SlotPicker({
    tenantSlug: page.tenantSlug,
    locale: page.locale,
    tenantTimeZone: page.timezone,
    month: {
      root: byId('month'),
      title: byId('month-title'),
      prev: byId('month-prev'),
      next: byId('month-next'),
      grid: byId('month-grid'),
    },
    zone: byId('zone'),
    list: byId('slot-list'),
    status: byId('slots-status'),
    retry: byId('month-retry'),
    later: byId('month-later'),
    ...(page.maxAdvanceDays ? { maxAdvanceDays: page.maxAdvanceDays } : {}),
    ...extra,
  });
}
