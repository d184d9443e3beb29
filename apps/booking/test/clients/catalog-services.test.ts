import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, NO_PAYMENT_TERMS } from '@svc/rules';
import { catalogSchedules } from '../../src/clients/catalog-schedules.js';
import { catalogServices } from '../../src/clients/catalog-services.js';
import { addService, createBookableTenant, startDependencies, type Dependencies } from '../booking-fixture.js';

/**
 * The booking service's two views of a catalog service (by id, and in the schedule snapshot)
 * carry what it charges (docs/decisions.md "Payments"), read from the real catalog over gRPC.
 */
let deps: Dependencies;
beforeAll(async () => {
  deps = await startDependencies();
});
afterAll(async () => {
  await deps?.stop();
});

describe("a service's price and payment policy, as the booking service reads them", () => {
  it('carries a deposit service’s terms, and none with no price for a service without them', async () => {
    const { tenantId, staffId, service: plain } = await createBookableTenant(deps.catalog);
    const terms = {
      payment: 'deposit',
      depositAmount: 2_000,
      refundAfterCutoffPercent: 25,
      noShowCharge: 'fee',
      noShowFeeAmount: 1_500,
    } as const;
    const paid = await addService(deps.catalog, tenantId, {
      staffIds: [staffId],
      priceAmount: 6_000,
      priceCurrency: 'JPY',
      ...terms,
    });
    const byId = catalogServices(deps.catalog);
    const expected = { price: { amount: 6_000, currency: 'JPY' }, ...terms };
    expect(await byId.byId(tenantId, paid.serviceId)).toMatchObject(expected);
    expect(await byId.byId(tenantId, plain.serviceId)).toMatchObject({ price: null, ...NO_PAYMENT_TERMS });

    const schedules = catalogSchedules(deps.catalog);
    const snapshot = await schedules.forService(tenantId, paid.slug, DAY_MS, 2 * DAY_MS, { fresh: true });
    expect(snapshot.service).toMatchObject(expected);
    const plainSnapshot = await schedules.forService(tenantId, plain.slug, DAY_MS, 2 * DAY_MS, { fresh: true });
    expect(plainSnapshot.service).toMatchObject({ price: null, ...NO_PAYMENT_TERMS });
  });
});
