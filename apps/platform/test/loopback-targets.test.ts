// ALLOW_LOOPBACK_TARGETS (docs/operations.md "Running the whole platform (embedded)"): the embedded platform lets webhooks and
// CalDAV servers point at loopback over http only while its gateway listens on loopback (or when
// the setting says so). Through the platform as a process on HOST=0.0.0.0, real HTTP through the
// gateway: an http://127.0.0.1 webhook URL and CalDAV server are refused (400 on the field), and
// with ALLOW_LOOPBACK_TARGETS=on they are accepted again.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { radicaleMissing, serverGate, startRadicale, type RadicaleServer } from '@svc/testing';
import { seedTenant } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess } from './dashboard-fixture.js';
import { caldav, MKCALENDAR_WORK } from './caldav-fixture.js';

const PASSWORD = 'loopback-app-password-9Ws2';
/** Each test starts a platform process of its own: on a loaded two-core machine that alone can take half a minute. */
const PROCESS_TEST_MS = 120_000;

describe.runIf(serverGate('Radicale', radicaleMissing()))('loopback targets of the embedded platform', () => {
  let radicale: RadicaleServer;
  const platforms: Array<Awaited<ReturnType<typeof platformProcess>>> = [];

  beforeAll(async () => {
    radicale = await startRadicale({ ana: PASSWORD });
    const made = await caldav('ana', PASSWORD)('MKCALENDAR', `${radicale.url}ana/work/`, MKCALENDAR_WORK, {
      'content-type': 'application/xml',
    });
    expect(made.status).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(platforms.map((p) => p.stop()));
    await radicale?.stop();
  });

  /** A platform process with `env`, and a tenant owner's dashboard client on it. */
  async function owner(name: string, env: Record<string, string>) {
    const platform = await platformProcess(name, env);
    platforms.push(platform);
    const seeded = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, name);
    const api = dashboard(platform.base, await platform.stores.session(seeded.tenantId, 'tenant_owner'));
    const subscribe = (url: string) => api('POST', '/api/webhook-subscriptions', { url, events: [] });
    const connect = (serverUrl: string) =>
      api('POST', '/api/integrations/caldav', {
        staffId: seeded.staffId,
        serverUrl,
        username: 'ana',
        password: PASSWORD,
      });
    return { subscribe, connect };
  }

  it(
    'on a non-loopback HOST refuses http://127.0.0.1 webhook URLs and CalDAV servers',
    async () => {
      const { subscribe, connect } = await owner('loopback-off', { HOST: '0.0.0.0' });
      for (const url of ['http://127.0.0.1:9000/hook', 'https://127.0.0.1:9000/hook', 'http://localhost:9000/hook']) {
        expect(await errorOf(await subscribe(url)), url).toMatchObject({
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'body.url', message: expect.stringMatching(/https|public/) }],
        });
      }
      expect(await errorOf(await connect(radicale.url))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.serverUrl', message: 'must be an https URL' }],
      });
    },
    PROCESS_TEST_MS,
  );

  it(
    'ALLOW_LOOPBACK_TARGETS=on lets them through on any HOST',
    async () => {
      // (On the default loopback HOST, as `npm start` runs, every other platform test relies on it.)
      const { subscribe, connect } = await owner('loopback-on', { HOST: '0.0.0.0', ALLOW_LOOPBACK_TARGETS: 'on' });
      // The README's walkthrough subscribes this URL.
      expect((await subscribe('http://127.0.0.1:9000/hook')).status).toBe(201);
      expect((await connect(radicale.url)).status).toBe(201);
    },
    PROCESS_TEST_MS,
  );

  it(
    'ALLOW_LOOPBACK_TARGETS=off refuses them on a loopback HOST as well',
    async () => {
      const { subscribe, connect } = await owner('loopback-forced-off', { ALLOW_LOOPBACK_TARGETS: 'off' });
      expect((await errorOf(await subscribe('http://127.0.0.1:9000/hook'))).details).toEqual([
        { path: 'body.url', message: 'must be an https URL' },
      ]);
      expect((await errorOf(await connect(radicale.url))).details).toEqual([
        { path: 'body.serverUrl', message: 'must be an https URL' },
      ]);
    },
    PROCESS_TEST_MS,
  );
});
