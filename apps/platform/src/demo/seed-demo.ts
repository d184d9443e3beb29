// The demo workspace made through the services' gRPC contracts, as any client would make it
// (docs/decisions.md "Demo workspace"): identity.v1 ProvisionTenant for the workspace and its
// owner, the catalog's creates, booking.v1 CreateBooking and ChangeBookingStatus. Never a store.

import { requestFingerprint } from '@svc/crypto';
import {
  connectService,
  toAnswerValue,
  unlessNotFound,
  type BookingClient,
  type CatalogClient,
  type IdentityClient,
} from '@svc/grpc';
import { bookingV1, catalogV1, identityV1 } from '@svc/proto';
import { normalizeTimeZone } from '@svc/rules';
import type { EmbeddedPlatform } from '../embedded-platform.js';
import {
  DEMO_CANCEL_REASON,
  DEMO_CURRENCY,
  DEMO_LOCALE,
  DEMO_NAME,
  DEMO_OPENING_HOURS,
  DEMO_OWNER_EMAIL,
  DEMO_SERVICES,
  DEMO_SHORT_DAY,
  DEMO_SLUG,
  DEMO_SOURCE,
  DEMO_STAFF,
  type DemoHours,
  type DemoService,
  type DemoStaffKey,
} from './demo-data.js';
import { planDemo, type DemoMoment, type PlannedBooking } from './demo-plan.js';
import type { ReplayClock } from './replay-clock.js';

export interface DemoWorkspace {
  /** The public booking page of the workspace. */
  bookingPageUrl: string;
  /** A one-time sign-in link of the owner into the staff dashboard (identity.v1 CreateSignInLink). */
  signInUrl: string;
  signInExpiresAtMs: number;
  /** True when this start made the workspace; false when it was there already and nothing was written. */
  seeded: boolean;
}

/** A create or a change of a booking takes the capacity locks: the gateway's deadline for them. */
const LOCKED_WRITE = { deadlineMs: 10_000 };

interface Clients {
  catalog: CatalogClient;
  booking: BookingClient;
  identity: IdentityClient;
}

/**
 * The workspace `demo` of this DATA_DIR: made (with a week of bookings around today) when the
 * catalog has no such tenant, left exactly as it is otherwise. Either way a fresh sign-in link
 * for its owner. `clock` must be the booking and notifications services' clock (the platform's
 * `clock` option): the past bookings are made while it replays their days.
 */
export async function ensureDemoWorkspace(
  platform: Pick<EmbeddedPlatform, 'url' | 'services'>,
  clock: ReplayClock,
): Promise<DemoWorkspace> {
  const clients: Clients = {
    catalog: connectService(catalogV1.CatalogServiceService, platform.services.catalog.address),
    booking: connectService(bookingV1.BookingServiceService, platform.services.booking.address),
    identity: connectService(identityV1.IdentityServiceService, platform.services.identity.address),
  };
  try {
    const existing = (await unlessNotFound(clients.catalog.getTenantBySlug({ slug: DEMO_SLUG })))?.tenant ?? null;
    const tenantId = existing?.tenantId ?? (await seedDemo(clients, clock));
    const link = await ownerSignInLink(clients.identity, tenantId);
    const signIn = new URL('/auth/link', platform.url);
    signIn.searchParams.set('token', link.token);
    return {
      bookingPageUrl: new URL(`/book/${DEMO_SLUG}`, platform.url).href,
      signInUrl: signIn.href,
      signInExpiresAtMs: link.expiresAtMs,
      seeded: existing === null,
    };
  } finally {
    clients.catalog.close();
    clients.booking.close();
    clients.identity.close();
  }
}

async function ownerSignInLink(identity: IdentityClient, tenantId: string) {
  const { user } = await identity.findUserByEmail({ email: DEMO_OWNER_EMAIL });
  const member = user && (await identity.getMembership({ userId: user.userId, tenantId })).membership;
  if (!user || !member) {
    throw new Error(
      `the workspace "${DEMO_SLUG}" exists, but ${DEMO_OWNER_EMAIL} is not a member of it: ` +
        'it was not made by --demo (use another DATA_DIR for the demo)',
    );
  }
  return identity.createSignInLink({ userId: user.userId, tenantId });
}

/** Makes the workspace, its catalog and its bookings; answers its tenant id. */
async function seedDemo(clients: Clients, clock: ReplayClock): Promise<string> {
  // The machine's zone, so the studio's hours read as local hours to whoever started it.
  const zone = normalizeTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC';
  const { tenant } = await clients.identity.provisionTenant({
    slug: DEMO_SLUG,
    name: DEMO_NAME,
    timezone: zone,
    locale: DEMO_LOCALE,
    ownerEmail: DEMO_OWNER_EMAIL,
    platformKeyId: '',
  });
  if (!tenant) throw new Error('the identity service answered ProvisionTenant without the tenant');
  const plan = planDemo(tenant.timezone, Date.now());
  await seedCatalog(clients.catalog, tenant.tenantId, plan.shortDay);
  await seedBookings(clients.booking, tenant.tenantId, plan.bookings, plan.past, clock);
  return tenant.tenantId;
}

async function seedCatalog(catalog: CatalogClient, tenantId: string, shortDay: string): Promise<void> {
  const addHours = async (ownerType: 'tenant' | 'staff', ownerId: string, hours: readonly DemoHours[]) => {
    for (const { weekdays, startMinute, endMinute } of hours) {
      for (const weekday of weekdays) {
        await catalog.createAvailabilityRule({
          tenantId,
          fields: { ownerType, ownerId, weekday, startMinute, endMinute },
        });
      }
    }
  };
  await addHours('tenant', tenantId, DEMO_OPENING_HOURS);
  const staffIds = new Map<DemoStaffKey, string>();
  for (const member of DEMO_STAFF) {
    const { staff } = await catalog.createStaff({
      tenantId,
      fields: { displayName: member.displayName, email: member.email },
    });
    if (!staff) throw new Error('the catalog answered CreateStaff without the staff member');
    staffIds.set(member.key, staff.staffId);
    await addHours('staff', staff.staffId, member.hours);
  }
  await catalog.createDateOverride({
    tenantId,
    fields: {
      ownerType: 'tenant',
      ownerId: tenantId,
      date: shortDay,
      windows: [...DEMO_SHORT_DAY.windows],
      windowsSet: true,
    },
  });
  for (const service of DEMO_SERVICES) {
    await catalog.createService({ tenantId, fields: serviceFields(service, (key) => staffIds.get(key)!) });
  }
}

function serviceFields(service: DemoService, staffId: (key: DemoStaffKey) => string): catalogV1.ServiceFields {
  const weights = Object.entries(service.staffWeights) as Array<[DemoStaffKey, number]>;
  return {
    slug: service.slug,
    name: service.name,
    description: service.description,
    durationMin: service.durationMin,
    slotIntervalMin: service.slotIntervalMin,
    minNoticeMin: service.minNoticeMin,
    bufferAfterMin: service.bufferAfterMin,
    ...(service.priceAmount > 0 ? { priceAmount: service.priceAmount, priceCurrency: DEMO_CURRENCY } : {}),
    staffIds: service.staff.map(staffId),
    staffIdsSet: true,
    resourceIds: [],
    resourceIdsSet: false,
    confirmation: service.confirmation,
    seats: service.seats,
    maxPartySize: service.maxPartySize,
    assignment: service.assignment,
    staffWeights: Object.fromEntries(weights.map(([key, weight]) => [staffId(key), weight])),
    staffWeightsSet: weights.length > 0,
    questions: service.questions.map((q) => ({ ...q, options: [...q.options] })),
    questionsSet: service.questions.length > 0,
  };
}

/**
 * The bookings of the past replayed at their moments on the services' clock, then, in real
 * time, the requests still awaiting confirmation.
 */
async function seedBookings(
  booking: BookingClient,
  tenantId: string,
  bookings: PlannedBooking[],
  past: DemoMoment[],
  clock: ReplayClock,
): Promise<void> {
  const ids: string[] = [];
  const create = async (index: number) => {
    ids[index] = await createBooking(booking, tenantId, bookings[index]!, index);
  };
  await clock.replay(
    past.map((moment) => ({
      atMs: moment.atMs,
      run: async () => {
        if (moment.action === 'create') return create(moment.booking);
        await booking.changeBookingStatus(
          {
            tenantId,
            bookingId: ids[moment.booking]!,
            action: moment.action,
            reason: moment.action === 'cancel' ? DEMO_CANCEL_REASON : '',
            actor: 'staff',
          },
          LOCKED_WRITE,
        );
      },
    })),
  );
  for (const [index, planned] of bookings.entries()) {
    if (planned.bookedAtMs === null) await create(index);
  }
}

/** booking.v1 CreateBooking as the public page's create makes it, with the demo's source. */
async function createBooking(
  booking: BookingClient,
  tenantId: string,
  planned: PlannedBooking,
  index: number,
): Promise<string> {
  const { customer, partySize, answers } = planned.booking;
  const body = {
    serviceSlug: planned.service.slug,
    startsAtMs: planned.startsAtMs,
    source: DEMO_SOURCE,
    customer: { name: customer.name, primaryEmail: customer.email },
    notes: '',
    timezone: '',
    answers,
    partySize,
  };
  const { booking: made } = await booking.createBooking(
    {
      ...body,
      tenantId,
      idempotencyKey: `demo-seed-${index}`,
      idempotencyScope: '',
      requestFingerprint: requestFingerprint(body),
      answers: Object.entries(answers).map(([key, value]) => ({ key, value: toAnswerValue(value) })),
    },
    LOCKED_WRITE,
  );
  if (!made) throw new Error('the booking service answered CreateBooking without the booking');
  return made.bookingId;
}
