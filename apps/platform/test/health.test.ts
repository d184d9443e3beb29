import { connectService } from '@svc/grpc';
import { healthV1 } from '@svc/proto';
import { json } from '@svc/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.cleanup());

describe('GET /health', () => {
  it('answers 200 when every service is serving over gRPC Health', async () => {
    const res = await fetch(`${platform.url}/health`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      ok: true,
      data: {
        status: 'ok',
        services: {
          catalog: 'SERVING',
          booking: 'SERVING',
          customer: 'SERVING',
          'webhook-dispatcher': 'SERVING',
          integrations: 'SERVING',
          notifications: 'SERVING',
          identity: 'SERVING',
        },
      },
      meta: { requestId: res.headers.get('x-request-id') },
    });
  });

  it('every service names in Health only the gRPC services it implements', async () => {
    const named: Record<string, string[]> = {};
    for (const [name, host] of Object.entries(platform.services)) {
      const health = connectService(healthV1.HealthService, host.address);
      try {
        named[name] = Object.keys((await health.list({})).statuses).sort();
      } finally {
        health.close();
      }
    }
    expect(named).toEqual({
      catalog: ['', 'catalog.v1.CatalogService'],
      booking: ['', 'booking.v1.BookingService'],
      customer: ['', 'customer.v1.CustomerService'],
      'webhook-dispatcher': ['', 'webhooks.v1.WebhookService'],
      integrations: ['', 'integrations.v1.IntegrationService'],
      notifications: ['', 'notifications.v1.NotificationService'],
      identity: [
        '',
        'identity.v1.AuditService',
        'identity.v1.CustomerExportService',
        'identity.v1.IdentityService',
        'identity.v1.TenantExportService',
      ],
    });
  });

  it('answers INTERNAL_ERROR 500 with Retry-After, naming the service that is down', async () => {
    await platform.services.booking.stop();
    const res = await fetch(`${platform.url}/health`);
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBe('1');
    const body = await json(res);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.message).toContain('booking');
    expect(body.error.details).toEqual([{ path: 'services.booking', message: 'UNREACHABLE' }]);
    expect(body.meta.requestId).toBe(res.headers.get('x-request-id'));
  });
});
