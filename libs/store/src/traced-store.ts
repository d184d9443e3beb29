import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer } from '@svc/telemetry';
import type { Collection, Document, DocumentStore } from './document-store.js';

const storeTracer = tracer('store');

/**
 * Runs a store operation in a client span (`store.find bookings`), child of the active span and
 * so of its service. Outside any span (a poll of a background loop that found nothing to do)
 * it opens none: those would be thousands of one-span traces.
 */
function traced<R>(system: string, op: string, collection: string, fn: () => Promise<R>): Promise<R> {
  const active = context.active();
  if (!trace.getSpan(active)) return fn();
  const span = storeTracer.startSpan(
    `store.${op} ${collection}`,
    { kind: SpanKind.CLIENT, attributes: { 'db.system.name': system, 'db.collection.name': collection } },
    active,
  );
  return context.with(trace.setSpan(active, span), fn).then(
    (result) => {
      span.end();
      return result;
    },
    (err: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
      throw err;
    },
  );
}

/**
 * The store with a span around every operation and transaction (docs/architecture.md,
 * "Telemetry"). A decorator of the port, so both adapters are traced the same way and neither
 * depends on the MongoDB driver's own instrumentation.
 */
export function tracedStore(store: DocumentStore, system: 'sqlite' | 'mongodb'): DocumentStore {
  return {
    collection<T extends Document>(name: string): Collection<T> {
      const c = store.collection<T>(name);
      return {
        insertOne: (doc, tx) => traced(system, 'insertOne', name, () => c.insertOne(doc, tx)),
        findOne: (filter, tx) => traced(system, 'findOne', name, () => c.findOne(filter, tx)),
        find: (filter, opts, tx) => traced(system, 'find', name, () => c.find(filter, opts, tx)),
        count: (filter, tx) => traced(system, 'count', name, () => c.count(filter, tx)),
        updateOne: (filter, set, tx) => traced(system, 'updateOne', name, () => c.updateOne(filter, set, tx)),
        deleteMany: (filter, tx) => traced(system, 'deleteMany', name, () => c.deleteMany(filter, tx)),
      };
    },
    ensureIndexes: (specs) => store.ensureIndexes(specs),
    dropIndex: (collection, name) => store.dropIndex(collection, name),
    withTransaction: (fn) => traced(system, 'transaction', '*', () => store.withTransaction(fn)),
    ping: () => store.ping(),
    scrubFreed: () => store.scrubFreed(),
    close: () => store.close(),
  };
}
