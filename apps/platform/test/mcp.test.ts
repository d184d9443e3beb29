// The MCP server at /mcp/{tenantId} (docs/api-conventions.md "MCP") driven by the SDK's own
// client over Streamable HTTP, on the embedded platform: tools listed and called, branding as
// the public page then shows it, an agent that retries a booking books once, every tool under
// its scope, and the refusals of the endpoint itself.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import {
  book,
  dashboard,
  platformStores,
  slotSequence,
  type DashboardSession,
  type PlatformStores,
} from './dashboard-fixture.js';
import { createKey } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const DAY = 86_400_000;
const TOOLS = [
  'block_time',
  'cancel_booking',
  'create_booking',
  'get_availability',
  'get_booking',
  'get_branding',
  'list_bookings',
  'list_services',
  'list_staff',
  'reschedule_booking',
  'update_branding',
];

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
let stores: PlatformStores;
let tenantId = '';
let otherTenantId = '';
let owner: DashboardSession;
let secret = '';
const open: Client[] = [];
const nextSlot = slotSequence(berlinTime);

beforeAll(async () => {
  platform = await startTestPlatform();
  base = platform.url;
  stores = await platformStores(platform);
  ({ tenantId } = await seedTenant(platform.services.catalog.address, 'agent'));
  ({ tenantId: otherTenantId } = await seedTenant(platform.services.catalog.address, 'notmine'));
  owner = await stores.session(tenantId, 'tenant_owner');
  secret = (await createKey(base, owner, ['*'], 'agent')).secret;
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await stores?.close();
  await platform?.cleanup();
});

/** The SDK's client connected to /mcp/{tenant} with the key as a Bearer header (none for null). */
async function connect(key: string | null = secret, tenant = tenantId): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp/${tenant}`), {
    requestInit: { headers: key === null ? {} : { authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: 'booking-test-agent', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The JSON a successful tool call answered. */
function dataOf(result: CallToolResult) {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const [first] = result.content;
  expect(first?.type).toBe('text');
  return JSON.parse((first as { text: string }).text);
}

/** The text of a tool error (`CODE: message (details)`). */
function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
}

describe('a real MCP client', () => {
  it('lists the tools, each with a JSON input schema that names its scope', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'booking-platform' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.description).toMatch(/Needs the (booking|branding|catalog):(read|write)( or booking:read)? scope\.$/);
    }
    const create = tools.find((t) => t.name === 'create_booking')!;
    expect(create.inputSchema.required).toEqual(
      expect.arrayContaining(['idempotencyKey', 'serviceSlug', 'startsAtMs', 'customer']),
    );
    expect(create.annotations).toMatchObject({ readOnlyHint: false });
  });

  it('update_branding changes what the public booking page shows; bad colours are VALIDATION_ERROR', async () => {
    const client = await connect();
    const updated = dataOf(
      await call(client, 'update_branding', { primaryColor: '#0a7cff', displayName: 'Agent Dental' }),
    );
    expect(updated).toMatchObject({ primaryColor: '#0a7cff', displayName: 'Agent Dental' });
    const config = await json(await fetch(`${base}/book/agent/config`));
    expect(config.data.tenant.branding).toMatchObject({ primaryColor: '#0a7cff', displayName: 'Agent Dental' });
    expect(dataOf(await call(client, 'get_branding'))).toMatchObject({ primaryColor: '#0a7cff' });

    const bad = errorText(await call(client, 'update_branding', { primaryColor: 'blue' }));
    // The field at fault under `arguments`, once.
    expect(bad).toMatch(/^VALIDATION_ERROR: The tool arguments are not valid\. \(arguments\.primaryColor: /);
    expect(errorText(await call(client, 'update_branding', {}))).toMatch(/^VALIDATION_ERROR: /);
    expect(errorText(await call(client, 'update_branding', { favicon: 'x.ico' }))).toMatch(/^VALIDATION_ERROR: /);
  });

  it('reads a service’s intake questions and answers them in create_booking; get_booking shows the answers', async () => {
    const created = await dashboard(base, owner)('POST', '/api/services', {
      slug: 'consult',
      name: 'Consultation',
      durationMin: 30,
      questions: [{ key: 'topic', label: 'Topic', type: 'select', required: true, options: ['Braces', 'Implants'] }],
    });
    expect(created.status).toBe(201);
    const serviceId = (await json(created)).data.serviceId;
    const client = await connect();
    try {
      const services = dataOf(await call(client, 'list_services'));
      expect(services.items.find((s: { slug: string }) => s.slug === 'consult').questions).toEqual([
        { key: 'topic', label: 'Topic', type: 'select', required: true, options: ['Braces', 'Implants'] },
      ]);
      const args = {
        idempotencyKey: 'agent-intake-1',
        serviceSlug: 'consult',
        startsAtMs: berlinTime(31, 10),
        customer: { name: 'Agent Customer', primaryEmail: 'agent.intake@example.test' },
      };
      expect(errorText(await call(client, 'create_booking', args))).toMatch(
        /^VALIDATION_ERROR: .*arguments\.answers\.topic/,
      );
      const made = dataOf(
        await call(client, 'create_booking', {
          ...args,
          idempotencyKey: 'agent-intake-2',
          answers: { topic: 'Braces' },
        }),
      );
      const read = dataOf(await call(client, 'get_booking', { bookingId: made.booking.bookingId }));
      expect(read.answers).toEqual([{ key: 'topic', label: 'Topic', type: 'select', value: 'Braces' }]);
    } finally {
      // Out of the list the other tests read.
      await dashboard(base, owner)('PATCH', `/api/services/${serviceId}`, { status: 'hidden' });
    }
  });

  it('finds a slot and books it; the same idempotency key twice books once', async () => {
    const client = await connect();
    const services = dataOf(await call(client, 'list_services', { status: 'active' }));
    expect(services.items.map((s: { slug: string }) => s.slug)).toEqual(['checkup']);
    expect(services.items[0]).toMatchObject({
      durationMin: 30,
      confirmation: 'manual',
      cancelCutoffMin: 0,
      rescheduleCutoffMin: 0,
    });

    const from = berlinTime(30, 0);
    const availability = dataOf(
      await call(client, 'get_availability', { serviceSlug: 'checkup', fromMs: from, toMs: from + DAY }),
    );
    expect(availability).toMatchObject({ serviceSlug: 'checkup', finalAuthority: 'booking_create_recheck_under_lock' });
    expect(availability.slots).toHaveLength(16);
    const slot = availability.slots[3].startsAtMs as number;

    const args = {
      idempotencyKey: 'agent-retry-1',
      serviceSlug: 'checkup',
      startsAtMs: slot,
      customer: { name: 'Agent Customer', primaryEmail: 'agent.customer@example.test' },
    };
    const first = dataOf(await call(client, 'create_booking', args));
    const again = dataOf(await call(client, 'create_booking', args));
    expect(first).toMatchObject({
      idempotentReplay: false,
      booking: { status: 'held', source: 'mcp', startsAtMs: slot },
    });
    expect(again).toMatchObject({ idempotentReplay: true, manageToken: first.manageToken });
    expect(again.booking.bookingId).toBe(first.booking.bookingId);
    const booked = dataOf(await call(client, 'list_bookings', { fromMs: slot, toMs: slot + 1 }));
    expect(booked.items.map((b: { bookingId: string }) => b.bookingId)).toEqual([first.booking.bookingId]);

    // The slot is gone, and another key on it is the booking service's verdict as a tool error.
    const taken = errorText(await call(client, 'create_booking', { ...args, idempotencyKey: 'agent-retry-2' }));
    expect(taken).toMatch(/^BOOKING_SLOT_UNAVAILABLE: /);
    const conflict = errorText(await call(client, 'create_booking', { ...args, startsAtMs: slot + 30 * 60_000 }));
    expect(conflict).toMatch(/^BOOKING_IDEMPOTENCY_CONFLICT: /);
    // The same key is the agent's own: over /v1, even with the same API key, it is another caller's.
    const { idempotencyKey, ...body } = args;
    const viaV1 = await fetch(`${base}/v1/bookings`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'x-service-tenant-id': tenantId,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ ...body, startsAtMs: slot + 90 * 60_000 }),
    });
    expect(viaV1.status).toBe(201);
    expect((await json(viaV1)).data.booking.bookingId).not.toBe(first.booking.bookingId);

    // Then the agent moves it and cancels it, through the same state machine as the dashboard.
    const moved = dataOf(
      await call(client, 'reschedule_booking', { bookingId: first.booking.bookingId, startsAtMs: slot + 60 * 60_000 }),
    );
    expect(moved).toMatchObject({ status: 'held', startsAtMs: slot + 60 * 60_000 });
    const cancelled = dataOf(
      await call(client, 'cancel_booking', { bookingId: first.booking.bookingId, reason: 'agent' }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'agent' });
    expect(dataOf(await call(client, 'get_booking', { bookingId: first.booking.bookingId }))).toEqual(cancelled);
    expect(errorText(await call(client, 'cancel_booking', { bookingId: first.booking.bookingId }))).toMatch(
      /^BOOKING_POLICY_BLOCKED: /,
    );
    expect(errorText(await call(client, 'get_booking', { bookingId: 'bkg_nope' }))).toMatch(/^NOT_FOUND: /);
  });

  it('list_staff and block_time: a staff member’s time off leaves the free slots, as the booking page shows', async () => {
    const client = await connect();
    const staff = dataOf(await call(client, 'list_staff'));
    expect(staff).toMatchObject({ items: [{ displayName: 'Dr. Weber', status: 'active' }], nextCursor: null });
    const staffId = staff.items[0].staffId as string;
    const from = berlinTime(33, 0);
    const slots = async () =>
      dataOf(await call(client, 'get_availability', { serviceSlug: 'checkup', fromMs: from, toMs: from + DAY })).slots;
    expect(await slots()).toHaveLength(16);

    const blocked = dataOf(
      await call(client, 'block_time', {
        ownerType: 'staff',
        ownerId: staffId,
        startsAtMs: berlinTime(33, 9),
        endsAtMs: berlinTime(33, 13),
        reason: 'Dentist conference',
      }),
    );
    expect(blocked).toMatchObject({
      blockId: expect.stringMatching(/^blk_/),
      ownerType: 'staff',
      ownerId: staffId,
      reason: 'Dentist conference',
      status: 'active',
    });
    expect(await slots()).toHaveLength(8);
    // The record /v1 shows, and the public page agrees.
    const viaV1 = await fetch(`${base}/v1/blocked-times/${blocked.blockId}`, {
      headers: { authorization: `Bearer ${secret}`, 'x-service-tenant-id': tenantId },
    });
    expect((await json(viaV1)).data).toEqual(blocked);
    const page = await json(
      await fetch(`${base}/book/agent/availability?serviceSlug=checkup&fromMs=${from}&toMs=${from + DAY}`),
    );
    expect(page.data.slots).toHaveLength(8);

    const outOfOrder = { ownerType: 'staff', startsAtMs: berlinTime(34, 9), endsAtMs: berlinTime(34, 8) };
    expect(errorText(await call(client, 'block_time', outOfOrder))).toBe(
      'VALIDATION_ERROR: The tool arguments are not valid. (arguments.ownerId: Required when ownerType is staff.; ' +
        'arguments.startsAtMs: startsAtMs must be before endsAtMs.)',
    );
    expect(
      errorText(
        await call(client, 'block_time', {
          ownerType: 'staff',
          ownerId: 'stf_nobodyhere',
          startsAtMs: berlinTime(34, 9),
          endsAtMs: berlinTime(34, 10),
        }),
      ),
    ).toMatch(/^VALIDATION_ERROR: [^(]*\(arguments\.ownerId: /);
  });

  // docs/api-conventions.md "Input rules": the tools take ids of the one shape the HTTP routes take.
  it('every id argument has the one id shape; a value that is no id, or a staff member the service does not list, is VALIDATION_ERROR', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const idArguments = tools.flatMap((tool) =>
      Object.entries(tool.inputSchema.properties ?? {})
        .filter(([name]) => /Id$/.test(name))
        .map(([name, schema]) => ({ tool: tool.name, name, schema })),
    );
    expect(idArguments.map((a) => `${a.tool}.${a.name}`).sort()).toEqual([
      'block_time.ownerId',
      'cancel_booking.bookingId',
      'create_booking.staffId',
      'get_availability.staffId',
      'get_booking.bookingId',
      'list_bookings.customerId',
      'list_bookings.serviceId',
      'list_bookings.staffId',
      'reschedule_booking.bookingId',
    ]);
    for (const { tool, name, schema } of idArguments) {
      // A block's owner may also be '' for the tenant's own (as on /v1/blocked-times).
      const pattern = name === 'ownerId' ? '^$|^[a-z]{3}_[A-Za-z0-9_-]{1,60}$' : '^[a-z]{3}_[A-Za-z0-9_-]{1,60}$';
      expect(schema, `${tool}.${name}`).toMatchObject({ maxLength: 64, pattern });
    }

    for (const bookingId of ['b'.repeat(60_000), 'bkg_' + 'x'.repeat(61), 'not an id']) {
      expect(errorText(await call(client, 'get_booking', { bookingId }))).toMatch(
        /^VALIDATION_ERROR: .*arguments\.bookingId/,
      );
    }
    const slot = nextSlot();
    const args = {
      idempotencyKey: 'agent-staff-1',
      serviceSlug: 'checkup',
      startsAtMs: slot,
      customer: { name: 'Agent Customer', primaryEmail: 'agent.staff@example.test' },
    };
    const long = errorText(await call(client, 'create_booking', { ...args, staffId: 's'.repeat(60_000) }));
    expect(long).toMatch(/^VALIDATION_ERROR: .*arguments\.staffId/);
    const unlisted = errorText(await call(client, 'create_booking', { ...args, staffId: 'stf_notoneofthisservice' }));
    expect(unlisted).toMatch(/^VALIDATION_ERROR: .*arguments\.staffId.*not a staff member of this service/);
    const oneStaff = { serviceSlug: 'checkup', fromMs: slot, toMs: slot + 1, staffId: 'stf_notoneofthisservice' };
    expect(errorText(await call(client, 'get_availability', oneStaff))).toMatch(
      /^VALIDATION_ERROR: .*arguments\.staffId.*not a staff member of this service/,
    );
    // Nothing was booked: the same key then books the slot.
    expect(dataOf(await call(client, 'create_booking', args)).booking.startsAtMs).toBe(slot);
  });

  it('every tool needs its scope: a tool error without it, success with only it', async () => {
    const slot = () => nextSlot();
    const held = async () => (await book(base, 'agent', slot())).booking.bookingId;
    const from = berlinTime(40, 0);
    let n = 0;
    const rows: Array<[string, string, () => Promise<Record<string, unknown>>]> = [
      ['get_branding', 'branding:read', async () => ({})],
      ['update_branding', 'branding:write', async () => ({ accentColor: '#112233' })],
      ['list_services', 'catalog:read', async () => ({})],
      ['list_services', 'booking:read', async () => ({})],
      ['list_staff', 'catalog:read', async () => ({ limit: 5 })],
      [
        'block_time',
        'catalog:write',
        async () => ({ ownerType: 'tenant', startsAtMs: berlinTime(60, 8), endsAtMs: berlinTime(60, 9) }),
      ],
      ['get_availability', 'booking:read', async () => ({ serviceSlug: 'checkup', fromMs: from, toMs: from + DAY })],
      [
        'create_booking',
        'booking:write',
        async () => ({
          idempotencyKey: `scope-${++n}`,
          serviceSlug: 'checkup',
          startsAtMs: slot(),
          customer: { name: 'Scoped', phone: '+49 151 12345678' },
        }),
      ],
      ['get_booking', 'booking:read', async () => ({ bookingId: await held() })],
      ['list_bookings', 'booking:read', async () => ({ status: 'held' })],
      ['cancel_booking', 'booking:write', async () => ({ bookingId: await held() })],
      ['reschedule_booking', 'booking:write', async () => ({ bookingId: await held(), startsAtMs: slot() })],
    ];
    expect([...new Set(rows.map(([name]) => name))].sort()).toEqual(TOOLS);
    const all = [
      'booking:read',
      'booking:write',
      'branding:read',
      'branding:write',
      'customer:read',
      'customer:write',
      'catalog:read',
      'catalog:write',
    ];
    // list_services takes either of two scopes, as GET /v1/services (docs/decisions.md "Partner API").
    const either: Record<string, string[]> = { list_services: ['catalog:read', 'booking:read'] };
    for (const [tool, scope, args] of rows) {
      const needed = either[tool] ?? [scope];
      const without = await connect(
        (
          await createKey(
            base,
            owner,
            all.filter((s) => !needed.includes(s)),
          )
        ).secret,
      );
      expect(errorText(await call(without, tool, await args())), tool).toBe(
        `FORBIDDEN: This API key lacks the ${needed.join(' or ')} scope.`,
      );
      const only = await connect((await createKey(base, owner, [scope])).secret);
      dataOf(await call(only, tool, await args()));
    }
  });
});

describe('the endpoint refuses', () => {
  it('another tenant’s id in the path (FORBIDDEN), and no or a revoked key (AUTH_REQUIRED 401)', async () => {
    const refusal = async (key: string | null, tenant: string) => {
      const err = await connect(key, tenant).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StreamableHTTPError);
      return err as StreamableHTTPError;
    };
    expect((await refusal(secret, otherTenantId)).code).toBe(403);
    expect((await refusal(null, tenantId)).code).toBe(401);
    const revoked = await createKey(base, owner, ['*']);
    await dashboard(base, owner)('POST', `/api/api-keys/${revoked.apiKey.apiKeyId}/revoke`);
    expect((await refusal(revoked.secret, tenantId)).code).toBe(401);

    // Over plain HTTP the answers are the envelope with the spec's codes.
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
    };
    const post = (headers: Record<string, string>, tenant = tenantId) =>
      fetch(`${base}/mcp/${tenant}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect((await json(none)).error.code).toBe('AUTH_REQUIRED');
    const cookie = await post({ cookie: owner.cookie });
    expect(cookie.status).toBe(401);
    const foreign = await post({ authorization: `Bearer ${secret}` }, otherTenantId);
    expect(foreign.status).toBe(403);
    expect((await json(foreign)).error.code).toBe('FORBIDDEN');
    const ok = await post({ authorization: `Bearer ${secret}` });
    expect(ok.status).toBe(200);
    expect((await json(ok)).result.serverInfo.name).toBe('booking-platform');
    // Stateless: no stream to open with GET.
    expect((await fetch(`${base}/mcp/${tenantId}`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(
      405,
    );
  });
});
