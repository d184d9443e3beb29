/**
 * The write-back worker: picks up due sync records, leases each (a compare-and-set in the
 * store, so replicas never write the same booking at once), makes the staff member's calendar
 * and video meeting match the record's wish and stores the outcome; failures are retried with
 * backoff (retry.ts), no sooner than a provider's Retry-After. The event's resource id derives
 * from the booking, so a retry after a lost answer replaces the event instead of adding a second
 * one; a Zoom meeting is found again by its agenda (booking-meeting.ts).
 */
import { DomainError } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import type { Logger } from '@svc/telemetry';
import type { ConnectionUse } from '../../connections/connections.js';
import { calendarWrites, SERVICE } from '../../metrics.js';
import { ProviderUnavailableError } from '../../providers/provider.js';
import type { ConnectionRepository } from '../../connections/store/connection-repository.js';
import type { ConnectionDoc, SyncDoc } from '../../store/records.js';
import type { SyncRepository } from '../../store/sync-repository.js';
import { BookingMeetings } from '../../meetings/booking-meeting.js';
import { nextRetryAtMs } from './retry.js';
import { asConferencing, MISSING_ZOOM, videoPlan, type Conferencing } from '../../meetings/video-plan.js';

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
  private readonly meetings: BookingMeetings;

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
  ) {
    this.meetings = new BookingMeetings(deps);
  }

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
    // What was done before a failure (a meeting made) is stored with the failure.
    const progress: Partial<SyncDoc> = {};
    try {
      const outcome = await this.apply(doc, progress);
      if (outcome === null) {
        await this.deps.syncs.forget(doc);
        return;
      }
      await this.deps.syncs.finish(doc, outcome);
      calendarWrites.inc({ service: SERVICE, outcome: outcome.status === 'removed' ? 'removed' : 'synced' });
    } catch (err) {
      const attempts = doc.attempts + 1;
      const retryAt = laterOf(
        nextRetryAtMs(attempts, this.deps.now(), this.settings.firstRetryMs),
        this.deps.now() + (retryAfterOf(err) ?? 0),
      );
      const reason = err instanceof Error ? err.message : String(err);
      this.deps.logger.warn({ bookingId: doc._id, attempts, reason }, 'calendar write-back failed');
      calendarWrites.inc({ service: SERVICE, outcome: retryAt === null ? 'failed' : 'retry' });
      await this.deps.syncs.finish(doc, {
        ...progress,
        attempts,
        status: retryAt === null ? 'failed' : 'pending',
        dueAtMs: retryAt,
        lastError: reason,
        updatedAtMs: this.deps.now(),
      });
    }
  }

  /**
   * Makes the calendar and the meeting match the wish; answers the record's new state, or null
   * when the booking goes nowhere (no receiving calendar, no meeting, nothing written): the record
   * is dropped then, as the consumer would not have made it.
   */
  private async apply(doc: SyncDoc, progress: Partial<SyncDoc>): Promise<Partial<SyncDoc> | null> {
    const done = { attempts: 0, dueAtMs: null, lastError: null, missingVideo: null, updatedAtMs: this.deps.now() };
    const previous = doc.connectionId ? await this.deps.connections.get(doc.tenantId, doc.connectionId) : null;
    if (doc.want === 'absent') {
      if (previous && doc.calendarId && doc.externalEventId) {
        const { calendarId, externalEventId } = doc;
        await this.deps.use.run(previous, (p) => p.deleteEvent(calendarId, externalEventId));
        await this.touched(previous);
      }
      await this.meetings.remove(doc, progress);
      return { ...done, ...progress, status: 'removed', summary: '', description: '' };
    }
    const staffConnections = await this.deps.connections.ofStaff(doc.tenantId, [doc.staffId]);
    const target = staffConnections.find((c) => c.bookingCalendarId !== null) ?? null;
    const zoom = staffConnections.find((c) => c.provider === 'zoom') ?? null;
    if (!target && !zoom && !doc.externalEventId && !doc.meetingId) return null;
    const service = await this.serviceOf(doc);
    const plan = videoPlan(service.conferencing, target?.provider ?? null, zoom !== null);
    if (!plan.zoom) await this.meetings.remove(doc, progress);
    const meeting = plan.zoom && zoom ? await this.meetings.put(doc, zoom, service.name, progress) : null;
    if (meeting && zoom) await this.touched(zoom);
    const outcome = {
      ...done,
      ...progress,
      status: 'synced' as const,
      lastError: plan.missing === 'zoom' ? MISSING_ZOOM : null,
      missingVideo: plan.missing,
      writes: doc.writes + 1,
    };
    if (!target || target.bookingCalendarId === null) {
      // Nothing to write, nothing written (a meeting it had is removed above).
      if (!meeting && !doc.externalEventId) return null;
      if (!meeting) throw new Error('the staff member has no calendar that receives bookings');
      // A meeting alone, the record names Zoom: nothing in a calendar (one written before, in a
      // calendar since disconnected, stays where it was).
      return {
        ...outcome,
        provider: 'zoom',
        connectionId: null,
        calendarId: null,
        externalEventId: null,
        summary: service.name,
        description: `Booking ${doc._id}`,
      };
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
    const description = `Booking ${doc._id}`;
    const written = await this.deps.use.run(target, (p) =>
      p.putEvent(calendarId, {
        bookingId: doc._id,
        title: doc.title,
        description,
        startsAtMs: doc.startsAtMs,
        endsAtMs: doc.endsAtMs,
        sequence: doc.writes,
        conferencing: plan.calendar,
        meetingUrl: meeting?.joinUrl ?? null,
      }),
    );
    await this.touched(target);
    return {
      ...outcome,
      provider: target.provider,
      connectionId: target._id,
      calendarId,
      externalEventId: written.externalEventId,
      meetingUrl: meeting?.joinUrl ?? written.meetingUrl,
      // Kept only when the record still wishes what was written (SyncRepository.finish): an
      // erasure meanwhile has moved the record on, so its customer's name is not stored again.
      summary: doc.title,
      description,
    };
  }

  /** The service's name and video provider as the catalog has them now (a deleted service: none). */
  private async serviceOf(doc: SyncDoc): Promise<{ name: string; conferencing: Conferencing }> {
    const none = { name: '', conferencing: 'none' as const };
    if (doc.serviceId === '') return none;
    try {
      const { service } = await this.deps.catalog.getService({
        tenantId: doc.tenantId,
        serviceId: doc.serviceId,
        slug: '',
      });
      return service ? { name: service.name, conferencing: asConferencing(service.conferencing) } : none;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return none;
      throw err;
    }
  }

  private async touched(conn: ConnectionDoc): Promise<void> {
    const now = this.deps.now();
    await this.deps.connections.update(conn, { lastSyncAtMs: now });
  }
}

/** The later of a retry time and a provider's wish (null: no more retries). */
const laterOf = (retryAt: number | null, notBefore: number): number | null =>
  retryAt === null ? null : Math.max(retryAt, notBefore);

/** The Retry-After a provider answered with, through the PROVIDER_ACTION_FAILED that carries it. */
function retryAfterOf(err: unknown): number | undefined {
  const cause = err instanceof DomainError ? err.cause : err;
  return cause instanceof ProviderUnavailableError ? cause.retryAfterMs : undefined;
}
