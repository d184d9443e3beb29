import { useState } from 'preact/hooks';
import {
  ApiError,
  call,
  getAll,
  post,
  type Data,
  type Resource,
  type Service,
  type Session,
  type Staff,
  type Tenant,
} from './api.js';
import { ErrorNote } from './error-note.js';
import { Section } from './screen-parts.js';
import { DateField, InlineForm, SelectField, staffChoices, TextField } from './fields.js';
import { useLoaded } from './use-loaded.js';
import { formatTime, isoDateIn, longDate, wallTimeMs } from './format.js';
import { amountExample, amountText, minorDigits, minorUnitsOf } from './money.js';

type BlockedTime = Data<'/api/blocked-times'>['items'][number];
type Holiday = Data<'/api/holidays'>['items'][number];

/** The fields of a service the form edits, as text while typed. */
interface ServiceDraft {
  slug: string;
  name: string;
  description: string;
  durationMin: string;
  bufferBeforeMin: string;
  bufferAfterMin: string;
  slotIntervalMin: string;
  minNoticeMin: string;
  maxAdvanceDays: string;
  price: string;
  priceCurrency: string;
  status: string;
  confirmation: string;
  assignment: string;
  seats: string;
  maxPartySize: string;
  cancelCutoffMin: string;
  rescheduleCutoffMin: string;
  maxBookingsPerDay: string;
  /** docs/decisions.md "Payments": none, deposit or full; the amounts typed like the price. */
  payment: string;
  deposit: string;
  refundAfterCutoffPercent: string;
  noShowCharge: string;
  noShowFee: string;
  staffIds: string[];
  resourceIds: string[];
  questions: string;
}

/** An amount of the service's price currency as typed, '' when there is none. */
const typedAmount = (minor: number | null | undefined, currency: string | null | undefined): string =>
  minor && currency ? amountText(minor, currency) : '';

const draftOf = (s: Service | null): ServiceDraft => ({
  slug: s?.slug ?? '',
  name: s?.name ?? '',
  description: s?.description ?? '',
  durationMin: String(s?.durationMin ?? 30),
  bufferBeforeMin: String(s?.bufferBeforeMin ?? 0),
  bufferAfterMin: String(s?.bufferAfterMin ?? 0),
  slotIntervalMin: String(s?.slotIntervalMin ?? s?.durationMin ?? 30),
  minNoticeMin: String(s?.minNoticeMin ?? 0),
  maxAdvanceDays: String(s?.maxAdvanceDays ?? 90),
  price: s?.priceAmount != null && s.priceCurrency ? amountText(s.priceAmount, s.priceCurrency) : '',
  priceCurrency: s?.priceCurrency || 'EUR',
  status: s?.status ?? 'active',
  confirmation: s?.confirmation ?? 'manual',
  assignment: s?.assignment ?? 'first_available',
  seats: String(s?.seats ?? 1),
  maxPartySize: String(s?.maxPartySize ?? 1),
  cancelCutoffMin: String(s?.cancelCutoffMin ?? 0),
  rescheduleCutoffMin: String(s?.rescheduleCutoffMin ?? 0),
  maxBookingsPerDay: String(s?.maxBookingsPerDay ?? 0),
  payment: s?.payment ?? 'none',
  deposit: typedAmount(s?.depositAmount, s?.priceCurrency),
  refundAfterCutoffPercent: String(s?.refundAfterCutoffPercent ?? 0),
  noShowCharge: s?.noShowCharge ?? 'none',
  noShowFee: typedAmount(s?.noShowFeeAmount, s?.priceCurrency),
  staffIds: [...(s?.staffIds ?? [])],
  resourceIds: [...(s?.resourceIds ?? [])],
  questions: JSON.stringify(s?.questions ?? [], null, 2),
});

/**
 * The body of a create or update: numbers as numbers, the price, deposit and no-show fee in minor
 * units of the price currency (no price when its amount is empty), the questions parsed; or the
 * one field that cannot be read, in words. Without a payment there is no no-show charge (the
 * form hides it), and an amount the policy does not use is sent as 0.
 */
export function serviceBody(
  d: ServiceDraft,
  creating: boolean,
): { body: Record<string, unknown> } | { problem: string } {
  const ints: Array<keyof ServiceDraft> = [
    'durationMin',
    'bufferBeforeMin',
    'bufferAfterMin',
    'slotIntervalMin',
    'minNoticeMin',
    'maxAdvanceDays',
    'seats',
    'maxPartySize',
    'cancelCutoffMin',
    'rescheduleCutoffMin',
    'maxBookingsPerDay',
    'refundAfterCutoffPercent',
  ];
  const body: Record<string, unknown> = {};
  for (const key of ints) {
    const text = String(d[key]).trim();
    if (!/^\d+$/.test(text)) return { problem: `${key} must be a whole number.` };
    body[key] = Number(text);
  }
  let questions: unknown;
  try {
    questions = JSON.parse(d.questions || '[]');
  } catch {
    return { problem: 'The questions are not valid JSON.' };
  }
  const currency = d.priceCurrency.trim().toUpperCase();
  const price = d.price.trim();
  const priceAmount = price === '' ? null : minorUnitsOf(price, currency);
  if (price !== '' && priceAmount === null)
    return { problem: `The price is an amount like ${amountExample(currency)}.` };
  const noShowCharge = d.payment === 'none' ? 'none' : d.noShowCharge;
  const amountFor = (used: boolean, text: string) => (used ? minorUnitsOf(text, currency) : 0);
  const depositAmount = amountFor(d.payment === 'deposit', d.deposit);
  if (depositAmount === null) return { problem: `The deposit is an amount like ${amountExample(currency)}.` };
  const noShowFeeAmount = amountFor(noShowCharge === 'fee', d.noShowFee);
  if (noShowFeeAmount === null) return { problem: `The no-show fee is an amount like ${amountExample(currency)}.` };
  Object.assign(body, {
    name: d.name.trim(),
    description: d.description.trim(),
    status: d.status,
    confirmation: d.confirmation,
    assignment: d.assignment,
    payment: d.payment,
    depositAmount,
    noShowCharge,
    noShowFeeAmount,
    staffIds: d.staffIds,
    resourceIds: d.resourceIds,
    questions,
    ...(price === '' ? (creating ? {} : { priceCurrency: '' }) : { priceAmount, priceCurrency: currency }),
    ...(creating ? { slug: d.slug.trim() } : {}),
  });
  return { body };
}

/** A payment policy in the services list. */
const PAYMENT_WORDS: Record<string, string> = { deposit: 'deposit online', full: 'paid online' };

/** Services with every field, staff, resources, blocked times and holidays. */
export function CatalogScreen({ session, tenant, zone }: { session: Session; tenant: Tenant; zone: string }) {
  const canWrite = session.role === 'tenant_owner' || session.role === 'tenant_admin';
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const { data, error, run, reload } = useLoaded(async () => {
    const [services, staff, resources, blocked, holidays] = await Promise.all([
      getAll<Service>('/api/services'),
      getAll<Staff>('/api/staff'),
      getAll<Resource>('/api/resources'),
      getAll<BlockedTime>('/api/blocked-times'),
      getAll<Holiday>('/api/holidays'),
    ]);
    return {
      services,
      staff,
      resources,
      blocked: blocked.filter((b) => b.endsAtMs > Date.now() && b.status === 'active'),
      holidays: holidays.filter((h) => h.status === 'active'),
    };
  });
  const services: Service[] = data?.services ?? [];
  const staff: Staff[] = data?.staff ?? [];
  const resources: Resource[] = data?.resources ?? [];
  const blocked: BlockedTime[] = data?.blocked ?? [];
  const holidays: Holiday[] = data?.holidays ?? [];
  const staffName = new Map(staff.map((s) => [s.staffId, s.displayName]));
  const resourceName = new Map(resources.map((r) => [r.resourceId, r.name]));

  return (
    <main>
      <h1>Catalog</h1>
      {error && <ErrorNote error={error} />}
      <Section titleId="services-title" title="Services">
        <ul class="plain" id="services">
          {services.map((s) => (
            <li key={s.serviceId}>
              <strong>{s.name}</strong> · {s.durationMin} min
              {s.priceCurrency &&
                ` · ${new Intl.NumberFormat(tenant.locale, { style: 'currency', currency: s.priceCurrency }).format((s.priceAmount ?? 0) / 10 ** minorDigits(s.priceCurrency))}`}
              {s.payment && s.payment !== 'none' && ` · ${PAYMENT_WORDS[s.payment] ?? s.payment}`} · {s.confirmation} ·{' '}
              {s.status}{' '}
              {canWrite && (
                <button type="button" onClick={() => setEditing(s)}>
                  Edit
                </button>
              )}
            </li>
          ))}
        </ul>
        {canWrite && editing === null && (
          <button type="button" onClick={() => setEditing('new')}>
            New service
          </button>
        )}
        {editing !== null && (
          <ServiceForm
            key={editing === 'new' ? 'new' : editing.serviceId}
            service={editing === 'new' ? null : editing}
            staff={staff}
            resources={resources}
            onDone={async () => {
              setEditing(null);
              await reload();
            }}
          />
        )}
      </Section>

      <Section titleId="staff-title" title="Staff">
        <ul class="plain">
          {staff.map((s) => (
            <li key={s.staffId}>
              {s.displayName} {s.email && <span class="hint">{s.email}</span>} · {s.status}{' '}
              {canWrite && (
                <button
                  type="button"
                  onClick={() =>
                    void run(() =>
                      call('PATCH', `/api/staff/${s.staffId}`, {
                        status: s.status === 'active' ? 'disabled' : 'active',
                      }),
                    )
                  }
                >
                  {s.status === 'active' ? 'Disable' : 'Enable'}
                </button>
              )}
            </li>
          ))}
        </ul>
        {canWrite && (
          <NameForm
            label="Staff member's name"
            id="new-staff"
            onAdd={(displayName) => run(() => post('/api/staff', { displayName }))}
          />
        )}
      </Section>

      <Section titleId="resources-title" title="Resources">
        <ul class="plain">
          {resources.map((r) => (
            <li key={r.resourceId}>
              {r.name} · {r.status}
            </li>
          ))}
        </ul>
        {canWrite && (
          <NameForm
            label="Room or equipment"
            id="new-resource"
            onAdd={(name) => run(() => post('/api/resources', { type: 'room', name }))}
          />
        )}
      </Section>

      <Section titleId="blocked-title" title="Blocked times">
        <ul class="plain" id="blocked-times">
          {blocked.map((b) => (
            <li key={b.blockId}>
              {longDate(isoDateIn(b.startsAtMs, zone), tenant.locale)} {formatTime(b.startsAtMs, tenant.locale, zone)}–
              {formatTime(b.endsAtMs, tenant.locale, zone)} ·{' '}
              {b.ownerType === 'tenant'
                ? 'everyone'
                : (staffName.get(b.ownerId) ?? resourceName.get(b.ownerId) ?? b.ownerId)}
              {b.reason && ` · ${b.reason}`}
            </li>
          ))}
        </ul>
        {canWrite && (
          <BlockForm staff={staff} zone={zone} onAdd={(body) => run(() => post('/api/blocked-times', body))} />
        )}
      </Section>

      <Section titleId="holidays-title" title="Holidays">
        <ul class="plain" id="holidays">
          {holidays.map((h) => (
            <li key={h.holidayId}>
              {h.date} {h.name && `· ${h.name}`}
            </li>
          ))}
        </ul>
        {canWrite && <HolidayForm onAdd={(body) => run(() => post('/api/holidays', body))} />}
      </Section>
    </main>
  );
}

function ServiceForm({
  service,
  staff,
  resources,
  onDone,
}: {
  service: Service | null;
  staff: Staff[];
  resources: Resource[];
  onDone: () => Promise<void>;
}) {
  const [draft, setDraft] = useState(() => draftOf(service));
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const text = (key: keyof ServiceDraft) => (e: Event) =>
    setDraft((d) => ({ ...d, [key]: (e.target as HTMLInputElement).value }));
  const number = (key: keyof ServiceDraft, label: string) => (
    <label>
      {label} <input class="number" inputMode="numeric" value={draft[key] as string} onInput={text(key)} />
    </label>
  );

  const save = async (e: Event) => {
    e.preventDefault();
    setProblem(null);
    setError(null);
    const made = serviceBody(draft, service === null);
    if ('problem' in made) return setProblem(made.problem);
    try {
      if (service) await call('PATCH', `/api/services/${service.serviceId}`, made.body);
      else await post('/api/services', made.body);
      await onDone();
    } catch (err) {
      setError(err as ApiError);
    }
  };

  return (
    <form class="service-form" onSubmit={save} aria-label={service ? `Edit ${service.name}` : 'New service'}>
      {service === null && (
        <label>
          Slug (in the booking link) <input id="service-slug" required value={draft.slug} onInput={text('slug')} />
        </label>
      )}
      <label>
        Name <input id="service-name" required value={draft.name} onInput={text('name')} />
      </label>
      <label class="wide">
        Description <textarea value={draft.description} onInput={text('description')} />
      </label>
      {number('durationMin', 'Duration (min)')}
      {number('slotIntervalMin', 'Start every (min)')}
      {number('bufferBeforeMin', 'Buffer before (min)')}
      {number('bufferAfterMin', 'Buffer after (min)')}
      {number('minNoticeMin', 'Notice (min)')}
      {number('maxAdvanceDays', 'Bookable ahead (days)')}
      <label>
        Price <input class="number" value={draft.price} onInput={text('price')} placeholder="none" />
      </label>
      <label>
        Currency <input class="number" maxLength={3} value={draft.priceCurrency} onInput={text('priceCurrency')} />
      </label>
      <label>
        Confirmation{' '}
        <select id="service-confirmation" value={draft.confirmation} onChange={text('confirmation')}>
          <option value="manual">Staff confirm each request</option>
          <option value="automatic">Confirmed at once</option>
        </select>
      </label>
      <label>
        Online payment{' '}
        <select id="service-payment" value={draft.payment} onChange={text('payment')}>
          <option value="none">None (paid at the appointment)</option>
          <option value="deposit">A deposit when booking</option>
          <option value="full">The full price when booking</option>
        </select>
      </label>
      {draft.payment === 'deposit' && (
        <label>
          Deposit <input id="service-deposit" class="number" value={draft.deposit} onInput={text('deposit')} required />
        </label>
      )}
      {draft.payment !== 'none' && (
        <>
          {number('refundAfterCutoffPercent', 'Refund after the cancel cut-off (%)')}
          <label>
            No-show charge{' '}
            <select id="service-no-show" value={draft.noShowCharge} onChange={text('noShowCharge')}>
              <option value="none">Nothing</option>
              <option value="remainder">The rest of the price</option>
              <option value="fee">A fee</option>
            </select>
          </label>
          {draft.noShowCharge === 'fee' && (
            <label>
              No-show fee{' '}
              <input
                id="service-no-show-fee"
                class="number"
                value={draft.noShowFee}
                onInput={text('noShowFee')}
                required
              />
            </label>
          )}
          <p class="hint wide">
            The customer pays on Stripe while the time is held, and the payment confirms the booking: a paid service
            needs a price and cannot be confirmed at once. A cancel before the cut-off is refunded in full; a no-show
            charge goes to the card saved at payment.
          </p>
        </>
      )}
      <label>
        Status{' '}
        <select value={draft.status} onChange={text('status')}>
          <option value="active">Bookable</option>
          <option value="hidden">Hidden from the booking page</option>
          <option value="disabled">Disabled</option>
        </select>
      </label>
      <label>
        Assignment{' '}
        <select value={draft.assignment} onChange={text('assignment')}>
          <option value="first_available">First available</option>
          <option value="round_robin">Round robin</option>
          <option value="collective">All together (collective)</option>
        </select>
      </label>
      {number('seats', 'Seats')}
      {number('maxPartySize', 'Largest party')}
      {number('cancelCutoffMin', 'Cancel until (min before)')}
      {number('rescheduleCutoffMin', 'Reschedule until (min before)')}
      {number('maxBookingsPerDay', 'Per staff member a day (0: no limit)')}
      <Checklist
        legend="Staff"
        options={staff.map((x) => [x.staffId, x.displayName] as const)}
        chosen={draft.staffIds}
        onToggle={(id, on) =>
          setDraft((d) => ({ ...d, staffIds: on ? [...d.staffIds, id] : d.staffIds.filter((x) => x !== id) }))
        }
      />
      <Checklist
        legend="Resources"
        options={resources.map((x) => [x.resourceId, x.name] as const)}
        chosen={draft.resourceIds}
        onToggle={(id, on) =>
          setDraft((d) => ({ ...d, resourceIds: on ? [...d.resourceIds, id] : d.resourceIds.filter((x) => x !== id) }))
        }
      />
      <label class="wide">
        Intake questions (JSON: key, label, type, required, options){' '}
        <textarea id="service-questions" rows={5} value={draft.questions} onInput={text('questions')} />
      </label>
      <div class="wide">
        <button type="submit" class="primary">
          Save service
        </button>{' '}
        <button type="button" onClick={() => void onDone()}>
          Cancel
        </button>
      </div>
      {problem && (
        <p class="error wide" role="alert">
          {problem}
        </p>
      )}
      {error && <ErrorNote error={error} />}
    </form>
  );
}

/** Checkboxes of [id, label] options, `chosen` checked. */
function Checklist({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: ReadonlyArray<readonly [string, string]>;
  chosen: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <fieldset class="wide">
      <legend>{legend}</legend>
      {options.map(([id, label]) => (
        <label key={id} class="scope">
          <input
            type="checkbox"
            checked={chosen.includes(id)}
            onChange={(e) => onToggle(id, (e.target as HTMLInputElement).checked)}
          />{' '}
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function NameForm({ label, id, onAdd }: { label: string; id: string; onAdd: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  return (
    <InlineForm
      onSubmit={() => {
        void onAdd(name.trim()).then(() => setName(''));
      }}
    >
      <TextField label={label} id={id} required value={name} onValue={setName} />
      <button type="submit">Add</button>
    </InlineForm>
  );
}

function BlockForm({ staff, zone, onAdd }: { staff: Staff[]; zone: string; onAdd: (body: object) => Promise<void> }) {
  const [owner, setOwner] = useState('tenant');
  const [date, setDate] = useState('');
  const [from, setFrom] = useState('12:00');
  const [to, setTo] = useState('13:00');
  const [reason, setReason] = useState('');
  return (
    <InlineForm
      onSubmit={() => {
        if (!date) return;
        void onAdd({
          ownerType: owner === 'tenant' ? 'tenant' : 'staff',
          ...(owner === 'tenant' ? {} : { ownerId: owner }),
          startsAtMs: wallTimeMs(date, from, zone),
          endsAtMs: wallTimeMs(date, to, zone),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        });
      }}
    >
      <SelectField
        label="Whose"
        value={owner}
        onValue={setOwner}
        choices={[{ value: 'tenant', label: 'Everyone' }, ...staffChoices(staff)]}
      />
      <DateField label="Date" id="block-date" required value={date} onValue={setDate} />
      <TextField label="From" class="clock" value={from} onValue={setFrom} />
      <TextField label="To" class="clock" value={to} onValue={setTo} />
      <TextField label="Reason" value={reason} maxLength={200} onValue={setReason} />
      <button type="submit">Block</button>
    </InlineForm>
  );
}

function HolidayForm({ onAdd }: { onAdd: (body: object) => Promise<void> }) {
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  return (
    <InlineForm
      onSubmit={() => {
        if (date) void onAdd({ date, ...(name.trim() ? { name: name.trim() } : {}) });
      }}
    >
      <DateField label="Date" id="holiday-date" required value={date} onValue={setDate} />
      <TextField label="Name" value={name} maxLength={200} onValue={setName} />
      <button type="submit">Add holiday</button>
    </InlineForm>
  );
}
