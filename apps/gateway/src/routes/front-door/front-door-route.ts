import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderFrontDoorPage, type FrontDoorView, type PageAssets } from '@svc/pages';
import { probeServices, serviceStatusSchema } from '../../api/service-health.js';
import type { Downstream } from '../../downstream/services.js';
import { API_VERSION } from '../../http/openapi.js';
import { sendPage } from '../../http/page-headers.js';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { API_REFERENCE_PATH } from './api-reference.js';

const frontDoorSchema = z.object({
  name: z.string(),
  profile: z
    .enum(['embedded', 'distributed'])
    .nullable()
    .describe('The deployment profile (docs/operations.md "Profiles"); null when the gateway was not told.'),
  apiVersion: z.string().describe("The HTTP API's version, the OpenAPI document's `info.version`."),
  status: z.enum(['ok', 'degraded']).describe('`ok` when every service answers SERVING, else `degraded`.'),
  services: z
    .record(z.string(), serviceStatusSchema)
    .describe('Each service behind the gateway, probed as GET /health probes it (1.5 s each).'),
  links: z.array(z.object({ rel: z.string(), href: z.string(), title: z.string(), description: z.string() })),
  operationsGuide: z.object({
    repositoryPath: z.string().describe('A file of the source repository: the platform does not serve it.'),
    description: z.string(),
  }),
}) satisfies z.ZodType<FrontDoorView>;

/**
 * Where a newcomer goes next; relative, so they hold behind any proxy. /metrics has no auth
 * (routes/metrics.ts): said here, since a public ingress must not route it (docs/operations.md "Metrics").
 */
const LINKS: FrontDoorView['links'] = [
  { rel: 'dashboard', href: '/dashboard', title: 'Staff dashboard', description: 'sign in to run a workspace.' },
  {
    rel: 'api-reference',
    href: API_REFERENCE_PATH,
    title: 'API reference',
    description: 'every operation with its auth, errors and examples; try it against this server.',
  },
  {
    rel: 'openapi',
    href: '/openapi.json',
    title: 'OpenAPI document',
    description: 'the same reference as OpenAPI 3.1, for tools and client generators.',
  },
  {
    rel: 'health',
    href: '/health',
    title: 'Health',
    description: 'the services\' states as JSON; 500 when one is down (for load balancers).',
  },
  {
    rel: 'metrics',
    href: '/metrics',
    title: 'Metrics',
    description: 'Prometheus metrics, for the operator: it has no auth, so a public ingress must not route it.',
  },
];

const OPERATIONS_GUIDE: FrontDoorView['operationsGuide'] = {
  repositoryPath: 'docs/operations.md',
  description: 'profiles and settings, deployment (Helm, images), the production checklist, metrics, logs and upgrades.',
};

/**
 * GET /: the front door (docs/decisions.md "Front door and API reference"). What runs, each
 * service's state and where to go next: a page for a browser, the envelope for an API client.
 * It answers 200 with the states when a service is down (GET /health is the check that fails).
 */
export function registerFrontDoor(
  app: FastifyInstance,
  deps: { downstream: Downstream; assets: PageAssets; profile: FrontDoorView['profile'] },
): void {
  defineRoute(app, {
    method: 'GET',
    url: '/',
    summary: 'The front door: what runs here, the state of each service, and where to go next',
    description:
      'The same answer as a page when Accept prefers text/html. 200 while a service is down (its state says ' +
      'so; GET /health is the check that fails). Names no tenant.',
    tags: ['front door'],
    limits: [perIp('pages')],
    response: frontDoorSchema,
    handler: async (_input, _request, reply) => {
      const services = await probeServices(deps.downstream.health);
      reply.header('cache-control', 'no-cache');
      return {
        name: 'Booking platform',
        profile: deps.profile,
        apiVersion: API_VERSION,
        status: services.every(([, state]) => state === 'SERVING') ? ('ok' as const) : ('degraded' as const),
        services: Object.fromEntries(services),
        links: LINKS,
        operationsGuide: OPERATIONS_GUIDE,
      };
    },
    html: (view, _request, reply) => sendPage(reply, (nonce) => renderFrontDoorPage(view, deps.assets, nonce)),
  });
}
