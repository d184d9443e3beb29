import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { InProcessEventBus, type EventBus } from '@svc/events';
import { csrfToken } from '@svc/crypto';
import { type CatalogClient } from '@svc/grpc';
import { IdentityStore, startIdentityService } from '@svc/identity';
import type { catalogV1 } from '@svc/proto';
import { openSqliteStore, type Collection, type Document, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { createTestTenant, freePort, json } from '@svc/testing';
import {
  buildGateway,
  connectDownstream,
  gatewayConfigSchema,
  gatewaySettings,
  SESSION_COOKIE,
  type Downstream,
  type GatewaySettings,
  type Role,
} from '../../src/index.js';

/** A dashboard session minted the way the operator CLI does it (IdentityStore + csrfToken). */
export interface MintedSession {
  userId: string;
  email: string;
  sessionId: string;
  token: string;
  /** `__Host-service_session=<token>`, ready for a Cookie header. */
  cookie: string;
  /** The X-Service-CSRF value of the session. */
  csrf: string;
  expiresAtMs: number;
}

/** Who makes a dashboard request: a session's cookie and its CSRF token. */
export interface DashboardCaller {
  cookie: string;
  csrf: string;
}

/** What the gateway asked of the identity service's store (reads per collection) and of the catalog's GetTenant. */
export interface Traffic {
  storeReads: Record<string, number>;
  getTenant: number;
}

export interface GatewayHarness {
  app: FastifyInstance;
  /** The bus the gateway's live feed reads (GET /api/live): publish booking events to it. */
  bus: InProcessEventBus;
  /** `http://127.0.0.1:<port>`, also the gateway's BASE_URL. */
  base: string;
  port: number;
  downstream: Downstream;
  /**
   * The identity service's store (users, memberships, sessions, keys, the audit log, the tenant
   * export), run by the service behind the gateway with the harness's `downstream` clients (a test
   * that replaces a client's method changes what an export reads too).
   */
  identityStore: DocumentStore;
  /** The identity records over that store, for seeding (no identity.events: see IDENTITY_CACHE_TTL_MS below). */
  identity: IdentityStore;
  settings: GatewaySettings;
  /** A tenant in the real catalog service (time zone Europe/Berlin, locale en). */
  createTenant(slug: string, fields?: { name?: string; branding?: catalogV1.Branding }): Promise<catalogV1.Tenant>;
  /**
   * A user with these memberships (tenant id, role) and a session in the first one. Without an
   * email a fresh `userN@example.test` is made up.
   */
  mintSession(memberships: Array<[string, Role]>, user?: { email?: string; name?: string }): Promise<MintedSession>;
  /**
   * A dashboard request to the gateway: the caller's session cookie (none for `null`), its CSRF
   * header unless `csrf` is false (or another value when it is a string), a JSON body if given.
   */
  call(
    who: DashboardCaller | null,
    method: string,
    path: string,
    body?: unknown,
    opts?: { csrf?: boolean | string },
  ): Promise<{ status: number; body: any }>;
  /** Counts since the last `resetTraffic()`. */
  traffic(): Traffic;
  resetTraffic(): void;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Gateway environment on top of HOST, BASE_URL and DATA_DIR (a fresh temporary folder). */
  config?: Record<string, string>;
  /** The gateway's port, when the caller needs it before the start (e.g. for a redirect URI). */
  port?: number;
  /** Runs after the gateway is built, before it listens: add test-only routes here. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
  /** The customer service's store (default: in-memory SQLite); the service closes it. */
  customerStore?: () => Promise<DocumentStore>;
  /** The address of a webhook dispatcher the test runs (default: one that leads nowhere). */
  webhooksAddress?: string;
  /** The address of a booking service the test runs (default: one that leads nowhere). */
  bookingAddress?: string;
}

/**
 * The gateway over real HTTP with the real catalog, customer and identity services behind it (on
 * in-memory SQLite unless told otherwise); the other services' addresses lead nowhere. Embedded-profile secrets land in a temporary
 * folder that `stop()` removes.
 */
export async function startGatewayWithCatalog(opts: HarnessOptions = {}): Promise<GatewayHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-harness-'));
  const catalogHost = await startCatalogService(
    { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
    { logger: createLogger('catalog-test', 'silent'), store: await openSqliteStore({ file: ':memory:' }) },
  );
  const customerHost = await startCustomerService(
    { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
    {
      logger: createLogger('customer-test', 'silent'),
      store: await (opts.customerStore ?? (() => openSqliteStore({ file: ':memory:' })))(),
    },
  );
  const identityPort = await freePort();
  const downstream = connectDownstream({
    catalog: catalogHost.address,
    booking: opts.bookingAddress ?? '127.0.0.1:1',
    customer: customerHost.address,
    'webhook-dispatcher': opts.webhooksAddress ?? '127.0.0.1:1',
    integrations: '127.0.0.1:1',
    identity: `127.0.0.1:${identityPort}`,
  });
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const settings = gatewaySettings(
    // Rate limits off unless a suite turns them on: suites send many requests from 127.0.0.1.
    // No credential cache unless a suite turns it on: suites change identity records in the
    // store directly (an expired session, a removed membership), which publishes no event.
    gatewayConfigSchema.parse({
      HOST: '127.0.0.1',
      BASE_URL: base,
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      IDENTITY_CACHE_TTL_MS: '0',
      ...opts.config,
    }),
    port,
  );
  const counts: Traffic = { storeReads: {}, getTenant: 0 };
  const identityStore = countingReads(await openSqliteStore({ file: ':memory:' }), counts);
  const bus = new InProcessEventBus();
  const identityHost = await startIdentityService(
    { GRPC_HOST: '127.0.0.1', GRPC_PORT: identityPort, SHUTDOWN_GRACE_MS: 1_000 },
    {
      logger: createLogger('identity-test', 'silent'),
      store: identityStore,
      // The harness closes the bus, after the service.
      bus: borrowed(bus),
      clients: downstream,
      sessionSecret: settings.sessionSecret,
    },
  );
  const identity = new IdentityStore(identityStore);
  countGetTenant(downstream.catalog, counts);
  const app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    downstream,
    settings,
    live: { bus, groupId: 'gateway-live' },
    identityEvents: { bus, groupId: 'gateway-identity' },
  });
  await opts.beforeListen?.(app);
  await app.listen({ host: '127.0.0.1', port });

  let userSeq = 0;
  return {
    app,
    bus,
    base,
    port,
    downstream,
    identityStore,
    identity,
    settings,
    createTenant(slug, fields = {}) {
      return createTestTenant(downstream.catalog, {
        slug,
        name: fields.name ?? `Tenant ${slug}`,
        locale: 'en',
        ...(fields.branding ? { branding: fields.branding } : {}),
      });
    },
    async mintSession(memberships, who = {}) {
      const seq = ++userSeq;
      const email = who.email ?? `user${seq}@example.test`;
      const user = await identity.findOrCreateUserByEmail(email, who.name ?? `User ${seq}`);
      for (const [tenantId, role] of memberships) await identity.addMembership(user.userId, tenantId, role);
      const first = memberships[0];
      if (!first) throw new Error('mintSession needs a membership');
      const session = await identity.createSession(user.userId, first[0]);
      return {
        userId: user.userId,
        email: user.email,
        sessionId: session.sessionId,
        token: session.token,
        cookie: `${SESSION_COOKIE}=${session.token}`,
        csrf: csrfToken(settings.sessionSecret, session.sessionId, session.tokenHash),
        expiresAtMs: session.expiresAtMs,
      };
    },
    async call(who, method, path, body, opts = {}) {
      const headers: Record<string, string> = {};
      if (who) headers.cookie = who.cookie;
      if (who && opts.csrf !== false) headers['x-service-csrf'] = typeof opts.csrf === 'string' ? opts.csrf : who.csrf;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(base + path, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: await json(res) };
    },
    traffic: () => structuredClone(counts),
    resetTraffic() {
      counts.storeReads = {};
      counts.getTenant = 0;
    },
    async stop() {
      await app.close();
      await identityHost.stop();
      await bus.close();
      downstream.close();
      await catalogHost.stop();
      await customerHost.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Counts calls of the catalog client's GetTenant (routes call the client's method at each request). */
function countGetTenant(catalog: CatalogClient, counts: Traffic): void {
  const original = catalog.getTenant;
  catalog.getTenant = (...args) => {
    counts.getTenant += 1;
    return original(...args);
  };
}

/** The store, counting reads (findOne, find, count) per collection. */
function countingReads(store: DocumentStore, counts: Traffic): DocumentStore {
  const count = (name: string) => {
    counts.storeReads[name] = (counts.storeReads[name] ?? 0) + 1;
  };
  return {
    collection<T extends Document>(name: string): Collection<T> {
      const inner = store.collection<T>(name);
      return {
        ...inner,
        findOne: (...args) => (count(name), inner.findOne(...args)),
        find: (...args) => (count(name), inner.find(...args)),
        count: (...args) => (count(name), inner.count(...args)),
      };
    },
    ensureIndexes: (specs) => store.ensureIndexes(specs),
    dropIndex: (collection, name) => store.dropIndex(collection, name),
    withTransaction: (fn) => store.withTransaction(fn),
    ping: () => store.ping(),
    scrubFreed: () => store.scrubFreed(),
    close: () => store.close(),
  };
}

/** The harness's bus as the identity service sees it: closed by the harness, not by the service. */
function borrowed(bus: EventBus): EventBus {
  return {
    publish: (topic, messages) => bus.publish(topic, messages),
    subscribe: (opts, handler) => bus.subscribe(opts, handler),
    ping: () => bus.ping(),
    close: async () => {},
  };
}
