// The audit log (docs/decisions.md "Audit log") over real HTTP, with the real catalog, customer
// and identity services behind the gateway: one record per change with its actor (session, API
// key, MCP), none for reads and refusals before the handler, GET /api/audit-events with its
// filters and paging, and the client's IPv6 address cut to its /64. The crash and the retention
// sweeper: apps/identity/test/audit-log.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import type { AuditEvent } from '../src/index.js';
import { recordedAddress } from '../src/audit/change-context.js';
import { startGatewayWithCatalog, type GatewayHarness, type MintedSession } from './support/gateway-harness.js';

let h: GatewayHarness;
let tenantId = '';
let otherTenantId = '';
let owner: MintedSession;
let admin: MintedSession;
let viewer: MintedSession;
let stranger: MintedSession;
let secret = '';
let apiKeyId = '';
let seq = 0;

beforeAll(async () => {
  // One trusted proxy hop: X-Forwarded-For names the client (the IPv6 case below).
  h = await startGatewayWithCatalog({ config: { TRUST_PROXY: '1' } });
  tenantId = (await h.createTenant('audit-main')).tenantId;
  otherTenantId = (await h.createTenant('audit-other')).tenantId;
  owner = await h.mintSession([[tenantId, 'tenant_owner']]);
  admin = await h.mintSession([[tenantId, 'tenant_admin']]);
  viewer = await h.mintSession([[tenantId, 'tenant_viewer']]);
  stranger = await h.mintSession([[otherTenantId, 'tenant_owner']]);
  const key = await send(owner, 'POST', '/api/api-keys', { name: 'audit', scopes: ['*'] });
  expect(key.status).toBe(201);
  ({ secret } = key.body.data);
  apiKeyId = key.body.data.apiKey.apiKeyId;
});
afterAll(() => h?.stop());

/** A request with a session (cookie + CSRF) or an API key, its own request id, and a JSON body. */
async function send(
  who: MintedSession | { secret: string },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const requestId = `audit-test-${++seq}`;
  const all: Record<string, string> = { 'x-request-id': requestId, ...headers };
  if ('cookie' in who) {
    all.cookie = who.cookie;
    all['x-service-csrf'] = who.csrf;
  } else {
    all.authorization = `Bearer ${who.secret}`;
    if (!path.startsWith('/mcp/')) all['x-service-tenant-id'] = tenantId;
  }
  if (body !== undefined) all['content-type'] = 'application/json';
  if (path.startsWith('/mcp/')) all.accept = 'application/json, text/event-stream';
  const res = await fetch(h.base + path, {
    method,
    headers: all,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await json(res), requestId };
}

/** The records of a request, read through the route (as the owner). */
async function recordsOf(requestId: string): Promise<AuditEvent[]> {
  const res = await send(owner, 'GET', '/api/audit-events?limit=100');
  expect(res.status).toBe(200);
  return (res.body.data.items as AuditEvent[]).filter((e) => e.requestId === requestId);
}

/** One JSON-RPC tools/call to /mcp/{tenant} with the API key. */
async function tool(name: string, args: Record<string, unknown>) {
  const res = await send({ secret }, 'POST', `/mcp/${tenantId}`, {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { result: res.body.result as { isError?: boolean; structuredContent?: Record<string, unknown> }, ...res };
}

describe('one record per change, with its actor', () => {
  it('a dashboard write: the user with their role, the operation id, the ids of path and answer, succeeded', async () => {
    const created = await send(admin, 'POST', '/api/staff', { displayName: 'Dr. Audit' });
    expect(created.status).toBe(201);
    const staffId = created.body.data.staffId as string;
    const [record, ...more] = await recordsOf(created.requestId);
    expect(more).toEqual([]);
    expect(record).toEqual({
      auditEventId: expect.stringMatching(/^aud_/),
      tenantId,
      occurredAtMs: expect.any(Number),
      actor: { type: 'user', id: admin.userId, role: 'tenant_admin' },
      operation: 'createStaff',
      surface: 'dashboard',
      targetIds: [staffId],
      requestId: created.requestId,
      clientAddress: '127.0.0.1',
      outcome: 'succeeded',
      errorCode: null,
      completedAtMs: expect.any(Number),
    });
    expect(record!.completedAtMs).toBeGreaterThanOrEqual(record!.occurredAtMs);

    const patched = await send(owner, 'PATCH', `/api/staff/${staffId}`, { displayName: 'Dr. Audit II' });
    expect(patched.status).toBe(200);
    expect(await recordsOf(patched.requestId)).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: owner.userId, role: 'tenant_owner' },
        operation: 'updateStaff',
        targetIds: [staffId],
        outcome: 'succeeded',
      }),
    ]);
  });

  it('the operation is the route’s operationId in /openapi.json', async () => {
    const doc = await json(await fetch(`${h.base}/openapi.json`));
    expect(doc.paths['/api/staff'].post.operationId).toBe('createStaff');
    expect(doc.paths['/api/staff/{staffId}'].patch.operationId).toBe('updateStaff');
    expect(doc.paths['/v1/customers'].post.operationId).toBe('partnerCreateCustomer');
  });

  it('a partner API write: the API key', async () => {
    const created = await send({ secret }, 'POST', '/v1/customers', {
      name: 'Ann Audit',
      primaryEmail: 'ann@audit.test',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await recordsOf(created.requestId)).toEqual([
      expect.objectContaining({
        actor: { type: 'api_key', id: apiKeyId, role: null },
        operation: 'partnerCreateCustomer',
        surface: 'partner',
        targetIds: [created.body.data.customerId],
        outcome: 'succeeded',
      }),
    ]);
    // The key's creation itself was a dashboard change naming the key.
    const keys = await send(owner, 'GET', `/api/audit-events?targetId=${apiKeyId}`);
    expect(keys.body.data.items.map((e: AuditEvent) => e.operation)).toContain('createApiKey');
  });

  it('an MCP tool that writes: one record with the tool’s name; a tool that reads: none', async () => {
    const write = await tool('update_branding', { primaryColor: '#112233' });
    expect(write.result.isError, JSON.stringify(write.result)).toBeFalsy();
    expect(await recordsOf(write.requestId)).toEqual([
      expect.objectContaining({
        actor: { type: 'api_key', id: apiKeyId, role: null },
        operation: 'update_branding',
        surface: 'mcp',
        outcome: 'succeeded',
      }),
    ]);
    const read = await tool('get_branding', {});
    expect(read.result.isError).toBeFalsy();
    expect(await recordsOf(read.requestId)).toEqual([]);
    // Arguments refused before the tool runs: nothing was asked of a service, nothing recorded.
    const refused = await tool('update_branding', { primaryColor: 'red' });
    expect(refused.result.isError).toBe(true);
    expect(await recordsOf(refused.requestId)).toEqual([]);
  });

  it('a change the service refuses is recorded failed with its code; reads and refusals before the handler are not', async () => {
    const missing = await send(owner, 'PATCH', '/api/staff/stf_doesnotexist', { displayName: 'X' });
    expect(missing.status).toBe(404);
    expect(await recordsOf(missing.requestId)).toEqual([
      expect.objectContaining({
        operation: 'updateStaff',
        targetIds: ['stf_doesnotexist'],
        outcome: 'failed',
        errorCode: 'NOT_FOUND',
      }),
    ]);
    const invalid = await send(owner, 'POST', '/api/staff', {});
    expect(invalid.status).toBe(400);
    const forbidden = await send(viewer, 'POST', '/api/staff', { displayName: 'Nope' });
    expect(forbidden.status).toBe(403);
    const read = await send(owner, 'GET', '/api/staff');
    expect(read.status).toBe(200);
    for (const r of [invalid, forbidden, read]) expect(await recordsOf(r.requestId)).toEqual([]);
  });

  it('an IPv6 client is recorded by its /64; IPv4 as it is', async () => {
    const res = await send(
      owner,
      'POST',
      '/api/resources',
      { type: 'room', name: 'Room 6' },
      {
        'x-forwarded-for': '2001:db8:1:2:3:4:5:6',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [record] = await recordsOf(res.requestId);
    expect(record?.clientAddress).toBe('2001:db8:1:2:0:0:0:0/64');
    const other = await send(
      owner,
      'POST',
      '/api/resources',
      { type: 'room', name: 'Room 7' },
      {
        'x-forwarded-for': '2001:db8:1:2:ffff:ffff:ffff:ffff',
      },
    );
    expect((await recordsOf(other.requestId))[0]?.clientAddress).toBe(record?.clientAddress);
    const v4 = await send(
      owner,
      'POST',
      '/api/resources',
      { type: 'room', name: 'Room 4' },
      {
        'x-forwarded-for': '203.0.113.9',
      },
    );
    expect((await recordsOf(v4.requestId))[0]?.clientAddress).toBe('203.0.113.9');
    expect(recordedAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('GET /api/audit-events', () => {
  let staffA = '';
  let staffB = '';

  beforeAll(async () => {
    staffA = (await send(owner, 'POST', '/api/staff', { displayName: 'Filter A' })).body.data.staffId;
    staffB = (await send(admin, 'POST', '/api/staff', { displayName: 'Filter B' })).body.data.staffId;
    for (const name of ['A2', 'A3', 'A4']) {
      expect((await send(owner, 'PATCH', `/api/staff/${staffA}`, { displayName: name })).status).toBe(200);
    }
  });

  it('owners and admins only; another tenant sees none of it', async () => {
    expect((await send(admin, 'GET', '/api/audit-events')).status).toBe(200);
    const refused = await send(viewer, 'GET', '/api/audit-events');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const theirs = await send(stranger, 'GET', `/api/audit-events?targetId=${staffA}`);
    expect(theirs.body.data.items).toEqual([]);
    const all = await send(stranger, 'GET', '/api/audit-events?limit=100');
    expect(all.body.data.items.every((e: AuditEvent) => e.tenantId === otherTenantId)).toBe(true);
  });

  it('newest first, paged with a cursor, every record once', async () => {
    const seen: AuditEvent[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = await send(owner, 'GET', `/api/audit-events?limit=2${q}`);
      expect(page.status).toBe(200);
      expect(page.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.items);
      cursor = page.body.data.nextCursor;
    } while (cursor);
    const all = (await send(owner, 'GET', '/api/audit-events?limit=100')).body.data.items as AuditEvent[];
    expect(seen.map((e) => e.auditEventId)).toEqual(all.map((e) => e.auditEventId));
    expect(new Set(seen.map((e) => e.auditEventId)).size).toBe(seen.length);
    const times = seen.map((e) => e.occurredAtMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by target, by actor, both, and by time', async () => {
    const byTarget = (await send(owner, 'GET', `/api/audit-events?targetId=${staffA}`)).body.data.items as AuditEvent[];
    expect(byTarget.map((e) => e.operation)).toEqual(['updateStaff', 'updateStaff', 'updateStaff', 'createStaff']);
    const byAdmin = (await send(owner, 'GET', `/api/audit-events?actorId=${admin.userId}&limit=100`)).body.data
      .items as AuditEvent[];
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((e) => e.actor.id === admin.userId)).toBe(true);
    expect(byAdmin.some((e) => e.targetIds.includes(staffB))).toBe(true);
    const both = await send(owner, 'GET', `/api/audit-events?targetId=${staffA}&actorId=${admin.userId}`);
    expect(both.body.data.items).toEqual([]);
    const paged = await send(owner, 'GET', `/api/audit-events?targetId=${staffA}&limit=3`);
    expect(paged.body.data.items).toHaveLength(3);
    const rest = await send(
      owner,
      'GET',
      `/api/audit-events?targetId=${staffA}&limit=3&cursor=${paged.body.data.nextCursor}`,
    );
    expect(rest.body.data).toEqual({
      items: [expect.objectContaining({ operation: 'createStaff' })],
      nextCursor: null,
    });

    const [newest, , third] = byTarget;
    const window = await send(
      owner,
      'GET',
      `/api/audit-events?targetId=${staffA}&fromMs=${third!.occurredAtMs}&toMs=${newest!.occurredAtMs}`,
    );
    const inWindow = window.body.data.items as AuditEvent[];
    expect(inWindow.length).toBeGreaterThan(0);
    expect(inWindow.every((e) => e.occurredAtMs >= third!.occurredAtMs && e.occurredAtMs < newest!.occurredAtMs)).toBe(
      true,
    );
  });

  it('refuses a window that ends before it starts, and a cursor it did not make', async () => {
    const bad = await send(owner, 'GET', '/api/audit-events?fromMs=2000&toMs=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: 'query.toMs', message: 'toMs must be greater than fromMs.' }]);
    const cursor = await send(owner, 'GET', '/api/audit-events?cursor=nope');
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.details[0].path).toBe('query.cursor');
  });

  it('is in /openapi.json with its schema', async () => {
    const doc = await json(await fetch(`${h.base}/openapi.json`));
    const op = doc.paths['/api/audit-events'].get;
    expect(op.operationId).toBe('listAuditEvents');
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['actorId', 'targetId', 'fromMs', 'toMs', 'limit', 'cursor']),
    );
    const item = op.responses['200'].content['application/json'].schema.properties.data.properties.items.items;
    expect(Object.keys(item.properties)).toEqual(
      expect.arrayContaining(['actor', 'operation', 'targetIds', 'requestId', 'clientAddress', 'outcome']),
    );
  });
});
