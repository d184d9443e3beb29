import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { probeServices, serviceStatusSchema } from '../api/service-health.js';
import type { Downstream } from '../downstream/services.js';
import { defineRoute } from '../http/route.js';

/**
 * GET /health: 200 when every service answers SERVING over gRPC Health, else INTERNAL_ERROR (the
 * specification's 500, with Retry-After) naming the others.
 */
export function registerHealthRoute(app: FastifyInstance, downstream: Downstream): void {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    summary: 'Health of the gateway and every service behind it',
    tags: ['health'],
    response: z.object({ status: z.literal('ok'), services: z.record(z.string(), serviceStatusSchema) }),
    handler: async () => {
      const results = await probeServices(downstream.health);
      const down = results.filter(([, s]) => s !== 'SERVING');
      if (down.length > 0) {
        throw new DomainError(
          'INTERNAL_ERROR',
          `Not serving: ${down.map(([n]) => n).join(', ')}.`,
          down.map(([name, status]) => ({ path: `services.${name}`, message: status })),
          { retryable: true },
        );
      }
      return { status: 'ok' as const, services: Object.fromEntries(results) };
    },
  });
}
