import type { FastifyInstance } from 'fastify';
import { type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { MAX_PAYMENT_AMOUNT } from '@svc/rules';
import { registerAdminResource } from '../../api/admin-resource.js';
import {
  createServiceSchema,
  listServices,
  listServicesQuery,
  patchServiceSchema,
  serviceFields,
  serviceRecordSchema,
  toServiceRecord,
} from '../../api/service-records.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

const recordOf = (res: { service?: catalogV1.Service | undefined }) => ({
  service: res.service && toServiceRecord(res.service),
});

/** The payment rules the catalog checks (docs/decisions.md "Payments"), with the detail path of each refusal. */
const PAYMENT_RULE =
  'a `payment` other than none needs a price above 0 (else VALIDATION_ERROR at `payment`) of at most ' +
  `${MAX_PAYMENT_AMOUNT} (else at \`priceAmount\`) and \`confirmation: manual\` (else at \`confirmation\`); ` +
  '`depositAmount` is 1 to priceAmount with `payment: deposit` and 0 otherwise, `noShowFeeAmount` 1 to priceAmount ' +
  'with `noShowCharge: fee` and 0 otherwise (else at their own paths); a `noShowCharge` other than none needs a ' +
  'payment (else at `noShowCharge`). Amounts must be ones Stripe can charge: in a three-decimal currency (BHD, JOD, ' +
  'KWD, OMR, TND) the price, deposit and fee are multiples of 10 (else at their own paths), and a currency whose ' +
  'minor unit Stripe counts differently (HUF, COP, IDR, ISK, LYD…) takes no payment policy (else at `priceCurrency`).';

/** What the partner API adds to the list's rules: why it also takes booking:read. */
const PARTNER_LIST_RULE =
  'Also under booking:read, since a partner needs the services to book: `status=active` lists the ones ' +
  'customers can book now (with the slug that availability and a booking create take).';

/** /api/services (or /v1/services): the tenant's bookable services. */
export function registerServiceRoutes(
  app: FastifyInstance,
  catalog: CatalogClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  const partner = 'access' in surface;
  registerAdminResource(app, {
    ...onSurface(surface, 'services', 'services'),
    // The one GET /v1/services: a partner needs the services to book (docs/decisions.md "Partner API").
    ...('access' in surface ? { access: { ...surface.access, list: 'key:catalog:read|booking:read' as const } } : {}),
    idParam: 'serviceId',
    singular: 'service',
    plural: 'services',
    field: 'service',
    record: serviceRecordSchema,
    // A service's availability, by slug for clients and (on the dashboard) by id for the explain.
    createdLinks: [
      { to: 'GET /book/:tenantSlug/availability', parameters: { serviceSlug: 'slug' } },
      { to: 'GET /v1/availability', parameters: { serviceSlug: 'slug' } },
      ...(partner ? [] : [{ to: 'GET /api/availability/explain', parameters: { serviceId: 'serviceId' } }]),
    ],
    rules: {
      ...(partner ? { list: PARTNER_LIST_RULE } : {}),
      create: `\`priceAmount\` and \`priceCurrency\` go together; \`slug\` is unique in the tenant; \`staffIds\` and \`resourceIds\` name staff and resources of the tenant; \`questions\` have unique keys and unique options; ${PAYMENT_RULE}`,
      update: `\`priceAmount\` and \`priceCurrency\` go together, with the stored price completing a half sent alone (\`priceCurrency: ''\` removes the price); \`slug\` is unique in the tenant; \`staffIds\` and \`resourceIds\` name staff and resources of the tenant; \`questions\` have unique keys and unique options; ${PAYMENT_RULE} These hold for the service as the change leaves it: removing the price of a paid service, or making it automatic, is refused.`,
    },
    listQuery: listServicesQuery,
    createBody: createServiceSchema,
    patchBody: patchServiceSchema,
    list: (tenantId, query) => listServices(catalog, tenantId, query),
    create: async (tenantId, body) => recordOf(await catalog.createService({ tenantId, fields: serviceFields(body) })),
    update: async (tenantId, serviceId, body) =>
      recordOf(await catalog.updateService({ tenantId, serviceId, fields: serviceFields(body) })),
    get: async (tenantId, serviceId) => recordOf(await catalog.getService({ tenantId, serviceId, slug: '' })),
  });
}
