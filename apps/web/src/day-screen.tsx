import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  ApiError,
  get,
  getAll,
  post,
  type Booking,
  type Customer,
  type Resource,
  type Service,
  type Session,
  type Staff,
  type Tenant,
} from './api.js';
import {
  agendaOf,
  columnsOf,
  heldRequests,
  mergeBooking,
  ownedBy,
  placeInDay,
  timeLeft,
  weekOfDay,
} from './day-model.js';
import { BookingScreen } from './booking-screen.js';
import { CatalogScreen } from './catalog-screen.js';
import { CustomerScreen, CustomersScreen } from './customer-screens.js';
import { ErrorNote } from './error-note.js';
import { SelectField } from './fields.js';
import { HoursScreen } from './hours-screen.js';
import { ApiKeysScreen, MembersScreen, WebhooksScreen } from './settings-screens.js';
import { SettingsScreen } from './workspace-settings.js';
import { WelcomeScreen } from './welcome-screen.js';
import {
  browserZone,
  dayWindow,
  isoDateIn,
  longDate,
  nextIsoDate,
  previousIsoDate,
  shortDate,
  statusWords,
  timeRange,
} from './format.js';
import { listenForChanges, type LiveState } from './live.js';

const WRITE_ROLES = new Set(['tenant_owner', 'tenant_admin']);
/** After a reconnect, changes may come in a burst: one reload for all of it. */
const RELOAD_DEBOUNCE_MS = 150;

interface Catalog {
  tenant: Tenant;
  staff: Staff[];
  resources: Resource[];
  services: Service[];
}

interface DayData {
  bookings: Booking[];
  held: Booking[];
}

/** The front desk's screen: held requests on top, then the day as an agenda or a grid. */
export function DayScreen({ session }: { session: Session }) {
  const canWrite = WRITE_ROLES.has(session.role);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [useMyZone, setUseMyZone] = useState(false);
  const [day, setDay] = useState<string | null>(null);
  const [view, setView] = useState<'agenda' | 'grid' | 'week'>('agenda');
  const [data, setData] = useState<DayData | null>(null);
  const [live, setLive] = useState<LiveState>('connecting');
  const [now, setNow] = useState(Date.now());
  const customers = useCustomers();
  const route = useRoute();
  /** Counts pushed changes: the booking screen reloads on each. */
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    Promise.all([
      get<Tenant>('/api/tenant'),
      getAll<Staff>('/api/staff'),
      getAll<Resource>('/api/resources'),
      getAll<Service>('/api/services'),
    ]).then(([tenant, staff, resources, services]) => setCatalog({ tenant, staff, resources, services }), setError);
  }, []);

  const zone = catalog ? (useMyZone ? browserZone() : catalog.tenant.timezone) : 'UTC';
  const locale = catalog?.tenant.locale ?? 'en';
  const today = isoDateIn(now, zone);
  const shownDay = day ?? today;
  const window = useMemo(() => dayWindow(shownDay, zone), [shownDay, zone]);
  const week = useMemo(() => weekOfDay(shownDay).map((d) => ({ date: d, ...dayWindow(d, zone) })), [shownDay, zone]);
  /** What is read: the day, or its week (Monday to Sunday) in the week view. */
  const range = view === 'week' ? { fromMs: week[0]!.fromMs, toMs: week[6]!.toMs } : window;

  const load = useCallback(async () => {
    try {
      const [bookings, held] = await Promise.all([
        getAll<Booking>(`/api/bookings?fromMs=${range.fromMs}&toMs=${range.toMs}`),
        getAll<Booking>(`/api/bookings?status=held&fromMs=${Date.now() - 86_400_000}`),
      ]);
      performance.mark('day-data-arrived');
      setData({ bookings, held });
      customers.want([...bookings, ...held].map((b) => b.customerId));
    } catch (err) {
      setError(err as ApiError);
    }
  }, [range.fromMs, range.toMs]);

  useEffect(() => {
    if (catalog) void load();
  }, [catalog, load]);

  // A pushed change: that booking is read and merged in (one small request, whatever the day
  // holds); a possible gap (a reconnect) reads everything again, once for a burst.
  const loadRef = useRef(load);
  loadRef.current = load;
  const rangeRef = useRef(range);
  rangeRef.current = range;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadAll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void loadRef.current(), RELOAD_DEBOUNCE_MS);
    };
    const stop = listenForChanges((bookingId) => {
      setChanges((n) => n + 1);
      if (bookingId === null) return reloadAll();
      get<Booking>(`/api/bookings/${bookingId}`).then((changed) => {
        customers.want([changed.customerId]);
        setData((d) => d && mergeBooking(d, changed, rangeRef.current));
      }, reloadAll);
    }, setLive);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);

  // The holds' countdowns.
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  useEffect(() => {
    if (data) performance.mark('day-rendered');
  }, [data]);

  const act = async (booking: Booking, action: 'confirm' | 'decline') => {
    setError(null);
    try {
      if (action === 'confirm') await post(`/api/bookings/${booking.bookingId}/confirm`);
      else await post(`/api/bookings/${booking.bookingId}/cancel`, { reason: 'declined' });
      await load();
    } catch (err) {
      setError(err as ApiError);
    }
  };

  if (!catalog) {
    return (
      <main class="centered" aria-busy={error ? 'false' : 'true'}>
        {error ? <ErrorNote error={error} /> : <p>Loading…</p>}
      </main>
    );
  }
  const services = new Map(catalog.services.map((s) => [s.serviceId, s.name]));
  const staffNames = new Map(catalog.staff.map((s) => [s.staffId, s.displayName]));
  const describe = (b: Booking) => ({
    who: customers.name(b.customerId),
    what: services.get(b.serviceId) ?? 'Service',
    with: b.staffIds.map((id) => staffNames.get(id) ?? 'Staff member').join(', '),
    when: timeRange(b.startsAtMs, b.endsAtMs, locale, zone),
  });
  const held = data ? heldRequests(data.held, now) : [];

  return (
    <div class="layout">
      <header class="topbar">
        <strong>{session.tenant.name}</strong>
        <nav aria-label="Sections" class="sections">
          {NAV_LINKS.filter((x) => canWrite || !x.writers).map((x) => (
            <a key={x.href} href={x.href} aria-current={x.views.includes(route.view) ? 'page' : undefined}>
              {x.label}
            </a>
          ))}
        </nav>
        <span class={`live live-${live}`} role="status">
          {live === 'live' ? 'Live' : live === 'stopped' ? 'Live updates stopped: reload the page' : 'Connecting…'}
        </span>
        <label class="zone">
          <input
            type="checkbox"
            checked={useMyZone}
            onChange={(e) => setUseMyZone((e.target as HTMLInputElement).checked)}
          />
          Times in my zone ({browserZone()}) instead of the workspace's ({catalog.tenant.timezone})
        </label>
        <span class="hint">
          {session.user.email} · {session.role.replace('tenant_', '')}
        </span>
      </header>
      {route.view === 'booking' ? (
        <BookingScreen
          key={route.id}
          bookingId={route.id}
          session={session}
          tenant={catalog.tenant}
          zone={zone}
          changed={changes}
        />
      ) : route.view === 'catalog' ? (
        <CatalogScreen session={session} tenant={catalog.tenant} zone={zone} />
      ) : route.view === 'settings' ? (
        <SettingsScreen
          session={session}
          tenant={catalog.tenant}
          zone={zone}
          staff={catalog.staff}
          onTenant={(tenant) => setCatalog((c) => c && { ...c, tenant })}
        />
      ) : route.view === 'members' ? (
        <MembersScreen session={session} />
      ) : route.view === 'webhooks' ? (
        <WebhooksScreen session={session} tenant={catalog.tenant} zone={zone} />
      ) : route.view === 'api-keys' ? (
        <ApiKeysScreen session={session} tenant={catalog.tenant} zone={zone} />
      ) : route.view === 'hours' ? (
        <HoursScreen session={session} staff={catalog.staff} resources={catalog.resources} zone={zone} />
      ) : route.view === 'welcome' ? (
        <WelcomeScreen tenant={catalog.tenant} services={catalog.services} />
      ) : route.view === 'customers' ? (
        <CustomersScreen session={session} />
      ) : route.view === 'customer' ? (
        <CustomerScreen key={route.id} customerId={route.id} session={session} tenant={catalog.tenant} zone={zone} />
      ) : (
        <main>
          {error && <ErrorNote error={error} />}
          <section aria-labelledby="held-title" class="held">
            <h2 id="held-title">Waiting for confirmation ({held.length})</h2>
            {held.length === 0 ? (
              <p class="hint">No request is waiting.</p>
            ) : (
              <ul class="held-list">
                {held.map((b) => {
                  const d = describe(b);
                  return (
                    <li key={b.bookingId} class="held-item" data-booking-id={b.bookingId}>
                      <div>
                        <a href={`#/booking/${b.bookingId}`}>
                          <strong>{d.who}</strong>
                        </a>{' '}
                        · {d.what}
                        {d.with && ` with ${d.with}`}
                        <br />
                        {longDate(isoDateIn(b.startsAtMs, zone), locale)}, {d.when}
                      </div>
                      <div class="countdown" aria-label={`${timeLeft(b.holdExpiresAtMs!, now)} left to confirm`}>
                        {timeLeft(b.holdExpiresAtMs!, now)} left
                      </div>
                      {canWrite && (
                        <div class="actions">
                          <button type="button" class="primary" onClick={() => void act(b, 'confirm')}>
                            Confirm
                          </button>
                          <button type="button" onClick={() => void act(b, 'decline')}>
                            Decline
                          </button>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section aria-labelledby="day-title">
            <div class="day-nav">
              <button type="button" onClick={() => setDay(previousIsoDate(shownDay))} aria-label="Previous day">
                ‹
              </button>
              <button type="button" onClick={() => setDay(null)} disabled={shownDay === today}>
                Today
              </button>
              <button type="button" onClick={() => setDay(nextIsoDate(shownDay))} aria-label="Next day">
                ›
              </button>
              <h2 id="day-title">{longDate(shownDay, locale)}</h2>
              <div role="group" aria-label="View" class="views">
                <button type="button" aria-pressed={view === 'agenda'} onClick={() => setView('agenda')}>
                  Agenda
                </button>
                <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
                  By staff and resource
                </button>
                <button type="button" aria-pressed={view === 'week'} onClick={() => setView('week')}>
                  Week
                </button>
              </div>
            </div>
            {!data ? (
              <p aria-busy="true">Loading the day…</p>
            ) : view === 'agenda' ? (
              <Agenda bookings={data.bookings} describe={describe} />
            ) : view === 'week' ? (
              <WeekGrid bookings={data.bookings} catalog={catalog} week={week} locale={locale} describe={describe} />
            ) : (
              <DayGrid data={data} catalog={catalog} window={window} describe={describe} />
            )}
          </section>
        </main>
      )}
    </div>
  );
}

const SECTIONS = ['customers', 'catalog', 'hours', 'settings', 'webhooks', 'api-keys', 'members', 'welcome'] as const;
type Section = (typeof SECTIONS)[number];

type Route = { view: 'day' } | { view: 'booking' | 'customer'; id: string } | { view: Section };

/** The top bar's links: the views each stands for (shown as current), and whether only writers see it. */
const NAV_LINKS: ReadonlyArray<{ href: string; label: string; views: ReadonlyArray<Route['view']>; writers?: true }> = [
  { href: '#/', label: 'Day', views: ['day'] },
  { href: '#/customers', label: 'Customers', views: ['customers', 'customer'] },
  { href: '#/catalog', label: 'Catalog', views: ['catalog'] },
  { href: '#/hours', label: 'Hours', views: ['hours'] },
  { href: '#/settings', label: 'Settings', views: ['settings'] },
  { href: '#/webhooks', label: 'Webhooks', views: ['webhooks'] },
  { href: '#/api-keys', label: 'API keys', views: ['api-keys'], writers: true },
  { href: '#/members', label: 'Members', views: ['members'], writers: true },
];

/** The app's views are addressed after `#`: `#/` the day, `#/booking/<id>`, `#/customers`, `#/customer/<id>`. */
function useRoute(): Route {
  const read = (): Route => {
    const m = /^#\/(booking|customer)\/([A-Za-z0-9_-]{1,64})$/.exec(location.hash);
    if (m) return { view: m[1] as 'booking' | 'customer', id: m[2]! };
    const view = location.hash.slice(2);
    return (SECTIONS as readonly string[]).includes(view) ? { view: view as Section } : { view: 'day' };
  };
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

type Describe = (b: Booking) => { who: string; what: string; with: string; when: string };

function Agenda({ bookings, describe }: { bookings: Booking[]; describe: Describe }) {
  if (bookings.length === 0) return <p class="hint">No bookings on this day.</p>;
  return (
    <ol class="agenda">
      {agendaOf(bookings).map((b) => {
        const d = describe(b);
        return (
          <li key={b.bookingId} class={`agenda-item status-${b.status}`} data-booking-id={b.bookingId}>
            <span class="when">{d.when}</span>
            <a class="who" href={`#/booking/${b.bookingId}`}>
              {d.who}
            </a>
            <span class="what">
              {d.what}
              {d.with && ` · ${d.with}`}
              {b.partySize > 1 && ` · ${b.partySize} people`}
            </span>
            <span class="status">{statusWords(b)}</span>
          </li>
        );
      })}
    </ol>
  );
}

function DayGrid({
  data,
  catalog,
  window,
  describe,
}: {
  data: DayData;
  catalog: Catalog;
  window: { fromMs: number; toMs: number };
  describe: Describe;
}) {
  const columns = columnsOf(data.bookings, catalog.staff, catalog.resources);
  return (
    <div class="grid" role="list">
      {columns.map((column) => (
        <div key={column.key} class="grid-column" role="listitem" aria-label={column.label}>
          <h3>{column.label}</h3>
          <div class="grid-day">
            {column.bookings.map((b) => {
              return <PlacedBooking key={b.bookingId} booking={b} day={window} describe={describe} />;
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A booking in a day column: placed by its share of the day, a link to its screen. */
function PlacedBooking({
  booking,
  day,
  describe,
}: {
  booking: Booking;
  day: { fromMs: number; toMs: number };
  describe: Describe;
}) {
  const place = placeInDay(booking, day.fromMs, day.toMs);
  const d = describe(booking);
  return (
    <a
      href={`#/booking/${booking.bookingId}`}
      class={`grid-booking status-${booking.status}`}
      ref={(el) => {
        // Positions through the CSSOM: the CSP refuses style attributes.
        if (el) {
          el.style.top = `${place.top * 100}%`;
          el.style.height = `${place.height * 100}%`;
        }
      }}
      title={`${d.when} ${d.who}, ${d.what}`}
    >
      {d.when} {d.who}
    </a>
  );
}

/** The week of the shown day, a column a day, for everyone or one staff member or resource. */
function WeekGrid({
  bookings,
  catalog,
  week,
  locale,
  describe,
}: {
  bookings: Booking[];
  catalog: Catalog;
  week: Array<{ date: string; fromMs: number; toMs: number }>;
  locale: string;
  describe: Describe;
}) {
  const [whose, setWhose] = useState('all');
  const shown = bookings.filter((b) => b.status !== 'cancelled' && ownedBy(b, whose));
  return (
    <>
      <p>
        <SelectField
          label="Whose week"
          id="week-owner"
          value={whose}
          onValue={setWhose}
          choices={[
            { value: 'all', label: 'Everyone' },
            ...catalog.staff.map((s) => ({ value: `staff:${s.staffId}`, label: s.displayName })),
            ...catalog.resources.map((r) => ({ value: `resource:${r.resourceId}`, label: r.name })),
          ]}
        />
      </p>
      <div class="grid week-grid" role="list">
        {week.map((day) => (
          <div key={day.date} class="grid-column" role="listitem" aria-label={longDate(day.date, locale)}>
            <h3>{shortDate(day.date, locale)}</h3>
            <div class="grid-day">
              {shown
                .filter((b) => b.startsAtMs < day.toMs && b.endsAtMs > day.fromMs)
                .map((b) => {
                  return <PlacedBooking key={b.bookingId} booking={b} day={day} describe={describe} />;
                })}
            </div>
          </div>
        ))}
      </div>
    </>
  );
}

/** Customers' names by id, fetched once each, at most six requests at a time. */
function useCustomers() {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(new Set<string>());
  const want = useCallback((ids: string[]) => {
    const fresh = [...new Set(ids)].filter((id) => !asked.current.has(id));
    for (const id of fresh) asked.current.add(id);
    let next = 0;
    const worker = async () => {
      while (next < fresh.length) {
        const id = fresh[next++]!;
        const customer = await get<Customer>(`/api/customers/${id}`).catch(() => null);
        if (customer) setNames((m) => new Map(m).set(id, customer.name));
      }
    };
    for (let i = 0; i < Math.min(6, fresh.length); i++) void worker();
  }, []);
  return { want, name: (id: string) => names.get(id) ?? 'Customer' };
}
