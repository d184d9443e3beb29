import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { publicTenant } from './public-tenant.js';
import { tenantSlugParams } from './schemas.js';

const configSchema = z.object({
  tenant: z.object({
    slug: z.string(),
    name: z.string(),
    timezone: z.string(),
    locale: z.string(),
    branding: z.object({
      displayName: z.string(),
      logoUrl: z.string(),
      primaryColor: z.string(),
      accentColor: z.string(),
    }),
  }),
  services: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      durationMin: z.number().int(),
      price: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
    }),
  ),
});

/** GET /book/{tenantSlug}/config: what a booking page needs to render. Only active services. */
export function registerBookingConfigRoute(app: FastifyInstance, downstream: Downstream): void {
  defineRoute(app, {
    method: 'GET',
    url: '/book/:tenantSlug/config',
    summary: 'Public booking page configuration: tenant and its bookable services',
    tags: ['public booking'],
    params: tenantSlugParams,
    response: configSchema,
    handler: async ({ params }) => {
      const tenant = await publicTenant(downstream.catalog, params.tenantSlug);
      const services = [];
      let cursor = '';
      do {
        const page = await downstream.catalog.listServices({
          tenantId: tenant.tenantId,
          statuses: ['active'],
          page: { limit: 100, cursor },
        });
        services.push(...page.items);
        cursor = page.page?.nextCursor ?? '';
      } while (cursor);
      const b = tenant.branding;
      return {
        tenant: {
          slug: tenant.slug,
          name: tenant.name,
          timezone: tenant.timezone,
          locale: tenant.locale,
          branding: {
            displayName: b?.displayName ?? '',
            logoUrl: b?.logoUrl ?? '',
            primaryColor: b?.primaryColor ?? '',
            accentColor: b?.accentColor ?? '',
          },
        },
        services: services.map((s) => ({
          slug: s.slug,
          name: s.name,
          description: s.description,
          durationMin: s.durationMin,
          price: s.priceCurrency ? { amount: s.priceAmount, currency: s.priceCurrency } : null,
        })),
      };
    },
  });
}
