import type { FastifyInstance } from 'fastify';
import { collectProcessMetrics, metricsExposition } from '@svc/telemetry';

/**
 * GET /metrics: the process's Prometheus metrics (in the embedded platform every service's, told
 * apart by the `service` label). No auth and no rate limit, so the public ingress must not route
 * it (docs/operations.md, "Metrics"); it is not in the OpenAPI document.
 */
export function registerMetricsRoute(app: FastifyInstance): void {
  collectProcessMetrics();
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const { contentType, body } = await metricsExposition();
    return reply.type(contentType).send(body);
  });
}
