/**
 * The write-back worker: picks up due sync records, leases each (a compare-and-set in the
 * store, so replicas never write the same booking at once), makes the staff member's calendar
 * match the record's wish and stores the outcome; failures are retried with backoff (retry.ts).
 * The event's resource id derives from the booking, so a retry after a lost answer replaces
 * the event instead of adding a second one.
 */
import { DomainError } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import type { Logger } from '@svc/telemetry';
import type { ConnectionUse } from '../connections.js';
import { calendarWrites, SERVICE } from '../metrics.js';
import type { ConnectionRepository } from '../store/connection-repository.js';
import type { ConnectionDoc, SyncDoc } from '../store/records.js';
import type { SyncRepository } from '../store/sync-repository.js';
import { nextRetryAtMs } from './retry.js';

export interface SyncWorkerSettings {
  firstRetryMs: number;
  pollMs: number;
  /** How long a lease holds a record (longer than a provider request may take). */
  leaseMs: number;
}

const BATCH = 20;

export class SyncWorker {
  private stopped = true;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly deps: {
      syncs: SyncRepository;
      connections: ConnectionRepository;
      use: ConnectionUse;
      catalog: CatalogClient;
      logger: Logger;
      now: () => number;
    },
    private readonly settings: SyncWorkerSettings,
  ) {}

  start(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Looks for due work now (an event was stored). */
  nudge(): void {
    this.again = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.again = false;
      try {
        const due = await this.deps.syncs.due(this.deps.now(), BATCH);
        await Promise.all(due.map((doc) => this.process(doc)));
        if (due.length === BATCH) continue;
      } catch (err) {
        this.deps.logger.error({ err }, 'calendar write-back round failed');
      }
      if (this.again || this.stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.settings.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private async process(doc: SyncDoc): Promise<void> {
    const now = this.deps.now();
    if (!(await this.deps.syncs.lease(doc, now, now + this.settings.leaseMs))) return;
    try {
      const outcome = await this.apply(doc);
      await this.deps.syncs.finish(doc, outcome);
      calendarWrites.inc({ service: SERVICE, outcome: outcome.status === 'removed' ? 'removed' : 'synced' });
    } catch (err) {
      const attempts = doc.attempts + 1;
      const retryAt = nextRetryAtMs(attempts, this.deps.now(), this.settings.firstRetryMs);
      const reason = err instanceof Error ? err.message : String(err);
      this.deps.logger.warn({ bookingId: doc._id, attempts, reason }, 'calendar write-back failed');
      calendarWrites.inc({ service: SERVICE, outcome: retryAt === null ? 'failed' : 'retry' });
      await this.deps.syncs.finish(doc, {
        attempts,
        status: retryAt === null ? 'failed' : 'pending',
        dueAtMs: retryAt,
        lastError: reason,
        updatedAtMs: this.deps.now(),
      });
    }
  }

  /** Makes the calendar match the wish; answers the record's new state. */
  private async apply(doc: SyncDoc): Promise<Partial<SyncDoc>> {
    const done = { attempts: 0, dueAtMs: null, lastError: null, updatedAtMs: this.deps.now() };
    const previous = doc.connectionId ? await this.deps.connections.get(doc.tenantId, doc.connectionId) : null;
    if (doc.want === 'absent') {
      if (previous && doc.calendarId && doc.externalEventId) {
        const { calendarId, externalEventId } = doc;
        await this.deps.use.run(previous, (p) => p.deleteEvent(calendarId, externalEventId));
        await this.touched(previous);
      }
      return { ...done, status: 'removed', summary: '', description: '' };
    }
    const target = (await this.deps.connections.ofStaff(doc.tenantId, [doc.staffId])).find(
      (c) => c.bookingCalendarId !== null,
    );
    if (!target || target.bookingCalendarId === null) {
      throw new Error('the staff member has no calendar that receives bookings');
    }
    const calendarId = target.bookingCalendarId;
    // The booking moved to another calendar (chosen again, reconnected): the old event goes.
    if (
      previous &&
      doc.calendarId &&
      doc.externalEventId &&
      (previous._id !== target._id || doc.calendarId !== calendarId)
    ) {
      const { calendarId: oldCalendar, externalEventId } = doc;
      await this.deps.use.run(previous, (p) => p.deleteEvent(oldCalendar, externalEventId));
    }
    const conferencing = target.provider === 'google' ? await this.conferencingOf(doc) : 'none';
    const description = `Booking ${doc._id}`;
    const written = await this.deps.use.run(target, (p) =>
      p.putEvent(calendarId, {
        bookingId: doc._id,
        title: doc.title,
        description,
        startsAtMs: doc.startsAtMs,
        endsAtMs: doc.endsAtMs,
        sequence: doc.writes,
        conferencing,
      }),
    );
    await this.touched(target);
    return {
      ...done,
      status: 'synced',
      provider: target.provider,
      connectionId: target._id,
      calendarId,
      externalEventId: written.externalEventId,
      meetingUrl: written.meetingUrl,
      writes: doc.writes + 1,
      // Kept only when the record still wishes what was written (SyncRepository.finish): an
      // erasure meanwhile has moved the record on, so its customer's name is not stored again.
      summary: doc.title,
      description,
    };
  }

  /** The service's conferencing as the catalog has it now (a deleted service: none). */
  private async conferencingOf(doc: SyncDoc): Promise<'none' | 'google_meet'> {
    if (doc.serviceId === '') return 'none';
    try {
      const { service } = await this.deps.catalog.getService({
        tenantId: doc.tenantId,
        serviceId: doc.serviceId,
        slug: '',
      });
      return service?.conferencing === 'google_meet' ? 'google_meet' : 'none';
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return 'none';
      throw err;
    }
  }

  private async touched(conn: ConnectionDoc): Promise<void> {
    const now = this.deps.now();
    await this.deps.connections.update(conn, { lastSyncAtMs: now });
  }
}
