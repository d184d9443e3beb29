import type { Collection, DocumentStore } from '@svc/store';
import { COLLECTIONS, type ConnectionDoc, type ConnectionStatus, type SettingsDoc } from '../../store/records.js';

/**
 * Told after every write that changes what busy times answer (a connection made, removed or set
 * up anew, a refused grant recorded, the tenant's settings), before the write's caller goes on:
 * the booking service's kept answers of that tenant must not be taken again (docs/decisions.md
 * "Integrations", "A connection change counts at the next read").
 */
export type ConnectionsChanged = (tenantId: string) => Promise<void>;

/** Connections and the tenant's integration settings; every read is scoped to the tenant. */
export class ConnectionRepository {
  private readonly connections: Collection<ConnectionDoc>;
  private readonly settingsOf: Collection<SettingsDoc>;

  constructor(
    store: DocumentStore,
    private readonly changed: ConnectionsChanged = async () => {},
  ) {
    this.connections = store.collection<ConnectionDoc>(COLLECTIONS.connections);
    this.settingsOf = store.collection<SettingsDoc>(COLLECTIONS.settings);
  }

  async insert(doc: ConnectionDoc): Promise<void> {
    await this.connections.insertOne(doc);
    await this.changed(doc.tenantId);
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

  /** Bookkeeping that busy times do not read; a change of what they read is `reconfigure`. */
  async update(doc: ConnectionDoc, set: Pick<ConnectionDoc, 'lastSyncAtMs'>): Promise<ConnectionDoc> {
    await this.connections.updateOne({ _id: doc._id, tenantId: doc.tenantId }, set);
    return { ...doc, ...set };
  }

  /** Which calendars block or receive, and which events block: busy times answer otherwise from now on. */
  async reconfigure(
    doc: ConnectionDoc,
    set: Partial<
      Pick<
        ConnectionDoc,
        'busyCalendarIds' | 'bookingCalendarId' | 'allDayEventsBlock' | 'tentativeEventsBlock' | 'updatedAtMs'
      >
    >,
  ): Promise<ConnectionDoc> {
    await this.connections.updateOne({ _id: doc._id, tenantId: doc.tenantId }, set);
    await this.changed(doc.tenantId);
    return { ...doc, ...set };
  }

  /**
   * Records a provider call's outcome. A refused grant goes through markNeedsReauth; nothing
   * leaves needs_reauth (a replica that read the connection before another one's refusal must
   * not mark it connected again): only a new connection is connected again.
   */
  async setStatus(doc: ConnectionDoc, status: ConnectionStatus, nowMs: number): Promise<void> {
    if (status === 'needs_reauth') {
      await this.markNeedsReauth(doc, nowMs);
      return;
    }
    if (doc.status === status) return;
    await this.connections.updateOne(
      { _id: doc._id, tenantId: doc.tenantId, status: { $ne: 'needs_reauth' } },
      { status, updatedAtMs: nowMs },
    );
  }

  /**
   * The provider refused the grant: needs_reauth from now, the business's notice due and any
   * refresh lease given up, in one conditional write. True only for the call that flipped it, so
   * replicas racing on the same refusal record one time and one notice (docs/decisions.md
   * "Integrations", "Tokens that expire").
   */
  async markNeedsReauth(doc: ConnectionDoc, nowMs: number): Promise<boolean> {
    const flipped = await this.connections.updateOne(
      { _id: doc._id, tenantId: doc.tenantId, status: { $ne: 'needs_reauth' } },
      {
        status: 'needs_reauth',
        needsReauthAtMs: nowMs,
        reauthNoticeDueAtMs: nowMs,
        refreshLeaseUntilMs: null,
        refreshLeaseOwner: null,
        updatedAtMs: nowMs,
      },
    );
    // Told by the flip's winner before it answers the refusal; a replica that lost the race
    // answers the refusal too, and changed nothing.
    if (flipped === 1) await this.changed(doc.tenantId);
    return flipped === 1;
  }

  /**
   * Takes the refresh lease when the connection is still as `read` (its sealed tokens, its status
   * and its lease as read: a compare-and-set), for `owner` until `untilMs`. False when another
   * replica changed it first.
   */
  async takeRefreshLease(read: ConnectionDoc, owner: string, untilMs: number): Promise<boolean> {
    const taken = await this.connections.updateOne(
      {
        _id: read._id,
        tenantId: read.tenantId,
        status: read.status,
        sealedSecret: read.sealedSecret,
        refreshLeaseUntilMs: read.refreshLeaseUntilMs ?? null,
      },
      { refreshLeaseUntilMs: untilMs, refreshLeaseOwner: owner },
    );
    return taken === 1;
  }

  /** Stores refreshed tokens and ends the lease, only while `owner` still holds it. */
  async saveRefreshed(doc: ConnectionDoc, owner: string, sealedSecret: string): Promise<boolean> {
    const saved = await this.connections.updateOne(
      { _id: doc._id, tenantId: doc.tenantId, refreshLeaseOwner: owner },
      { sealedSecret, refreshLeaseUntilMs: null, refreshLeaseOwner: null },
    );
    return saved === 1;
  }

  /** Gives the lease up (the refresh failed), only while `owner` still holds it. */
  async releaseRefreshLease(doc: ConnectionDoc, owner: string): Promise<void> {
    await this.connections.updateOne(
      { _id: doc._id, tenantId: doc.tenantId, refreshLeaseOwner: owner },
      { refreshLeaseUntilMs: null, refreshLeaseOwner: null },
    );
  }

  /** Connections whose needs-reauth notice is due, oldest first, of every tenant (the notice relay). */
  dueReauthNotices(nowMs: number, limit: number): Promise<ConnectionDoc[]> {
    return this.connections.find(
      { reauthNoticeDueAtMs: { $lte: nowMs } },
      { sort: [['reauthNoticeDueAtMs', 1]], limit },
    );
  }

  /** The earliest due time of a notice not published yet (a claimed one's retry included), or null. */
  async nextReauthNoticeAtMs(): Promise<number | null> {
    const [next] = await this.connections.find(
      { reauthNoticeDueAtMs: { $gte: 0 } },
      { sort: [['reauthNoticeDueAtMs', 1]], limit: 1, fields: ['reauthNoticeDueAtMs'] },
    );
    return typeof next?.reauthNoticeDueAtMs === 'number' ? next.reauthNoticeDueAtMs : null;
  }

  /**
   * Claims a due notice for publishing (compare-and-set on its due time as read): due again at
   * `retryAtMs` unless marked published before, so a relay that dies after claiming leaves it
   * to another. False when another relay claimed it first.
   */
  async claimReauthNotice(read: ConnectionDoc, retryAtMs: number): Promise<boolean> {
    if (typeof read.reauthNoticeDueAtMs !== 'number') return false;
    const claimed = await this.connections.updateOne(
      { _id: read._id, tenantId: read.tenantId, reauthNoticeDueAtMs: read.reauthNoticeDueAtMs },
      { reauthNoticeDueAtMs: retryAtMs },
    );
    return claimed === 1;
  }

  /** The notice claimed until `claimedUntilMs` was published. */
  async reauthNoticePublished(doc: ConnectionDoc, claimedUntilMs: number): Promise<void> {
    await this.connections.updateOne(
      { _id: doc._id, tenantId: doc.tenantId, reauthNoticeDueAtMs: claimedUntilMs },
      { reauthNoticeDueAtMs: null },
    );
  }

  async remove(doc: ConnectionDoc): Promise<void> {
    await this.connections.deleteMany({ _id: doc._id, tenantId: doc.tenantId });
    await this.changed(doc.tenantId);
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
    await this.changed(doc._id);
  }
}
