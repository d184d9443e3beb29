// What the erase tests share: a customer client that is the real customer service for everything
// but the erase itself, whose customer side (customer.v1 EraseCustomer) is the customer service's
// and tested there; here a double records it and makes GetCustomer and LookupOrCreateCustomer
// answer the record as erased afterwards, as the customer service does. And a customer with
// bookings in every status, answers and notes.

import { randomUUID } from 'node:crypto';
import { DomainError } from '@svc/errors';
import { connectService, toAnswerValue, type CustomerClient, type BookingClient } from '@svc/grpc';
import { customerV1, type catalogV1 } from '@svc/proto';
import type { InProcessEventBus } from '@svc/events';
import type { Collection, Document, DocumentStore, Tx } from '@svc/store';
import { BOOKING_COLLECTIONS } from '../src/store/records.js';
import { addService, bookingOf, create, createBookableTenant, createRequest, localSlot } from './booking-fixture.js';
import type { Dependencies, SeededService } from './booking-fixture.js';

export interface ErasingCustomers {
  /** A new client (a service's host closes the one it was given when it stops); all share this state. */
  client(): CustomerClient;
  /** `<tenantId>:<customerId>` of every record erased through it. */
  erased: Set<string>;
  /** customer.v1 EraseCustomer calls received. */
  eraseCalls: number;
  /** How many erase calls still fail (as an outage), before they succeed again. */
  failErases: number;
  /** Where a GetCustomer waits once it has its answer (the first one after it was set). */
  afterRead: Pause | undefined;
}

/** The real customer service at `deps`, with the double's erase (see the file's comment). */
export function erasingCustomers(deps: Dependencies): ErasingCustomers {
  const erasedView = (c: customerV1.Customer | undefined, key: string): customerV1.Customer | undefined =>
    c && state.erased.has(key)
      ? { ...c, name: '', primaryEmail: undefined, phone: undefined, locale: '', status: 'erased', erasedAtMs: 1 }
      : c;
  const state: ErasingCustomers = {
    erased: new Set(),
    eraseCalls: 0,
    failErases: 0,
    afterRead: undefined,
    client() {
      const real = connectService(customerV1.CustomerServiceService, deps.customerHost.address);
      return {
        ...real,
        getCustomer: async (req, options) => {
          const res = await real.getCustomer(req, options);
          const customer = erasedView(res.customer, `${req.tenantId}:${req.customerId}`);
          await state.afterRead?.here();
          return { customer };
        },
        lookupOrCreateCustomer: async (req, options) => {
          const res = await real.lookupOrCreateCustomer(req, options);
          return { ...res, customer: erasedView(res.customer, `${req.tenantId}:${res.customer?.customerId}`) };
        },
        eraseCustomer: async (req, options) => {
          state.eraseCalls++;
          if (state.failErases > 0) {
            state.failErases--;
            throw new DomainError('INTERNAL_ERROR', 'customer service unavailable', [], { retryable: true });
          }
          const { customer } = await real.getCustomer(req, options);
          state.erased.add(`${req.tenantId}:${req.customerId}`);
          return { customer: erasedView(customer, `${req.tenantId}:${req.customerId}`) };
        },
        close: () => real.close(),
      };
    },
  };
  return state;
}

/** Personal text that must not survive the erase anywhere in the booking service's store. */
export interface PersonalData {
  name: string;
  email: string;
  answer: string;
  notes: string;
}

export const personalData = (): PersonalData => {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Xenia Quillfeather ${tag}`,
    email: `xenia.${tag}@example.org`,
    answer: `Sore molar since the ski trip ${tag}`,
    notes: `Call her sister on arrival ${tag}`,
  };
};

const QUESTIONS: catalogV1.Question[] = [
  { key: 'reason', label: 'What brings you in?', type: 'text', required: false, options: [] },
];

export interface CustomerWithBookings {
  tenantId: string;
  customerId: string;
  service: SeededService;
  /** By status as the test left them: held, confirmed, completed, cancelled (by staff), no_show. */
  bookings: Record<'held' | 'confirmed' | 'completed' | 'cancelled' | 'no_show', string>;
  person: PersonalData;
}

/**
 * A new tenant whose one customer (`person`) has a booking in every status, each with an answer
 * and notes.
 */
export async function customerWithBookings(
  deps: Dependencies,
  client: BookingClient,
  person = personalData(),
): Promise<CustomerWithBookings> {
  const tenant = await createBookableTenant(deps.catalog);
  const service = await addService(deps.catalog, tenant.tenantId, { staffIds: [tenant.staffId], questions: QUESTIONS });
  const target = { tenantId: tenant.tenantId, service };
  const book = async (day: number) =>
    bookingOf(
      await create(
        client,
        createRequest(target, localSlot(day, 10), {
          customer: { name: person.name, primaryEmail: person.email },
          answers: [{ key: 'reason', value: toAnswerValue(person.answer) }],
          notes: person.notes,
        }),
      ),
    );
  const change = (bookingId: string, action: string, reason = '') =>
    client.changeBookingStatus({ tenantId: tenant.tenantId, bookingId, action, reason, actor: 'staff' });

  const held = await book(2);
  const confirmed = await book(3);
  await change(confirmed.bookingId, 'confirm');
  const completed = await book(4);
  await change(completed.bookingId, 'confirm');
  await change(completed.bookingId, 'complete');
  const cancelled = await book(5);
  await change(cancelled.bookingId, 'cancel', 'double booked');
  const noShow = await book(6);
  await change(noShow.bookingId, 'confirm');
  await change(noShow.bookingId, 'no_show');
  return {
    tenantId: tenant.tenantId,
    customerId: held.customerId,
    service,
    bookings: {
      held: held.bookingId,
      confirmed: confirmed.bookingId,
      completed: completed.bookingId,
      cancelled: cancelled.bookingId,
      no_show: noShow.bookingId,
    },
    person,
  };
}

/** A bus whose publishes wait while it is closed: the relay cannot publish until `open()`. */
export function gatedBus(bus: InProcessEventBus) {
  let release: (() => void) | null = null;
  let gate: Promise<void> = Promise.resolve();
  return {
    bus: {
      publish: async (...args: Parameters<InProcessEventBus['publish']>) => {
        await gate;
        return bus.publish(...args);
      },
      subscribe: bus.subscribe.bind(bus),
      ping: () => bus.ping(),
      close: () => bus.close(),
    },
    close() {
      gate = new Promise((resolve) => (release = resolve));
    },
    open() {
      release?.();
      release = null;
      gate = Promise.resolve();
    },
  };
}

/**
 * A point where the service stops once, so the test can run something else meanwhile: the first
 * caller of `here()` waits until `release()`; `reached` resolves when it has arrived. Later
 * callers pass.
 */
export class Pause {
  private passed = false;
  private arrive!: () => void;
  private leave!: () => void;
  readonly reached = new Promise<void>((resolve) => (this.arrive = resolve));
  private readonly released = new Promise<void>((resolve) => (this.leave = resolve));

  async here(): Promise<void> {
    if (this.passed) return;
    this.passed = true;
    this.arrive();
    await this.released;
  }

  release(): void {
    this.leave();
  }
}

/**
 * The store as the service sees it, where a transaction can be held right after it read the
 * customer's erase job (`afterJobRead`), as a slow transaction on MongoDB may be while the job
 * runs (SQLite runs one writer at a time: nothing else writes while it waits).
 */
export class PausingStore implements DocumentStore {
  afterJobRead: Pause | undefined;

  constructor(readonly inner: DocumentStore) {}

  collection<T extends Document>(name: string): Collection<T> {
    const c = this.inner.collection<T>(name);
    if (name !== BOOKING_COLLECTIONS.eraseJobs) return c;
    return {
      findOne: async (filter, tx) => {
        const found = await c.findOne(filter, tx);
        if (tx) await this.afterJobRead?.here();
        return found;
      },
      insertOne: (doc, tx) => c.insertOne(doc, tx),
      find: (filter, opts, tx) => c.find(filter, opts, tx),
      count: (filter, tx) => c.count(filter, tx),
      updateOne: (filter, set, tx) => c.updateOne(filter, set, tx),
      deleteMany: (filter, tx) => c.deleteMany(filter, tx),
    };
  }

  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.inner.withTransaction(fn);
  }

  ensureIndexes: DocumentStore['ensureIndexes'] = (specs) => this.inner.ensureIndexes(specs);
  dropIndex: DocumentStore['dropIndex'] = (collection, name) => this.inner.dropIndex(collection, name);
  ping = () => this.inner.ping();
  scrubFreed = () => this.inner.scrubFreed();
  close = () => this.inner.close();
}
