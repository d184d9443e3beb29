import { connectService } from '@svc/grpc';
import { catalogV1, webhooksV1 } from '@svc/proto';
import { createTestTenant, openEveryDay, SERVICE_LISTS_UNCHANGED, type WebhookReceiver } from '@svc/testing';

const HOUR = 3_600_000;

/**
 * The instant of a wall-clock hour `daysAhead` calendar days from today in Europe/Berlin. Days
 * are counted on the calendar, not as 24 hours: across a DST change, late in the evening, 24-hour
 * steps land on the neighbouring date.
 */
export function berlinTime(daysAhead: number, hour: number, minute = 0): number {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' })
    .format(new Date())
    .split('-')
    .map(Number);
  const guess = Date.UTC(y!, m! - 1, d! + daysAhead, hour, minute);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
    .formatToParts(new Date(guess))
    .find((p) => p.type === 'timeZoneName')!
    .value.match(/GMT([+-]\d+)?/)![1];
  return guess - Number(offset ?? 0) * HOUR;
}

/**
 * Staff members `names` of tenant `tenantId`, open 09:00–17:00 every day, and a 30-minute service
 * `slug` of theirs with `fields` (its assignment policy); through the catalog's gRPC API.
 */
export async function seedTeam(
  catalogAddress: string,
  tenantId: string,
  slug: string,
  names: readonly string[],
  fields: Partial<catalogV1.ServiceFields>,
): Promise<string[]> {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  try {
    const staffIds: string[] = [];
    for (const displayName of names) {
      const { staff } = await catalog.createStaff({ tenantId, fields: { displayName } });
      staffIds.push(staff!.staffId);
    }
    await openEveryDay(
      catalog,
      tenantId,
      staffIds.map((id) => ['staff', id] as const),
      540,
      1020,
    );
    await catalog.createService({
      tenantId,
      fields: {
        ...SERVICE_LISTS_UNCHANGED,
        slug,
        name: slug,
        durationMin: 30,
        staffIds,
        staffIdsSet: true,
        ...fields,
      },
    });
    return staffIds;
  } finally {
    catalog.close();
  }
}

/**
 * A tenant open 09:00–17:00 Berlin time every day, with one staff member, a bookable 30-minute
 * service (confirmed by hand unless `confirmation` says otherwise) and a hidden one; set up
 * through the catalog's gRPC API.
 */
export async function seedTenant(
  catalogAddress: string,
  slug: string,
  opts: { suspended?: boolean; confirmation?: 'manual' | 'automatic' } = {},
) {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  try {
    const { tenantId } = await createTestTenant(catalog, { slug, name: `Clinic ${slug}`, locale: 'de' });
    const { staff } = await catalog.createStaff({
      tenantId,
      fields: { displayName: 'Dr. Weber' },
    });
    await openEveryDay(
      catalog,
      tenantId,
      [
        ['tenant', tenantId],
        ['staff', staff!.staffId],
      ],
      540,
      1020,
    );
    const service = (fields: Partial<catalogV1.ServiceFields>) =>
      catalog.createService({
        tenantId,
        fields: {
          staffIds: [staff!.staffId],
          staffIdsSet: true,
          resourceIds: [],
          resourceIdsSet: false,
          questions: [],
          questionsSet: false,
          staffWeights: {},
          staffWeightsSet: false,
          ...fields,
        },
      });
    await service({
      slug: 'checkup',
      name: 'Check-up',
      durationMin: 30,
      priceAmount: 4500,
      priceCurrency: 'EUR',
      ...(opts.confirmation ? { confirmation: opts.confirmation } : {}),
    });
    await service({ slug: 'secret', name: 'Internal', durationMin: 30, status: 'hidden' });
    if (opts.suspended) await catalog.updateTenant({ tenantId, status: 'suspended' });
    return { tenantId, staffId: staff!.staffId };
  } finally {
    catalog.close();
  }
}

/** A public create of the check-up at `startsAtMs` with idempotency key `key`; the raw answer. */
export function postBooking(base: string, tenantSlug: string, startsAtMs: number, key: string, name = 'Ann Example') {
  return fetch(`${base}/book/${tenantSlug}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      serviceSlug: 'checkup',
      startsAtMs,
      customer: { name, primaryEmail: `${key}@example.test` },
    }),
  });
}

/** Subscribes the receiver's endpoint `name` to every event of the tenant, through the dispatcher's gRPC API. */
export async function subscribeReceiver(
  dispatcherAddress: string,
  tenantId: string,
  receiver: WebhookReceiver,
  name: string,
): Promise<void> {
  const webhooks = connectService(webhooksV1.WebhookServiceService, dispatcherAddress);
  const { signingSecret } = await webhooks
    .createSubscription({ tenantId, url: receiver.url(name), events: [], description: name })
    .finally(() => webhooks.close());
  receiver.setSecret(name, signingSecret);
}

/** The slot starts of a whole Berlin day `daysAhead` from now, as GET …/availability answers them. */
export async function slotStartsOn(base: string, tenantSlug: string, daysAhead: number, serviceSlug = 'checkup') {
  const fromMs = berlinTime(daysAhead, 0);
  const res = await fetch(
    `${base}/book/${tenantSlug}/availability?serviceSlug=${serviceSlug}&fromMs=${fromMs}&toMs=${fromMs + 24 * HOUR}`,
  );
  const body = (await res.json()) as { data?: { slots: Array<{ startsAtMs: number }> } };
  if (res.status !== 200 || !body.data) throw new Error(`availability answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data.slots.map((s) => s.startsAtMs);
}
