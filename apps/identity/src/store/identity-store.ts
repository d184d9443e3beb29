import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, findPage, type Collection, type DocumentStore } from '@svc/store';
import type { Role } from '@svc/rules';
import {
  IDENTITY_INDEXES,
  MEMBERSHIPS,
  SESSIONS,
  SIGN_IN_LINKS,
  USERS,
  type MembershipDoc,
  type SessionDoc,
  type SignInLinkDoc,
  type UserDoc,
} from './documents.js';
import { nextCursorOf, pageRequestOf, type CursorPage } from './cursor-page.js';
import {
  SESSION_LIFETIME_MS,
  SIGN_IN_LINK_LIFETIME_MS,
  hashSessionToken,
  newSessionToken,
} from '../domain/session-token.js';

export interface User {
  userId: string;
  email: string;
  name: string;
}

export interface Membership {
  membershipId: string;
  userId: string;
  tenantId: string;
  role: Role;
  createdAtMs: number;
}

export interface Session {
  sessionId: string;
  userId: string;
  tenantId: string;
  tokenHash: string;
  createdAtMs: number;
  expiresAtMs: number;
}

/** What createSession hands out once: the raw token exists only here and in the cookie. */
export interface NewSession {
  sessionId: string;
  token: string;
  /** SHA-256 hex of `token`, as stored; the input of csrfToken(). */
  tokenHash: string;
  expiresAtMs: number;
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const toUser = (d: UserDoc): User => ({ userId: d._id, email: d.email, name: d.name });
const toMembership = (d: MembershipDoc): Membership => ({
  membershipId: d._id,
  userId: d.userId,
  tenantId: d.tenantId,
  role: d.role,
  createdAtMs: d.createdAtMs,
});
const toSession = (d: SessionDoc): Session => ({
  sessionId: d._id,
  userId: d.userId,
  tenantId: d.tenantId,
  tokenHash: d.tokenHash,
  createdAtMs: d.createdAtMs,
  expiresAtMs: d.expiresAtMs,
});

/**
 * Users, workspace memberships and dashboard sessions over the DocumentStore port. Used by the
 * gateway and by the operator CLI (same store, same rules), so every invariant lives here.
 */
export class IdentityStore {
  private readonly users: Collection<UserDoc>;
  private readonly memberships: Collection<MembershipDoc>;
  private readonly sessions: Collection<SessionDoc>;
  private readonly signInLinks: Collection<SignInLinkDoc>;

  /** `now` is injectable so tests and the CLI can reason about lifetimes. */
  constructor(
    private readonly store: DocumentStore,
    private readonly now: () => number = Date.now,
  ) {
    this.users = store.collection<UserDoc>(USERS);
    this.memberships = store.collection<MembershipDoc>(MEMBERSHIPS);
    this.sessions = store.collection<SessionDoc>(SESSIONS);
    this.signInLinks = store.collection<SignInLinkDoc>(SIGN_IN_LINKS);
  }

  /** Unique emails, one membership per (user, tenant), unique token hashes. Idempotent. */
  async ensureIndexes(): Promise<void> {
    await this.store.ensureIndexes(IDENTITY_INDEXES);
  }

  async findUserById(userId: string): Promise<User | null> {
    const doc = await this.users.findOne({ _id: userId });
    return doc ? toUser(doc) : null;
  }

  async findUserByEmail(email: string): Promise<User | null> {
    const doc = await this.users.findOne({ email: normalizeEmail(email) });
    return doc ? toUser(doc) : null;
  }

  /** The user with this email, created when missing; a name fills an empty one, never replaces it. */
  async findOrCreateUserByEmail(email: string, name?: string): Promise<User> {
    const normalized = normalizeEmail(email);
    if (!normalized.includes('@')) throw new TypeError('not an email address');
    const wanted = name?.trim() ?? '';
    const existing = await this.users.findOne({ email: normalized });
    if (existing) return this.fillName(existing, wanted);
    const nowMs = this.now();
    const doc: UserDoc = {
      _id: `usr_${randomUUID()}`,
      email: normalized,
      name: wanted,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
    };
    try {
      await this.users.insertOne(doc);
      return toUser(doc);
    } catch (e) {
      // Two first logins at once: the other one created the user.
      if (!(e instanceof DuplicateKeyError)) throw e;
      const winner = await this.users.findOne({ email: normalized });
      if (!winner) throw e;
      return this.fillName(winner, wanted);
    }
  }

  private async fillName(doc: UserDoc, name: string): Promise<User> {
    if (doc.name !== '' || name === '') return toUser(doc);
    await this.users.updateOne({ _id: doc._id }, { name, updatedAtMs: this.now() });
    return toUser({ ...doc, name });
  }

  /** Adds the user to the tenant, or changes the role of an existing membership. */
  async addMembership(userId: string, tenantId: string, role: Role): Promise<Membership> {
    const nowMs = this.now();
    const existing = await this.memberships.findOne({ userId, tenantId });
    if (existing) return this.setRole(existing, role, nowMs);
    // Strictly after the user's newest membership, so "oldest first" (the default workspace at
    // login) is well defined even for memberships added within the same millisecond.
    const [newest] = await this.memberships.find({ userId }, { sort: [['createdAtMs', -1]], limit: 1 });
    const createdAtMs = Math.max(nowMs, (newest?.createdAtMs ?? 0) + 1);
    const doc: MembershipDoc = {
      _id: `mem_${randomUUID()}`,
      userId,
      tenantId,
      role,
      createdAtMs,
      updatedAtMs: nowMs,
    };
    try {
      await this.memberships.insertOne(doc);
      return toMembership(doc);
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      const winner = await this.memberships.findOne({ userId, tenantId });
      if (!winner) throw e;
      return this.setRole(winner, role, nowMs);
    }
  }

  private async setRole(doc: MembershipDoc, role: Role, nowMs: number): Promise<Membership> {
    if (doc.role === role) return toMembership(doc);
    await this.memberships.updateOne({ _id: doc._id }, { role, updatedAtMs: nowMs });
    return toMembership({ ...doc, role });
  }

  async membership(userId: string, tenantId: string): Promise<Membership | null> {
    const doc = await this.memberships.findOne({ userId, tenantId });
    return doc ? toMembership(doc) : null;
  }

  /** The user's memberships, oldest first (the first one is the default workspace at login). */
  async membershipsOf(userId: string): Promise<Membership[]> {
    const docs = await this.memberships.find(
      { userId },
      {
        sort: [
          ['createdAtMs', 1],
          ['_id', 1],
        ],
      },
    );
    return docs.map(toMembership);
  }

  /**
   * The addresses of the tenant's members with one of `roles`, oldest membership first, at most
   * `limit` (the notifications' default business recipients: owners and admins).
   */
  async teamEmails(tenantId: string, roles: readonly Role[], limit: number): Promise<string[]> {
    const members = await this.memberships.find(
      { tenantId, role: { $in: [...roles] } },
      {
        sort: [
          ['createdAtMs', 1],
          ['_id', 1],
        ],
        limit,
      },
    );
    const users = await Promise.all(members.map((m) => this.users.findOne({ _id: m.userId })));
    return users.flatMap((u) => (u ? [u.email] : []));
  }

  /** A new 30-day session in `tenantId`; the token is returned once and stored only as its hash. */
  async createSession(userId: string, tenantId: string): Promise<NewSession> {
    const token = newSessionToken();
    const tokenHash = hashSessionToken(token);
    const nowMs = this.now();
    const doc: SessionDoc = {
      _id: `ses_${randomUUID()}`,
      userId,
      tenantId,
      tokenHash,
      createdAtMs: nowMs,
      expiresAtMs: nowMs + SESSION_LIFETIME_MS,
      revokedAtMs: null,
    };
    await this.sessions.insertOne(doc);
    return { sessionId: doc._id, token, tokenHash, expiresAtMs: doc.expiresAtMs };
  }

  /**
   * The session this cookie token belongs to, or null when unknown or revoked. Expired sessions
   * are returned (the caller tells SESSION_EXPIRED from AUTH_REQUIRED by `expiresAtMs`).
   */
  async findSessionByToken(token: string): Promise<Session | null> {
    const doc = await this.sessions.findOne({ tokenHash: hashSessionToken(token), revokedAtMs: null });
    return doc ? toSession(doc) : null;
  }

  /**
   * Makes `tenantId` the session's active workspace when the user is a member there.
   * Answers false (and changes nothing) when the session is gone or there is no membership.
   */
  async switchWorkspace(sessionId: string, tenantId: string): Promise<boolean> {
    return this.store.withTransaction(async (tx) => {
      const session = await this.sessions.findOne({ _id: sessionId, revokedAtMs: null }, tx);
      if (!session) return false;
      const member = await this.memberships.findOne({ userId: session.userId, tenantId }, tx);
      if (!member) return false;
      await this.sessions.updateOne({ _id: sessionId }, { tenantId }, tx);
      return true;
    });
  }

  /**
   * The tenant's members with their user's email and name, oldest membership first, one page
   * (the dashboard's members screen).
   */
  async membersOf(tenantId: string, page: CursorPage) {
    const found = await findPage(this.memberships, { tenantId }, pageRequestOf(page));
    const users = await Promise.all(found.items.map((m) => this.users.findOne({ _id: m.userId })));
    return {
      items: found.items.map((m, i) => ({
        ...toMembership(m),
        email: users[i]?.email ?? '',
        name: users[i]?.name ?? '',
      })),
      nextCursor: nextCursorOf(found),
    };
  }

  /**
   * Changes a member's role, or removes the membership (`role` null): the membership as it was
   * before, null when the tenant has no such membership, `last_owner` when the change would leave
   * the workspace without an owner. In one transaction that also touches every other owner's
   * membership, so two owners demoting each other at once conflict on MongoDB (the loser runs
   * again and sees one owner left) instead of both succeeding.
   */
  async changeMember(
    tenantId: string,
    membershipId: string,
    role: Role | null,
  ): Promise<Membership | 'last_owner' | null> {
    return this.store.withTransaction(async (tx) => {
      const doc = await this.memberships.findOne({ _id: membershipId, tenantId }, tx);
      if (!doc) return null;
      if (doc.role === 'tenant_owner' && role !== 'tenant_owner') {
        const others = (await this.memberships.find({ tenantId, role: 'tenant_owner' }, {}, tx)).filter(
          (m) => m._id !== membershipId,
        );
        if (others.length === 0) return 'last_owner';
        const nowMs = this.now();
        for (const m of others) await this.memberships.updateOne({ _id: m._id }, { updatedAtMs: nowMs }, tx);
      }
      if (role === null) await this.memberships.deleteMany({ _id: membershipId }, tx);
      else if (role !== doc.role)
        await this.memberships.updateOne({ _id: membershipId }, { role, updatedAtMs: this.now() }, tx);
      return toMembership(doc);
    });
  }

  /**
   * A one-time sign-in link's token for a member (10 minutes, single use): returned once and
   * stored only as its hash, like a session's.
   */
  async createSignInLink(userId: string, tenantId: string): Promise<{ token: string; expiresAtMs: number }> {
    const token = newSessionToken();
    const nowMs = this.now();
    const doc: SignInLinkDoc = {
      _id: `sil_${randomUUID()}`,
      userId,
      tenantId,
      tokenHash: hashSessionToken(token),
      createdAtMs: nowMs,
      expiresAtMs: nowMs + SIGN_IN_LINK_LIFETIME_MS,
      usedAtMs: null,
    };
    await this.signInLinks.insertOne(doc);
    return { token, expiresAtMs: doc.expiresAtMs };
  }

  /**
   * Uses a sign-in link up: who it signs in, or null when it is unknown, used or expired. One
   * compare-and-set marks it used, so of two redemptions at once exactly one gets the user.
   */
  async redeemSignInLink(token: string): Promise<{ userId: string; tenantId: string } | null> {
    const tokenHash = hashSessionToken(token);
    const nowMs = this.now();
    const taken = await this.signInLinks.updateOne(
      { tokenHash, usedAtMs: null, expiresAtMs: { $gt: nowMs } },
      { usedAtMs: nowMs },
    );
    if (taken !== 1) return null;
    const doc = await this.signInLinks.findOne({ tokenHash });
    return doc ? { userId: doc.userId, tenantId: doc.tenantId } : null;
  }

  /** Ends the session; its cookie is unknown from now on. Idempotent. */
  async revokeSession(sessionId: string): Promise<void> {
    await this.sessions.updateOne({ _id: sessionId, revokedAtMs: null }, { revokedAtMs: this.now() });
  }
}
