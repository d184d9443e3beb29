import { DuplicateKeyError, type Collection, type DocumentStore } from '@svc/store';
import { COLLECTIONS, defaultSettings, type SettingsDoc, type SuppressionDoc } from './records.js';

/** Per-tenant notification settings and the customers' unsubscribes. */
export class SettingsRepository {
  private readonly settings: Collection<SettingsDoc>;
  private readonly suppressions: Collection<SuppressionDoc>;

  constructor(store: DocumentStore) {
    this.settings = store.collection<SettingsDoc>(COLLECTIONS.settings);
    this.suppressions = store.collection<SuppressionDoc>(COLLECTIONS.suppressions);
  }

  /** The tenant's settings, or the defaults (not stored) when it never saved any. */
  async of(tenantId: string): Promise<SettingsDoc> {
    return (await this.settings.findOne({ _id: tenantId })) ?? defaultSettings(tenantId);
  }

  /**
   * The tenant's settings; when it has none yet, the defaults with `businessEmails` (the team's
   * addresses the gateway knows) are stored first, so the first read fills them.
   */
  async ensure(tenantId: string, businessEmails: string[], nowMs: number): Promise<SettingsDoc> {
    const existing = await this.settings.findOne({ _id: tenantId });
    if (existing || businessEmails.length === 0) return existing ?? defaultSettings(tenantId);
    const doc = { ...defaultSettings(tenantId, businessEmails), createdAtMs: nowMs, updatedAtMs: nowMs };
    try {
      await this.settings.insertOne(doc);
      return doc;
    } catch (err) {
      // Two first reads at once: the other one stored them.
      if (!(err instanceof DuplicateKeyError)) throw err;
      return (await this.settings.findOne({ _id: tenantId })) ?? doc;
    }
  }

  /** Stores the settings as given (a whole document: the rpc merged the change into the current one). */
  async save(doc: SettingsDoc): Promise<void> {
    const { _id, ...set } = doc;
    if ((await this.settings.updateOne({ _id }, set)) === 1) return;
    try {
      await this.settings.insertOne(doc);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      await this.settings.updateOne({ _id }, set);
    }
  }

  async isSuppressed(tenantId: string, customerId: string): Promise<boolean> {
    if (customerId === '') return false;
    return (await this.suppressions.findOne({ _id: `${tenantId}:${customerId}` })) !== null;
  }

  /** Records the unsubscribe; doing it again changes nothing. */
  async suppress(tenantId: string, customerId: string, nowMs: number): Promise<void> {
    try {
      await this.suppressions.insertOne({ _id: `${tenantId}:${customerId}`, tenantId, customerId, createdAtMs: nowMs });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }
}
