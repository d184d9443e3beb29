import { useCallback, useEffect, useState } from 'preact/hooks';
import {
  ApiError,
  get,
  getAll,
  post,
  type BookingDetail,
  type Customer,
  type Data,
  type Session,
  type Tenant,
} from './api.js';
import { actionsFor, type BookingAction } from './day-model.js';
import { ErrorNote } from './error-note.js';
import { Section } from './screen-parts.js';
import { DateField, TextField } from './fields.js';
import { dayWindow, formatTime, isoDateIn, longDate, statusWords, timeRange, wallTimeMs } from './format.js';

type History = Data<'/api/bookings/{bookingId}/events'>['items'];
type Notification = Data<'/api/notifications'>['items'][number];
type Delivery = Data<'/api/webhook-deliveries'>['items'][number];
type Explanation = Data<'/api/availability/explain'>;
type Slots = Data<'/book/{tenantSlug}/availability'>['slots'];

interface Loaded {
  booking: BookingDetail;
  customer: Customer | null;
  history: History;
  notifications: Notification[];
  deliveries: Delivery[];
}

const ACTION_LABELS: Record<Exclude<BookingAction, 'reschedule'>, string> = {
  confirm: 'Confirm',
  cancel: 'Cancel',
  complete: 'Mark completed',
  'no-show': 'Mark no-show',
};

/** One booking: who, what, the answers, its history, the messages and deliveries it caused; what staff may do now. */
export function BookingScreen({
  bookingId,
  session,
  tenant,
  zone,
  changed,
}: {
  bookingId: string;
  session: Session;
  tenant: Tenant;
  zone: string;
  /** Bumped by the live feed: a change to reload on. */
  changed: number;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [reason, setReason] = useState('');
  const [rescheduling, setRescheduling] = useState(false);
  const canWrite = session.role === 'tenant_owner' || session.role === 'tenant_admin';
  const locale = tenant.locale;

  const load = useCallback(async () => {
    try {
      const booking = await get<BookingDetail>(`/api/bookings/${bookingId}`);
      const [customer, history, notifications, deliveries] = await Promise.all([
        get<Customer>(`/api/customers/${booking.customerId}`).catch(() => null),
        get<{ items: History }>(`/api/bookings/${bookingId}/events`).then((h) => h.items),
        getAll<Notification>(`/api/notifications?bookingId=${bookingId}`).catch(() => []),
        canWrite
          ? getAll<Delivery>(`/api/webhook-deliveries?bookingId=${bookingId}`).catch(() => [])
          : Promise.resolve([]),
      ]);
      setLoaded({ booking, customer, history, notifications, deliveries });
    } catch (err) {
      setError(err as ApiError);
    }
  }, [bookingId, canWrite]);

  useEffect(() => {
    void load();
  }, [load, changed]);

  const act = async (action: BookingAction) => {
    setError(null);
    try {
      const body =
        action === 'cancel' || action === 'no-show'
          ? reason.trim()
            ? { reason: reason.trim() }
            : undefined
          : undefined;
      await post(`/api/bookings/${bookingId}/${action}`, body);
      setReason('');
      await load();
    } catch (err) {
      setError(err as ApiError);
    }
  };

  if (!loaded) {
    return (
      <main aria-busy={error ? 'false' : 'true'}>
        <p>
          <a href="#/">← The day</a>
        </p>
        {error ? <ErrorNote error={error} /> : <p>Loading…</p>}
      </main>
    );
  }
  const { booking, customer, history, notifications, deliveries } = loaded;
  const actions = canWrite ? actionsFor(booking.status) : [];
  const sync = booking.calendarSync;

  return (
    <main class="booking">
      <p>
        <a href="#/">← The day</a>
      </p>
      <h1 id="booking-title">
        {longDate(isoDateIn(booking.startsAtMs, zone), locale)},{' '}
        {timeRange(booking.startsAtMs, booking.endsAtMs, locale, zone)}
      </h1>
      <p class={`status status-${booking.status}`} id="booking-status">
        {statusWords(booking)}
        {booking.cancelReason && booking.cancelReason !== 'hold_expired' && ` (${booking.cancelReason})`}
        {booking.status === 'held' &&
          booking.holdExpiresAtMs &&
          ` until ${formatTime(booking.holdExpiresAtMs, locale, zone)}`}
      </p>
      {error && <ErrorNote error={error} />}

      <Section titleId="customer-title" title="Customer">
        {customer ? (
          <dl class="facts">
            <dt>Name</dt>
            <dd>{customer.name || '—'}</dd>
            <dt>Email</dt>
            <dd>{customer.primaryEmail ?? '—'}</dd>
            <dt>Phone</dt>
            <dd>{customer.phone ?? '—'}</dd>
          </dl>
        ) : (
          <p class="hint">The customer record could not be read.</p>
        )}
        <dl class="facts">
          <dt>Party size</dt>
          <dd>{booking.partySize}</dd>
          <dt>Booked through</dt>
          <dd>{booking.source.replace('_', ' ')}</dd>
          {booking.notes && (
            <>
              <dt>Notes</dt>
              <dd>{booking.notes}</dd>
            </>
          )}
          {booking.answers.map((a) => (
            <>
              <dt key={`q-${a.key}`}>{a.label}</dt>
              <dd key={`a-${a.key}`}>{answerText(a.value)}</dd>
            </>
          ))}
        </dl>
      </Section>

      {actions.length > 0 && (
        <Section titleId="actions-title" title="Actions">
          {(actions.includes('cancel') || actions.includes('no-show')) && (
            <p>
              <TextField
                label="Reason (sent with a cancellation or no-show)"
                type="text"
                maxLength={500}
                value={reason}
                onValue={setReason}
              />
            </p>
          )}
          <div class="actions">
            {actions
              .filter((a): a is Exclude<BookingAction, 'reschedule'> => a !== 'reschedule')
              .map((a) => (
                <button key={a} type="button" class={a === 'confirm' ? 'primary' : ''} onClick={() => void act(a)}>
                  {ACTION_LABELS[a]}
                </button>
              ))}
            {actions.includes('reschedule') && (
              <button type="button" aria-expanded={rescheduling} onClick={() => setRescheduling(!rescheduling)}>
                Reschedule…
              </button>
            )}
          </div>
          {rescheduling && (
            <Reschedule
              booking={booking}
              session={session}
              tenant={tenant}
              zone={zone}
              onMoved={async () => {
                setRescheduling(false);
                await load();
              }}
            />
          )}
        </Section>
      )}

      <Section titleId="history-title" title="History">
        <ol class="history">
          {history.map((h) => (
            <li key={h.eventId}>
              <span class="when">{`${longDate(isoDateIn(h.occurredAtMs, zone), locale)} ${formatTime(h.occurredAtMs, locale, zone)}`}</span>{' '}
              {h.type.replace('booking.', '')}
              {h.actor && ` by ${h.actor}`}
              {h.type === 'booking.rescheduled' && ` to ${timeRange(h.startsAtMs, h.endsAtMs, locale, zone)}`}
            </li>
          ))}
        </ol>
      </Section>

      <Section titleId="messages-title" title="Messages sent">
        {notifications.length === 0 ? (
          <p class="hint">None.</p>
        ) : (
          <ul class="plain">
            {notifications.map((n) => (
              <li key={n.notificationId}>
                {n.subject || n.template} to {n.recipient} ({n.channel}): {n.status}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {canWrite && (
        <Section titleId="deliveries-title" title="Webhook deliveries">
          {deliveries.length === 0 ? (
            <p class="hint">None.</p>
          ) : (
            <ul class="plain">
              {deliveries.map((d) => (
                <li key={d.deliveryId}>
                  {d.eventType}: {d.status} after {d.attemptCount} attempt{d.attemptCount === 1 ? '' : 's'}
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      <Section titleId="calendar-title" title="Calendar">
        <p>
          {sync ? `${sync.status}${sync.provider ? ` (${sync.provider})` : ''}` : 'Not written to a staff calendar.'}
        </p>
      </Section>
    </main>
  );
}

const answerText = (value: unknown): string =>
  value === null ? '—' : Array.isArray(value) ? value.join(', ') : value === true ? 'Yes' : String(value);

/** A day's free times of the booking's service, and any other time with explain's reason why not. */
function Reschedule({
  booking,
  session,
  tenant,
  zone,
  onMoved,
}: {
  booking: BookingDetail;
  session: Session;
  tenant: Tenant;
  zone: string;
  onMoved: () => Promise<void>;
}) {
  const [day, setDay] = useState(isoDateIn(booking.startsAtMs, zone));
  const [slots, setSlots] = useState<Slots | null>(null);
  const [time, setTime] = useState('');
  const [verdict, setVerdict] = useState<Explanation | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const locale = tenant.locale;

  useEffect(() => {
    const { fromMs, toMs } = dayWindow(day, zone);
    setSlots(null);
    get<{ slots: Slots }>(
      `/book/${session.tenant.slug}/availability?serviceSlug=${encodeURIComponent(booking.serviceSlug)}&fromMs=${fromMs}&toMs=${toMs}`,
    ).then((a) => setSlots(a.slots), setError);
  }, [day, zone]);

  const moveTo = async (startsAtMs: number) => {
    setError(null);
    try {
      await post(`/api/bookings/${booking.bookingId}/reschedule`, { startsAtMs });
      await onMoved();
    } catch (err) {
      setError(err as ApiError);
    }
  };

  const check = async (e: Event) => {
    e.preventDefault();
    if (!time) return;
    setError(null);
    try {
      setVerdict(
        await get<Explanation>(
          `/api/availability/explain?serviceId=${booking.serviceId}&startsAtMs=${wallTimeMs(day, time, zone)}`,
        ),
      );
    } catch (err) {
      setError(err as ApiError);
    }
  };

  return (
    <div class="reschedule">
      <DateField label="Day" value={day} onValue={setDay} />
      {error && <ErrorNote error={error} />}
      {slots === null ? (
        <p aria-busy="true">Loading free times…</p>
      ) : slots.length === 0 ? (
        <p class="hint">No free time on this day.</p>
      ) : (
        <div class="slots" role="group" aria-label="Free times">
          {slots.map((s) => (
            <button key={s.startsAtMs} type="button" onClick={() => void moveTo(s.startsAtMs)}>
              {formatTime(s.startsAtMs, locale, zone)}
            </button>
          ))}
        </div>
      )}
      <form class="explain" onSubmit={check}>
        <TextField label="Another time" type="time" value={time} onValue={setTime} />{' '}
        <button type="submit">Why not free?</button>
      </form>
      {verdict && (
        <p role="status" class={verdict.free ? '' : 'error'} id="explain-verdict">
          {verdict.free ? (
            <>
              {formatTime(verdict.startsAtMs, locale, zone)} is free.{' '}
              <button type="button" class="primary" onClick={() => void moveTo(verdict.startsAtMs)}>
                Move here
              </button>
            </>
          ) : (
            `${formatTime(verdict.startsAtMs, locale, zone)} is not free: ${REASON_WORDS[verdict.reason] ?? verdict.reason}.`
          )}
        </p>
      )}
    </div>
  );
}

const REASON_WORDS: Record<string, string> = {
  tenant_inactive: 'the workspace is not taking bookings',
  service_inactive: 'the service is not bookable',
  too_soon: 'it is too soon to book',
  too_far: 'it is too far ahead',
  outside_hours: 'it is outside the opening hours',
  misaligned: 'times start on the service’s slot grid only',
  holiday: 'it is a holiday',
  blocked: 'the time is blocked',
  taken: 'it is already taken',
  daily_limit: 'the day’s limit of bookings is reached',
};
