import { DuplicateKeyError, type Document, type DocumentStore } from '@svc/store';
import { AUDIT_EVENTS, AUDIT_TARGETS } from '../audit/audit-documents.js';
import { IDENTITY_COLLECTIONS } from './documents.js';

/** Where the identity store notes that the copy is done (docs/decisions.md "Identity service"). */
const MIGRATIONS = 'identity_migrations';
const GATEWAY_COPY = 'former-gateway-identity';
const BATCH = 500;
/**
 * What the gateway kept that is the identity service's now: the identity data and the audit log.
 * Tenant export archives are not carried over (an owner starts a new export).
 */
const FORMER_GATEWAY_COLLECTIONS = [...IDENTITY_COLLECTIONS, AUDIT_EVENTS, AUDIT_TARGETS];

/**
 * The one-time copy of an installation's identity data and audit log out of the gateway's former
 * store (embedded `DATA_DIR/gateway.sqlite`, distributed the gateway's former MongoDB database)
 * into the identity service's, collection names kept. Runs before the service serves. Idempotent: a
 * document already there is left as it is, and once the marker is written the former store is
 * never read again (a membership removed since is not brought back). Answers how many documents
 * it copied (0 when the copy was done before or there is nothing to copy).
 */
export async function copyFormerGatewayIdentity(
  target: DocumentStore,
  openSource: () => Promise<DocumentStore | null>,
  now: () => number = Date.now,
): Promise<number> {
  const marks = target.collection<Document & { _id: string; copiedAtMs: number; documents: number }>(MIGRATIONS);
  if (await marks.findOne({ _id: GATEWAY_COPY })) return 0;
  const source = await openSource();
  let copied = 0;
  if (source) {
    try {
      for (const name of FORMER_GATEWAY_COLLECTIONS) copied += await copyCollection(source, target, name);
    } finally {
      await source.close();
    }
  }
  try {
    await marks.insertOne({ _id: GATEWAY_COPY, copiedAtMs: now(), documents: copied });
  } catch (err) {
    // Replicas starting together each copy (duplicates skipped); one marker is enough.
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  return copied;
}

/** Every document of one collection, in `_id` order, a batch at a time; ones already there are skipped. */
async function copyCollection(source: DocumentStore, target: DocumentStore, name: string): Promise<number> {
  const from = source.collection<Document & { _id: string }>(name);
  const to = target.collection<Document & { _id: string }>(name);
  let copied = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await from.find(after === null ? {} : { _id: { $gt: after } }, { sort: [['_id', 1]], limit: BATCH });
    for (const doc of batch) {
      try {
        await to.insertOne(doc);
        copied += 1;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    }
    if (batch.length < BATCH) return copied;
    after = (batch[batch.length - 1] as { _id: string })._id;
  }
}
