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
import { json } from '@svc/testing';
import { operationIdOf } from '../src/http/openapi.js';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

// The live /openapi.json must stay usable by the tools partners use: it passes `redocly lint`
// (recommended ruleset) without errors, and a client generated from it with openapi-typescript
// compiles. Both run here, so `npm test` checks them on every Node version CI runs.

let gw: GatewayHarness;
let doc: OpenApiDoc;
const work = mkdtempSync(join(tmpdir(), 'gateway-openapi-'));
const docFile = join(work, 'openapi.json');

interface OpenApiDoc {
  servers?: Array<{ url: string }>;
  paths: Record<
    string,
    Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, unknown> }>
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
  ])('%s %s → %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });
});
