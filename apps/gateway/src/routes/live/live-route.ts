import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { requestTenantId } from '../../auth/principal.js';
import { defineRoute } from '../../http/route.js';
import { sseMessage, type LiveBookingFeed } from '../../live/booking-feed.js';

/**
 * GET /api/live: the workspace's booking changes as server-sent events, pushed as they are
 * published (docs/api-conventions.md "Live updates"). Any role may listen: an event names the
 * booking and its new state only, and the dashboard reads the rest through the API.
 */
export function registerLiveRoute(app: FastifyInstance, feed: LiveBookingFeed): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/live',
    summary: "The workspace's booking changes as they happen (text/event-stream)",
    description:
      'Server-sent events: `ready` once, then one `booking` event per booking change ({ eventId, type, bookingId, ' +
      'status, startsAtMs, endsAtMs, staffId, occurredAtMs }) and a comment line every 25 s. At most 50 open ' +
      'streams per workspace: RATE_LIMITED 429 beyond.',
    tags: ['live'],
    access: 'dashboard:read',
    produces: 'text/event-stream',
    response: z.string(),
    handler: async (_input, request, reply) => {
      const tenantId = requestTenantId(request);
      if (!feed.hasRoomFor(tenantId)) {
        reply.header('retry-after', '30');
        throw new DomainError(
          'RATE_LIMITED',
          'Too many live streams are open for this workspace; close one or retry later.',
        );
      }
      // The stream outlives the handler: Fastify hands the socket over, with the headers set so far.
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      reply.raw.write(sseMessage('ready', { tenantId }));
      feed.add(tenantId, reply.raw);
      return '';
    },
  });
}
