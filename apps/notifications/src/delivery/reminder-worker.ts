/**
 * The reminder worker (docs/architecture.md "Notifications"): when a reminder falls due it takes
 * a lease on it, reads the booking as it is now and, if it is still confirmed, at the same start
 * and that start is still ahead, stores the reminder's send records and marks the reminder sent
 * in one transaction (the records are unique per reminder, so a pass repeated after a crash sends
 * nothing twice); otherwise the reminder is dropped. The send worker does the sending.
 */
import { drainDue, DueWorker } from '@svc/background';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { reminderEventId } from '../domain/ids.js';
import { lineNow } from '../domain/meeting.js';
import { toCustomer } from '../domain/plan.js';
import { composeRecords, type ComposeSettings } from '../intake/compose.js';
import { ContextGone, ContextReader, type Clients } from '../intake/context.js';
import type { MeetingReader } from '../intake/meetings.js';
import { remindersHandled, SERVICE } from '../metrics.js';
import type { MeetingWaitRepository } from '../store/meeting-wait-repository.js';
import type { NotificationRepository } from '../store/notification-repository.js';
import type { ReminderDoc } from '../store/records.js';
import type { ReminderRepository } from '../store/reminder-repository.js';
import type { SettingsRepository } from '../store/settings-repository.js';

const BATCH = 50;
/** A reminder's reads and writes take a few gRPC calls and one transaction. */
const LEASE_MS = 30_000;

export interface ReminderWorkerDeps {
  store: DocumentStore;
  reminders: ReminderRepository;
  notifications: NotificationRepository;
  settings: SettingsRepository;
  clients: Clients;
  compose: ComposeSettings;
  smsAvailable: boolean;
  /** The video meeting's link as it is when the reminder falls due. */
  meetings: MeetingReader;
  waits: MeetingWaitRepository;
  logger: Logger;
  now: () => number;
  /** Told when a reminder's records were stored. */
  onStored: () => void;
}

export class ReminderWorker extends DueWorker {
  constructor(
    private readonly deps: ReminderWorkerDeps,
    private readonly pollMs: number,
  ) {
    super('reminder worker', pollMs, deps.logger);
  }

  protected pass(): Promise<number> {
    return drainDue(this.deps.reminders, this.deps.now, this.pollMs, BATCH, (due) => {
      // One reader per batch: a tenant's reminders falling due together read it once.
      const reader = new ContextReader(this.deps.clients, this.deps.settings, this.deps.smsAvailable);
      return Promise.all(due.map((doc) => this.handle(doc, reader)));
    });
  }

  private async handle(doc: ReminderDoc, reader: ContextReader): Promise<void> {
    const { reminders, now, logger } = this.deps;
    const nowMs = now();
    if (!(await reminders.lease(doc, nowMs, nowMs + LEASE_MS))) return;
    const fields = { bookingId: doc.bookingId, offsetMin: doc.offsetMin };
    try {
      const booking = await reader.booking(doc.tenantId, doc.bookingId);
      // Never for a booking that ended, moved or already started.
      if (booking.status !== 'confirmed' || booking.startsAtMs !== doc.startsAtMs || booking.startsAtMs <= nowMs) {
        await reminders.finish(doc, 'dropped', nowMs);
        remindersHandled.inc({ service: SERVICE, result: 'dropped' });
        return;
      }
      const ctx = await reader.load(booking);
      // The link when it exists; that it follows only while a follow-up is being looked for.
      const state = await this.deps.meetings.state(booking, ctx.service.conferencing);
      const following =
        state.kind === 'waiting' && (await this.deps.waits.get(doc.tenantId, doc.bookingId))?.phase === 'follow';
      const records = composeRecords(
        toCustomer('customer.reminder', booking, ctx),
        ctx,
        {
          eventId: reminderEventId(doc.bookingId, doc.offsetMin, doc.startsAtMs),
          // The moment it fell due: the start of its event-to-send latency.
          eventAtMs: doc.startsAtMs - doc.offsetMin * 60_000,
          bookingId: doc.bookingId,
          status: booking.status,
          startsAtMs: booking.startsAtMs,
          endsAtMs: booking.endsAtMs,
          revision: booking.revision,
          previousStartsAtMs: null,
          reminderOffsetMin: doc.offsetMin,
        },
        this.deps.compose,
        nowMs,
        lineNow(state, following),
      );
      await this.deps.store.withTransaction(async (tx) => {
        await this.deps.notifications.insertAbsent(records, tx);
        await reminders.finish(doc, 'sent', nowMs, tx);
      });
      remindersHandled.inc({ service: SERVICE, result: 'sent' });
      this.deps.onStored();
    } catch (err) {
      if (err instanceof ContextGone) {
        await reminders.finish(doc, 'dropped', nowMs);
        remindersHandled.inc({ service: SERVICE, result: 'dropped' });
        return;
      }
      // The lease runs out and the reminder is due again.
      logger.warn({ ...fields, err }, 'reminder could not be prepared; it is tried again');
    }
  }
}
