import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { probeHealth } from '@svc/grpc';
import { SERVICE_NAMES, type Downstream } from '../downstream/services.js';
import { defineRoute } from '../http/route.js';

const PROBE_DEADLINE_MS = 1_500;
const statusSchema = z.enum(['SERVING', 'NOT_SERVING', 'UNREACHABLE']);

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
    response: z.object({ status: z.literal('ok'), services: z.record(z.string(), statusSchema) }),
    handler: async () => {
      // Only the services this gateway was given (integrations may not be deployed).
      const results = await Promise.all(
        SERVICE_NAMES.flatMap((name) => {
          const client = downstream.health[name];
          return client ? [(async () => [name, await probeHealth(client, PROBE_DEADLINE_MS)] as const)()] : [];
        }),
      );
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
