import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '@svc/telemetry';
import { buildGateway, defineRoute, gatewayConfigSchema, gatewaySettings } from '../src/index.js';
import { rawExchange, type RawResponse } from './support/raw-http.js';
import { unreachableDownstream } from './support/unreachable.js';

// What Node's HTTP parser and Fastify's router refuse, over real sockets: every answer is the
// envelope with x-request-id (docs/api-conventions.md), and the method rule is one rule.

const downstream = unreachableDownstream();
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-rejections-'));
let app: FastifyInstance;
let port = 0;
/** Bodies the test route's handler saw: a refused request must never reach it. */
const handled: unknown[] = [];

beforeAll(async () => {
  app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    downstream,
    settings: gatewaySettings(gatewayConfigSchema.parse({ DATA_DIR: dataDir }), 8080),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/test/echo',
    summary: 'A route used only by these tests',
    tags: ['test'],
    body: z.unknown(),
    response: z.object({ seen: z.unknown() }),
    handler: async ({ body }) => {
      handled.push(body);
      return { seen: body };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/things/:thingId',
    summary: 'A route used only by these tests',
    tags: ['test'],
    params: z.object({ thingId: z.string().max(64) }),
    response: z.object({ thingId: z.string() }),
    handler: async ({ params }) => params,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
});
afterAll(async () => {
  await app.close();
  downstream.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The envelope invariant: JSON error envelope whose meta.requestId is the x-request-id header. */
function envelopeOf(res: RawResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ ok: false, error: { code: expect.any(String), message: expect.any(String) } });
  expect(res.headers['x-request-id']).toBeDefined();
  expect(body.meta).toEqual({ requestId: res.headers['x-request-id'] });
  return body as { error: { code: string; message: string; details?: Array<{ path: string; message: string }> } };
}

/** Sends the bytes; expects exactly one answer. */
async function one(bytes: string, opts?: { halfClose?: boolean }): Promise<RawResponse> {
  const { responses } = await rawExchange(port, bytes, { ...opts, responses: 1 });
  expect(responses).toHaveLength(1);
  return responses[0]!;
}

describe('methods: 405 with Allow where the path exists, 404 where it does not', () => {
  it.each([
    ['an unknown method Node refuses', 'FOO'],
    ['QUERY', 'QUERY'],
    ['a method no route uses', 'PROPFIND'],
    ['a known method the path does not support', 'DELETE'],
    ['OPTIONS', 'OPTIONS'],
  ])('%s on /health → 405, Allow: GET, HEAD', async (_label, method) => {
    const res = await one(`${method} /health HTTP/1.1\r\nHost: t\r\n\r\n`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    const body = envelopeOf(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      { path: 'method', message: expect.stringContaining(`${method} is not allowed`) },
    ]);
  });

  it('lists every method of a path with a parameter, and ignores the query string', async () => {
    const res = await one('FOO /api/services/svc_1?x=1 HTTP/1.1\r\nHost: t\r\n\r\n');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, PATCH');
    expect(envelopeOf(res).error.message).toBe(
      'FOO is not allowed on /api/services/svc_1; it allows GET, HEAD, PATCH.',
    );
  });

  it('a static path answers for itself: PATCH /api/integrations/caldav is 405 (POST only), not PATCH on a connection id', async () => {
    // The router would hand it to PATCH /api/integrations/:connectionId with the id "caldav";
    // the OpenAPI document matches the concrete path first, and so does the gateway.
    const res = await one(
      'PATCH /api/integrations/caldav HTTP/1.1\r\nHost: t\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
    );
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(envelopeOf(res).error.message).toBe('PATCH is not allowed on /api/integrations/caldav; it allows POST.');
    // A real connection id still reaches the parametric route (its guard: no session here).
    const byId = await one(
      'PATCH /api/integrations/con_1 HTTP/1.1\r\nHost: t\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
    );
    expect(byId.status).toBe(401);
  });

  it('QUERY with a body is refused before the body is read', async () => {
    const res = await one(
      'QUERY /test/echo HTTP/1.1\r\nHost: t\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n\r\nhi',
    );
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    envelopeOf(res);
  });

  it('CONNECT is answered (Node drops it otherwise), echoing an acceptable x-request-id', async () => {
    const res = await one('CONNECT /health HTTP/1.1\r\nHost: t\r\nx-request-id: connect-1\r\n\r\n');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['x-request-id']).toBe('connect-1');
    envelopeOf(res);
    const proxy = await one('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(proxy.status).toBe(404);
    expect(envelopeOf(proxy).error.code).toBe('NOT_FOUND');
  });

  it.each(['FOO', 'QUERY', 'DELETE', 'GET'])('%s on an unknown path → 404 NOT_FOUND without Allow', async (method) => {
    const res = await one(`${method} /no/such/path HTTP/1.1\r\nHost: t\r\n\r\n`);
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
    expect(envelopeOf(res).error).toEqual({ code: 'NOT_FOUND', message: `No route for ${method} /no/such/path.` });
  });

  it('the request id of a refusal Node answers is fresh; of one Fastify answers, the echoed one', async () => {
    const parser = await one('FOO /health HTTP/1.1\r\nHost: t\r\nx-request-id: mine\r\n\r\n');
    expect(parser.headers['x-request-id']).toMatch(UUID);
    const routed = await one('DELETE /health HTTP/1.1\r\nHost: t\r\nx-request-id: mine\r\n\r\n');
    expect(routed.headers['x-request-id']).toBe('mine');
  });
});

describe('what Node refuses before Fastify sees it', () => {
  it('headers over 16 KiB (a 17 KB cookie) → 431', async () => {
    const res = await one(`GET /health HTTP/1.1\r\nHost: t\r\nCookie: c=${'a'.repeat(17 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    const body = envelopeOf(res);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'headers' }] });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it.each([
    ['a bare CR', 'X-A: a\rb\r\n'],
    ['a bare LF', 'X-A: a\nX-B: b\r\n'],
    ['a NUL', 'X-A: a\u0000b\r\n'],
  ])('a header with %s → 400 naming headers', async (_label, header) => {
    const res = await one(`GET /health HTTP/1.1\r\nHost: t\r\n${header}\r\n`);
    expect(res.status).toBe(400);
    expect(envelopeOf(res).error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'headers' }] });
  });

  it.each([
    ['not a number', 'Content-Length: abc\r\n'],
    ['given twice', 'Content-Length: 7\r\nContent-Length: 8\r\n'],
  ])('a Content-Length that is %s → 400 naming headers.content-length', async (_label, header) => {
    const res = await one(
      `POST /test/echo HTTP/1.1\r\nHost: t\r\ncontent-type: application/json\r\n${header}\r\n{"a":1}`,
    );
    expect(res.status).toBe(400);
    expect(envelopeOf(res).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'headers.content-length' }],
    });
  });

  it('a body shorter than its Content-Length, then the end of the stream → 400 naming headers.content-length', async () => {
    const before = handled.length;
    const res = await one(
      'POST /test/echo HTTP/1.1\r\nHost: t\r\ncontent-type: application/json\r\ncontent-length: 50\r\n\r\n{"a":1}',
      { halfClose: true },
    );
    expect(res.status).toBe(400);
    expect(envelopeOf(res).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'headers.content-length' }],
    });
    expect(handled.length).toBe(before);
  });

  it('a body longer than its Content-Length: the request is answered, then the excess bytes get a 400, in order', async () => {
    const { responses, closedByServer } = await rawExchange(
      port,
      'POST /test/echo HTTP/1.1\r\nHost: t\r\ncontent-type: application/json\r\ncontent-length: 7\r\n\r\n{"a":1}xyz',
    );
    expect(responses.map((r) => r.status)).toEqual([200, 400]);
    expect(JSON.parse(responses[0]!.body).data).toEqual({ seen: { a: 1 } });
    expect(envelopeOf(responses[1]!).error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'request' }] });
    expect(closedByServer).toBe(true);
  });

  it('closes the connection after answering, even if the client keeps it open', async () => {
    const { responses, closedByServer } = await rawExchange(port, 'FOO /health HTTP/1.1\r\nHost: t\r\n\r\n', {
      idleMs: 5_000,
    });
    expect(responses).toHaveLength(1);
    expect(responses[0]!.headers.connection).toBe('close');
    expect(closedByServer).toBe(true);
  });
});

describe('path parameters', () => {
  it('a long one reaches its schema: 400 VALIDATION_ERROR naming the parameter, like any invalid one', async () => {
    const res = await one(`GET /test/things/${'s'.repeat(5_000)} HTTP/1.1\r\nHost: t\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(envelopeOf(res).error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'params.thingId' }] });
  });
});

describe('bodies: JSON only', () => {
  it.each(['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'application/x-www-form-urlencoded'])(
    'content-type %s with a body → 415, never parsed',
    async (type) => {
      const before = handled.length;
      const body = '{"a":1}';
      const res = await one(
        `POST /test/echo HTTP/1.1\r\nHost: t\r\ncontent-type: ${type}\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      expect(res.status).toBe(415);
      expect(envelopeOf(res).error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body' }] });
      expect(handled.length).toBe(before);
    },
  );

  it('application/json is still read', async () => {
    const res = await one(
      'POST /test/echo HTTP/1.1\r\nHost: t\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: 7\r\nconnection: close\r\n\r\n{"a":1}',
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data).toEqual({ seen: { a: 1 } });
  });
});
