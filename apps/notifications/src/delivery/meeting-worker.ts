/**
 * The meeting-link worker (docs/decisions.md "Notifications"): looks after the customer messages
 * that wait for a booking's video meeting link (store/meeting-wait-repository.ts). A held
 * confirmation or reschedule is composed once the link exists (with it), once it is settled that
 * there is none (without a word of it), or when the hold runs out (saying the link follows); a
 * link that follows is looked for with backoff until the booking starts and sent in a message of
 * its own. Each wait is leased (replicas never handle the same one at once); its records and its
 * next state are stored in one transaction, and records are unique per event, template, channel
 * and recipient, so a pass repeated after a crash sends nothing twice. The send worker sends.
 */
import { drainDue, DueWorker } from '@svc/background';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { heldLine, holdCheckMs, nextFollowCheckAtMs } from '../domain/meeting.js';
import type { ComposeSettings } from '../intake/compose.js';
import { ContextGone, ContextReader, type Clients } from '../intake/context.js';
import { composeHeld, composeMeetingLink } from '../intake/held.js';
import type { MeetingReader } from '../intake/meetings.js';
import { meetingWaits, SERVICE } from '../metrics.js';
import type { MeetingWaitRepository } from '../store/meeting-wait-repository.js';
import type { NotificationRepository } from '../store/notification-repository.js';
import type { MeetingWaitDoc } from '../store/records.js';
import type { SettingsRepository } from '../store/settings-repository.js';

const BATCH = 50;
/** A look takes a few gRPC calls and one transaction. */
const LEASE_MS = 30_000;

export interface MeetingWorkerDeps {
  store: DocumentStore;
  waits: MeetingWaitRepository;
  notifications: NotificationRepository;
  settings: SettingsRepository;
  clients: Clients;
  meetings: MeetingReader;
  compose: ComposeSettings;
  smsAvailable: boolean;
  /** NOTIFY_MEETING_WAIT_MS: the hold's bound, and the scale of the looks. */
  meetingWaitMs: number;
  logger: Logger;
  now: () => number;
  /** Told when records were stored. */
  onStored: () => void;
}

type Outcome = 'sent' | 'follow' | 'again' | 'dropped';

export class MeetingWorker extends DueWorker {
  constructor(
    private readonly deps: MeetingWorkerDeps,
    private readonly pollMs: number,
  ) {
    super('meeting link worker', pollMs, deps.logger);
  }

  protected pass(): Promise<number> {
    return drainDue(this.deps.waits, this.deps.now, this.pollMs, BATCH, (due) => {
      const reader = new ContextReader(this.deps.clients, this.deps.settings, this.deps.smsAvailable);
      return Promise.all(due.map((doc) => this.handle(doc, reader)));
    });
  }

  private async handle(doc: MeetingWaitDoc, reader: ContextReader): Promise<void> {
    const { waits, now, logger } = this.deps;
    const nowMs = now();
    if (!(await waits.lease(doc, nowMs, nowMs + LEASE_MS))) return;
    // Ids and the outcome only: never the link (anyone holding it joins the meeting).
    const fields = { bookingId: doc._id, phase: doc.phase, checks: doc.checks };
    try {
      const outcome =
        doc.phase === 'hold' ? await this.release(doc, reader, nowMs) : await this.follow(doc, reader, nowMs);
      meetingWaits.inc({ service: SERVICE, phase: doc.phase, result: outcome });
      if (outcome !== 'again') logger.info({ ...fields, outcome }, 'meeting link wait');
    } catch (err) {
      if (err instanceof ContextGone) {
        await waits.finish(doc);
        meetingWaits.inc({ service: SERVICE, phase: doc.phase, result: 'dropped' });
        return;
      }
      // The lease runs out and the wait is due again.
      logger.warn({ ...fields, err }, 'meeting link wait could not be handled; it is tried again');
    }
  }

  /** A held confirmation or reschedule: composed now, or looked at again. */
  private async release(doc: MeetingWaitDoc, reader: ContextReader, nowMs: number): Promise<Outcome> {
    const { waits, meetingWaitMs } = this.deps;
    const ctx = await reader.load(doc.event);
    const line = heldLine(await this.deps.meetings.state(doc.event, ctx.service.conferencing), nowMs, doc.holdUntilMs);
    if (line === 'wait') {
      await waits.again(doc, Math.min(doc.holdUntilMs, nowMs + holdCheckMs(meetingWaitMs, doc.checks + 1)), nowMs);
      return 'again';
    }
    const records = composeHeld(doc.event, ctx, line, this.deps.compose, nowMs);
    const next = line?.kind === 'follows' ? nextFollowCheckAtMs(0, nowMs, meetingWaitMs, doc.event.startsAtMs) : null;
    const following = await this.deps.store.withTransaction(async (tx) => {
      // A link is followed only where this made the promise: not for messages stored before (a
      // redelivered event's, sent already), nor for a customer without an address.
      const made = await this.deps.notifications.insertAbsent(records, tx);
      const follows = next !== null && made > 0;
      if (follows) await waits.follow(doc, next, nowMs, tx);
      else await waits.finish(doc, tx);
      return follows;
    });
    this.deps.onStored();
    return following ? 'follow' : 'sent';
  }

  /** A link that follows: sent once it exists, while the booking is still confirmed at that start and ahead. */
  private async follow(doc: MeetingWaitDoc, reader: ContextReader, nowMs: number): Promise<Outcome> {
    const { waits, meetingWaitMs } = this.deps;
    const booking = await reader.booking(doc.tenantId, doc._id);
    if (booking.status !== 'confirmed' || booking.startsAtMs !== doc.event.startsAtMs || booking.startsAtMs <= nowMs) {
      await waits.finish(doc);
      return 'dropped';
    }
    const ctx = await reader.load(booking);
    const state = await this.deps.meetings.state(booking, ctx.service.conferencing);
    if (state.kind === 'link') {
      const records = composeMeetingLink(booking, ctx, state.url, this.deps.compose, nowMs);
      await this.deps.store.withTransaction(async (tx) => {
        await this.deps.notifications.insertAbsent(records, tx);
        await waits.finish(doc, tx);
      });
      this.deps.onStored();
      return 'sent';
    }
    const next =
      state.kind === 'none' ? null : nextFollowCheckAtMs(doc.checks + 1, nowMs, meetingWaitMs, booking.startsAtMs);
    if (next === null) {
      await waits.finish(doc);
      return 'dropped';
    }
    await waits.again(doc, next, nowMs);
    return 'again';
  }
}
