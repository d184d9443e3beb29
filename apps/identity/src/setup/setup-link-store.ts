import { DuplicateKeyError, type Collection, type DocumentStore } from '@svc/store';

/** The first start's setup link: one document, whatever was issued last (docs/decisions.md "First start"). */
export const SETUP_LINKS = 'setup_links';
const ID = 'first-workspace';

/**
 * How long a claim on the link holds off another submit of the wizard: the setup's few catalog
 * writes take well under a second, so a claim older than this belonged to a process that died.
 */
export const SETUP_CLAIM_MS = 60_000;

/** What a setup made so far: a setup that stopped half way resumes from here with the same token. */
export interface SetupProgress {
  tenantId: string | null;
  ownerUserId: string | null;
  staffId: string | null;
  serviceId: string | null;
  /** How many of the weekly hours (in the order sent) exist. */
  hoursMade: number;
}

export interface SetupLinkDoc extends SetupProgress {
  [key: string]: unknown;
  _id: typeof ID;
  /** SHA-256 hex of the token; the token itself is never stored. */
  tokenHash: string;
  state: 'issued' | 'claimed' | 'used';
  issuedAtMs: number;
  claimedAtMs: number | null;
  usedAtMs: number | null;
}

const NOTHING_MADE: SetupProgress = { tenantId: null, ownerUserId: null, staffId: null, serviceId: null, hoursMade: 0 };

/** The setup link over the DocumentStore port: one document, claimed and released by compare-and-set. */
export class SetupLinkStore {
  private readonly links: Collection<SetupLinkDoc>;

  constructor(
    store: DocumentStore,
    private readonly now: () => number,
  ) {
    this.links = store.collection<SetupLinkDoc>(SETUP_LINKS);
  }

  async current(): Promise<SetupLinkDoc | null> {
    return this.links.findOne({ _id: ID });
  }

  /** A new token's hash replaces the earlier one, which stops working (each start prints a new link). */
  async issue(tokenHash: string): Promise<void> {
    const fresh: SetupLinkDoc = {
      _id: ID,
      tokenHash,
      state: 'issued',
      issuedAtMs: this.now(),
      claimedAtMs: null,
      usedAtMs: null,
      ...NOTHING_MADE,
    };
    try {
      await this.links.insertOne(fresh);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const { _id, ...rest } = fresh;
      await this.links.updateOne({ _id }, rest);
    }
  }

  /**
   * Claims the link for one submit: true for exactly one of two at once. A claim left by a
   * process that died is taken over after SETUP_CLAIM_MS.
   */
  async claim(tokenHash: string): Promise<boolean> {
    const nowMs = this.now();
    if ((await this.links.updateOne({ _id: ID, tokenHash, state: 'issued' }, { state: 'claimed', claimedAtMs: nowMs })) === 1)
      return true;
    const stale = { _id: ID, tokenHash, state: 'claimed', claimedAtMs: { $lt: nowMs - SETUP_CLAIM_MS } };
    return (await this.links.updateOne(stale, { claimedAtMs: nowMs })) === 1;
  }

  /** Records what the claimed setup has made so far. */
  async record(progress: Partial<SetupProgress>): Promise<void> {
    await this.links.updateOne({ _id: ID, state: 'claimed' }, progress);
  }

  /** A failed submit gives the link back, keeping what was made, for the next one to resume. */
  async release(): Promise<void> {
    await this.links.updateOne({ _id: ID, state: 'claimed' }, { state: 'issued', claimedAtMs: null });
  }

  async finish(): Promise<void> {
    await this.links.updateOne({ _id: ID, state: 'claimed' }, { state: 'used', usedAtMs: this.now() });
  }
}
