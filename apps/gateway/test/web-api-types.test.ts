import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

// The staff dashboard's API types (apps/web/src/openapi.d.ts) are generated from the live
// /openapi.json by openapi-typescript, never written by hand. This test fails when the document
// changed and the file was not generated again; `npx vitest run test/web-api-types.test.ts -u`
// in apps/gateway writes it anew (CI never writes it: under CI=true a mismatch fails).

let gw: GatewayHarness;
beforeAll(async () => {
  gw = await startGatewayWithCatalog();
});
afterAll(() => gw.stop());

it('apps/web/src/openapi.d.ts is what openapi-typescript makes of the live /openapi.json', async () => {
  const doc: Record<string, unknown> = await json(await fetch(`${gw.base}/openapi.json`));
  // Left out: the document's server (this run's port) and the static files' routes, whose
  // parameters name the current content hashes (the web app never calls them).
  const paths = Object.fromEntries(
    Object.entries(doc.paths as Record<string, unknown>).filter(([path]) => !/^(\/dashboard)?\/assets\//.test(path)),
  );
  const types = astToString(await openapiTS({ ...doc, servers: [], paths } as never));
  await expect(
    `// Generated from the gateway's /openapi.json by openapi-typescript (apps/gateway/test/web-api-types.test.ts); do not edit.\n${types}`,
  ).toMatchFileSnapshot('../../web/src/openapi.d.ts');
});
