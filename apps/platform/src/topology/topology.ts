import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkHealth } from '@svc/grpc';
import {
  freePort,
  mailpitMissing,
  runApp,
  startKafka,
  startMailpit,
  startMongo,
  startRedis,
  type AppProcess,
  type KafkaServer,
  type MailpitServer,
  type MongoServer,
  type RedisServer,
} from '@svc/testing';

/**
 * The platform in the distributed profile on one machine: every app its own process
 * (apps/<app>/dist/main.js, PROFILE=distributed), each service on its own MongoDB database, the
 * booking lock in a real redis-server and events through a real single-node Kafka. Started by
 * `npm run topology` (main.ts) and by the distributed-profile tests; docs/operations.md
 * "The distributed profile on one machine".
 */
export interface TopologyOptions {
  /** Gateway processes (each on its own port); default 1. */
  gateways?: number;
  /** Booking processes sharing one database; gateway i talks to booking i mod bookings. Default 1. */
  bookings?: number;
  /**
   * Integrations processes sharing one database; booking and gateway i talk to integrations
   * i mod integrations (the notifications to the first). Default 1.
   */
  integrations?: number;
  /** A real replica set to use instead of the MongoDB test server (databases get a fresh prefix). */
  mongodbUrl?: string;
  /** LOG_LEVEL of every app; default warn. */
  logLevel?: string;
  /** The gateway's rate limits (RATE_LIMITS); default on. */
  rateLimits?: 'on' | 'off';
  /**
   * Run the notifications service, sending to a Mailpit SMTP server the topology starts; default:
   * when Mailpit is built (scripts/fetch-mailpit.sh). Without it the gateway has no notifications.
   */
  notifications?: boolean;
  /** Extra environment, for every app or by app name (e.g. WEBHOOK_FIRST_RETRY_MS for the dispatcher). */
  env?: Record<string, string>;
  appEnv?: Partial<Record<AppName, Record<string, string>>>;
}

export type AppName =
  | 'catalog'
  | 'customer'
  | 'booking'
  | 'webhook-dispatcher'
  | 'integrations'
  | 'notifications'
  | 'identity'
  | 'gateway';

/** One app process of the topology; restart() starts it again with the same environment and port. */
export interface TopologyApp {
  /** e.g. "booking-2". */
  readonly id: string;
  readonly app: AppName;
  /** gRPC host:port, or the gateway's base URL. */
  readonly address: string;
  readonly env: Readonly<Record<string, string>>;
  process: AppProcess;
  restart(): Promise<void>;
}

export interface Topology {
  gatewayUrls: string[];
  /** The catalog's gRPC address (tests seed tenants through it). */
  catalogAddress: string;
  mongodbUrl: string;
  /** Database name prefix of this topology (`<prefix>booking`, ...). */
  dbPrefix: string;
  redis: RedisServer;
  kafka: KafkaServer;
  /** The MongoDB test server, unless a real replica set was given. */
  mongo: MongoServer | undefined;
  /** The SMTP server the notifications service sends to (when it runs). */
  mailpit: MailpitServer | undefined;
  apps: TopologyApp[];
  /** Stops every app (SIGTERM), then the servers; safe to call twice. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 90_000;

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const gateways = options.gateways ?? 1;
  const bookings = options.bookings ?? 1;
  const integrationsCount = options.integrations ?? 1;
  if (!(gateways >= 1 && bookings >= 1 && integrationsCount >= 1)) {
    throw new RangeError('gateways, bookings and integrations must be at least 1');
  }
  const started: Array<{ stop(): Promise<void> }> = [];
  const apps: TopologyApp[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'topology-'));
  const remember = <T extends { stop(): Promise<void> }>(server: T): T => {
    started.push(server);
    return server;
  };
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    // Apps first (gateways before the services they call), then the servers they use.
    for (const a of [...apps].reverse()) await stopApp(a.process);
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const withNotifications = options.notifications ?? mailpitMissing() === null;
    const [mongo, redis, kafka, mailpit] = await Promise.all([
      options.mongodbUrl ? Promise.resolve(undefined) : startMongo().then(remember),
      startRedis().then(remember),
      startKafka().then(remember),
      withNotifications
        ? startMailpit().then((m) => {
            started.push({ stop: () => m.close() });
            return m;
          })
        : Promise.resolve(undefined),
    ]);
    const mongodbUrl = options.mongodbUrl ?? mongo!.url;
    const dbPrefix = `t${randomBytes(4).toString('hex')}_`;
    const secret = (): string => randomBytes(32).toString('base64url');
    const common = {
      PROFILE: 'distributed',
      LOG_LEVEL: options.logLevel ?? 'warn',
      SHUTDOWN_GRACE_MS: '3000',
      DATA_DIR: dataDir,
      MONGODB_URL: mongodbUrl,
      ...options.env,
    };
    const launch = async (app: AppName, id: string, env: Record<string, string>, address: string) => {
      const full = { ...common, MONGODB_DB: `${dbPrefix}${app.replace('-', '_')}`, ...env, ...options.appEnv?.[app] };
      const entry: TopologyApp = {
        id,
        app,
        address,
        env: full,
        process: runApp(app, full),
        async restart() {
          await stopApp(entry.process);
          entry.process = runApp(app, full);
          await ready(entry);
        },
      };
      apps.push(entry);
      await ready(entry);
      return entry;
    };
    const service = async (app: AppName, id: string, env: Record<string, string> = {}) => {
      const port = await freePort();
      return launch(app, id, { GRPC_HOST: '127.0.0.1', GRPC_PORT: String(port), ...env }, `127.0.0.1:${port}`);
    };

    const [catalog, customer] = await Promise.all([service('catalog', 'catalog'), service('customer', 'customer')]);
    // Every integrations replica opens the credentials the others sealed.
    const integrationsSecret = secret();
    const [dispatcher, ...integrationApps] = await Promise.all([
      service('webhook-dispatcher', 'webhook-dispatcher', {
        // The tenants' retention for the sweep of delivery bodies.
        CATALOG_GRPC_ADDR: catalog.address,
        KAFKA_BROKERS: kafka.brokers.join(','),
        WEBHOOK_SECRET_KEY: secret(),
      }),
      ...Array.from({ length: integrationsCount }, (_, i) =>
        service('integrations', integrationsCount === 1 ? 'integrations' : `integrations-${i + 1}`, {
          CATALOG_GRPC_ADDR: catalog.address,
          KAFKA_BROKERS: kafka.brokers.join(','),
          INTEGRATIONS_SECRET_KEY: integrationsSecret,
        }),
      ),
    ]);
    const integrationsOf = (i: number) => integrationApps[i % integrationsCount]!.address;
    // Every gateway replica shares the secrets (a session or manage token works on any of them);
    // the identity service mints sessions with the same CSRF key.
    const gatewaySecrets = { SESSION_SECRET: secret(), MANAGE_TOKEN_SECRET: secret() };
    const bookingApps = await Promise.all(
      Array.from({ length: bookings }, (_, i) =>
        service('booking', `booking-${i + 1}`, {
          INTEGRATIONS_GRPC_ADDR: integrationsOf(i),
          CATALOG_GRPC_ADDR: catalog.address,
          CUSTOMER_GRPC_ADDR: customer.address,
          REDIS_URL: redis.url,
          KAFKA_BROKERS: kafka.brokers.join(','),
        }),
      ),
    );
    // The notifications mint the same manage tokens for their emails.
    const gatewayPorts = await Promise.all(Array.from({ length: gateways }, () => freePort()));
    const notifications = mailpit
      ? await service('notifications', 'notifications', {
          CATALOG_GRPC_ADDR: catalog.address,
          BOOKING_GRPC_ADDR: bookingApps[0]!.address,
          CUSTOMER_GRPC_ADDR: customer.address,
          INTEGRATIONS_GRPC_ADDR: integrationsOf(0),
          KAFKA_BROKERS: kafka.brokers.join(','),
          BASE_URL: `http://127.0.0.1:${gatewayPorts[0]}`,
          MANAGE_TOKEN_SECRET: gatewaySecrets.MANAGE_TOKEN_SECRET,
          SMTP_URL: mailpit.smtpUrl,
          MAIL_FROM: 'bookings@topology.test',
        })
      : undefined;
    // Identity data, the audit log and the tenant export (which reads every service); mints
    // sessions and signs the export links with the gateways' secret.
    const identity = await service('identity', 'identity', {
      CATALOG_GRPC_ADDR: catalog.address,
      BOOKING_GRPC_ADDR: bookingApps[0]!.address,
      CUSTOMER_GRPC_ADDR: customer.address,
      WEBHOOKS_GRPC_ADDR: dispatcher.address,
      INTEGRATIONS_GRPC_ADDR: integrationsOf(0),
      ...(notifications ? { NOTIFICATIONS_GRPC_ADDR: notifications.address } : {}),
      KAFKA_BROKERS: kafka.brokers.join(','),
      SESSION_SECRET: gatewaySecrets.SESSION_SECRET,
    });
    const gatewayApps = await Promise.all(
      Array.from({ length: gateways }, async (_, i) => {
        const port = gatewayPorts[i]!;
        const url = `http://127.0.0.1:${port}`;
        return launch(
          'gateway',
          `gateway-${i + 1}`,
          {
            HOST: '127.0.0.1',
            PORT: String(port),
            BASE_URL: url,
            CATALOG_GRPC_ADDR: catalog.address,
            BOOKING_GRPC_ADDR: bookingApps[i % bookings]!.address,
            CUSTOMER_GRPC_ADDR: customer.address,
            WEBHOOKS_GRPC_ADDR: dispatcher.address,
            IDENTITY_GRPC_ADDR: identity.address,
            INTEGRATIONS_GRPC_ADDR: integrationsOf(i),
            ...(notifications ? { NOTIFICATIONS_GRPC_ADDR: notifications.address } : {}),
            REDIS_URL: redis.url,
            KAFKA_BROKERS: kafka.brokers.join(','),
            RATE_LIMITS: options.rateLimits ?? 'on',
            // Google login is not part of this topology; the gateway only needs the settings.
            OIDC_CLIENT_ID: 'topology-client',
            OIDC_CLIENT_SECRET: 'topology-secret',
            ...gatewaySecrets,
          },
          url,
        );
      }),
    );
    return {
      gatewayUrls: gatewayApps.map((g) => g.address),
      catalogAddress: catalog.address,
      mongodbUrl,
      dbPrefix,
      redis,
      kafka,
      mongo,
      mailpit,
      apps,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Resolves once the app serves: a service answers gRPC Health SERVING, a gateway's /health
 * answers 200 (all services reachable). Fails with the app's output when it exits or times out.
 */
async function ready(app: TopologyApp): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void app.process.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`${app.id} exited (${exitCode}) while starting:\n${app.process.output()}`);
    if (await serving(app)) return;
    if (Date.now() > deadline)
      throw new Error(`${app.id} did not serve within ${READY_TIMEOUT_MS} ms:\n${app.process.output()}`);
    await sleep(200);
  }
}

async function serving(app: TopologyApp): Promise<boolean> {
  if (app.app !== 'gateway') return (await checkHealth(app.address)) === 'SERVING';
  try {
    const res = await fetch(`${app.address}/health`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** SIGTERM (graceful shutdown), SIGKILL when it takes too long. */
async function stopApp(proc: AppProcess): Promise<void> {
  let done = false;
  const exited = proc.exited.then(() => (done = true));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => done || proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
