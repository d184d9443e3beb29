import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectService, probeHealth } from '@svc/grpc';
import { healthV1 } from '@svc/proto';
import { freePort, json, parsePrometheusText, prom2jsonMissing, runApp, serverGate } from '@svc/testing';

const dataDir = mkdtempSync(join(tmpdir(), 'platform-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = runApp;

describe('configuration at start-up', () => {
  it.each([
    ['catalog', ['MONGODB_URL']],
    ['customer', ['MONGODB_URL']],
    ['booking', ['MONGODB_URL', 'REDIS_URL', 'KAFKA_BROKERS']],
    ['webhook-dispatcher', ['MONGODB_URL', 'KAFKA_BROKERS', 'WEBHOOK_SECRET_KEY']],
    ['integrations', ['MONGODB_URL', 'KAFKA_BROKERS', 'INTEGRATIONS_SECRET_KEY']],
    ['notifications', ['MONGODB_URL', 'KAFKA_BROKERS', 'BASE_URL', 'MANAGE_TOKEN_SECRET', 'SMTP_URL', 'MAIL_FROM']],
    // The export's download links are signed with SESSION_SECRET, the one the gateway checks them with.
    ['identity', ['MONGODB_URL', 'KAFKA_BROKERS', 'SESSION_SECRET']],
    [
      'gateway',
      [
        ...['CATALOG_GRPC_ADDR', 'BOOKING_GRPC_ADDR', 'CUSTOMER_GRPC_ADDR', 'WEBHOOKS_GRPC_ADDR', 'IDENTITY_GRPC_ADDR'],
        // The booking events of the dashboard's live updates.
        'KAFKA_BROKERS',
        // No MONGODB_URL: the gateway owns no collection (docs/architecture.md).
        ...['SESSION_SECRET', 'MANAGE_TOKEN_SECRET', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'BASE_URL'],
        // The rate limit counters, shared by the replicas in Redis.
        'REDIS_URL',
      ],
    ],
  ])('%s in the distributed profile stops with CONFIG_MISSING naming %j', async (app, missing) => {
    const proc = run(app, { PROFILE: 'distributed' });
    expect(await proc.exited).toBe(1);
    const fatal = JSON.parse(
      proc
        .output()
        .split('\n')
        .find((l) => l.includes('CONFIG_MISSING')) ?? '{}',
    );
    expect(fatal).toMatchObject({ level: 60, code: 'CONFIG_MISSING' });
    expect(fatal.problems.map((p: { variable: string }) => p.variable).sort()).toEqual([...missing].sort());
  });
});

describe('a service alone, and graceful shutdown', () => {
  it('starts the catalog alone with its documented environment and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const proc = run('catalog', { GRPC_PORT: String(port), DATA_DIR: dataDir });
    await proc.waitFor('gRPC server listening');
    expect(proc.output()).toContain(`127.0.0.1:${port}`);
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('catalog stopped');
  });

  it('starts the whole embedded platform, serves /health, and stops on SIGINT', async () => {
    const port = await freePort();
    const proc = run('platform', { PORT: String(port), DATA_DIR: dataDir });
    await proc.waitFor('is running at');
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect((await json(res)).data.status).toBe('ok');
    proc.kill('SIGINT');
    expect(await proc.exited).toBe(0);
  });
});

describe.runIf(serverGate('prom2json (Prometheus text parser)', prom2jsonMissing()))(
  'metrics of a service alone',
  () => {
    // catalog and integrations (the newest service, which the chart scrapes the same way).
    it.each(['catalog', 'integrations'])(
      '%s serves GET /metrics on METRICS_PORT, beside its gRPC port, with its own calls counted',
      async (app) => {
        const [grpcPort, metricsPort] = [await freePort(), await freePort()];
        const proc = run(app, {
          GRPC_PORT: String(grpcPort),
          METRICS_PORT: String(metricsPort),
          DATA_DIR: dataDir,
        });
        try {
          await proc.waitFor('metrics listening on /metrics');
          const health = connectService(healthV1.HealthService, `127.0.0.1:${grpcPort}`);
          expect(await probeHealth(health, 2_000)).toBe('SERVING');
          health.close();
          const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
          expect(res.status).toBe(200);
          const families = await parsePrometheusText(await res.text());
          const grpc = families.find((f) => f.name === 'grpc_server_handling_seconds');
          expect(grpc?.type).toBe('HISTOGRAM');
          expect(grpc?.metrics).toContainEqual(
            expect.objectContaining({
              labels: { service: app, grpc_method: 'grpc.health.v1.Health/Check', grpc_code: 'OK' },
              count: '1',
            }),
          );
          expect(families.map((f) => f.name)).toContain('process_cpu_seconds_total');
          expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
        } finally {
          proc.kill('SIGTERM');
          expect(await proc.exited).toBe(0);
        }
      },
    );
  },
);
