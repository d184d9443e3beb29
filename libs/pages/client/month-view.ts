// The month of the slot picker as a WAI-ARIA date grid (docs/decisions.md "Booking pages"): a
// table with role=grid labelled by the month's heading (a live region, so a new month is
// announced), a button per day with one tab stop that the arrows, Home/End and PageUp/PageDown
// move; Enter or Space (the button's own click) selects. Days without free times stay focusable
// but are aria-disabled and cannot be selected. It only draws and reports; the picker decides.
import {
  addMonths,
  dayLabel,
  keyMove,
  monthGrid,
  monthLabel,
  monthOf,
  weekdayNames,
  withinBounds,
  firstDayOfWeek,
  type IsoDate,
  type IsoMonth,
} from './month.js';

/** The elements src/picker-html.ts renders. */
export interface MonthParts {
  root: HTMLElement;
  title: HTMLElement;
  prev: HTMLButtonElement;
  next: HTMLButtonElement;
  grid: HTMLTableElement;
}

export interface MonthState {
  month: IsoMonth;
  bounds: { min: IsoMonth; max: IsoMonth | undefined };
  /** Today in the chosen zone (marked aria-current). */
  today: IsoDate;
  /** The month's bookable days; undefined while it loads or after it failed (every day disabled). */
  bookable: ReadonlySet<IsoDate> | undefined;
  loading: boolean;
  selected: IsoDate | undefined;
  /** The grid's one tab stop, a day of `month`. */
  focus: IsoDate;
}

export interface MonthHandlers {
  /** A bookable day was chosen. */
  select(day: IsoDate): void;
  /** The tab stop moved to `day` of the month shown. */
  moved(day: IsoDate): void;
  /** Show `month` (a neighbour, or where a key led), with the tab stop on `focus` if given. */
  show(month: IsoMonth, focus?: IsoDate): void;
}

export class MonthView {
  private state: MonthState | undefined;
  private readonly firstDay: number;

  constructor(
    private readonly parts: MonthParts,
    private readonly locale: string,
    private readonly on: MonthHandlers,
  ) {
    this.firstDay = firstDayOfWeek(locale);
    const head = document.createElement('tr');
    for (const { short, long } of weekdayNames(locale, this.firstDay)) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.abbr = long;
      th.textContent = short;
      head.append(th);
    }
    parts.grid.tHead!.replaceChildren(head);
    parts.prev.addEventListener('click', () => this.step(-1));
    parts.next.addEventListener('click', () => this.step(1));
    parts.grid.addEventListener('click', (event) => {
      const day = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-date]')?.dataset.date;
      if (!day || !this.state) return;
      this.moveTo(day);
      if (this.state.bookable?.has(day)) this.on.select(day);
    });
    parts.grid.addEventListener('keydown', (event) => this.key(event));
    parts.root.hidden = false;
  }

  private step(by: number): void {
    if (!this.state) return;
    const target = addMonths(this.state.month, by);
    if (withinBounds(target, this.state.bounds)) this.on.show(target);
  }

  private key(event: KeyboardEvent): void {
    const state = this.state;
    if (!state || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = keyMove(state.focus, event.key, { firstDay: this.firstDay, shift: event.shiftKey });
    if (target === undefined) return;
    event.preventDefault();
    const month = monthOf(target);
    if (month === state.month) {
      this.moveTo(target);
    } else if (withinBounds(month, state.bounds)) {
      this.on.show(month, target);
    }
    // Beyond the months that can be booked: the focus stays.
  }

  private moveTo(day: IsoDate): void {
    this.state!.focus = day;
    this.on.moved(day);
    this.render(this.state!);
  }

  /** Draws `state`; the focus follows the tab stop when it was in the grid. */
  render(state: MonthState): void {
    this.state = state;
    const { parts } = this;
    const hadFocus = parts.grid.contains(document.activeElement);
    const title = monthLabel(state.month, this.locale);
    // Set only on a change: the heading is a live region.
    if (parts.title.textContent !== title) parts.title.textContent = title;
    setDisabled(parts.prev, !withinBounds(addMonths(state.month, -1), state.bounds));
    setDisabled(parts.next, !withinBounds(addMonths(state.month, 1), state.bounds));
    parts.grid.setAttribute('aria-busy', String(state.loading));
    parts.grid.dataset.month = state.month;
    const body = document.createElement('tbody');
    for (const week of monthGrid(state.month, this.firstDay)) {
      const row = document.createElement('tr');
      for (const day of week) row.append(this.cell(day, state));
      body.append(row);
    }
    parts.grid.tBodies[0]?.remove();
    parts.grid.append(body);
    if (hadFocus) body.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }

  private cell(day: IsoDate | null, state: MonthState): HTMLTableCellElement {
    const td = document.createElement('td');
    td.setAttribute('role', 'gridcell');
    if (day === null) return td;
    const free = state.bookable?.has(day) ?? false;
    td.setAttribute('aria-selected', String(day === state.selected));
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'day';
    button.dataset.date = day;
    button.tabIndex = day === state.focus ? 0 : -1;
    button.textContent = String(Number(day.slice(8)));
    button.setAttribute('aria-label', dayLabel(day, this.locale));
    if (!free) button.setAttribute('aria-disabled', 'true');
    if (day === state.today) button.setAttribute('aria-current', 'date');
    td.append(button);
    return td;
  }
}

/** aria-disabled, not `disabled`: a button that had the focus keeps it. */
function setDisabled(button: HTMLButtonElement, disabled: boolean): void {
  if (disabled) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
}
