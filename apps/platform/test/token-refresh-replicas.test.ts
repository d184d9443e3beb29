// Tokens that expire, across replicas (docs/decisions.md "Integrations", "Tokens that expire"):
// two integrations processes of the distributed profile (apps/integrations/dist/main.js) on one
// MongoDB database (the MongoDB test server) and a real Kafka, against a token endpoint stand-in
// that counts refreshes and rotates refresh tokens (libs/testing oauth-token-standin.ts) and the
// Google Calendar stand-in. Both find the token about to expire at once: one refresh, both read
// the calendar with the new token. A replica killed while it holds the refresh lease: the lease
// runs out and the other refreshes. A refused refresh: one token request, both answer
// PROVIDER_NEEDS_REAUTH, the connection shows when, and one `connection.needs_reauth` reaches
// Kafka. No token in either process's log.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { createKafkaEventBus, INTEGRATION_EVENTS_TOPIC, type EventBus, type ReceivedMessage } from '@svc/events';
import { checkHealth, connectService, type IntegrationClient } from '@svc/grpc';
import { integrationsV1 } from '@svc/proto';
import { openStore, type DocumentStore } from '@svc/store';
import {
  eventually,
  freePort,
  kafkaMissing,
  mongoMissing,
  runApp,
  serverGate,
  startGoogleCalendarStandIn,
  startKafka,
  startMongo,
  startTokenEndpointStandIn,
  type AppProcess,
  type GoogleCalendarStandIn,
  type KafkaServer,
  type MongoServer,
  type TokenEndpointStandIn,
} from '@svc/testing';

const runs = serverGate('MongoDB', mongoMissing()) && serverGate('Kafka', kafkaMissing());

const HOUR = 3_600_000;
/** The processes' PROVIDER_TIMEOUT_MS: a refresh lease lasts this and 5 s (token-refresh.ts). */
const PROVIDER_TIMEOUT_MS = 2_000;
const LEASE_MS = PROVIDER_TIMEOUT_MS + 5_000;
const POLL_MS = 200;

interface Replica {
  address: string;
  process: AppProcess;
  client: IntegrationClient;
}

describe.skipIf(!runs)('token refresh across two integrations processes', { timeout: 120_000 }, () => {
  let mongo: MongoServer;
  let kafka: KafkaServer;
  let tokens: TokenEndpointStandIn;
  let calendar: GoogleCalendarStandIn;
  let store: DocumentStore;
  let capture: EventBus;
  let env: Record<string, string>;
  let dataDir: string;
  const replicas: Replica[] = [];
  /** What replicas stopped along the way printed. */
  const retiredOutput: string[] = [];
  /** Everything the integration topic carried (a consumer group of the test's own). */
  const published: ReceivedMessage[] = [];
  const key = randomBytes(32).toString('base64url');
  const secrets = new SecretBox(key);
  const busyAt = Date.UTC(2031, 4, 6, 9);

  async function launch(port: number): Promise<Replica> {
    const address = `127.0.0.1:${port}`;
    const process = runApp('integrations', { ...env, GRPC_PORT: String(port) });
    const deadline = Date.now() + 60_000;
    while ((await checkHealth(address)) !== 'SERVING') {
      if (Date.now() > deadline) throw new Error(`integrations did not serve:\n${process.output()}`);
      await sleep(200);
    }
    return { address, process, client: connectService(integrationsV1.IntegrationServiceService, address) };
  }

  async function stop(replica: Replica, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    replica.client.close();
    replica.process.kill(signal);
    await replica.process.exited;
    retiredOutput.push(replica.process.output());
  }

  beforeAll(async () => {
    [mongo, kafka, tokens] = await Promise.all([startMongo(), startKafka(), startTokenEndpointStandIn()]);
    calendar = await startGoogleCalendarStandIn({ verifyToken: async (token) => tokens.isValid(token) });
    calendar.addBusy('primary', busyAt, busyAt + HOUR);
    const dbName = `refresh_${randomBytes(4).toString('hex')}`;
    store = await openStore({ kind: 'mongodb', url: mongo.url, dbName });
    capture = createKafkaEventBus({ brokers: kafka.brokers, clientId: 'refresh-test-capture' });
    await capture.subscribe({ topic: INTEGRATION_EVENTS_TOPIC, groupId: 'refresh-test-capture' }, async (m) => {
      published.push(m);
    });
    dataDir = mkdtempSync(join(tmpdir(), 'refresh-replicas-'));
    env = {
      PROFILE: 'distributed',
      // Debug: the most a process logs, none of which may carry a token.
      LOG_LEVEL: 'debug',
      SHUTDOWN_GRACE_MS: '2000',
      DATA_DIR: dataDir,
      GRPC_HOST: '127.0.0.1',
      MONGODB_URL: mongo.url,
      MONGODB_DB: dbName,
      KAFKA_BROKERS: kafka.brokers.join(','),
      INTEGRATIONS_SECRET_KEY: key,
      // Write-back only; nothing here writes.
      CATALOG_GRPC_ADDR: '127.0.0.1:1',
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      SYNC_POLL_MS: String(POLL_MS),
      GOOGLE_CLIENT_ID: tokens.clientId,
      GOOGLE_CLIENT_SECRET: tokens.clientSecret,
      GOOGLE_AUTHORIZATION_URL: 'http://127.0.0.1:1/authorize',
      GOOGLE_TOKEN_URL: tokens.url,
      GOOGLE_CALENDAR_API_URL: calendar.url,
    };
    const ports = [await freePort(), await freePort()];
    replicas.push(...(await Promise.all(ports.map((port) => launch(port)))));
  }, 120_000);

  afterAll(async () => {
    for (const replica of replicas) await stop(replica).catch(() => undefined);
    await capture?.close();
    await store?.close();
    await calendar?.close();
    await tokens?.close();
    await kafka?.stop();
    await mongo?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A Google connection of the tenant's staff member `stf_1`, its access token expiring in 30 s (under the minute's margin). */
  async function seed(tenantId: string) {
    const grant = tokens.issue(30);
    const connectionId = `icn_${randomBytes(12).toString('base64url')}`;
    const at = Date.now();
    await store.collection('integration_connections').insertOne({
      _id: connectionId,
      tenantId,
      staffId: 'stf_1',
      provider: 'google',
      status: 'connected',
      serverUrl: '',
      account: 'primary',
      sealedSecret: secrets.seal(JSON.stringify(grant), connectionId),
      busyCalendarIds: ['primary'],
      bookingCalendarId: 'primary',
      lastSyncAtMs: null,
      createdAtMs: at,
      updatedAtMs: at,
    });
    return { connectionId, grant };
  }

  const stored = async (connectionId: string) => {
    const doc = (await store.collection('integration_connections').findOne({ _id: connectionId }))!;
    return {
      doc,
      tokens: JSON.parse(secrets.open(String(doc.sealedSecret), connectionId)) as {
        accessToken: string;
        refreshToken: string;
        expiresAtMs: number;
      },
    };
  };

  /** GetBusyTimes read fresh (as create's lock does) for the day of the busy event. */
  const busy = (replica: Replica, tenantId: string) =>
    replica.client.getBusyTimes(
      {
        tenantId,
        staffIds: ['stf_1'],
        fromMs: busyAt - 9 * HOUR,
        toMs: busyAt + 15 * HOUR,
        fresh: true,
        timeZone: 'UTC',
        staffTimeZones: {},
      },
      { deadlineMs: 30_000 },
    );

  it('both replicas find the token about to expire at once: one refresh, both read with the new token', async () => {
    const { connectionId, grant } = await seed('ten_race');
    const before = tokens.requests();
    const seenBefore = calendar.tokensSeen().length;
    // A slow token endpoint: every caller arrives while the first refresh is still running.
    tokens.setDelay(300);
    const answers = await Promise.all(
      replicas.flatMap((r) => [busy(r, 'ten_race'), busy(r, 'ten_race'), busy(r, 'ten_race')]),
    );
    tokens.setDelay(0);
    expect(tokens.requests() - before).toBe(1);
    for (const answer of answers) {
      expect(answer.intervals).toEqual([{ staffId: 'stf_1', startsAtMs: busyAt, endsAtMs: busyAt + HOUR }]);
    }
    const { doc, tokens: now } = await stored(connectionId);
    expect(now.accessToken).not.toBe(grant.accessToken);
    expect(now.refreshToken).not.toBe(grant.refreshToken);
    expect(now.expiresAtMs).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(doc).toMatchObject({ status: 'connected', refreshLeaseOwner: null, refreshLeaseUntilMs: null });
    // Every Calendar request after the refresh carried the one new access token.
    expect(new Set(calendar.tokensSeen().slice(seenBefore))).toEqual(new Set([now.accessToken]));
    // Sealed at rest.
    expect(String(doc.sealedSecret)).not.toContain(now.refreshToken);
  });

  it('a replica killed while it holds the refresh lease: the lease runs out and the other refreshes once', async () => {
    const { connectionId } = await seed('ten_killed');
    const [first, second] = replicas as [Replica, Replica];
    const before = { requests: tokens.requests(), refreshes: tokens.refreshes() };
    // The first replica's refresh never gets its answer: it is killed while waiting.
    tokens.setDelay(60_000);
    void busy(first, 'ten_killed').catch(() => undefined);
    await eventually('the first replica holds the lease', async () =>
      tokens.requests() === before.requests + 1 ? true : undefined,
    );
    const held = (await stored(connectionId)).doc;
    expect(held.refreshLeaseOwner).toEqual(expect.any(String));
    expect(Number(held.refreshLeaseUntilMs)).toBeGreaterThan(Date.now());
    await stop(first, 'SIGKILL');
    tokens.setDelay(0);

    const started = Date.now();
    const answer = await busy(second, 'ten_killed');
    expect(answer.intervals).toHaveLength(1);
    // It waited for the dead holder's lease to run out, then refreshed itself: one more request.
    expect(Date.now()).toBeGreaterThanOrEqual(Number(held.refreshLeaseUntilMs) - 50);
    expect(Date.now() - started).toBeLessThan(LEASE_MS + 5_000);
    expect(tokens.requests() - before.requests).toBe(2);
    expect(tokens.refreshes() - before.refreshes).toBe(1);
    expect((await stored(connectionId)).doc).toMatchObject({ status: 'connected', refreshLeaseOwner: null });

    // The killed replica comes back on its port for the next test.
    replicas[0] = await launch(Number(first.address.split(':')[1]));
  });

  it('a refused refresh: one token request, both replicas answer PROVIDER_NEEDS_REAUTH, one needs_reauth event', async () => {
    const { connectionId, grant } = await seed('ten_refused');
    tokens.revoke(grant.refreshToken);
    const before = tokens.requests();
    const started = Date.now();
    tokens.setDelay(300);
    const outcomes = await Promise.allSettled(
      replicas.flatMap((r) => [busy(r, 'ten_refused'), busy(r, 'ten_refused')]),
    );
    tokens.setDelay(0);
    expect(tokens.requests() - before).toBe(1);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'PROVIDER_NEEDS_REAUTH' } });
    }
    for (const replica of replicas) {
      const [connection] = (await replica.client.listConnections({ tenantId: 'ten_refused' })).items;
      expect(connection).toMatchObject({ connectionId, status: 'needs_reauth' });
      expect(connection!.needsReauthAtMs).toBeGreaterThanOrEqual(started);
      expect(connection!.needsReauthAtMs).toBeLessThanOrEqual(Date.now());
    }
    // The connection is no longer trusted: no further token request, however often it is asked.
    await expect(busy(replicas[1]!, 'ten_refused')).rejects.toMatchObject({ code: 'PROVIDER_NEEDS_REAUTH' });
    expect(tokens.requests() - before).toBe(1);

    // One notice: published once (its outbox field cleared), and nothing more after a few polls.
    // The first publish creates the topic on the broker, which a loaded machine may take a while
    // to settle: a bound for the wait, not a figure.
    await eventually(
      'the notice published',
      async () => ((await stored(connectionId)).doc.reauthNoticeDueAtMs === null ? true : undefined),
      60_000,
    );
    const ofConnection = () =>
      published.filter((m) => m.key === connectionId).map((m) => JSON.parse(m.value) as Record<string, unknown>);
    await eventually('the event on Kafka', async () => (ofConnection().length > 0 ? true : undefined), 60_000);
    await sleep(5 * POLL_MS);
    const needsReauthAtMs = (await stored(connectionId)).doc.needsReauthAtMs as number;
    expect(ofConnection()).toEqual([
      {
        id: `evt_reauth_${connectionId}_${needsReauthAtMs}`,
        type: 'connection.needs_reauth',
        payloadVersion: 1,
        occurredAtMs: needsReauthAtMs,
        data: {
          connection: { connectionId, tenantId: 'ten_refused', staffId: 'stf_1', provider: 'google', needsReauthAtMs },
        },
      },
    ]);
  }, 150_000);

  it('no access or refresh token reaches either process’s log', () => {
    const logs = [...retiredOutput, ...replicas.map((r) => r.process.output())].join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const token of tokens.issued()) expect(logs).not.toContain(token);
  });
});
