/**
 * Intake (docs/architecture.md "Notifications"): the booking topic in the notifications'
 * consumer group, through the event-bus port (any adapter). A batch of events becomes send
 * records and reminder changes, stored in one transaction; the handler resolves only after that
 * commit, so the bus commits the offsets after it, and a crash in between hands the events over
 * again, which store nothing twice (records are unique per event, template, channel and
 * recipient; reminders ignore an older event).
 */
import {
  BOOKING_EVENTS_TOPIC,
  consumeInBatches,
  inBatchSpan,
  type BatchConsumer,
  type EventBus,
  type ReceivedMessage,
  type Subscription,
} from '@svc/events';
import type { Logger } from '@svc/telemetry';
import type { DocumentStore } from '@svc/store';
import { parseBookingEvent, type BookingEvent } from '../domain/booking-event.js';
import { parseCustomerErasure, type CustomerErasure } from '../domain/customer-erasure.js';
import { holdCheckMs, lineNow } from '../domain/meeting.js';
import { planFor, type ReminderPlan } from '../domain/plan.js';
import { eventsConsumed, SERVICE } from '../metrics.js';
import type { ErasureRepository } from '../store/erasure-repository.js';
import type { MeetingWaitRepository } from '../store/meeting-wait-repository.js';
import type { NotificationRepository } from '../store/notification-repository.js';
import type { NotificationDoc } from '../store/records.js';
import type { ReminderRepository } from '../store/reminder-repository.js';
import type { SettingsRepository } from '../store/settings-repository.js';
import { composeRecords, type ComposeSettings } from './compose.js';
import { ContextGone, ContextReader, type BookingContext, type Clients } from './context.js';
import { composeHeld, heldEventOf, occurrenceOf, waitingMessages } from './held.js';
import type { MeetingReader } from './meetings.js';

/** The notifications' consumer group: replicas share the topic's partitions. */
export const NOTIFICATIONS_GROUP = 'notifications';

/** Events handed to the intake at once at most (their records share one transaction). */
export const INTAKE_BATCH = 100;

const INTAKE: BatchConsumer = {
  topic: BOOKING_EVENTS_TOPIC,
  groupId: NOTIFICATIONS_GROUP,
  maxBatch: INTAKE_BATCH,
  service: SERVICE,
  operation: 'notify',
};

export interface IntakeDeps {
  store: DocumentStore;
  notifications: NotificationRepository;
  reminders: ReminderRepository;
  settings: SettingsRepository;
  erasures: ErasureRepository;
  /**
   * After an erase changed the store: the erased messages' copies are forgotten and the store's
   * files scrubbed (docs/decisions.md "Privacy").
   */
  afterErasure: (messageIds: readonly string[]) => Promise<void>;
  clients: Clients;
  compose: ComposeSettings;
  smsAvailable: boolean;
  /** The video meeting's link (the integrations service's record). */
  meetings: MeetingReader;
  waits: MeetingWaitRepository;
  /** How long a confirmation or reschedule waits for the meeting's link at most (NOTIFY_MEETING_WAIT_MS). */
  meetingWaitMs: number;
  logger: Logger;
  now: () => number;
  /** Told when records were stored (the worker looks for due work) and reminders changed. */
  onStored: () => void;
}

interface Prepared {
  event: BookingEvent;
  /** The messages an earlier event held for the meeting's link, going now before this event's. */
  released: NotificationDoc[];
  records: NotificationDoc[];
  reminders: ReminderPlan | null;
  /** This event's customer messages wait for the meeting's link (until then). */
  holdUntilMs: number | null;
}

/**
 * Messages an earlier event of the booking still holds for the meeting's link go now, before
 * this event's, saying the link only if it exists: whatever this event changed, its own
 * messages say what is true of the meeting then (docs/decisions.md "Notifications").
 */
async function released(
  deps: IntakeDeps,
  event: BookingEvent,
  ctx: BookingContext,
  nowMs: number,
): Promise<NotificationDoc[]> {
  const wait = await deps.waits.get(event.tenantId, event.bookingId);
  if (!wait || wait.phase !== 'hold' || wait.eventAtMs >= event.occurredAtMs) return [];
  const state = await deps.meetings.state(wait.event, ctx.service.conferencing);
  return composeHeld(wait.event, ctx, lineNow(state, false), deps.compose, nowMs);
}

/**
 * Plans and composes one event's records; null when the event is to be skipped. `laterInBatch`:
 * a later event of the same booking is in the batch, so nothing of this one is held back.
 */
async function prepare(
  deps: IntakeDeps,
  reader: ContextReader,
  event: BookingEvent,
  laterInBatch: boolean,
): Promise<Prepared | null> {
  let ctx;
  try {
    // The event is the booking's state unless a later event of it is in the batch: then the
    // booking is read as it is now, which that later event's messages tell.
    ctx = await reader.load(laterInBatch ? { ...event, state: null } : event);
  } catch (err) {
    if (!(err instanceof ContextGone)) throw err;
    // Retrying cannot bring back a deleted tenant, service or customer.
    deps.logger.warn({ eventId: event.id, bookingId: event.bookingId, problem: err.message }, 'booking event skipped');
    return null;
  }
  const nowMs = deps.now();
  const plan = planFor(event, ctx, nowMs);
  const waiting = waitingMessages(plan.messages, event, ctx);
  const state = waiting.length > 0 ? await deps.meetings.state(event, ctx.service.conferencing) : null;
  const hold = state?.kind === 'waiting' && !laterInBatch;
  const records = composeRecords(
    hold ? plan.messages.filter((m) => !waiting.includes(m)) : plan.messages,
    ctx,
    occurrenceOf(event),
    deps.compose,
    nowMs,
    state ? lineNow(state, false) : null,
  );
  return {
    event,
    released: await released(deps, event, ctx, nowMs),
    records,
    reminders: plan.reminders,
    holdUntilMs: hold ? event.occurredAtMs + deps.meetingWaitMs : null,
  };
}

/**
 * Events prepared at once: their reads in parallel, then the event loop's other work (the SMTP
 * dialogues of the sends) runs before the next ones; a whole batch at once held the sends back
 * until it was stored (docs/benchmarks.md "Step 6: email at the speed of its client").
 */
const PREPARED_AT_ONCE = 10;

/** The events' records and reminder changes, in event order, PREPARED_AT_ONCE at a time. */
async function prepareAll(deps: IntakeDeps, reader: ContextReader, events: readonly BookingEvent[]) {
  const laterInBatch = (i: number) => events.slice(i + 1).some((e) => e.bookingId === events[i]!.bookingId);
  const prepared: Array<Prepared | null> = [];
  for (let from = 0; from < events.length; from += PREPARED_AT_ONCE) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    const some = events.slice(from, from + PREPARED_AT_ONCE);
    prepared.push(...(await Promise.all(some.map((event, i) => prepare(deps, reader, event, laterInBatch(from + i))))));
  }
  return prepared.filter((p): p is Prepared => p !== null);
}

/**
 * Handles consecutive events: their contexts are read (each tenant, service, booking and
 * customer once), then everything is stored in one transaction, in event order.
 */
export function intakeBatch(deps: IntakeDeps, messages: readonly ReceivedMessage[]): Promise<number> {
  return inBatchSpan(INTAKE, messages, async () => {
    const reader = new ContextReader(deps.clients, deps.settings, deps.smsAvailable);
    const events: BookingEvent[] = [];
    const erasures: CustomerErasure[] = [];
    for (const message of messages) {
      const erasure = parseCustomerErasure(message.value);
      if (erasure) {
        if ('erasure' in erasure) erasures.push(erasure.erasure);
        else deps.logger.error({ offset: message.offset, problem: erasure.problem }, 'customer.erased skipped');
        continue;
      }
      const parsed = parseBookingEvent(message.value, message.headers);
      if ('problem' in parsed) {
        eventsConsumed.inc({ service: SERVICE, result: 'skipped' });
        deps.logger.error({ offset: message.offset, problem: parsed.problem }, 'booking event skipped');
        continue;
      }
      events.push(parsed.event);
    }
    const prepared = await prepareAll(deps, reader, events);
    const nowMs = deps.now();
    const stored = await deps.store.withTransaction(async (tx) => {
      let count = 0;
      for (const p of prepared) {
        const { tenantId, bookingId } = p.event;
        // The earlier event's held messages first; then a later event ends any wait before it.
        count += await deps.notifications.insertAbsent(p.released, tx);
        await deps.waits.endBefore(tenantId, bookingId, p.event.occurredAtMs, tx);
        count += await deps.notifications.insertAbsent(p.records, tx);
        if (p.holdUntilMs !== null) {
          const firstLook = Math.min(p.holdUntilMs, nowMs + holdCheckMs(deps.meetingWaitMs, 0));
          await deps.waits.hold(heldEventOf(p.event), p.holdUntilMs, firstLook, nowMs, tx);
        }
        if (p.reminders) {
          await deps.reminders.apply(
            { tenantId: p.event.tenantId, bookingId: p.event.bookingId, startsAtMs: p.event.startsAtMs },
            p.reminders,
            p.event.occurredAtMs,
            nowMs,
            tx,
          );
        }
      }
      return count;
    });
    eventsConsumed.inc({ service: SERVICE, result: 'stored' }, prepared.length);
    if (stored > 0 || prepared.some((p) => p.reminders || p.holdUntilMs !== null)) deps.onStored();
    // After the batch's records: a pending one among them is erased once it is final.
    if (erasures.length > 0) await eraseCustomers(deps, erasures);
    return stored;
  });
}

/**
 * Handles `customer.erased` events (docs/decisions.md "Privacy"): they compose nothing; what the
 * store holds of the customer is erased, one event after the other, then the store's files are
 * scrubbed. A failure fails the batch, which the bus hands over again (handling is idempotent).
 */
async function eraseCustomers(deps: IntakeDeps, erasures: readonly CustomerErasure[]): Promise<void> {
  const messageIds: string[] = [];
  for (const erasure of erasures) {
    const outcome = await deps.erasures.apply(erasure, deps.now());
    messageIds.push(...outcome.messageIds);
    eventsConsumed.inc({ service: SERVICE, result: 'erased' });
    // Ids and counts only.
    deps.logger.info(
      {
        eventId: erasure.eventId,
        customerId: erasure.customerId,
        bookings: erasure.bookingIds.length,
        erased: outcome.erased,
        pending: outcome.pending,
      },
      'customer erased from the notifications',
    );
  }
  await deps.afterErasure(messageIds);
}

/** Subscribes the intake to the booking topic in the notifications' group, in batches where the bus can. */
export function consumeBookingEvents(bus: EventBus, deps: IntakeDeps): Promise<Subscription> {
  return consumeInBatches(bus, INTAKE, (messages) => intakeBatch(deps, messages));
}
