import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookingUnavailable, DomainError } from '@svc/errors';
import { clientNetworkKey } from '@svc/rules';
import type { Logger } from '@svc/telemetry';
import type { RateCounters, WindowCount } from './counters.js';

/**
 * The limits of docs/decisions.md "Rate and abuse limits", each per subject and window:
 * - `availability`: public availability, per client network;
 * - `create`: public booking create, per client network; `createTenant`: the same, per tenant;
 * - `manage`: the customer's manage routes and the unsubscribe page, per client network;
 * - `pages`: the booking page and its configuration, the front door (GET /) and the API reference's
 *   page (GET /docs), per client network;
 * - `login`: the start of a dashboard login (it writes a pending-login record), per client network;
 * - `partner`: the partner API and MCP (each message of a batch), per API key;
 * - `platform`: the platform API (/platform/v1), per platform key;
 * - `dashboardWrite`: every dashboard write of tenant data, per signed-in user;
 * - `replay`: webhook delivery replays, per tenant.
 * A client network is an IPv4 address, or the IPv6 prefix it sits in (`ipv6PrefixBits`).
 */
export const LIMIT_NAMES = [
  'availability',
  'create',
  'createTenant',
  'manage',
  'pages',
  'login',
  'partner',
  'platform',
  'dashboardWrite',
  'replay',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/**
 * What a limit does when its counters cannot be reached (Redis down), per route
 * (docs/decisions.md "Rate and abuse limits"):
 * - `open`: the request goes on unlimited, with a warning in the log. Public reads (a booking
 *   page must not break because of its abuse guard), the manage link (a customer cancelling
 *   must not be locked out), the login start, and everything a signed-in or key-holding caller
 *   does (abuse is attributable and revocable).
 * - `closed`: refused with BOOKING_POLICY_BLOCKED 503, retryable. The anonymous public create,
 *   the one write anyone can send: unlimited it is a way to fill a calendar with held slots.
 *   In the distributed profile its booking locks are in Redis too, so it could not succeed anyway.
 */
export const OUTAGE_POLICY: Record<LimitName, 'open' | 'closed'> = {
  availability: 'open',
  create: 'closed',
  createTenant: 'closed',
  manage: 'open',
  pages: 'open',
  login: 'open',
  partner: 'open',
  platform: 'open',
  dashboardWrite: 'open',
  replay: 'open',
};

export interface RateLimitSettings {
  /** False with RATE_LIMITS=off: no limit is checked and no RateLimit-* header sent. */
  enabled: boolean;
  windowMs: number;
  /** Requests allowed per window and subject. */
  limits: Record<LimitName, number>;
  /** The IPv6 prefix length one client is counted by (RATE_LIMIT_IPV6_PREFIX, default 64). */
  ipv6PrefixBits: number;
}

/** One limit of a route and how to find its subject in a request (a client network, a tenant, a key id). */
export interface RouteLimit {
  name: LimitName;
  subject: (request: FastifyRequest, settings: RateLimitSettings) => string;
}

/**
 * Per client network: Fastify's `request.ip` (the peer, or X-Forwarded-For behind TRUST_PROXY
 * hops), an IPv6 address reduced to its prefix, since one subscriber holds a whole /64.
 */
export const perIp = (name: LimitName): RouteLimit => ({
  name,
  // `ip` is undefined once the socket is gone; such a request still counts, under one subject.
  subject: (request, settings) => clientNetworkKey(request.ip ?? '', settings.ipv6PrefixBits),
});

/** Per API key: the partner API and MCP, counted once the key is verified. */
export const perApiKey = (apiKeyId: string): RouteLimit => ({ name: 'partner', subject: () => apiKeyId });

/** Per platform key: the platform API, counted once the key is verified. */
export const perPlatformKey = (platformKeyId: string): RouteLimit => ({
  name: 'platform',
  subject: () => platformKeyId,
});

/** Per workspace: the signed-in user's or the API key's (route limits of both are checked after their guard). */
export const perWorkspace = (name: LimitName): RouteLimit => ({
  name,
  subject: (request) => request.dashboard?.principal.tenantId ?? request.partner?.apiKey.tenantId ?? '-',
});

/** At most one "failing open" warning per limit this often, so an outage does not flood the log. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * Checks a route's limits in order and answers for them: `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (seconds) of the tightest one on every answer of a
 * limited route, and RATE_LIMITED 429 with `Retry-After` (seconds) once one is exceeded. A limit
 * over budget stops the check there, so later limits (the tenant's) are not charged for it.
 */
export class RateLimits {
  private readonly lastOutageLog = new Map<LimitName, number>();

  constructor(
    readonly settings: RateLimitSettings,
    private readonly counters: RateCounters,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /**
   * Counts the request against each limit (`weight` times: a batch of that many messages) and
   * throws RATE_LIMITED once one is over budget.
   */
  async enforce(
    request: FastifyRequest,
    reply: FastifyReply,
    limits: readonly RouteLimit[],
    weight = 1,
  ): Promise<void> {
    if (!this.settings.enabled) return;
    let tightest: { limit: number; remaining: number; resetInMs: number } | undefined;
    for (const { name, subject } of limits) {
      const limit = this.settings.limits[name];
      const counted = await this.count(name, subject(request, this.settings), weight);
      if (!counted) continue; // failing open
      const remaining = Math.max(0, limit - counted.count);
      if (!tightest || remaining <= tightest.remaining) tightest = { limit, remaining, resetInMs: counted.resetInMs };
      if (counted.count > limit) {
        setHeaders(reply, tightest);
        reply.header('retry-after', String(seconds(counted.resetInMs)));
        throw new DomainError('RATE_LIMITED', 'Too many requests; retry after the time in Retry-After.');
      }
    }
    if (tightest) setHeaders(reply, tightest);
  }

  private async count(name: LimitName, subject: string, weight: number): Promise<WindowCount | null> {
    try {
      return await this.counters.hit(`${name}:${subject}`, this.settings.windowMs, weight);
    } catch (err) {
      if (OUTAGE_POLICY[name] === 'closed') throw bookingUnavailable();
      const nowMs = this.now();
      if (nowMs - (this.lastOutageLog.get(name) ?? -Infinity) >= OUTAGE_LOG_INTERVAL_MS) {
        this.lastOutageLog.set(name, nowMs);
        this.logger.warn({ err, limit: name }, 'rate limit counters unreachable; letting requests through');
      }
      return null;
    }
  }

  close(): Promise<void> {
    return this.counters.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway's limits, checked by routes that declare `limits` and by the API-key guard. */
    rateLimits: RateLimits;
  }
}

/** Whole seconds, at least 1: a client told "0" would retry at once into the same window. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function setHeaders(reply: FastifyReply, t: { limit: number; remaining: number; resetInMs: number }): void {
  reply.header('ratelimit-limit', String(t.limit));
  reply.header('ratelimit-remaining', String(t.remaining));
  reply.header('ratelimit-reset', String(seconds(t.resetInMs)));
}
