// The upgrade (docs/operations.md "Upgrading to the identity service"): an embedded installation's
// users, sessions and keys in DATA_DIR/gateway.sqlite keep working once the identity service
// serves them. The copy runs once, before serving, and is idempotent: a restart neither copies
// twice nor brings back what changed since.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { identityV1 } from '@svc/proto';
import { openMongoStore, openSqliteStore } from '@svc/store';
import { mongoForSuites } from '@svc/testing';
import { createLogger } from '@svc/telemetry';
import {
  ApiKeyStore,
  copyFormerGatewayIdentity,
  IdentityStore,
  identityConfigSchema,
  PlatformKeyStore,
  startIdentityFromConfig,
} from '../src/index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'identity-upgrade-'));
const bus = new InProcessEventBus();
const seeded = { sessionToken: '', apiSecret: '', platformSecret: '', userId: '' };

beforeAll(async () => {
  // The gateway's store as the version before the identity service left it: audit records and an
  // export job beside.
  const gateway = await openSqliteStore({ file: join(dataDir, 'gateway.sqlite') });
  const identity = new IdentityStore(gateway);
  await identity.ensureIndexes();
  const user = await identity.findOrCreateUserByEmail('kept@upgrade.test', 'Kept');
  await identity.addMembership(user.userId, 'ten_kept', 'tenant_owner');
  seeded.userId = user.userId;
  seeded.sessionToken = (await identity.createSession(user.userId, 'ten_kept')).token;
  seeded.apiSecret = (await new ApiKeyStore(gateway).create('ten_kept', 'ci', ['*'])).secret;
  seeded.platformSecret = (await new PlatformKeyStore(gateway).create('reseller')).secret;
  await gateway.collection('audit_events').insertOne({ _id: 'aud_1', tenantId: 'ten_kept' });
  await gateway.collection('export_jobs').insertOne({ _id: 'exp_1', tenantId: 'ten_kept' });
  await gateway.close();
});

afterAll(async () => {
  await bus.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<RunningGrpcHost> {
  return startIdentityFromConfig(
    identityConfigSchema.parse({
      DATA_DIR: dataDir,
      GRPC_PORT: '0',
      LOG_LEVEL: 'silent',
      CATALOG_GRPC_ADDR: '127.0.0.1:1',
    }),
    createLogger('identity-test', 'silent'),
    {
      bus: {
        publish: bus.publish.bind(bus),
        subscribe: bus.subscribe.bind(bus),
        ping: bus.ping.bind(bus),
        close: async () => {},
      },
    },
  );
}

describe('the first start of the identity service on an existing embedded installation', () => {
  it('serves the users, sessions and keys of gateway.sqlite, keeps its audit log, and copies no export', async () => {
    const host = await start();
    const client = connectService(identityV1.IdentityServiceService, host.address);
    try {
      const auth = await client.authenticateSession({ token: seeded.sessionToken });
      expect(auth.session?.userId).toBe(seeded.userId);
      expect(auth.membership).toMatchObject({ tenantId: 'ten_kept', role: 'tenant_owner' });
      expect((await client.verifyApiKey({ secret: seeded.apiSecret })).apiKey?.tenantId).toBe('ten_kept');
      expect((await client.verifyPlatformKey({ secret: seeded.platformSecret })).platformKey?.name).toBe('reseller');
      // A role changed after the upgrade must stay changed through the next start.
      await client.addMembership({ userId: seeded.userId, tenantId: 'ten_kept', role: 'tenant_admin' });
    } finally {
      client.close();
      await host.stop();
    }
    const store = await openSqliteStore({ file: join(dataDir, 'identity.sqlite') });
    try {
      expect(await store.collection('audit_events').count({})).toBe(1);
      expect(await store.collection('export_jobs').count({})).toBe(0);
      expect(await store.collection('users').count({})).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('copies only once: a restart keeps what changed since and adds nothing', async () => {
    const host = await start();
    const client = connectService(identityV1.IdentityServiceService, host.address);
    try {
      const { membership } = await client.getMembership({ userId: seeded.userId, tenantId: 'ten_kept' });
      expect(membership?.role).toBe('tenant_admin');
    } finally {
      client.close();
      await host.stop();
    }
    const store = await openSqliteStore({ file: join(dataDir, 'identity.sqlite') });
    try {
      expect(await store.collection('users').count({})).toBe(1);
      expect(await store.collection('sessions').count({})).toBe(1);
      expect(await store.collection('api_keys').count({})).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('a copy stopped half way is finished by the next one without doubles; nothing to copy is fine', async () => {
    const source = await openSqliteStore({ file: ':memory:' });
    const target = await openSqliteStore({ file: ':memory:' });
    const sourceIdentity = new IdentityStore(source);
    await sourceIdentity.ensureIndexes();
    for (let i = 0; i < 3; i += 1) await sourceIdentity.findOrCreateUserByEmail(`u${i}@copy.test`);
    await new IdentityStore(target).ensureIndexes();
    // The first user got across before the stop.
    const [first] = await source.collection('users').find({}, { sort: [['_id', 1]], limit: 1 });
    await target.collection('users').insertOne(first!);
    const opened = { count: 0 };
    const open = async () => {
      opened.count += 1;
      return openSqliteStore({ file: ':memory:' }).then(async (copy) => {
        for (const doc of await source.collection('users').find({})) await copy.collection('users').insertOne(doc);
        return copy;
      });
    };
    expect(await copyFormerGatewayIdentity(target, open)).toBe(2);
    expect(await target.collection('users').count({})).toBe(3);
    expect(await copyFormerGatewayIdentity(target, open)).toBe(0);
    expect(opened.count).toBe(1);
    const fresh = await openSqliteStore({ file: ':memory:' });
    expect(await copyFormerGatewayIdentity(fresh, async () => null)).toBe(0);
    await Promise.all([source.close(), target.close(), fresh.close()]);
  });
});

// Distributed: the gateway kept its collections in its own MongoDB database ("gateway" unless
// MONGODB_DB named another); the identity service copies them out of it on its first start.
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
describe.runIf(mongo.runs)('the first start of the identity service on an existing distributed installation', () => {
  it("serves the sessions and keys of the gateway's former database, copies once, and two replicas starting together agree", async () => {
    const url = await mongo.url();
    const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
    const formerDb = `gateway_${suffix}`;
    const gateway = await openMongoStore({ url, dbName: formerDb });
    const former = new IdentityStore(gateway);
    await former.ensureIndexes();
    const user = await former.findOrCreateUserByEmail('kept@distributed.test', 'Kept');
    await former.addMembership(user.userId, 'ten_dist', 'tenant_owner');
    const token = (await former.createSession(user.userId, 'ten_dist')).token;
    const secret = (await new ApiKeyStore(gateway).create('ten_dist', 'ci', ['*'])).secret;
    await gateway.close();

    const config = identityConfigSchema.parse({
      PROFILE: 'distributed',
      MONGODB_URL: url,
      MONGODB_DB: `identity_${suffix}`,
      FORMER_GATEWAY_MONGODB_DB: formerDb,
      KAFKA_BROKERS: '127.0.0.1:1',
      SESSION_SECRET: 's'.repeat(32),
      GRPC_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    const shared = {
      bus: {
        publish: bus.publish.bind(bus),
        subscribe: bus.subscribe.bind(bus),
        ping: bus.ping.bind(bus),
        close: async () => {},
      },
    };
    const logger = createLogger('identity-test', 'silent');
    const hosts = await Promise.all([
      startIdentityFromConfig(config, logger, shared),
      startIdentityFromConfig(config, logger, shared),
    ]);
    const client = connectService(identityV1.IdentityServiceService, hosts[0]!.address);
    try {
      expect((await client.authenticateSession({ token })).session?.userId).toBe(user.userId);
      expect((await client.verifyApiKey({ secret })).apiKey?.tenantId).toBe('ten_dist');
    } finally {
      client.close();
      await Promise.all(hosts.map((h) => h.stop()));
    }
    const identity = await openMongoStore({ url, dbName: `identity_${suffix}` });
    try {
      expect(await identity.collection('users').count({})).toBe(1);
      expect(await identity.collection('identity_migrations').count({})).toBe(1);
    } finally {
      await identity.close();
    }
  });
});
