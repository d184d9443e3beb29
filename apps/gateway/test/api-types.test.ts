import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

// The SDK's API types (libs/sdk/src/generated/, which the staff dashboard imports too) are
// generated from the live /openapi.json by openapi-typescript, never written by hand. This test
// fails when the document changed and the files were not generated again; `npx vitest run
// test/api-types.test.ts -u` in apps/gateway writes them anew (CI never writes them: under
// CI=true a mismatch fails).

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}

let gw: GatewayHarness;
let doc: OpenApiDocument & Record<string, unknown>;
let sdkTypes: string;
const isIdempotencyKey = (p: Parameter) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key';
/** Headers the SDK's clients send themselves (libs/sdk/src/clients.ts), so its types let callers leave them out. */
const SDK_SUPPLIED_HEADERS = ['idempotency-key', 'x-service-tenant-id', 'x-service-csrf'];
beforeAll(async () => {
  gw = await startGatewayWithCatalog();
  doc = await json(await fetch(`${gw.base}/openapi.json`));
  // Left out: the document's server (this run's port) and the static files' routes, whose
  // parameters name the current content hashes (no client calls them).
  const paths = Object.fromEntries(
    Object.entries(doc.paths).filter(([path]) => !/^(\/dashboard)?\/assets\//.test(path)),
  );
  const sdkPaths = JSON.parse(JSON.stringify(paths), (key, value: unknown) =>
    key === 'parameters' && Array.isArray(value)
      ? value.map((p: Parameter) =>
          p.in === 'header' && SDK_SUPPLIED_HEADERS.includes(p.name.toLowerCase()) ? { ...p, required: false } : p,
        )
      : value,
  );
  sdkTypes = astToString(await openapiTS({ ...doc, servers: [], paths: sdkPaths } as never));
});
afterAll(() => gw.stop());

const HEADER = (file: string) =>
  `// Generated from the gateway's /openapi.json by openapi-typescript (apps/gateway/test/api-types.test.ts); do not edit.\n${file}`;

it("the SDK's types and operation list are what the live /openapi.json gives", async () => {
  await expect(HEADER(sdkTypes)).toMatchFileSnapshot('../../../libs/sdk/src/generated/openapi.ts');
  // The creates the API makes idempotent: the operations that take an Idempotency-Key header.
  const idempotent = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.parameters?.some(isIdempotencyKey))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(idempotent.length).toBeGreaterThan(0);
  await expect(
    HEADER(
      `/** The operations that take an Idempotency-Key ("METHOD /path"): the SDK sends one on each. */\n` +
        `export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set(${JSON.stringify(idempotent.sort(), null, 2)});\n`,
    ),
  ).toMatchFileSnapshot('../../../libs/sdk/src/generated/operations.ts');
});
