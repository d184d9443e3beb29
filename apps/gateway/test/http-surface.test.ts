import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '@svc/telemetry';
import { openSqliteStore } from '@svc/store';
import { buildGateway, connectDownstream, defineRoute, gatewayConfigSchema, gatewaySettings } from '../src/index.js';
import { json } from '@svc/testing';

// Nothing listens on these addresses: the routes under test never reach a service.
const downstream = connectDownstream({
  catalog: '127.0.0.1:1',
  booking: '127.0.0.1:1',
  customer: '127.0.0.1:1',
  'webhook-dispatcher': '127.0.0.1:1',
});
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-http-'));
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    downstream,
    store: await openSqliteStore({ file: ':memory:' }),
    settings: gatewaySettings(gatewayConfigSchema.parse({ DATA_DIR: dataDir }), 8080),
  });
  app.get('/test/boom', async () => {
    throw new Error('mongodb://admin:hunter2@db failed at Store.insert');
  });
  defineRoute(app, {
    method: 'POST',
    url: '/test/things/:thingId',
    summary: 'A route used only by these tests',
    tags: ['test'],
    params: z.object({ thingId: z.string().regex(/^thg_/) }),
    querystring: z.object({ limit: z.coerce.number().int().max(100).optional() }),
    headers: z.object({ 'idempotency-key': z.string().min(1).max(255) }),
    body: z.strictObject({ startMinute: z.number().int(), name: z.string() }),
    response: z.object({ thingId: z.string(), startMinute: z.number() }),
    status: 201,
    handler: async ({ params, body }) => ({ thingId: params.thingId, startMinute: body.startMinute }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await app.close();
  downstream.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('x-request-id', () => {
  it('echoes an id of exactly 128 characters, in the header and meta.requestId', async () => {
    const id = 'r'.repeat(128);
    const res = await fetch(`${base}/nowhere`, { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    expect((await json(res)).meta.requestId).toBe(id);
  });

  it('replaces a 129-character id with a fresh UUID', async () => {
    const res = await fetch(`${base}/nowhere`, { headers: { 'x-request-id': 'r'.repeat(129) } });
    const header = res.headers.get('x-request-id');
    expect(header).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await json(res)).meta.requestId).toBe(header);
  });

  it('replaces an id with non-printable characters, and makes one when none is sent', async () => {
    const tabbed = await fetch(`${base}/nowhere`, { headers: { 'x-request-id': 'a\tb' } });
    expect(tabbed.headers.get('x-request-id')).not.toBe('a\tb');
    const none = await fetch(`${base}/nowhere`);
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is on success responses too', async () => {
    const res = await post('/test/things/thg_1', JSON.stringify({ startMinute: 60, name: 'a' }), {
      'idempotency-key': 'k1',
      'x-request-id': 'abc-123',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(await json(res)).toEqual({
      ok: true,
      data: { thingId: 'thg_1', startMinute: 60 },
      meta: { requestId: 'abc-123' },
    });
  });
});

describe('error envelope', () => {
  it('answers unknown routes with NOT_FOUND 404', async () => {
    const res = await fetch(`${base}/no/such/route?x=1`);
    expect(res.status).toBe(404);
    const body = await json(res);
    expect(body).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
      meta: { requestId: res.headers.get('x-request-id') },
    });
    expect(typeof body.error.message).toBe('string');
  });

  it('answers a thrown error with INTERNAL_ERROR 500 and leaks nothing', async () => {
    const res = await fetch(`${base}/test/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    for (const leak of ['hunter2', 'mongodb', 'Store.insert', 'stack', '.ts:']) expect(text).not.toContain(leak);
  });

  it('names each invalid body field in details', async () => {
    const res = await post('/test/things/thg_1', JSON.stringify({ startMinute: 'soon', extra: true }), {
      'idempotency-key': 'k',
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    const paths = body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.startMinute', 'body.name']));
    expect(body.error.details.every((d: { message: unknown }) => typeof d.message === 'string')).toBe(true);
    expect(JSON.stringify(body)).toContain('extra');
  });

  it('names query, header and path parameters', async () => {
    const ok = { 'idempotency-key': 'k' };
    const q = await json(await post('/test/things/thg_1?limit=101', JSON.stringify({ startMinute: 1, name: 'n' }), ok));
    expect(q.error.details[0].path).toBe('query.limit');
    const h = await json(await post('/test/things/thg_1', JSON.stringify({ startMinute: 1, name: 'n' })));
    expect(h.error.details[0].path).toBe('headers.idempotency-key');
    const p = await json(await post('/test/things/nope', JSON.stringify({ startMinute: 1, name: 'n' }), ok));
    expect(p.error.details[0].path).toBe('params.thingId');
  });

  it('rejects a body that is not JSON, or larger than 64 KiB, as VALIDATION_ERROR', async () => {
    const bad = await post('/test/things/thg_1', '{"startMinute":', { 'idempotency-key': 'k' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body' }] });
    const big = await post('/test/things/thg_1', JSON.stringify({ startMinute: 1, name: 'x'.repeat(70_000) }), {
      'idempotency-key': 'k',
    });
    expect(big.status).toBe(413);
    expect((await json(big)).error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await fetch(`${base}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/test/things/{thingId}']));
    const op = doc.paths['/test/things/{thingId}'].post;
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['startMinute', 'name']);
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['thingId', 'limit', 'idempotency-key']),
    );
    expect(op.responses['201'].content['application/json'].schema.properties.ok).toBeDefined();
  });
});
