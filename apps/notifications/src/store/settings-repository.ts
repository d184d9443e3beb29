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
   * The tenant's settings with `team` (the owners' and admins' addresses the gateway knows) kept
   * as its team: stored with the defaults when it has no settings yet, written again when the
   * team changed. An empty team (the gateway knows none) changes nothing.
   */
  async withTeam(tenantId: string, team: string[], nowMs: number): Promise<SettingsDoc> {
    const existing = await this.settings.findOne({ _id: tenantId });
    if (team.length === 0) return existing ?? defaultSettings(tenantId);
    if (existing) {
      if (sameList(existing.teamEmails ?? [], team)) return existing;
      await this.settings.updateOne({ _id: tenantId }, { teamEmails: team });
      return { ...existing, teamEmails: team };
    }
    const doc = { ...defaultSettings(tenantId, team), createdAtMs: nowMs };
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

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);
