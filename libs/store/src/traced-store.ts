import { context, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { tracer } from '@svc/telemetry';
import type { Collection, Document, DocumentStore } from './document-store.js';

const storeTracer = tracer('store');

/**
 * Runs a store operation in a client span (`store.find bookings`), child of the active span and
 * so of its service. Outside any span (a poll of a background loop that found nothing to do)
 * it opens none: those would be thousands of one-span traces. Under a span that is not recorded
 * (no exporter, docs/operations.md "Telemetry") it opens none either: nothing would read it, and
 * no log line or `traceparent` is made inside a store operation.
 */
function traced<R>(op: string, attributes: Attributes, fn: () => Promise<R>): Promise<R> {
  const active = context.active();
  if (!trace.getSpan(active)?.isRecording()) return fn();
  const span = storeTracer.startSpan(
    `store.${op} ${String(attributes['db.collection.name'])}`,
    { kind: SpanKind.CLIENT, attributes },
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
  const transaction = { 'db.system.name': system, 'db.collection.name': '*' };
  return {
    collection<T extends Document>(name: string): Collection<T> {
      const c = store.collection<T>(name);
      const attributes = { 'db.system.name': system, 'db.collection.name': name };
      return {
        insertOne: (doc, tx) => traced('insertOne', attributes, () => c.insertOne(doc, tx)),
        findOne: (filter, tx) => traced('findOne', attributes, () => c.findOne(filter, tx)),
        find: (filter, opts, tx) => traced('find', attributes, () => c.find(filter, opts, tx)),
        count: (filter, tx) => traced('count', attributes, () => c.count(filter, tx)),
        updateOne: (filter, set, tx) => traced('updateOne', attributes, () => c.updateOne(filter, set, tx)),
        deleteMany: (filter, tx) => traced('deleteMany', attributes, () => c.deleteMany(filter, tx)),
      };
    },
    ensureIndexes: (specs) => store.ensureIndexes(specs),
    dropIndex: (collection, name) => store.dropIndex(collection, name),
    withTransaction: (fn) => traced('transaction', transaction, () => store.withTransaction(fn)),
    ping: () => store.ping(),
    scrubFreed: () => store.scrubFreed(),
    close: () => store.close(),
  };
}
