import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, call, getAll, post, type Data, type Resource, type Session, type Staff } from './api.js';
import { ErrorNote } from './error-note.js';
import { Section } from './screen-parts.js';
import { DateField, SelectField, TextField } from './fields.js';
import { isoDateIn } from './format.js';
import { fromClock, hoursWrites, toClock, weekOf, type StoredRule, type Week } from './hours-model.js';
import { WeekEditor } from './week-editor.js';

type Rule = Data<'/api/availability-rules'>['items'][number];
type Override = Data<'/api/date-overrides'>['items'][number];

interface Owner {
  ownerType: 'tenant' | 'staff' | 'resource';
  ownerId: string;
  label: string;
}

/** The weekly hours of the workspace or a staff member, drawn and edited; and its date overrides. */
export function HoursScreen({
  session,
  staff,
  resources,
  zone,
}: {
  session: Session;
  staff: Staff[];
  resources: Resource[];
  zone: string;
}) {
  const canWrite = session.role === 'tenant_owner' || session.role === 'tenant_admin';
  const owners: Owner[] = [
    { ownerType: 'tenant', ownerId: session.tenant.tenantId, label: 'The workspace' },
    ...staff
      .filter((s) => s.status === 'active')
      .map((s) => ({ ownerType: 'staff' as const, ownerId: s.staffId, label: s.displayName })),
    ...resources
      .filter((r) => r.status === 'active')
      .map((r) => ({ ownerType: 'resource' as const, ownerId: r.resourceId, label: r.name })),
  ];
  const [ownerKey, setOwnerKey] = useState(`${owners[0]!.ownerType}:${owners[0]!.ownerId}`);
  const owner = owners.find((o) => `${o.ownerType}:${o.ownerId}` === ownerKey) ?? owners[0]!;
  const [stored, setStored] = useState<StoredRule[] | null>(null);
  const [week, setWeek] = useState<Week | null>(null);
  // Whose hours `week` holds: until the chosen owner's are loaded the editor shows none, so an edit
  // never lands in the previous owner's week and is then replaced (or saved as theirs).
  const [weekOwner, setWeekOwner] = useState<string | null>(null);
  const chosen = useRef(ownerKey);
  chosen.current = ownerKey;
  const [overrides, setOverrides] = useState<Override[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const ownerQuery = `ownerType=${owner.ownerType}${owner.ownerType === 'tenant' ? '' : `&ownerId=${owner.ownerId}`}`;
  const load = async () => {
    const key = ownerKey;
    try {
      const rules = (await getAll<Rule>(`/api/availability-rules?${ownerQuery}`)).filter(
        (r) => r.ownerId === owner.ownerId,
      );
      // Another owner chosen meanwhile: their own load fills the editor.
      if (chosen.current !== key) return;
      setStored(rules);
      setWeek(weekOf(rules));
      setWeekOwner(key);
      const today = isoDateIn(Date.now(), zone);
      setOverrides(
        (await getAll<Override>(`/api/date-overrides?fromDate=${today}`)).filter(
          (o) => o.ownerId === owner.ownerId && o.status === 'active',
        ),
      );
    } catch (err) {
      setError(err as ApiError);
    }
  };
  useEffect(() => {
    setStored(null);
    setNote(null);
    void load();
  }, [ownerKey]);

  const shown = weekOwner === ownerKey ? week : null;
  const save = async () => {
    if (!stored || !shown) return;
    setError(null);
    const plan = hoursWrites(stored, shown);
    if ('problem' in plan) {
      setNote(plan.problem);
      return;
    }
    try {
      for (const w of plan.writes) {
        if (w.kind === 'delete') await call('PATCH', `/api/availability-rules/${w.ruleId}`, { status: 'deleted' });
        else if (w.kind === 'update') {
          await call('PATCH', `/api/availability-rules/${w.ruleId}`, {
            startMinute: w.startMinute,
            endMinute: w.endMinute,
          });
        } else {
          await post('/api/availability-rules', {
            ownerType: owner.ownerType,
            ...(owner.ownerType === 'tenant' ? {} : { ownerId: owner.ownerId }),
            weekday: w.weekday,
            startMinute: w.startMinute,
            endMinute: w.endMinute,
          });
        }
      }
      setNote(plan.writes.length === 0 ? 'Nothing changed.' : 'Saved.');
      await load();
    } catch (err) {
      setError(err as ApiError);
    }
  };

  return (
    <main class="hours">
      <h1>Opening hours</h1>
      <p>
        <SelectField
          label="Whose hours"
          id="hours-owner"
          value={ownerKey}
          onValue={setOwnerKey}
          choices={owners.map((o) => ({ value: `${o.ownerType}:${o.ownerId}`, label: o.label }))}
        />
      </p>
      <p class="hint">
        A time is bookable when the workspace and the staff member (or resource) are both open. Times are the owner's
        wall clock.
      </p>
      {error && <ErrorNote error={error} />}
      {!shown ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <WeekEditor week={shown} canWrite={canWrite} onWeek={(change) => setWeek((w) => w && change(w))} owner={ownerKey} />
      )}
      {canWrite && shown && (
        <p>
          <button type="button" class="primary" id="hours-save" onClick={() => void save()}>
            Save hours
          </button>{' '}
          {note && (
            <span role="status" id="hours-note">
              {note}
            </span>
          )}
        </p>
      )}
      <Overrides owner={owner} overrides={overrides} canWrite={canWrite} onSaved={load} />
    </main>
  );
}

/** One date with other hours than the week's (or closed): listed from today on, and added. */
function Overrides({
  owner,
  overrides,
  canWrite,
  onSaved,
}: {
  owner: Owner;
  overrides: Override[];
  canWrite: boolean;
  onSaved: () => Promise<void>;
}) {
  const [date, setDate] = useState('');
  const [closed, setClosed] = useState(false);
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState('14:00');
  const [error, setError] = useState<ApiError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setProblem(null);
    const from = fromClock(start);
    const to = fromClock(end);
    if (!date) return setProblem('Choose a date.');
    if (!closed && (from === null || to === null || to <= from))
      return setProblem('The hours are HH:MM, the end after the start.');
    try {
      await post('/api/date-overrides', {
        ownerType: owner.ownerType,
        ...(owner.ownerType === 'tenant' ? {} : { ownerId: owner.ownerId }),
        date,
        windows: closed ? [] : [{ startMinute: from, endMinute: to }],
      });
      setDate('');
      await onSaved();
    } catch (err) {
      setError(err as ApiError);
    }
  };

  return (
    <Section titleId="overrides-title" title="Other hours on a date">
      {overrides.length === 0 ? (
        <p class="hint">None from today on.</p>
      ) : (
        <ul class="plain" id="override-list">
          {overrides.map((o) => (
            <li key={o.overrideId}>
              {o.date}:{' '}
              {o.windows.length === 0
                ? 'closed'
                : o.windows.map((w) => `${toClock(w.startMinute)}–${toClock(w.endMinute)}`).join(', ')}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form class="override-form" onSubmit={add}>
          <DateField label="Date" id="override-date" value={date} onValue={setDate} />
          <label>
            <input
              type="checkbox"
              checked={closed}
              onChange={(e) => setClosed((e.target as HTMLInputElement).checked)}
            />{' '}
            Closed all day
          </label>
          {!closed && (
            <>
              <TextField label="From" id="override-start" class="clock" value={start} onValue={setStart} />
              <TextField label="To" id="override-end" class="clock" value={end} onValue={setEnd} />
            </>
          )}
          <button type="submit">Add</button>
          {problem && (
            <p class="error" role="alert">
              {problem}
            </p>
          )}
          {error && <ErrorNote error={error} />}
        </form>
      )}
    </Section>
  );
}
