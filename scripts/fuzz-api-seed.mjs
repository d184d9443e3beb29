// Seeds the tenant scripts/fuzz-api.sh fuzzes, through the HTTP API with the owner's session, so
// schemathesis reaches the core logic instead of 404s (docs/testing.md "API fuzz"):
// - a service bookable around the clock: its staff member and the tenant work every day
//   00:00–24:00 (weekly rules), 30-minute slots up to 60 days ahead; the staff member's CalDAV
//   calendar is connected, so confirmed bookings are written to it;
// - records of every other kind (a second service, more staff with connected calendars, a
//   resource with a rule, a block and a date override, a holiday, a webhook subscription to the local receiver,
//   API keys) and the webhook deliveries the bookings cause;
// - bookings, with their manage tokens, in sets of their own for each operation that changes a
//   booking (confirm takes held ones, the others confirmed ones), so no operation finds only
//   bookings another one has already cancelled or completed.
//
// Writes into the directory given as its argument:
// - seed.toml: schemathesis dictionaries of those ids and of free slots, which scripts/fuzz-api.toml
//   binds to parameters;
// - seed.env: what scripts/fuzz-api-hooks.py keeps the fuzz from changing.
//
// Environment: FUZZ_BASE, FUZZ_TENANT_SLUG, FUZZ_SESSION_COOKIE, FUZZ_CSRF_TOKEN, FUZZ_API_KEY_ID,
// FUZZ_RECEIVER_URL, FUZZ_CALDAV_URL, FUZZ_CALDAV_USER, FUZZ_CALDAV_PASSWORD.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`fuzz seed: ${name} is not set`);
  return value;
};
const base = env('FUZZ_BASE');
const slug = env('FUZZ_TENANT_SLUG');
const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node scripts/fuzz-api-seed.mjs <output directory>');

const dashboard = { cookie: env('FUZZ_SESSION_COOKIE'), 'x-service-csrf': env('FUZZ_CSRF_TOKEN') };

async function call(method, path, body, headers = dashboard) {
  const res = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await res.json();
  if (!answer.ok)
    throw new Error(`fuzz seed: ${method} ${path} answered ${res.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The service's grid and horizon: 30-minute slots up to 60 days ahead. */
const SLOT_MINUTES = 30;
const MAX_ADVANCE_DAYS = 60;
/** Free starts handed to the fuzz for creates and reschedules: 45 days of the grid. */
const FREE_SLOTS = 45 * 48;
/** Bookings per operation that changes them; `held`: the operation takes held bookings. */
const BOOKING_SETS = {
  confirm: { held: true },
  cancel: {},
  complete: {},
  'no-show': {},
  reschedule: {},
  'partner-confirm': { held: true },
  'partner-cancel': {},
  'partner-complete': {},
  'partner-no-show': {},
  'partner-reschedule': {},
  'manage-cancel': {},
  'manage-reschedule': {},
  // Read, written back to the calendar again (calendar-sync), viewed through the manage link.
  read: {},
};
const BOOKINGS_PER_SET = 3;

const caldav = { url: env('FUZZ_CALDAV_URL'), user: env('FUZZ_CALDAV_USER'), password: env('FUZZ_CALDAV_PASSWORD') };
/** A staff member with a CalDAV calendar of their own (one Radicale account, one calendar each). */
async function staffWithCalendar(name) {
  const staff = await call('POST', '/api/staff', { displayName: name });
  const calendar = `${caldav.url}${caldav.user}/${staff.staffId.toLowerCase()}/`;
  const made = await fetch(calendar, {
    method: 'MKCALENDAR',
    headers: { authorization: `Basic ${Buffer.from(`${caldav.user}:${caldav.password}`).toString('base64')}` },
  });
  if (made.status !== 201) throw new Error(`fuzz seed: MKCALENDAR ${calendar} answered ${made.status}`);
  const connection = await call('POST', '/api/integrations/caldav', {
    staffId: staff.staffId,
    serverUrl: caldav.url,
    username: caldav.user,
    password: caldav.password,
  });
  return { staff, connection };
}

// The bookable setup: the service's staff member, with a calendar, and the weekly rules.
const { staff, connection } = await staffWithCalendar('Fuzz Staff');
const rules = [];
for (const owner of [{ ownerType: 'tenant' }, { ownerType: 'staff', ownerId: staff.staffId }]) {
  for (let weekday = 0; weekday <= 6; weekday++) {
    rules.push(await call('POST', '/api/availability-rules', { ...owner, weekday, startMinute: 0, endMinute: 1440 }));
  }
}
const service = await call('POST', '/api/services', {
  slug: 'fuzz-visit',
  name: 'Fuzz visit',
  durationMin: SLOT_MINUTES,
  slotIntervalMin: SLOT_MINUTES,
  maxAdvanceDays: MAX_ADVANCE_DAYS,
  staffIds: [staff.staffId],
});

// Records the fuzz may change: another service, two staff members whose connections it may
// change and disconnect, a resource with a rule and a block, a holiday, API keys.
const otherService = await call('POST', '/api/services', { slug: 'fuzz-other', name: 'Fuzz other', durationMin: 60 });
const patched = await staffWithCalendar('Fuzz Staff Two');
const disconnected = await staffWithCalendar('Fuzz Staff Three');
const resource = await call('POST', '/api/resources', { type: 'room', name: 'Fuzz Room' });
const resourceRules = [];
for (const weekday of [1, 2]) {
  const rule = { ownerType: 'resource', ownerId: resource.resourceId, weekday, startMinute: 480, endMinute: 1020 };
  resourceRules.push(await call('POST', '/api/availability-rules', rule));
}
const block = await call('POST', '/api/blocked-times', {
  ownerType: 'resource',
  ownerId: resource.resourceId,
  startsAtMs: Date.UTC(2400, 0, 1),
  endsAtMs: Date.UTC(2400, 0, 2),
  reason: 'Maintenance',
});
const holiday = await call('POST', '/api/holidays', { date: '2400-12-25', name: 'Christmas' });
const dateOverride = await call('POST', '/api/date-overrides', {
  ownerType: 'resource',
  ownerId: resource.resourceId,
  date: '2400-01-03',
  windows: [{ startMinute: 600, endMinute: 720 }],
});
const keys = [];
for (const name of ['fuzz rotate', 'fuzz revoke'])
  keys.push((await call('POST', '/api/api-keys', { name, scopes: ['booking:read'] })).apiKey);
const subscription = await call('POST', '/api/webhook-subscriptions', { url: env('FUZZ_RECEIVER_URL') });

// The grid from the next full hour plus one: every start is free and inside the horizon.
const first = Math.ceil(Date.now() / (60 * MINUTE)) * 60 * MINUTE + 60 * MINUTE;
const bookingCount = Object.keys(BOOKING_SETS).length * BOOKINGS_PER_SET;
const starts = Array.from({ length: bookingCount + FREE_SLOTS }, (_, i) => first + i * SLOT_MINUTES * MINUTE);
const bookingStarts = starts.splice(0, bookingCount);

const bookingSets = {};
const tokenSets = {};
let n = 0;
for (const [set, { held }] of Object.entries(BOOKING_SETS)) {
  bookingSets[set] = [];
  tokenSets[set] = [];
  for (let i = 0; i < BOOKINGS_PER_SET; i++, n++) {
    const created = await call(
      'POST',
      `/book/${slug}/bookings`,
      {
        serviceSlug: service.slug,
        startsAtMs: bookingStarts[n],
        customer: { name: `Fuzz Customer ${n}`, primaryEmail: `customer${n}@acme.test` },
      },
      { 'idempotency-key': `fuzz-seed-${n}` },
    );
    if (!held) await call('POST', `/api/bookings/${created.booking.bookingId}/confirm`);
    bookingSets[set].push(created.booking.bookingId);
    tokenSets[set].push(created.manageToken);
  }
}
const allBookings = Object.values(bookingSets).flat();
const customerId = (await call('GET', `/api/bookings/${allBookings[0]}`)).customerId;
// Customers the erase operations may erase (the one above stays: other operations name it).
const erasable = [];
for (let i = 0; i < 6; i++) {
  erasable.push((await call('POST', '/api/customers', { name: `Fuzz Erasable ${i}` })).customerId);
}

// The bookings' events reach the receiver: wait for their deliveries (30 s at most).
let deliveries = [];
for (const deadline = Date.now() + 30_000; deliveries.length === 0 && Date.now() < deadline;) {
  deliveries = (await call('GET', '/api/webhook-deliveries?limit=20')).items.map((d) => d.deliveryId);
  if (deliveries.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
}
if (deliveries.length === 0) throw new Error('fuzz seed: no webhook delivery within 30 s');

// The messages those bookings caused (the send log), for the notification operations.
let notifications = [];
for (const deadline = Date.now() + 30_000; notifications.length === 0 && Date.now() < deadline;) {
  notifications = (await call('GET', '/api/notifications?limit=20')).items.map((m) => m.notificationId);
  if (notifications.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
}
if (notifications.length === 0) throw new Error('fuzz seed: no notification within 30 s');

// An unsubscribe link as a customer gets it: in a reminder's List-Unsubscribe header. The
// reminder offset is set so that the reminder of one more booking, confirmed now, is due within
// a minute; the platform writes it as an .eml file under DATA_DIR/mail (no SMTP_URL here).
const reminded = starts.shift();
const offsetMin = Math.floor((reminded - Date.now() - 15_000) / MINUTE);
await call('PATCH', '/api/notification-settings', { reminderOffsetsMin: [offsetMin] });
const remindedBooking = await call(
  'POST',
  `/book/${slug}/bookings`,
  {
    serviceSlug: service.slug,
    startsAtMs: reminded,
    customer: { name: 'Fuzz Reminded', primaryEmail: 'reminded@acme.test' },
  },
  { 'idempotency-key': 'fuzz-seed-reminded' },
);
await call('POST', `/api/bookings/${remindedBooking.booking.bookingId}/confirm`);
const mailDir = join(outDir, 'mail');
let unsubscribeToken;
for (const deadline = Date.now() + 120_000; !unsubscribeToken && Date.now() < deadline;) {
  // Only finished messages: each is written to `.eml.tmp` and renamed, so a `.tmp` may be gone when read.
  for (const file of (existsSync(mailDir) ? readdirSync(mailDir) : []).filter((f) => f.endsWith('.eml'))) {
    // The header may be folded onto the next line (RFC 5322).
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(readFileSync(join(mailDir, file), 'utf8'));
    if (header) unsubscribeToken = new URL(header[1]).pathname.split('/').pop();
  }
  if (!unsubscribeToken) await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!unsubscribeToken) throw new Error('fuzz seed: no reminder with an unsubscribe link within 2 minutes');
await call('PATCH', '/api/notification-settings', { reminderOffsetsMin: [1440, 120] });

const dictionaries = {
  'tenant-slugs': [slug],
  'tenant-ids': [env('FUZZ_TENANT_ID')],
  'service-slugs': [service.slug],
  'service-ids': [service.serviceId, otherService.serviceId],
  'service-staff-ids': [staff.staffId],
  'staff-ids': [staff.staffId, patched.staff.staffId, disconnected.staff.staffId],
  'rule-ids': [...rules, ...resourceRules].map((r) => r.ruleId),
  'changeable-rule-ids': resourceRules.map((r) => r.ruleId),
  'resource-ids': [resource.resourceId],
  'block-ids': [block.blockId],
  'holiday-ids': [holiday.holidayId],
  'override-ids': [dateOverride.overrideId],
  'customer-ids': [customerId],
  'erasable-customer-ids': erasable,
  'api-key-rotate-ids': [keys[0].apiKeyId],
  'api-key-revoke-ids': [keys[1].apiKeyId],
  'subscription-ids': [subscription.subscriptionId],
  'delivery-ids': deliveries,
  'notification-ids': notifications,
  'unsubscribe-tokens': [unsubscribeToken],
  'connection-ids': [connection, patched.connection, disconnected.connection].map((c) => c.connectionId),
  'changeable-connection-ids': [patched.connection.connectionId],
  'disconnect-connection-ids': [disconnected.connection.connectionId],
  ...Object.fromEntries(Object.entries(bookingSets).map(([set, ids]) => [`bookings-${set}`, ids])),
  'booking-ids': allBookings,
  ...Object.fromEntries(Object.entries(tokenSets).map(([set, tokens]) => [`tokens-${set}`, tokens])),
  'receiver-urls': [env('FUZZ_RECEIVER_URL')],
  'caldav-urls': [caldav.url],
  'caldav-users': [caldav.user],
  'caldav-passwords': [caldav.password],
  slots: starts,
  // Each operation that books or moves to a slot gets slots of its own (every fifth), so one
  // operation's cases never find the slot another one's took first.
  ...Object.fromEntries(
    ['create', 'partner-create', 'reschedule', 'partner-reschedule', 'manage-reschedule'].map((use, k) => [
      `slots-${use}`,
      starts.filter((_, i) => i % 5 === k),
    ]),
  ),
  // An availability window of a week inside the horizon.
  'window-starts': [first],
  'window-ends': [first + 7 * DAY],
};
const toml = Object.entries(dictionaries)
  .map(([name, values]) => `[dictionaries.${name}]\nvalues = ${JSON.stringify(values)}\n`)
  .join('\n');
writeFileSync(join(outDir, 'seed.toml'), `# Written by scripts/fuzz-api-seed.mjs for this run.\n${toml}`);

// What the fuzz may read but not change (scripts/fuzz-api-hooks.py): the tenant itself (the
// platform API lists it, and a suspend would close every other operation), the bookable setup, its
// calendar connection, the API key every /v1 case runs with, and the workspace's members (the
// session every dashboard case runs in is one: demoted or removed, it could do nothing more).
const members = await call('GET', '/api/members');
const protectedIds = [
  env('FUZZ_TENANT_ID'),
  ...members.items.map((m) => m.membershipId),
  service.serviceId,
  staff.staffId,
  connection.connectionId,
  ...rules.map((r) => r.ruleId),
  env('FUZZ_API_KEY_ID'),
];
writeFileSync(
  join(outDir, 'seed.env'),
  [
    `export FUZZ_PROTECTED_IDS=${protectedIds.join(',')}`,
    `export FUZZ_PROTECTED_STAFF_ID=${staff.staffId}`,
    // Named by many operations: never erased.
    `export FUZZ_KEPT_CUSTOMER_ID=${customerId}`,
    // Kept for the delivery operations: it may change, but not be deleted.
    `export FUZZ_UNDELETABLE_IDS=${subscription.subscriptionId}`,
    `export FUZZ_RESOURCE_ID=${resource.resourceId}`,
    `export FUZZ_HORIZON_END_MS=${Date.now() + (MAX_ADVANCE_DAYS + 1) * DAY}`,
    '',
  ].join('\n'),
);
console.log(
  `fuzz: seeded service ${service.slug} (staff ${staff.staffId}, ${rules.length} weekly rules, a CalDAV calendar), ` +
    `${allBookings.length} bookings in ${Object.keys(BOOKING_SETS).length} sets, ${deliveries.length} deliveries, ` +
    `${starts.length} free slots`,
);
