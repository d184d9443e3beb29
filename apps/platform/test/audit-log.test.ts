// The audit log on the embedded platform (docs/decisions.md "Audit log"): booking changes through
// the dashboard, the partner API and MCP each leave one record naming the caller and the booking,
// the customer's own public create none; and the fixture-wide check (audit-check.ts), which every
// platform test file runs at its cleanup, fails on a write with no record, two, or another actor.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigFor } from '@svc/config';
import type { AuditEvent } from '@svc/gateway';
import { AUDIT_EVENTS, type AuditEventDoc } from '@svc/identity';
import { openStore, type DocumentStore } from '@svc/store';
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
import { createKey, partner, partnerBooking } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let auditStore: DocumentStore;
let tenantId = '';
let owner: DashboardSession;
let ownerId = '';
let key: Awaited<ReturnType<typeof createKey>>;
let mcp: Client;
const nextSlot = slotSequence(berlinTime);

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  auditStore = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: platform.dataDir }));
  ({ tenantId } = await seedTenant(platform.services.catalog.address, 'audit'));
  owner = await stores.session(tenantId, 'tenant_owner', 'owner@audit.test');
  ownerId = (await json(await dashboard(platform.url, owner)('GET', '/api/session'))).data.user.userId;
  key = await createKey(platform.url, owner, ['*'], 'audit');
  const transport = new StreamableHTTPClientTransport(new URL(`${platform.url}/mcp/${tenantId}`), {
    requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
  });
  mcp = new Client({ name: 'audit-test-agent', version: '1.0.0' });
  await mcp.connect(transport);
});
afterAll(async () => {
  await mcp?.close();
  await auditStore?.close();
  await stores?.close();
  await platform?.cleanup();
});

const audit = async (query = '') => {
  const res = await dashboard(platform.url, owner)('GET', `/api/audit-events?limit=100${query}`);
  expect(res.status).toBe(200);
  return (await json(res)).data.items as AuditEvent[];
};

describe('booking changes through every surface', () => {
  it('dashboard, /v1 and MCP each leave one record with the caller and the booking; a public create none', async () => {
    const publicBooking = await book(platform.url, 'audit', nextSlot());
    const bookingId = publicBooking.booking.bookingId;
    const confirm = await dashboard(platform.url, owner)('POST', `/api/bookings/${bookingId}/confirm`);
    expect(confirm.status).toBe(200);

    const v1 = await partner(platform.url, key.secret, tenantId)(
      'POST',
      '/v1/bookings',
      partnerBooking(nextSlot(), 'a1'),
      {
        'idempotency-key': 'audit-v1-1',
      },
    );
    expect(v1.status).toBe(201);
    const v1Booking = (await json(v1)).data.booking.bookingId as string;

    const viaMcp = (await mcp.callTool({
      name: 'create_booking',
      arguments: {
        idempotencyKey: 'audit-mcp-1',
        serviceSlug: 'checkup',
        startsAtMs: nextSlot(),
        customer: { name: 'Mia Agent', primaryEmail: 'mia@audit.test' },
      },
    })) as CallToolResult;
    expect(viaMcp.isError, JSON.stringify(viaMcp.content)).toBeFalsy();
    const mcpBooking = (viaMcp.structuredContent as { booking: { bookingId: string } }).booking.bookingId;

    const byBooking = async (id: string) => audit(`&targetId=${id}`);
    expect(await byBooking(bookingId)).toEqual([
      expect.objectContaining({
        operation: 'postBookingsConfirm',
        surface: 'dashboard',
        actor: { type: 'user', id: ownerId, role: 'tenant_owner' },
        outcome: 'succeeded',
        targetIds: expect.arrayContaining([bookingId]),
      }),
    ]);
    expect(await byBooking(v1Booking)).toEqual([
      expect.objectContaining({
        operation: 'partnerCreateBooking',
        surface: 'partner',
        actor: { type: 'api_key', id: key.apiKey.apiKeyId, role: null },
        outcome: 'succeeded',
      }),
    ]);
    expect(await byBooking(mcpBooking)).toEqual([
      expect.objectContaining({
        operation: 'create_booking',
        surface: 'mcp',
        actor: { type: 'api_key', id: key.apiKey.apiKeyId, role: null },
        outcome: 'succeeded',
      }),
    ]);
    // The booking records name the customer too: the customer's changes are findable by their id.
    const [confirmRecord] = await byBooking(bookingId);
    expect(confirmRecord!.targetIds.some((id) => id.startsWith('cus_'))).toBe(true);
    // Everything the key did, newest first.
    expect((await audit(`&actorId=${key.apiKey.apiKeyId}`)).map((e) => e.operation)).toEqual([
      'create_booking',
      'partnerCreateBooking',
    ]);
  });
});

describe('the fixture-wide check (audit-check.ts)', () => {
  const events = () => auditStore.collection<AuditEventDoc>(AUDIT_EVENTS);

  it('fails on a write with no record, with two, or with another actor; passes once all is right', async () => {
    const res = await dashboard(platform.url, owner)('POST', '/api/staff', { displayName: 'Checked' });
    expect(res.status).toBe(201);
    const requestId = res.headers.get('x-request-id')!;
    await platform.auditCheck.verify();
    const record = (await events().findOne({ requestId }))!;

    await events().deleteMany({ _id: record._id });
    await expect(platform.auditCheck.verify()).rejects.toThrow(
      `POST /api/staff (request ${requestId}): 0 audit records`,
    );

    await events().insertOne(record);
    await events().insertOne({ ...record, _id: `${record._id}x` });
    await expect(platform.auditCheck.verify()).rejects.toThrow('2 audit records for 1 write(s)');
    await events().deleteMany({ _id: `${record._id}x` });

    await events().updateOne({ _id: record._id }, { actorId: 'usr_someoneelse' });
    await expect(platform.auditCheck.verify()).rejects.toThrow(`actor user usr_someoneelse, not user ${ownerId}`);
    await events().updateOne({ _id: record._id }, { actorId: ownerId, outcome: 'pending' });
    await expect(platform.auditCheck.verify()).rejects.toThrow('still pending');
    await events().updateOne({ _id: record._id }, { outcome: 'succeeded' });

    await platform.auditCheck.verify();
  });

  it('sees MCP tool calls that write, made by the SDK client', async () => {
    const result = (await mcp.callTool({
      name: 'update_branding',
      arguments: { accentColor: '#445566' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const [record] = await events().find({ operation: 'update_branding' });
    await events().deleteMany({ _id: record!._id });
    await expect(platform.auditCheck.verify()).rejects.toThrow(/tools\/call update_branding .*: 0 audit records/);
    await events().insertOne(record!);
    await platform.auditCheck.verify();
  });
});
