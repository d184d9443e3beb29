import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCodes, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '@svc/telemetry';
import { buildGateway, defineRoute, gatewayConfigSchema, gatewaySettings } from '../src/index.js';
import { toDomainError } from '../src/http/http-errors.js';
import { json } from '@svc/testing';
import { unreachableDownstream } from './support/unreachable.js';

// Nothing listens on these addresses: the routes under test never reach a service.
const downstream = unreachableDownstream();
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-http-'));
let app: FastifyInstance;
let base: string;

const newGateway = async () =>
  buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    downstream,
    settings: gatewaySettings(gatewayConfigSchema.parse({ DATA_DIR: dataDir }), 8080),
  });

const portOf = (server: FastifyInstance) => {
  const addr = server.server.address();
  return typeof addr === 'object' && addr ? addr.port : 0;
};

beforeAll(async () => {
  app = await newGateway();
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
  defineRoute(app, {
    method: 'POST',
    url: '/test/no-body',
    summary: 'A route used only by these tests',
    tags: ['test'],
    response: z.object({ sawBody: z.boolean() }),
    handler: async (_input, request) => ({ sawBody: request.body !== undefined && request.body !== null }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${portOf(app)}`;
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
    // An empty body is no body, even as application/json: here one the route requires.
    const empty = await post('/test/things/thg_1', '', { 'idempotency-key': 'k' });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The request is not valid.',
      details: [{ path: 'body' }],
    });
    const blank = await post('/test/things/thg_1', ' ', { 'idempotency-key': 'k' });
    expect((await json(blank)).error.message).toBe('The request body is not valid JSON.');
  });

  it('takes an empty application/json body as no body on a route without one', async () => {
    for (const body of ['', undefined]) {
      const res = await fetch(`${base}/test/no-body`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status).toBe(200);
      expect((await json(res)).data).toEqual({ sawBody: false });
    }
    // Any other body still goes through Fastify's JSON parser, prototype-poisoning checks included.
    const poisoned = await post('/test/no-body', '{"__proto__":{"x":1}}');
    expect(poisoned.status).toBe(400);
    expect((await json(poisoned)).error.message).toBe('The request body is not valid JSON.');
  });

  it('answers a URL the router cannot decode with the envelope and x-request-id', async () => {
    // Over a raw HTTP request, so the malformed escape reaches the server exactly as written.
    const res = await new Promise<{ status: number; requestId: unknown; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/book/%E0%A4%A/config`, { headers: { 'x-request-id': 'bad-url-1' } }, (r) => {
        let body = '';
        r.on('data', (chunk: Buffer) => (body += chunk.toString()));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, requestId: r.headers['x-request-id'], body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(400);
    expect(res.requestId).toBe('bad-url-1');
    expect(JSON.parse(res.body)).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'The URL is not valid (malformed percent-encoding).',
        details: [{ path: 'url', message: 'The URL is not valid (malformed percent-encoding).' }],
      },
      meta: { requestId: 'bad-url-1' },
    });
  });
});

describe('toDomainError', () => {
  const mapped = (err: unknown) => {
    const { error, unexpected } = toDomainError(err);
    return { code: error.code, status: error.httpStatus, message: error.message, details: error.details, unexpected };
  };

  it("maps Fastify's request errors by code, each with its own status and message", () => {
    expect(mapped(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY())).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      details: [{ path: 'body' }],
    });
    expect(mapped(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH())).toEqual({
      code: 'VALIDATION_ERROR',
      status: 400,
      message: 'The request body is not as long as its Content-Length header says.',
      details: [{ path: 'headers.content-length', message: expect.any(String) }],
      unexpected: false,
    });
    expect(mapped(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())).toMatchObject({ status: 413 });
    expect(mapped(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE())).toMatchObject({ status: 415 });
  });

  it('keeps the status of another client error without claiming it was JSON; anything else is INTERNAL_ERROR', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(mapped(aborted)).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      message: 'The request could not be read.',
      unexpected: false,
    });
    expect(mapped(new Error('boom'))).toMatchObject({ code: 'INTERNAL_ERROR', status: 500, unexpected: true });
  });
});

describe('while the server closes', () => {
  it('answers a request still arriving on an open connection with INTERNAL_ERROR 500, Retry-After and Connection: close', async () => {
    const closing = await newGateway();
    let entered!: () => void;
    const inSlow = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    closing.get('/test/slow', async () => {
      entered();
      await released;
      return { slow: true };
    });
    let preClosed!: () => void;
    const closeStarted = new Promise<void>((resolve) => (preClosed = resolve));
    closing.addHook('preClose', (done) => {
      preClosed();
      done();
    });
    let lateAnswered!: () => void;
    const lateSent = new Promise<void>((resolve) => (lateAnswered = resolve));
    closing.addHook('onSend', async (request) => {
      if (request.id === 'late-1') lateAnswered();
    });
    await closing.listen({ host: '127.0.0.1', port: 0 });

    // One keep-alive connection: a slow request keeps it busy (so close() cannot reap it), and
    // a second request arrives on it after close() has begun.
    const socket = connect(portOf(closing), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /test/slow HTTP/1.1\r\nHost: t\r\n\r\n');
    await inSlow;
    const closed = closing.close();
    await closeStarted;
    socket.write('GET /health HTTP/1.1\r\nHost: t\r\nx-request-id: late-1\r\n\r\n');
    // Its answer is queued behind the slow one's, which is released only then.
    const answered = await Promise.race([
      lateSent.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    release();
    expect(answered, 'the late request went through the hooks').toBe(true);
    await socketClosed;
    await closed;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 500 /);
    expect(second).toMatch(/\r\nx-request-id: late-1\r\n/i);
    expect(second).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(second?.slice(second.indexOf('\r\n\r\n') + 4) ?? '')).toEqual({
      ok: false,
      error: { code: 'INTERNAL_ERROR', message: 'The server is shutting down; please retry.' },
      meta: { requestId: 'late-1' },
    });
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
