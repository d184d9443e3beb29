import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BLANK_PATTERN } from '@svc/rules';
import { json } from '@svc/testing';
import { operationIdOf } from '../src/http/openapi.js';
import { attachLinks } from '../src/http/openapi-links.js';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

// The live /openapi.json must stay usable by the tools partners use: it passes `redocly lint`
// (recommended ruleset) without errors, and a client generated from it with openapi-typescript
// compiles. Both run here, so `npm test` checks them on every Node version CI runs.

let gw: GatewayHarness;
let doc: OpenApiDoc;
const work = mkdtempSync(join(tmpdir(), 'gateway-openapi-'));
const docFile = join(work, 'openapi.json');

interface Link {
  operationId: string;
  parameters?: Record<string, string>;
  requestBody?: Record<string, string>;
}
interface Schema {
  properties?: Record<string, Schema>;
  pattern?: string;
}
interface OpenApiDoc {
  servers?: Array<{ url: string }>;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        security?: unknown[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { links?: Record<string, Link> }>;
      }
    >
  >;
}

beforeAll(async () => {
  gw = await startGatewayWithCatalog();
  const res = await fetch(`${gw.base}/openapi.json`);
  expect(res.status).toBe(200);
  doc = await json(res);
  writeFileSync(docFile, JSON.stringify(doc));
});
afterAll(async () => {
  await gw.stop();
  rmSync(work, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe('the document', () => {
  it('names every operation once, and says who may call it', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ op }) => !Array.isArray(op.security))).toEqual([]);
    expect(doc.paths['/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/services']?.post?.security).toEqual([{ sessionCookie: [], csrfHeader: [] }]);
    // The partner API: the Bearer key with the scope the operation needs, and its own operation ids.
    expect(doc.paths['/v1/bookings']?.get?.security).toEqual([{ apiKey: ['booking:read'] }]);
    expect(doc.paths['/v1/bookings']?.get?.operationId).toBe('partnerListBookings');
    expect(doc.paths['/v1/bookings']?.post?.security).toEqual([{ apiKey: ['booking:write'] }]);
    expect(doc.paths['/v1/branding']?.patch?.security).toEqual([{ apiKey: ['branding:write'] }]);
    // MCP speaks JSON-RPC, not this document's envelope.
    expect(doc.paths['/mcp/{tenantId}']).toBeUndefined();
  });

  it('serves from the public base URL', () => {
    expect(doc.servers).toEqual([{ url: gw.base }]);
  });

  it('lets an optional body be left out or be null, as the server reads both as no body', () => {
    const cancel = doc.paths['/api/bookings/{bookingId}/cancel']!.post!.requestBody as {
      required: boolean;
      content: Record<string, { schema: { anyOf?: unknown[] } }>;
    };
    expect(cancel.required).toBe(false);
    expect(cancel.content['application/json']!.schema.anyOf).toContainEqual({ type: 'null' });
    // A required body stays an object.
    const create = doc.paths['/api/services']!.post!.requestBody as {
      required: boolean;
      content: Record<string, { schema: { anyOf?: unknown } }>;
    };
    expect(create.required).toBe(true);
    expect(create.content['application/json']!.schema.anyOf).toBeUndefined();
  });

  it('and the server takes a JSON null there (past validation to the booking service, absent here: 503)', async () => {
    const tenant = await gw.createTenant('null-body');
    const owner = await gw.mintSession([[tenant.tenantId, 'tenant_owner']]);
    expect((await gw.call(owner, 'POST', '/api/bookings/bkg_x/cancel', null)).status).toBe(503);
    expect((await gw.call(owner, 'POST', '/api/bookings/bkg_x/cancel', 'x')).status).toBe(400);
  });

  it('documents the redirects and failures of the login routes', () => {
    expect(Object.keys(doc.paths['/auth/google/start']!.get!.responses)).toEqual(
      expect.arrayContaining(['302', '500', '4XX']),
    );
    expect(Object.keys(doc.paths['/auth/google/callback']!.get!.responses)).toEqual(
      expect.arrayContaining(['302', '403', '500']),
    );
  });

  it('passes redocly lint (recommended) with no errors', async () => {
    const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
    const run = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', '--extends=recommended', '--format=json', docFile],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(run.stdout) as { problems: Array<{ ruleId: string; severity: string; message: string }> };
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });
});

describe('links (OpenAPI 3.1, from an answer to the operations that take its ids)', () => {
  const byId = () => new Map(operations().map(({ op }) => [op.operationId!, op]));
  /** The links of an operation's answer with this status. */
  const linksOf = (operationId: string, status: string) => byId().get(operationId)?.responses[status]?.links ?? {};

  it.each([
    // A booking to its detail and actions, and its manage token to the manage operations.
    ['createBooking', '201', 'postBookingsConfirm', { bookingId: '$response.body#/data/booking/bookingId' }],
    ['createBooking', '200', 'getBooking', { bookingId: '$response.body#/data/booking/bookingId' }],
    ['createBooking', '201', 'postBookingManageCancel', { token: '$response.body#/data/manageToken' }],
    [
      'partnerCreateBooking',
      '201',
      'partnerPostBookingsReschedule',
      { bookingId: '$response.body#/data/booking/bookingId' },
    ],
    ['partnerCreateBooking', '201', 'getBookingManage', { token: '$response.body#/data/manageToken' }],
    ['postBookingsConfirm', '200', 'postBookingsComplete', { bookingId: '$response.body#/data/bookingId' }],
    ['getBookingManage', '200', 'postBookingManageReschedule', { token: '$request.path.token' }],
    // Subscriptions, deliveries, connections, API keys.
    [
      'createWebhookSubscription',
      '201',
      'postWebhookSubscriptionsRotateSecret',
      { subscriptionId: '$response.body#/data/subscriptionId' },
    ],
    [
      'createWebhookSubscription',
      '201',
      'updateWebhookSubscription',
      { subscriptionId: '$response.body#/data/subscriptionId' },
    ],
    [
      'listWebhookDeliveries',
      '200',
      'postWebhookDeliveriesReplay',
      { deliveryId: '$response.body#/data/items/0/deliveryId' },
    ],
    ['postIntegrationsCaldav', '201', 'listCalendars', { connectionId: '$response.body#/data/connectionId' }],
    ['createApiKey', '201', 'postApiKeysRevoke', { apiKeyId: '$response.body#/data/apiKey/apiKeyId' }],
    // Every catalog record to its get and update.
    ['createService', '201', 'updateService', { serviceId: '$response.body#/data/serviceId' }],
    ['createHoliday', '201', 'getHoliday', { holidayId: '$response.body#/data/holidayId' }],
    ['createBlockedTime', '201', 'updateBlockedTime', { blockId: '$response.body#/data/blockId' }],
    ['createCustomer', '201', 'getCustomer', { customerId: '$response.body#/data/customerId' }],
    ['partnerCreateCustomer', '201', 'partnerUpdateCustomer', { customerId: '$response.body#/data/customerId' }],
  ])('%s %s → %s', (from, status, to, parameters) => {
    expect(linksOf(from, status)[to]).toEqual({ operationId: to, parameters });
  });

  it('a staff member to the calendar connects, by a body member', () => {
    expect(linksOf('createStaff', '201').postIntegrationsCaldav).toEqual({
      operationId: 'postIntegrationsCaldav',
      requestBody: { staffId: '$response.body#/data/staffId' },
    });
  });

  it('not from the API key list: a client following it could revoke the key it runs with', () => {
    expect(linksOf('listApiKeys', '200')).toEqual({});
  });

  it('each names an operation of the document and parameters it has', () => {
    const ops = byId();
    const links = operations().flatMap(({ op }) =>
      Object.values(op.responses).flatMap((r) => Object.values(r.links ?? {})),
    );
    expect(links.length).toBeGreaterThan(100);
    for (const link of links) {
      const target = ops.get(link.operationId) as { parameters?: Array<{ name: string }> } | undefined;
      expect(target, link.operationId).toBeDefined();
      const names = (target!.parameters ?? []).map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(Object.keys(link.parameters ?? {})));
    }
  });
});

describe('attachLinks refuses a link that leads nowhere', () => {
  const document = (links: Record<string, Link>) => ({
    '/things': {
      post: {
        operationId: 'createThing',
        responses: {
          '201': {
            content: { 'application/json': { schema: { properties: { data: { properties: { thingId: {} } } } } } },
          },
        },
        'x-links': links,
      },
    },
    '/things/{thingId}': {
      get: { operationId: 'getThing', parameters: [{ name: 'thingId', in: 'path' }], responses: {} },
    },
  });

  it('attaches a good one to the success answers', () => {
    const paths = document({
      getThing: { operationId: 'getThing', parameters: { thingId: '$response.body#/data/thingId' } },
    });
    attachLinks(paths);
    expect(paths['/things'].post).not.toHaveProperty('x-links');
    expect(paths['/things'].post.responses['201']).toHaveProperty('links.getThing.operationId', 'getThing');
  });

  it.each([
    [
      'an unknown operation',
      { operationId: 'getNothing', parameters: { thingId: '$response.body#/data/thingId' } },
      /no such operation/,
    ],
    [
      'an unknown parameter',
      { operationId: 'getThing', parameters: { itemId: '$response.body#/data/thingId' } },
      /no parameter itemId/,
    ],
    [
      'a value the answer does not have',
      { operationId: 'getThing', parameters: { thingId: '$response.body#/data/id' } },
      /names nothing/,
    ],
  ])('%s', (_what, link, error) => {
    expect(() => attachLinks(document({ getThing: link }))).toThrow(error);
  });
});

describe('what the server trims, the document states', () => {
  const bodyOf = (operationId: string) =>
    operations().find(({ op }) => op.operationId === operationId)!.op.requestBody!.content['application/json']!.schema;

  it.each([
    ['createCustomer', ['name']],
    ['partnerCreateCustomer', ['name']],
    ['createBooking', ['customer', 'name']],
    ['partnerCreateBooking', ['customer', 'name']],
    ['createStaff', ['displayName']],
    ['createService', ['name']],
    ['createResource', ['type']],
    ['createApiKey', ['name']],
  ])('%s: %j needs a character that is not whitespace', (operationId, path) => {
    const field = path.reduce<Schema | undefined>((schema, key) => schema?.properties?.[key], bodyOf(operationId));
    expect(field?.pattern).toBe(NOT_BLANK_PATTERN.source);
  });

  it('and the server refuses a blank name with the same rule, at the field (a name of only spaces)', async () => {
    const create = (name: string) =>
      fetch(`${gw.base}/book/no-such-tenant/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `trim-${name.length}` },
        body: JSON.stringify({
          serviceSlug: 'none',
          startsAtMs: 1_900_000_000_000,
          customer: { name, primaryEmail: 'ann@example.com' },
        }),
      });
    const blank = await create('   ');
    expect(blank.status).toBe(400);
    expect((await json(blank)).error.details).toEqual([
      { path: 'body.customer.name', message: 'must contain a character that is not whitespace' },
    ]);
    // With a character in it the name passes, and the request goes on (to a tenant that does not exist).
    const named = await create('  Ann ');
    expect((await json(named)).error.details ?? []).not.toContainEqual(
      expect.objectContaining({ path: 'body.customer.name' }),
    );
  });
});

describe('a client generated with openapi-typescript', () => {
  /** Generates the types from the live document and type-checks `usage` against them. */
  async function compile(usage: string): Promise<string[]> {
    writeFileSync(join(work, 'api.ts'), astToString(await openapiTS(pathToFileURL(docFile))));
    const usageFile = join(work, 'usage.ts');
    writeFileSync(usageFile, usage);
    const program = ts.createProgram([usageFile], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  const header = `import type { operations, paths } from './api.js';
type CreateBooking = operations['createBooking'];
type Body = CreateBooking['requestBody'] extends { content: { 'application/json': infer B } } ? B : never;
type Created = CreateBooking['responses'][201]['content']['application/json'];
`;

  it('compiles, and its types describe the routes', async () => {
    const diagnostics = await compile(`${header}
const body: Body = { serviceSlug: 'cut', startsAtMs: 1_800_000_000_000, customer: { name: 'Ada', primaryEmail: 'ada@example.com' } };
const answer = (r: Created): string => r.data.booking.bookingId + r.meta.requestId;
const services: paths['/api/services']['get']['responses'][200]['content']['application/json']['data']['items'] = [];
export { body, answer, services };
`);
    expect(diagnostics).toEqual([]);
  });

  it('rejects a call that does not match the document (the check can fail)', async () => {
    const diagnostics = await compile(`${header}
const body: Body = { serviceSlug: 'cut', startsAtMs: 'soon', customer: { name: 'Ada' } };
export { body };
`);
    expect(diagnostics).toEqual([expect.stringContaining("Type 'string' is not assignable to type 'number'")]);
  });
});

describe('operationIdOf', () => {
  it.each([
    ['GET', '/health', 'getHealth'],
    ['GET', '/api/services', 'listServices'],
    ['POST', '/api/services', 'createService'],
    ['GET', '/api/services/:serviceId', 'getService'],
    ['PATCH', '/api/services/:serviceId', 'updateService'],
    ['GET', '/api/staff', 'listStaff'],
    ['GET', '/api/staff/:staffId', 'getStaff'],
    ['POST', '/api/availability-rules', 'createAvailabilityRule'],
    ['GET', '/api/deliveries/:deliveryId', 'getDelivery'],
    ['PATCH', '/api/tenant', 'updateTenant'],
    ['POST', '/book/:tenantSlug/bookings', 'createBooking'],
    ['GET', '/book/:tenantSlug/config', 'getBookConfig'],
    ['POST', '/api/session/logout', 'postSessionLogout'],
    ['GET', '/auth/google/callback', 'getAuthGoogleCallback'],
    ['GET', '/v1/bookings', 'partnerListBookings'],
    ['POST', '/v1/bookings/:bookingId/cancel', 'partnerPostBookingsCancel'],
    ['PATCH', '/v1/branding', 'partnerUpdateBranding'],
    ['GET', '/api/api-keys', 'listApiKeys'],
    ['GET', '/embed.js', 'getEmbedJs'],
    ['GET', '/', 'getRoot'],
  ])('%s %s → %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });
});
