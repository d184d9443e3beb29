import { cloneElement, type JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browserZone } from './format.js';
import {
  SETUP_STEPS,
  firstUnfinished,
  initialForm,
  problemOfPath,
  setupBody,
  stepProblems,
  withBusinessName,
  type FieldProblem,
  type SetupForm,
  type SetupStep,
} from './setup-model.js';
import { DAY_NAMES, type Week } from './hours-model.js';
import { DISPLAY_ORDER, WeekEditor } from './week-editor.js';

/** The week in words for the review: `Monday 09:00–17:00, …`. */
const weekSummary = (week: Week): string =>
  DISPLAY_ORDER
    .filter((d) => week[d]!.length > 0)
    .map((d) => `${DAY_NAMES[d]} ${week[d]!.map((w) => `${w.start}–${w.end}`).join(', ')}`)
    .join('; ') || 'Closed every day';

const TITLES: Record<SetupStep, string> = {
  business: 'Your business',
  service: 'Your first service',
  hours: 'Your opening hours',
  review: 'Check and create',
};

/** The zones the browser knows, the chosen one first if it is missing (an old browser). */
const zones = (chosen: string): string[] => {
  const all = Intl.supportedValuesOf('timeZone');
  return all.includes(chosen) ? all : [chosen, ...all];
};

/** An answer of the gateway other than success, as the wizard shows it. */
interface Refusal {
  message: string;
  code: string;
  requestId: string;
}

/**
 * The first start's setup (docs/decisions.md "First start"): the business, its first service and
 * the weekly hours, one step at a time, then POST /setup with the link's token; the answer signs
 * the owner in and the browser goes on to the dashboard's welcome.
 */
export function SetupWizard({ token }: { token: string }) {
  const [form, setForm] = useState<SetupForm>(() => initialForm(browserZone()));
  const [step, setStep] = useState<SetupStep>('business');
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const index = SETUP_STEPS.indexOf(step);

  // Each step's title takes the focus, so a screen reader says where the person is.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [step]);

  // An edit clears the problems shown: they were about what the form held before.
  const edit = (change: (f: SetupForm) => SetupForm) => {
    setForm(change);
    setProblems([]);
  };
  const set = <K extends keyof SetupForm>(field: K, value: SetupForm[K]) => edit((f) => ({ ...f, [field]: value }));
  const go = (to: SetupStep) => {
    setProblems([]);
    setStep(to);
  };

  const submit = async () => {
    const unfinished = firstUnfinished(form);
    if (unfinished) {
      setProblems(stepProblems(unfinished, form));
      setStep(unfinished);
      return;
    }
    setSending(true);
    setRefusal(null);
    try {
      const res = await fetch('/setup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(setupBody(token, form)),
      });
      const answer = (await res.json()) as {
        ok: boolean;
        data?: { next: string };
        error?: { code: string; message: string; details?: Array<{ path: string; message: string }> };
        meta?: { requestId?: string };
      };
      if (answer.ok && answer.data) {
        location.assign(answer.data.next);
        return;
      }
      const error = answer.error ?? { code: 'INTERNAL_ERROR', message: `The platform answered ${res.status}.` };
      const placed = (error.details ?? []).flatMap((d) => problemOfPath(d.path, d.message) ?? []);
      if (placed.length > 0) {
        setProblems(placed.map((p) => p.problem));
        setStep(placed[0]!.step);
      } else {
        setRefusal({ message: error.message, code: error.code, requestId: answer.meta?.requestId ?? '' });
      }
    } catch {
      setRefusal({ message: 'The platform could not be reached. Is it still running?', code: '', requestId: '' });
    } finally {
      setSending(false);
    }
  };

  const next = (e: Event) => {
    e.preventDefault();
    if (step === 'review') {
      void submit();
      return;
    }
    const found = stepProblems(step, form);
    setProblems(found);
    if (found.length === 0) go(SETUP_STEPS[index + 1]!);
  };

  const problemOf = (field: keyof SetupForm) => problems.find((p) => p.field === field)?.message;
  const field = (id: keyof SetupForm, label: string, control: JSX.Element, hint?: string) => {
    const problem = problemOf(id);
    const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
    return (
      <div class="setup-field">
        <label for={`setup-${id}`}>{label}</label>
        {cloneElement(control, {
          id: `setup-${id}`,
          'aria-invalid': problem ? 'true' : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        {hint && (
          <p class="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        {problem && (
          <p class="field-problem" id={`${id}-problem`}>
            {problem}
          </p>
        )}
      </div>
    );
  };
  const text = (id: keyof SetupForm, extra: Record<string, unknown> = {}) => (
    <input
      value={form[id] as string}
      onInput={(e) => set(id, e.currentTarget.value as never)}
      {...(extra as object)}
    />
  );

  return (
    <main class="centered setup">
      <h1>Set up your booking platform</h1>
      <ol class="setup-steps" aria-label="Steps">
        {SETUP_STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} class={i < index ? 'done' : undefined}>
            {TITLES[s]}
          </li>
        ))}
      </ol>
      <form onSubmit={next} aria-labelledby="setup-step-title" noValidate data-step={step}>
        <h2 id="setup-step-title" tabIndex={-1} ref={heading}>
          {TITLES[step]}
        </h2>
        {step === 'business' && (
          <>
            {field(
              'businessName',
              'Business name',
              <input
                value={form.businessName}
                autoComplete="organization"
                onInput={(e) => edit((f) => withBusinessName(f, e.currentTarget.value))}
              />,
            )}
            {field(
              'slug',
              'Booking page address',
              <input
                value={form.slug}
                spellcheck={false}
                onInput={(e) => edit((f) => ({ ...f, slug: e.currentTarget.value, slugEdited: true }))}
              />,
              `Customers book at ${location.origin}/book/${form.slug || '…'}`,
            )}
            {field(
              'timezone',
              'Time zone',
              <select value={form.timezone} onChange={(e) => set('timezone', e.currentTarget.value)}>
                {zones(form.timezone).map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </select>,
              'Your opening hours and bookings are in this zone; this browser is in ' + browserZone() + '.',
            )}
            {field(
              'ownerEmail',
              'Your email',
              text('ownerEmail', { type: 'email', autoComplete: 'email' }),
              'You own the workspace; you sign in with this address.',
            )}
          </>
        )}
        {step === 'service' && (
          <>
            {field('serviceName', 'Service name', text('serviceName', { placeholder: 'Consultation' }))}
            {field('durationMin', 'Length in minutes', text('durationMin', { inputMode: 'numeric' }))}
            {field('price', 'Price (optional)', text('price', { inputMode: 'decimal' }), 'Leave empty for no price.')}
            {form.price.trim() !== '' &&
              field('currency', 'Currency', text('currency', { maxLength: 3, spellcheck: false }), 'Like EUR, USD or GBP.')}
            <div class="setup-field">
              <label class="check">
                <input
                  type="checkbox"
                  id="setup-confirmManually"
                  checked={form.confirmManually}
                  onChange={(e) => set('confirmManually', e.currentTarget.checked)}
                />{' '}
                I confirm each booking myself
              </label>
              <p class="hint">Off: a booking is confirmed as the customer makes it.</p>
            </div>
          </>
        )}
        {step === 'hours' && (
          <>
            <p id="week-hint" class="hint">
              When customers can book {form.serviceName.trim() || 'the service'}, in {form.timezone}. You can
              change these and add more staff in the dashboard.
            </p>
            <WeekEditor
              week={form.week}
              onWeek={(change) => edit((f) => ({ ...f, week: change(f.week) }))}
              canWrite={true}
              owner="setup"
            />
            {problemOf('week') && (
              <p class="field-problem" id="week-problem" role="alert">
                {problemOf('week')}
              </p>
            )}
          </>
        )}
        {step === 'review' && (
          <dl class="setup-review">
            <dt>Business</dt>
            <dd>
              {form.businessName} ({form.timezone})
            </dd>
            <dt>Booking page</dt>
            <dd>
              {location.origin}/book/{form.slug}
            </dd>
            <dt>Owner</dt>
            <dd>{form.ownerEmail}</dd>
            <dt>First service</dt>
            <dd>
              {form.serviceName}, {form.durationMin} min
              {form.price.trim() ? `, ${form.price.trim()} ${form.currency.trim().toUpperCase()}` : ''}
            </dd>
            <dt>Bookings</dt>
            <dd>{form.confirmManually ? 'Held until you confirm each' : 'Confirmed as they are made'}</dd>
            <dt>Opening hours</dt>
            <dd>{weekSummary(form.week)}</dd>
          </dl>
        )}
        {refusal && (
          <p class="error" role="alert" id="setup-refusal">
            {refusal.message}
            {refusal.code && (
              <span class="hint">
                {' '}
                ({refusal.code}
                {refusal.requestId && `, request ${refusal.requestId}`})
              </span>
            )}
          </p>
        )}
        <p class="setup-actions">
          {index > 0 && (
            <button type="button" onClick={() => go(SETUP_STEPS[index - 1]!)} disabled={sending}>
              Back
            </button>
          )}{' '}
          <button type="submit" class="primary" id="setup-next" disabled={sending}>
            {step === 'review' ? (sending ? 'Creating…' : 'Create my workspace') : 'Next'}
          </button>
        </p>
      </form>
    </main>
  );
}
