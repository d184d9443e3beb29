import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { checkLayering, describeViolation, REPO_ROOT, RESOLVE_TSCONFIG } from './cruise.js';

// Each rule of .dependency-cruiser.cjs against a tiny tree laid out like the repository that
// breaks it, beside imports that keep it: a rule whose pattern matched nothing would pass the
// real tree silently (docs/testing.md "Layering").

/** The rules the trees below break, one `describe` each. */
const TESTED = [
  'no-cycles',
  'domain-is-pure',
  'route-folders-apart',
  'apps-apart',
  'platform-through-entries',
  'libs-by-package-name',
  'web-not-gateway',
  'resolvable',
];

const trees: string[] = [];
afterAll(() => {
  for (const root of trees) rmSync(root, { recursive: true, force: true });
});

/** Writes the files (path → source) into a fresh tree with the repository's resolve tsconfig. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layering-'));
  trees.push(root);
  const all = {
    // What the packages' names resolve to (the resolve tsconfig maps @svc/<name> to src/index.ts).
    'libs/rules/src/index.ts': 'export const RULE = 1;\n',
    'libs/store/src/index.ts': 'export const STORE = 1;\n',
    'libs/grpc/src/index.ts': 'export const GRPC = 1;\n',
    'node_modules/@grpc/grpc-js/package.json': '{ "name": "@grpc/grpc-js", "main": "index.js" }\n',
    'node_modules/@grpc/grpc-js/index.js': 'exports.credentials = {};\n',
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(dirname(join(root, RESOLVE_TSCONFIG)), { recursive: true });
  copyFileSync(join(REPO_ROOT, RESOLVE_TSCONFIG), join(root, RESOLVE_TSCONFIG));
  return root;
}

/** The imports (from → to) of the tree that break the named rule. */
async function broken(rule: string, files: Record<string, string>): Promise<string[]> {
  const { violations } = await checkLayering(tree(files));
  return violations
    .filter((v) => v.rule.name === rule)
    .map((v) => `${v.from} → ${v.to}`)
    .sort();
}

describe('no-cycles', () => {
  it('finds a cycle at run time and one of type-only imports, and nothing on the way into them', async () => {
    const { violations } = await checkLayering(
      tree({
        'apps/booking/src/store/booking-store.ts':
          "import { keys } from '../application/lock-keys.js';\nexport const store = keys;\n",
        'apps/booking/src/application/lock-keys.ts':
          "import { store } from '../store/booking-store.js';\nexport const keys = () => store;\n",
        'apps/booking/src/domain/lifecycle.ts':
          "import type { Doc } from '../store/records.js';\nexport type Status = Doc['status'];\n",
        'apps/booking/src/store/records.ts':
          "import type { Status } from '../domain/lifecycle.js';\nexport interface Doc { status: Status | 'held' }\n",
        'apps/booking/src/main.ts':
          "import { store } from './store/booking-store.js';\nimport type { Doc } from './store/records.js';\nexport const doc: Doc | typeof store = store;\n",
      }),
    );
    // One violation per cycle, naming its members.
    const cycles = violations
      .filter((v) => v.rule.name === 'no-cycles')
      .map((v) => [v.from, ...(v.cycle ?? []).map((m) => m.name)]);
    expect(cycles.map((members) => [...new Set(members)].sort()).sort()).toEqual([
      ['apps/booking/src/application/lock-keys.ts', 'apps/booking/src/store/booking-store.ts'],
      ['apps/booking/src/domain/lifecycle.ts', 'apps/booking/src/store/records.ts'],
    ]);
  });
});

describe('domain-is-pure', () => {
  it('refuses every adapter folder, the store port and the gRPC transport, at any depth of domain/', async () => {
    const found = await broken('domain-is-pure', {
      'apps/booking/src/store/records.ts': 'export type Doc = { id: string };\n',
      'apps/booking/src/rpc/mapping.ts': 'export const toMessage = 1;\n',
      'apps/booking/src/clients/catalog.ts': 'export const catalog = 1;\n',
      'apps/booking/src/events/relay.ts': 'export const relay = 1;\n',
      'apps/booking/src/domain/rules.ts': [
        "import type { Doc } from '../store/records.js';",
        "import { toMessage } from '../rpc/mapping.js';",
        "import { catalog } from '../clients/catalog.js';",
        "import { relay } from '../events/relay.js';",
        "import { STORE } from '@svc/store';",
        "import { GRPC } from '@svc/grpc';",
        "import { credentials } from '@grpc/grpc-js';",
        // Allowed: another domain module and a lib of pure rules.
        "import { engine } from './availability/engine.js';",
        "import { RULE } from '@svc/rules';",
        'export const all: unknown[] = [toMessage, catalog, relay, STORE, GRPC, credentials, engine, RULE];',
        'export type D = Doc;',
        '',
      ].join('\n'),
      'apps/booking/src/domain/availability/engine.ts':
        "import { relay } from '../../events/relay.js';\nexport const engine = relay;\n",
      // An application module may use both.
      'apps/booking/src/application/create.ts':
        "import { relay } from '../events/relay.js';\nimport { engine } from '../domain/availability/engine.js';\nexport const create = [relay, engine];\n",
    });
    expect(found).toEqual([
      'apps/booking/src/domain/availability/engine.ts → apps/booking/src/events/relay.ts',
      'apps/booking/src/domain/rules.ts → apps/booking/src/clients/catalog.ts',
      'apps/booking/src/domain/rules.ts → apps/booking/src/events/relay.ts',
      'apps/booking/src/domain/rules.ts → apps/booking/src/rpc/mapping.ts',
      'apps/booking/src/domain/rules.ts → apps/booking/src/store/records.ts',
      'apps/booking/src/domain/rules.ts → libs/grpc/src/index.ts',
      'apps/booking/src/domain/rules.ts → libs/store/src/index.ts',
      'apps/booking/src/domain/rules.ts → node_modules/@grpc/grpc-js/index.js',
    ]);
  });
});

describe('route-folders-apart', () => {
  it('refuses an import between two route folders, or between a folder and a top-level route file', async () => {
    const found = await broken('route-folders-apart', {
      'apps/gateway/src/api/records.ts': 'export const record = 1;\n',
      'apps/gateway/src/routes/catalog/schemas.ts':
        "import { record } from '../../api/records.js';\nexport const schema = record;\n",
      'apps/gateway/src/routes/catalog/services-routes.ts':
        "import { schema } from './schemas.js';\nexport const services = schema;\n",
      'apps/gateway/src/routes/bookings/bookings-routes.ts':
        "import { schema } from '../catalog/schemas.js';\nimport { record } from '../../api/records.js';\nexport const bookings = [schema, record];\n",
      'apps/gateway/src/routes/health.ts':
        "import { services } from './catalog/services-routes.js';\nexport const health = services;\n",
      'apps/gateway/src/routes/metrics.ts': "import { health } from './health.js';\nexport const metrics = health;\n",
      'apps/gateway/src/routes/manage/manage-routes.ts':
        "import { metrics } from '../metrics.js';\nexport const manage = metrics;\n",
    });
    expect(found).toEqual([
      'apps/gateway/src/routes/bookings/bookings-routes.ts → apps/gateway/src/routes/catalog/schemas.ts',
      'apps/gateway/src/routes/health.ts → apps/gateway/src/routes/catalog/services-routes.ts',
      'apps/gateway/src/routes/manage/manage-routes.ts → apps/gateway/src/routes/metrics.ts',
      'apps/gateway/src/routes/metrics.ts → apps/gateway/src/routes/health.ts',
    ]);
  });
});

describe('apps-apart', () => {
  it("refuses another app's source, by package name or by path, from an app or a lib", async () => {
    const found = await broken('apps-apart', {
      'apps/gateway/src/index.ts': "export { ROLES } from './roles.js';\n",
      'apps/gateway/src/roles.ts': "export const ROLES = ['owner'];\n",
      'apps/gateway/client/zoned.ts': 'export const zoned = 1;\n',
      'apps/booking/src/index.ts': 'export const startBooking = 1;\n',
      'apps/admin/src/args.ts':
        "import { ROLES } from '@svc/gateway';\nimport { RULE } from '@svc/rules';\nexport const args = [ROLES, RULE];\n",
      'apps/web/src/format.ts':
        "import { zoned } from '../../gateway/client/zoned.js';\nimport { local } from './local.js';\nexport const format = [zoned, local];\n",
      'apps/web/src/local.ts': 'export const local = 1;\n',
      'libs/rules/src/booking.ts':
        "import { startBooking } from '@svc/booking';\nexport const booking = startBooking;\n",
    });
    expect(found).toEqual([
      'apps/admin/src/args.ts → apps/gateway/src/index.ts',
      'apps/web/src/format.ts → apps/gateway/client/zoned.ts',
      'libs/rules/src/booking.ts → apps/booking/src/index.ts',
    ]);
  });
});

describe('platform-through-entries', () => {
  it("lets the platform start an app through its package's entry, never a module inside it", async () => {
    const found = await broken('platform-through-entries', {
      'apps/booking/src/index.ts': "export { startBookingFromConfig } from './from-config.js';\n",
      'apps/booking/src/from-config.ts': 'export const startBookingFromConfig = 1;\n',
      'apps/booking/src/store/booking-store.ts': 'export const store = 1;\n',
      'apps/platform/src/embedded-platform.ts': [
        "import { startBookingFromConfig } from '@svc/booking';",
        "import { store } from '../../booking/src/store/booking-store.js';",
        "import { config } from './config.js';",
        'export const platform = [startBookingFromConfig, store, config];',
        '',
      ].join('\n'),
      'apps/platform/src/config.ts': 'export const config = 1;\n',
    });
    expect(found).toEqual(['apps/platform/src/embedded-platform.ts → apps/booking/src/store/booking-store.ts']);
  });
});

describe('libs-by-package-name', () => {
  it('refuses a relative path into another package and lets its package name through', async () => {
    const found = await broken('libs-by-package-name', {
      'libs/store/src/cursor.ts': 'export const cursor = 1;\n',
      'apps/customer/src/store/paging.ts': [
        "import { cursor } from '../../../../libs/store/src/cursor.js';",
        "import { STORE } from '@svc/store';",
        "import { page } from './page.js';",
        'export const paging = [cursor, STORE, page];',
        '',
      ].join('\n'),
      'apps/customer/src/store/page.ts': 'export const page = 1;\n',
      'libs/grpc/src/host.ts':
        "import { STORE } from '../../store/src/index.js';\nimport { RULE } from '@svc/rules';\nexport const host = [STORE, RULE];\n",
    });
    expect(found).toEqual([
      'apps/customer/src/store/paging.ts → libs/store/src/cursor.ts',
      'libs/grpc/src/host.ts → libs/store/src/index.ts',
    ]);
  });
});

describe('web-not-gateway', () => {
  it("refuses the gateway's source in the dashboard, server or browser code", async () => {
    const found = await broken('web-not-gateway', {
      'apps/gateway/src/index.ts': "export const SESSION_COOKIE = 'sid';\n",
      'apps/gateway/client/zoned.ts': 'export const zoned = 1;\n',
      'apps/web/src/session.ts':
        "import { SESSION_COOKIE } from '@svc/gateway';\nexport const cookie = SESSION_COOKIE;\n",
      'apps/web/src/format.ts':
        "import { zoned } from '../../gateway/client/zoned.js';\nimport { RULE } from '@svc/rules';\nexport const format = [zoned, RULE];\n",
    });
    expect(found).toEqual([
      'apps/web/src/format.ts → apps/gateway/client/zoned.ts',
      'apps/web/src/session.ts → apps/gateway/src/index.ts',
    ]);
  });
});

describe('resolvable', () => {
  it('refuses an import that resolves nowhere, which every other rule would miss', async () => {
    const found = await broken('resolvable', {
      'apps/booking/src/main.ts':
        "import { gone } from './gone.js';\nimport { here } from './here.js';\nexport const main = [gone, here];\n",
      'apps/booking/src/here.ts': 'export const here = 1;\n',
    });
    expect(found).toEqual(['apps/booking/src/main.ts → ./gone.js']);
  });
});

describe('the rules file', () => {
  it('has a tree above for every rule, and a reason for each', async () => {
    const { ruleSet } = await extractDepcruiseOptions(join(REPO_ROOT, '.dependency-cruiser.cjs'));
    const rules = ruleSet?.forbidden ?? [];
    expect(rules.map((r) => r.name).sort()).toEqual(TESTED.sort());
    for (const rule of rules) expect(rule.comment?.length ?? 0, `${rule.name} says why`).toBeGreaterThan(80);
  });

  it('finds nothing in a tree that keeps every rule', async () => {
    const { violations } = await checkLayering(
      tree({
        'apps/booking/src/domain/rules.ts': "import { RULE } from '@svc/rules';\nexport const rules = RULE;\n",
        'apps/booking/src/store/repo.ts':
          "import { STORE } from '@svc/store';\nimport { rules } from '../domain/rules.js';\nexport const repo = [STORE, rules];\n",
        'apps/booking/src/main.ts': "import { repo } from './store/repo.js';\nexport const main = repo;\n",
      }),
    );
    expect(violations.map(describeViolation)).toEqual([]);
  });
});
