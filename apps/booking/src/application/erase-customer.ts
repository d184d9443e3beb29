// The erase of a customer (docs/decisions.md "Privacy"): a durable job per customer, a document
// whose step says what is left to do (domain/erasure.ts ERASE_STEPS). Every step is idempotent and
// the job is resumed where it stood at start-up, so a crash half way only delays the end. One
// runner at a time per job across replicas (a lease, as the outbox relay's); the request waits for
// the end a bounded time and otherwise answers a retryable error while the job runs on.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { bookingUnavailable, DomainError, notFound, requireTenantId, validationError } from '@svc/errors';
import { ID_MESSAGE, isId } from '@svc/rules';
import { decodePageCursor, DueLoop, encodePageCursor, type PagePosition } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import {
  eraseAction,
  ERASED_IDS_PER_EVENT,
  ERASED_REASON,
  holdsPersonalData,
  paymentCustomerLeft,
  paymentCustomersOf,
  redactEventData,
  type EraseStep,
} from '../domain/erasure.js';
import type { BookingDoc, EraseJobDoc } from '../store/records.js';
import { customerErasedEvent } from './booking-events.js';
import { changeStatus, type LifecycleDeps } from './booking-lifecycle.js';

export interface EraseDeps extends LifecycleDeps {
  /** Called after a write of outbox rows, so the relay publishes at once. */
  onOutboxWrite: () => void;
}

export interface EraseOptions {
  /** How long a request waits for its job to end before answering "still running" (retryable). */
  waitMs?: number;
  /** How often unfinished jobs are looked for (start-up, a failed step, a job queued behind others). */
  pollMs?: number;
  /** How long a runner's hold on a job lasts without renewal: the longest a crashed replica delays the resume. */
  leaseMs?: number;
  /** Jobs this process runs at once; more wait as documents for a free runner. */
  maxRunning?: number;
  /** Bookings read per page. */
  pageSize?: number;
  /** Pause between looks at events the relay has yet to publish. */
  publishPollMs?: number;
}

const DEFAULTS: Required<EraseOptions> = {
  waitMs: 60_000,
  pollMs: 5_000,
  leaseMs: 30_000,
  maxRunning: 4,
  pageSize: 100,
  publishPollMs: 100,
};

/** How often a waiting request reads its job. */
const WAIT_POLL_MS = 100;
/** Rounds of cancelling one booking that someone else keeps changing, before the step fails (and is retried). */
const MAX_CANCEL_ATTEMPTS = 5;

/** The service is stopping: the job stays where it is and is resumed at the next start-up. */
class Stopping extends Error {
  override readonly name = 'Stopping';
}

/** Another runner took the job over (this one stalled past its lease). */
class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

const stillRunning = () => bookingUnavailable('The erase of this customer is still running; ask again for its result.');

/** The erase jobs of this process: requests, the start-up resume and their runs. */
export class CustomerErasure {
  private readonly options: Required<EraseOptions>;
  private readonly loop: DueLoop;
  /** The runs in progress here, by job id: at most `maxRunning`. */
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly owner = `erase-${randomUUID()}`;
  private readonly stop$ = new AbortController();

  constructor(
    private readonly deps: EraseDeps,
    private readonly logger: Logger,
    options: EraseOptions = {},
  ) {
    const given = Object.entries(options).filter(([, v]) => v !== undefined);
    this.options = { ...DEFAULTS, ...(Object.fromEntries(given) as EraseOptions) };
    this.loop = new DueLoop('erase jobs', () => this.resume(), this.options.pollMs, logger);
  }

  /** Starts the resume of unfinished jobs (at once, then every pollMs). */
  start(): void {
    this.loop.start();
  }

  /** Stops looking; every run stops at its next page and leaves its job for the next start-up. */
  async stop(): Promise<void> {
    this.stop$.abort();
    await this.loop.stop();
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * booking.v1 EraseCustomer: the customer checked with the customer service (NOT_FOUND for an
   * unknown one and another tenant's), the job opened or found, and its result once it is done.
   */
  async erase(tenantId: string, customerId: string): Promise<EraseJobDoc> {
    requireTenantId(tenantId);
    if (!isId(customerId)) throw validationError([{ path: 'customerId', message: ID_MESSAGE }]);
    const { store, customers } = this.deps;
    const existing = await store.eraseJobs.get(tenantId, customerId);
    try {
      // An erased record is still found (its status says so) and answers with its job's result.
      await customers.byId(tenantId, customerId);
    } catch (err) {
      // A customer service that no longer answers for an erased record: its job is the proof.
      if (!(err instanceof DomainError && err.code === 'NOT_FOUND') || !existing) throw notFoundIf(err);
    }
    const job = existing ?? (await store.eraseJobs.open(tenantId, customerId, this.deps.now()));
    return job.step === 'done' ? job : this.awaitEnd(job);
  }

  /** The job once done, waiting at most waitMs; else "still running" (retryable) while it goes on. */
  private async awaitEnd(job: EraseJobDoc): Promise<EraseJobDoc> {
    const deadline = Date.now() + this.options.waitMs;
    const local = this.launch(job);
    if (local) {
      const outcome = await within(local, this.options.waitMs);
      // Logged by launch; the job is resumed by the loop.
      if (outcome === 'failed') throw stillRunning();
    }
    for (;;) {
      const now = await this.deps.store.eraseJobs.get(job.tenantId, job.customerId);
      if (now?.step === 'done') return now;
      if (Date.now() >= deadline || this.stop$.signal.aborted) throw stillRunning();
      await sleep(WAIT_POLL_MS);
    }
  }

  /** One pass of the loop: the unfinished jobs nobody here runs, up to the free runners. */
  private async resume(): Promise<number> {
    const free = this.options.maxRunning - this.running.size;
    if (free <= 0) return this.options.pollMs;
    const jobs = await this.deps.store.eraseJobs.unfinished(this.options.maxRunning + this.running.size);
    for (const job of jobs) this.launch(job);
    return this.options.pollMs;
  }

  /** Runs the job here unless it runs already (that run) or every runner is busy (undefined). */
  private launch(job: EraseJobDoc): Promise<boolean> | undefined {
    const current = this.running.get(job._id);
    if (current) return current;
    if (this.stop$.signal.aborted || this.running.size >= this.options.maxRunning) return undefined;
    const run = new EraseRun(this.deps, this.options, this.owner, this.stop$.signal, job, this.logger).run();
    this.running.set(job._id, run);
    run.then(
      (ended) => {
        this.running.delete(job._id);
        // A runner is free for a job queued behind this one.
        if (ended) this.loop.nudge();
      },
      (err: unknown) => {
        this.running.delete(job._id);
        if (err instanceof Stopping || err instanceof LeaseLost) return;
        // Ids only: the job holds no personal data, and neither do the errors of its steps.
        this.logger.warn({ err, tenantId: job.tenantId, step: job.step }, 'erase job failed; it will be resumed');
      },
    );
    return run;
  }
}

/** A customer service outage stays one; anything else it answered is the caller's NOT_FOUND. */
function notFoundIf(err: unknown): unknown {
  return err instanceof DomainError && err.code === 'NOT_FOUND' ? notFound('Customer') : err;
}

/** How `run` ended within `ms`: resolved, rejected, or still going. */
async function within(run: Promise<unknown>, ms: number): Promise<'ended' | 'failed' | 'late'> {
  const timer = new AbortController();
  try {
    return await Promise.race([
      run.then(
        () => 'ended' as const,
        () => 'failed' as const,
      ),
      sleep(ms, 'late' as const, { signal: timer.signal }),
    ]);
  } finally {
    timer.abort();
  }
}

/** One run of one job, from the step it stands at to the end (or a stop, or a failure). */
class EraseRun {
  private renewAtMs = 0;
  private readonly lease: string;

  constructor(
    private readonly deps: EraseDeps,
    private readonly options: Required<EraseOptions>,
    private readonly owner: string,
    private readonly stopping: AbortSignal,
    private readonly job: EraseJobDoc,
    private readonly logger: Logger,
  ) {
    this.lease = `erase:${job._id}`;
  }

  /** True when the job is done; false when another runner holds it. */
  async run(): Promise<boolean> {
    if (!(await this.holdLease())) return false;
    try {
      for (;;) {
        const job = await this.deps.store.eraseJobs.get(this.job.tenantId, this.job.customerId);
        if (!job || job.step === 'done') return true;
        await this.checkpoint();
        await this.steps[job.step](job);
      }
    } finally {
      // Another replica may resume it at once instead of after the lease runs out.
      await this.deps.store.releaseLease(this.lease, this.owner).catch(() => undefined);
    }
  }

  private readonly steps: Record<Exclude<EraseStep, 'done'>, (job: EraseJobDoc) => Promise<void>> = {
    cancel: async (job) => {
      for await (const bookings of this.pages(job)) {
        for (const booking of bookings) await this.end(booking);
      }
      await this.advance(job, 'cancel');
    },

    strip: async (job) => {
      let bookings = 0;
      let cancelled = 0;
      for await (const page of this.pages(job)) {
        bookings += page.length;
        cancelled += page.filter((b) => b.status === 'cancelled' && b.cancelReason === ERASED_REASON).length;
        await this.deps.store.strip(
          job.tenantId,
          page.filter(holdsPersonalData).map((b) => b._id),
        );
      }
      await this.deps.store.scrubFreed();
      await this.advance(job, 'strip', { bookings, cancelled });
    },

    redact: async (job) => {
      await this.redactEvents(job);
      await this.deps.store.scrubFreed();
      await this.advance(job, 'redact');
    },

    announce: async (job) => this.announce(job),

    customer: async (job) => {
      await this.deps.customers.erase(job.tenantId, job.customerId);
      await this.advance(job, 'customer');
    },

    // Customers Stripe made at checkout hold the email (and a saved card): each deleted through
    // the tenant's account. Deleting one twice is answered already_deleted, so a resumed step
    // deletes only what is left; one the account cannot delete is counted and logged (ids only).
    payments: async (job) => {
      let deleted = 0;
      let left = 0;
      const seen = new Set<string>();
      for await (const page of this.pages(job)) {
        for (const ref of paymentCustomersOf(page)) {
          if (seen.has(ref)) continue;
          seen.add(ref);
          // Each call may take Stripe's timeout: the lease is kept between them.
          await this.checkpoint();
          const outcome = await this.deps.payments.deleteCustomer(job.tenantId, ref);
          if (paymentCustomerLeft(outcome)) left++;
          else deleted++;
        }
      }
      if (left > 0) {
        this.logger.warn(
          { tenantId: job.tenantId, customerId: job.customerId, left },
          'erase: Stripe customers could not be deleted (account disconnected or key refused); the business deletes them in Stripe',
        );
      }
      await this.advance(job, 'payments', { paymentCustomersDeleted: deleted, paymentCustomersLeft: left });
    },

    // A last look before the files are scrubbed. A change committed since the job opened wrote
    // its event redacted already, and one committed before it was seen by the redact step
    // (booking-lifecycle.ts commitChange, EraseJobRepository.seenIn), so this finds nothing
    // unless a row was written some other way; it costs a read per page.
    scrub: async (job) => {
      await this.redactEvents(job);
      await this.deps.store.scrubFreed();
      await this.advance(job, 'scrub');
    },
  };

  /** The customer's bookings, one page at a time, oldest first; each page after a checkpoint. */
  private async *pages(job: EraseJobDoc, limit = this.options.pageSize): AsyncGenerator<BookingDoc[]> {
    let after: PagePosition | null = null;
    do {
      await this.checkpoint();
      const page = await this.deps.store.customerBookings(job.tenantId, job.customerId, { limit, after });
      if (page.items.length > 0) yield page.items;
      after = page.next;
    } while (after !== null);
  }

  /** The booking cancelled (or its run-out hold expired) through the lifecycle, if it is still open. */
  private async end(booking: BookingDoc): Promise<void> {
    let current: BookingDoc | null = booking;
    for (let attempt = 1; current; attempt++) {
      const action = eraseAction(current, this.deps.now());
      if (!action) return;
      try {
        await changeStatus(this.deps, {
          tenantId: current.tenantId,
          bookingId: current._id,
          action,
          actor: 'system',
          reason: action === 'cancel' ? ERASED_REASON : '',
          traceparent: null,
          erasing: true,
        });
        this.deps.onOutboxWrite();
        return;
      } catch (err) {
        // Someone else changed it first (the state machine refused): look again at what it is now.
        const refused = err instanceof DomainError && err.code === 'BOOKING_POLICY_BLOCKED' && err.httpStatus === 409;
        if (!refused || attempt >= MAX_CANCEL_ATTEMPTS) throw err;
        current = await this.deps.store.booking(current.tenantId, current._id);
      }
    }
  }

  /**
   * Every stored event of the customer's bookings redacted, each once the relay has published it
   * (what it carries must go out first: the cancellations of the first step); a page whose events
   * are not all published yet is looked at again until they are.
   */
  private async redactEvents(job: EraseJobDoc): Promise<void> {
    for await (const page of this.pages(job)) {
      const ids = page.map((b) => b._id);
      for (;;) {
        const rows = await this.deps.store.unredactedEventsOf(ids);
        const published = rows.filter((r) => r.state === 'published');
        await this.deps.store.redactPublished(
          published.map((r) => ({ _id: r._id, data: redactEventData(r.data) })),
          this.deps.now(),
        );
        if (published.length === rows.length) break;
        this.deps.onOutboxWrite();
        await this.pause(this.options.publishPollMs);
        await this.checkpoint();
      }
    }
  }

  /**
   * The `customer.erased` rows, ERASED_IDS_PER_EVENT booking ids each: every row written in one
   * transaction with the job's position after its last booking, so a resumed job goes on after it.
   * A customer without bookings gets one row with none (the other services may hold their record).
   */
  private async announce(job: EraseJobDoc): Promise<void> {
    const { store } = this.deps;
    let from = job.announcedAfter;
    for (;;) {
      await this.checkpoint();
      const after = from === null ? null : decodePageCursor(from);
      const page = await store.customerBookings(job.tenantId, job.customerId, {
        limit: ERASED_IDS_PER_EVENT,
        after,
      });
      const last = page.items.at(-1);
      const to = last ? encodePageCursor({ at: last.createdAtMs, id: last._id }) : from;
      const chunk = { from, to, last: page.next === null };
      const nowMs = this.deps.now();
      const wrote = await store.withTransaction(async (tx) => {
        if (!(await store.eraseJobs.announced(job, chunk, nowMs, tx))) return false;
        if (page.items.length > 0 || from === null) {
          const ids = page.items.map((b) => b._id);
          await store.appendEvent(customerErasedEvent(job, ids, nowMs), tx);
        }
        return true;
      });
      // Another runner moved the job on: the run reads where it stands now.
      if (!wrote) return;
      this.deps.onOutboxWrite();
      if (chunk.last) return;
      from = to;
    }
  }

  private async advance(job: EraseJobDoc, step: EraseStep, set: Partial<EraseJobDoc> = {}): Promise<void> {
    // False when another runner moved it on meanwhile; the run reads where it stands either way.
    await this.deps.store.eraseJobs.advance(job, step, this.deps.now(), set);
  }

  /** Between pages: stop when the service stops, and keep the lease (or give up the job when it was lost). */
  private async checkpoint(): Promise<void> {
    if (this.stopping.aborted) throw new Stopping();
    if (Date.now() >= this.renewAtMs && !(await this.holdLease())) throw new LeaseLost();
  }

  private async holdLease(): Promise<boolean> {
    const now = Date.now();
    if (!(await this.deps.store.claimLease(this.lease, this.owner, now, this.options.leaseMs))) return false;
    this.renewAtMs = now + this.options.leaseMs / 2;
    return true;
  }

  private async pause(ms: number): Promise<void> {
    try {
      await sleep(ms, undefined, { signal: this.stopping });
    } catch {
      throw new Stopping();
    }
  }
}
