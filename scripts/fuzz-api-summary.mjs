// The closing report of scripts/fuzz-api.sh (docs/testing.md "API fuzz"): from schemathesis's
// NDJSON event logs (every request of every phase, with its operation and answer) and the OpenAPI
// document, prints per operation group (tag) how many operations answered a success at least
// once, and exits 1 when an operation that can succeed never did, or when one listed below as
// unable to succeed did (the list must stay true).
//
//   node scripts/fuzz-api-summary.mjs <openapi.json> <events.ndjson>...
//
// A success is a 2xx, or a 3xx the operation documents as its answer (a login redirect).
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * Operations that cannot answer a success in the fuzz, and why. Each is covered by a test of its
 * own that drives the real flow.
 */
const CANNOT_SUCCEED = {
  getPay:
    "the way back from Stripe's checkout: needs a paid booking's secret return key, which only Stripe's checkout " +
    'and the booking service know; stripe-mock keeps no session a customer could pay (apps/platform/test/payments.test.ts)',
  getAuthGoogleCallback:
    'finishes a dashboard login: needs the state of a login started in a browser and the code the identity ' +
    'provider gives after a real sign-in (apps/gateway/test/auth-login.test.ts)',
  getIntegrationsGoogleCallback:
    "finishes a Google calendar connect: needs the state inside the consent URL and Google's code after a real " +
    'consent (apps/platform/test/integrations-google.test.ts)',
  getIntegrationsMicrosoftCallback:
    "finishes a Microsoft 365 connect: needs the state inside the consent URL and Microsoft's code after a real " +
    'consent (apps/platform/test/integrations-microsoft.test.ts)',
  getIntegrationsZoomCallback:
    "finishes a Zoom connect: needs the state inside the consent URL and Zoom's code after a real " +
    'consent (apps/platform/test/integrations-zoom.test.ts)',
  postSessionLogout:
    'not run (--exclude-operation-id): it would end the session every dashboard case runs in ' +
    '(apps/gateway/test/auth-guard.test.ts)',
  getAuthLink:
    'signs in with a one-time link the operator CLI printed, good for one use only ' +
    '(apps/gateway/test/dashboard-app.test.ts, apps/platform/test/dashboard-app.test.ts)',
  getSetup:
    'opens the setup wizard with the one-time token only the platform\'s start-up line shows, and only while no ' +
    'workspace exists; the fuzz seeds workspaces first (apps/platform/test/first-start.test.ts)',
  postSetup:
    'opens the first workspace with that same one-time token (apps/platform/test/first-start.test.ts)',
  getLive:
    'not run (--exclude-operation-id): a stream that stays open, so every case would end in the request ' +
    'timeout (apps/gateway/test/dashboard-app.test.ts)',
};

/**
 * Operations whose success depends on the order the stateful phase happens to take, so neither
 * outcome is a finding. Each is covered by tests that drive it to a success.
 */
const MAY_SUCCEED = {
  platformPostTenantsApiKeysRevoke:
    'revokes a key the platform minted for one of its tenants: needs that tenant and that key from earlier answers ' +
    "of one scenario, and never the seeded tenant's key, which every /v1 case runs with " +
    '(apps/platform/test/platform-provisioning.test.ts)',
  getTenantExportDownload:
    'downloads a finished tenant export: needs the token of a status answer from a ready job, which the next ' +
    'export the fuzz starts replaces (apps/gateway/test/tenant-export.test.ts, apps/platform/test/tenant-export.test.ts)',
};

const [documentPath, ...eventPaths] = process.argv.slice(2);
if (!documentPath || eventPaths.length === 0) {
  console.error('usage: node scripts/fuzz-api-summary.mjs <openapi.json> <events.ndjson>...');
  process.exit(2);
}

/** `METHOD /path` → the operation: id, group, and which statuses count as its success. */
const operations = new Map();
const document = JSON.parse(readFileSync(documentPath, 'utf8'));
for (const [path, item] of Object.entries(document.paths)) {
  for (const [method, op] of Object.entries(item)) {
    const redirects = Object.keys(op.responses ?? {}).filter((s) => /^3\d\d$/.test(s));
    operations.set(`${method.toUpperCase()} ${path}`, {
      id: op.operationId,
      group: op.tags?.[0] ?? '(untagged)',
      isSuccess: (status) => (status >= 200 && status < 300) || redirects.includes(String(status)),
      statuses: new Map(),
    });
  }
}
for (const id of [...Object.keys(CANNOT_SUCCEED), ...Object.keys(MAY_SUCCEED)]) {
  if (![...operations.values()].some((op) => op.id === id)) {
    console.error(`fuzz summary: ${id} is listed as exempt from having to succeed but is not in the document`);
    process.exit(1);
  }
}

// Every recorded request: ScenarioFinished events carry the cases (method and path template) and
// the interactions (the answer) of a scenario, keyed by case id.
let requests = 0;
for (const path of eventPaths) {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (!line.startsWith('{"ScenarioFinished"')) continue;
    const { cases = {}, interactions = {} } = JSON.parse(line).ScenarioFinished.recorder;
    for (const [caseId, interaction] of Object.entries(interactions)) {
      const value = cases[caseId]?.value;
      const status = interaction.response?.status_code;
      if (!value || status === undefined) continue;
      const op = operations.get(`${value.method} ${value.path}`);
      if (!op) continue;
      op.statuses.set(status, (op.statuses.get(status) ?? 0) + 1);
      requests++;
    }
  }
}

const succeeded = (op) => [...op.statuses.keys()].some(op.isSuccess);
const seen = (op) =>
  [...op.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ') || 'no request';

const groups = new Map();
for (const op of operations.values()) {
  const g = groups.get(op.group) ?? { total: 0, ok: 0 };
  g.total++;
  if (succeeded(op)) g.ok++;
  groups.set(op.group, g);
}
const width = Math.max(...[...groups.keys()].map((g) => g.length), 'group'.length);
const row = (a, b, c) => `  ${a.padEnd(width)}  ${String(b).padStart(10)}  ${String(c).padStart(14)}`;
console.log(`fuzz: ${requests} requests; operations that answered a success at least once, per group:`);
console.log(row('group', 'operations', 'with a success'));
for (const [name, g] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)))
  console.log(row(name, g.total, g.ok));
const all = [...operations.values()];
console.log(row('all', all.length, all.filter(succeeded).length));

const expected = all.filter((op) => CANNOT_SUCCEED[op.id]);
console.log('fuzz: without a success, as expected (scripts/fuzz-api-summary.mjs CANNOT_SUCCEED):');
for (const op of expected) console.log(`  ${op.id} (${seen(op)}): ${CANNOT_SUCCEED[op.id]}`);

const optional = all.filter((op) => MAY_SUCCEED[op.id]);
console.log('fuzz: may or may not succeed (scripts/fuzz-api-summary.mjs MAY_SUCCEED):');
for (const op of optional) console.log(`  ${op.id} (${seen(op)}): ${MAY_SUCCEED[op.id]}`);

// A /v1 operation registered from a dashboard route module (docs/decisions.md "Partner API") runs
// the dashboard's handler behind the key guard: when its /api twin succeeded, the shared code was
// reached, and the /v1 registration itself is proven per scope by apps/platform/test/partner-api.test.ts.
// The /v1 twin only reaches it when a case also carries the seeded tenant header and a valid body.
const byId = new Map(all.map((op) => [op.id, op]));
const dashboardTwin = (op) =>
  op.id.startsWith('partner') ? byId.get(op.id[7].toLowerCase() + op.id.slice(8)) : undefined;
const twinned = all.filter((op) => !succeeded(op) && dashboardTwin(op) && succeeded(dashboardTwin(op)));
console.log('fuzz: partner operations without a success whose dashboard twin (the same route module) succeeded:');
for (const op of twinned) console.log(`  ${op.id} (${seen(op)}); ${dashboardTwin(op).id} (${seen(dashboardTwin(op))})`);

const missing = all.filter(
  (op) => !succeeded(op) && !CANNOT_SUCCEED[op.id] && !MAY_SUCCEED[op.id] && !twinned.includes(op),
);
const stale = expected.filter(succeeded);
for (const op of missing) console.error(`fuzz: FAILED: ${op.id} can succeed but never did (${seen(op)})`);
for (const op of stale) console.error(`fuzz: FAILED: ${op.id} is listed as unable to succeed but did (${seen(op)})`);
process.exit(missing.length + stale.length > 0 ? 1 : 0);
