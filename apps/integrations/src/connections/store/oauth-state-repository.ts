import { sha256Hex } from '@svc/crypto';
import type { Collection, DocumentStore } from '@svc/store';
import { COLLECTIONS, type OAuthStateDoc } from '../../store/records.js';

/** OAuth connects in progress, found by their state (records.ts OAuthStateDoc). */
export class OAuthStateRepository {
  private readonly states: Collection<OAuthStateDoc>;

  constructor(store: DocumentStore) {
    this.states = store.collection<OAuthStateDoc>(COLLECTIONS.oauthStates);
  }

  static idOf(state: string): string {
    return sha256Hex(state);
  }

  insert(doc: OAuthStateDoc): Promise<void> {
    return this.states.insertOne(doc);
  }

  /** Takes the tenant's unexpired attempt of this state, once: a second take finds nothing. */
  async take(tenantId: string, state: string, nowMs: number): Promise<OAuthStateDoc | null> {
    const _id = OAuthStateRepository.idOf(state);
    const doc = await this.states.findOne({ _id, tenantId });
    if (!doc) return null;
    if ((await this.states.deleteMany({ _id })) === 0) return null;
    // Expired ones go on any take.
    await this.states.deleteMany({ expiresAtMs: { $lt: nowMs } });
    return doc.expiresAtMs >= nowMs ? doc : null;
  }
}
