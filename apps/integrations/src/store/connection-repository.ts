import type { Collection, DocumentStore } from '@svc/store';
import { COLLECTIONS, type ConnectionDoc, type ConnectionStatus, type SettingsDoc } from './records.js';

/** Connections and the tenant's integration settings; every read is scoped to the tenant. */
export class ConnectionRepository {
  private readonly connections: Collection<ConnectionDoc>;
  private readonly settingsOf: Collection<SettingsDoc>;

  constructor(store: DocumentStore) {
    this.connections = store.collection<ConnectionDoc>(COLLECTIONS.connections);
    this.settingsOf = store.collection<SettingsDoc>(COLLECTIONS.settings);
  }

  insert(doc: ConnectionDoc): Promise<void> {
    return this.connections.insertOne(doc);
  }

  get(tenantId: string, connectionId: string): Promise<ConnectionDoc | null> {
    return this.connections.findOne({ _id: connectionId, tenantId });
  }

  list(tenantId: string): Promise<ConnectionDoc[]> {
    return this.connections.find(
      { tenantId },
      {
        sort: [
          ['createdAtMs', 1],
          ['_id', 1],
        ],
      },
    );
  }

  ofStaff(tenantId: string, staffIds: readonly string[]): Promise<ConnectionDoc[]> {
    if (staffIds.length === 0) return Promise.resolve([]);
    return this.connections.find({ tenantId, staffId: { $in: [...staffIds] } }, { sort: [['createdAtMs', 1]] });
  }

  async update(doc: ConnectionDoc, set: Partial<ConnectionDoc>): Promise<ConnectionDoc> {
    await this.connections.updateOne({ _id: doc._id, tenantId: doc.tenantId }, set);
    return { ...doc, ...set };
  }

  async setStatus(doc: ConnectionDoc, status: ConnectionStatus, nowMs: number): Promise<void> {
    if (doc.status !== status) await this.update(doc, { status, updatedAtMs: nowMs });
  }

  async remove(doc: ConnectionDoc): Promise<void> {
    await this.connections.deleteMany({ _id: doc._id, tenantId: doc.tenantId });
  }

  async settings(tenantId: string): Promise<SettingsDoc> {
    return (
      (await this.settingsOf.findOne({ _id: tenantId })) ?? {
        _id: tenantId,
        bookWhenCalendarUnavailable: false,
        updatedAtMs: 0,
      }
    );
  }

  async saveSettings(doc: SettingsDoc): Promise<void> {
    if ((await this.settingsOf.updateOne({ _id: doc._id }, doc)) === 0) await this.settingsOf.insertOne(doc);
  }
}
