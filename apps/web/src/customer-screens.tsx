import { useEffect, useState } from 'preact/hooks';
import { ApiError, call, get, getAll, post, type Booking, type Customer, type Session, type Tenant } from './api.js';
import { ErrorNote } from './error-note.js';
import { Section } from './screen-parts.js';
import { TextField } from './fields.js';
import { isoDateIn, longDate, statusWords, timeRange } from './format.js';

/** Waits this long after the last key before searching: one request per pause, not per key. */
const TYPING_PAUSE_MS = 200;

const canWrite = (session: Session) => session.role === 'tenant_owner' || session.role === 'tenant_admin';

/** Search as you type (name, email, any run of 4 or more phone digits), and a new customer. */
export function CustomersScreen({ session }: { session: Session }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState<{ items: Customer[]; nextCursor: string | null } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      get<{ items: Customer[]; nextCursor: string | null }>(`/api/customers?limit=25&q=${encodeURIComponent(q)}`).then(
        (p) => !stale && (setPage(p), setError(null)),
        (err: ApiError) => !stale && setError(err),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [q]);

  const more = async () => {
    if (!page?.nextCursor) return;
    try {
      const next = await get<{ items: Customer[]; nextCursor: string | null }>(
        `/api/customers?limit=25&q=${encodeURIComponent(q)}&cursor=${encodeURIComponent(page.nextCursor)}`,
      );
      setPage({ items: [...page.items, ...next.items], nextCursor: next.nextCursor });
    } catch (err) {
      setError(err as ApiError);
    }
  };

  return (
    <main>
      <h1>Customers</h1>
      <p>
        <TextField
          label="Search"
          id="customer-search"
          type="search"
          autoComplete="off"
          maxLength={200}
          placeholder="Name, email or phone digits"
          value={q}
          onValue={setQ}
        />
      </p>
      {error && <ErrorNote error={error} />}
      {page && (
        <>
          <ul class="plain customer-list" aria-live="polite">
            {page.items.map((c) => (
              <li key={c.customerId}>
                <a href={`#/customer/${c.customerId}`}>{c.name || c.primaryEmail || c.phone}</a>
                <span class="hint"> {[c.primaryEmail, c.phone].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ul>
          {page.items.length === 0 && <p class="hint">No customer matches.</p>}
          {page.nextCursor && (
            <button type="button" onClick={() => void more()}>
              More
            </button>
          )}
        </>
      )}
      {canWrite(session) && (
        <CustomerForm heading="New customer" onSaved={(c) => (location.hash = `#/customer/${c.customerId}`)} />
      )}
    </main>
  );
}

/** One customer: the record (editable by owners and admins) and their bookings, newest first. */
export function CustomerScreen({
  customerId,
  session,
  tenant,
  zone,
}: {
  customerId: string;
  session: Session;
  tenant: Tenant;
  zone: string;
}) {
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [bookings, setBookings] = useState<Booking[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const load = () => {
    get<Customer>(`/api/customers/${customerId}`).then(setCustomer, setError);
    getAll<Booking>(`/api/bookings?customerId=${customerId}`).then((all) => setBookings(all.reverse()), setError);
  };
  useEffect(load, [customerId]);

  return (
    <main>
      <p>
        <a href="#/customers">← Customers</a>
      </p>
      {error && <ErrorNote error={error} />}
      {customer && (
        <>
          <h1>
            {customer.status === 'erased'
              ? 'Erased customer'
              : customer.name || customer.primaryEmail || customer.phone}
          </h1>
          {customer.status === 'erased' ? (
            <p id="erased-note">
              Erased {customer.erasedAtMs ? longDate(isoDateIn(customer.erasedAtMs, zone), tenant.locale) : ''}: nothing
              about this person is kept. Their bookings stay below, without their details, for your records.
            </p>
          ) : (
            <dl class="facts">
              <dt>Email</dt>
              <dd>{customer.primaryEmail ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{customer.phone ?? '—'}</dd>
            </dl>
          )}
          {canWrite(session) && customer.status !== 'erased' && (
            <>
              <CustomerForm heading="Edit" customer={customer} onSaved={setCustomer} />
              <PrivacyActions customer={customer} onErased={load} />
            </>
          )}
          {canWrite(session) && customer.status === 'erased' && <EraseAgain customer={customer} />}
        </>
      )}
      <Section titleId="customer-bookings" title="Bookings">
        {bookings === null ? (
          <p aria-busy="true">Loading…</p>
        ) : bookings.length === 0 ? (
          <p class="hint">No bookings.</p>
        ) : (
          <ul class="plain">
            {bookings.map((b) => (
              <li key={b.bookingId}>
                <a href={`#/booking/${b.bookingId}`}>
                  {longDate(isoDateIn(b.startsAtMs, zone), tenant.locale)},{' '}
                  {timeRange(b.startsAtMs, b.endsAtMs, tenant.locale, zone)}
                </a>{' '}
                <span class="hint">{statusWords(b)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}

/**
 * A customer's data request (docs/decisions.md "Privacy"): the export as a download, and the
 * erase, confirmed by typing the customer id, as the API asks.
 */
function PrivacyActions({ customer, onErased }: { customer: Customer; onErased: () => void }) {
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const erase = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await post(`/api/customers/${customer.customerId}/erase`, { confirmCustomerId: confirm.trim() });
      onErased();
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section titleId="privacy-title" title="Their data">
      <p>
        <a id="export-customer" href={`/api/customers/${customer.customerId}/export`} download>
          Download everything held about them (JSON)
        </a>
      </p>
      <form id="erase-form" onSubmit={(e) => void erase(e)}>
        <p class="hint">
          Erasing cancels their open bookings (they are told), then removes their name, email, phone, answers and notes
          everywhere, for good. Their bookings stay for your records.
        </p>
        <label>
          Type <code>{customer.customerId}</code> to confirm
          <input value={confirm} onInput={(e) => setConfirm(e.currentTarget.value)} autocomplete="off" />
        </label>
        {error && <ErrorNote error={error} />}
        <button type="submit" class="danger" disabled={busy || confirm.trim() !== customer.customerId}>
          Erase this customer
        </button>
      </form>
    </Section>
  );
}

/**
 * The record reads erased once the erase has cleared it, which is not the erase's end: Stripe,
 * the scrub and the tenant exports may still be ahead, and a job that outlived its request (a
 * 503, a restart) finishes by itself. Erasing again is idempotent (docs/decisions.md "Privacy"):
 * it waits for the job and answers its result, or says it is still running, so it stays offered.
 */
function EraseAgain({ customer }: { customer: Customer }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<{ bookings: number; completedAtMs: number } | null>(null);
  const check = async () => {
    setBusy(true);
    setError(null);
    try {
      // The person was confirmed when the erase was first asked; the API still wants the id repeated.
      const res = await post<{ bookings: number; completedAtMs: number }>(
        `/api/customers/${customer.customerId}/erase`,
        { confirmCustomerId: customer.customerId },
      );
      setDone(res);
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section titleId="erase-again-title" title="The erase">
      <p class="hint">
        An erase that took longer than the page waited goes on by itself. Run it again to finish one still running and
        see when it was done.
      </p>
      {done && (
        <p id="erase-done" role="status">
          Finished: {done.bookings} {done.bookings === 1 ? 'booking' : 'bookings'} stripped of their details.
        </p>
      )}
      {error && <ErrorNote error={error} />}
      <button id="erase-again" type="button" disabled={busy} onClick={() => void check()}>
        Run the erase again
      </button>
    </Section>
  );
}

/** Create (no `customer`) or edit: name, email, phone; an emptied email or phone is removed. */
function CustomerForm({
  heading,
  customer,
  onSaved,
}: {
  heading: string;
  customer?: Customer;
  onSaved: (c: Customer) => void;
}) {
  const [name, setName] = useState(customer?.name ?? '');
  const [email, setEmail] = useState(customer?.primaryEmail ?? '');
  const [phone, setPhone] = useState(customer?.phone ?? '');
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const id = customer ? 'edit' : 'new';

  const save = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setSaved(false);
    const fields = { name: name.trim(), primaryEmail: email.trim() || null, phone: phone.trim() || null };
    try {
      const result = customer
        ? await call<Customer>('PATCH', `/api/customers/${customer.customerId}`, fields)
        : await post<Customer>('/api/customers', {
            name: fields.name,
            ...(fields.primaryEmail ? { primaryEmail: fields.primaryEmail } : {}),
            ...(fields.phone ? { phone: fields.phone } : {}),
          });
      setSaved(true);
      onSaved(result);
    } catch (err) {
      setError(err as ApiError);
    }
  };

  return (
    <form class="customer-form" onSubmit={save} aria-labelledby={`${id}-customer-title`}>
      <h2 id={`${id}-customer-title`}>{heading}</h2>
      <label>
        Name{' '}
        <input
          id={`${id}-name`}
          required
          maxLength={200}
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <label>
        Email{' '}
        <input
          id={`${id}-email`}
          type="email"
          value={email}
          onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
        />
      </label>
      <label>
        Phone (international, +49…){' '}
        <input
          id={`${id}-phone`}
          type="tel"
          value={phone}
          onInput={(e) => setPhone((e.target as HTMLInputElement).value)}
        />
      </label>
      <button type="submit" class="primary">
        Save
      </button>
      {saved && <span role="status"> Saved.</span>}
      {error && <ErrorNote error={error} />}
    </form>
  );
}
