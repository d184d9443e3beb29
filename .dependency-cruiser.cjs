// The layering rules of the code (docs/architecture.md "Layering rules"), checked by
// dependency-cruiser over every app's and lib's source in `npm test` (tools/architecture,
// docs/testing.md "Layering"). A violation is a design question: move the code to where the
// rule lets it be, do not add an exception here.

// Where apps keep their adapters: a domain module reaching one of these folders is doing I/O.
const ADAPTER_FOLDER = '^apps/[^/]+/src/(?:.*/|)(?:store|rpc|clients|events)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'A cycle makes two modules one unit that can only be read, tested and moved together, and ' +
        'a run-time one can see a binding before it is initialised. Type-only imports count: they ' +
        'tie the modules together just the same (options.tsPreCompilationDeps).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment:
        'Domain code is pure rules and free of I/O (docs/architecture.md "Code rules"): it takes ' +
        'what it needs as plain values, so it never imports a repository, a gRPC handler or client, ' +
        'an event consumer, the store port or the gRPC transport. Types the domain and an adapter ' +
        'share live in the domain and the adapter imports them.',
      severity: 'error',
      from: { path: '^apps/[^/]+/src/(?:.*/|)domain/' },
      to: {
        path: [
          ADAPTER_FOLDER,
          '^libs/(?:store|grpc)/',
          '(?:^|/)node_modules/@svc/(?:store|grpc)/',
          '(?:^|/)node_modules/@grpc/grpc-js/',
          '^@svc/(?:store|grpc)(?:/|$)',
          '^@grpc/grpc-js(?:/|$)',
        ],
      },
    },
    {
      name: 'route-folders-apart',
      comment:
        'A gateway route folder (or a top-level file of routes/) is one slice of the HTTP surface; ' +
        'what two slices share (records, schemas, mappers, paging, links) belongs to the layer ' +
        'below every route, not to one of them, so a route folder never imports another.',
      severity: 'error',
      from: { path: '^apps/gateway/src/routes/([^/.]+)' },
      to: {
        path: '^apps/gateway/src/routes/',
        pathNot: '^apps/gateway/src/routes/$1(?:/|\\.[^/]+$)',
      },
    },
    {
      name: 'apps-apart',
      comment:
        'Each app is a process of its own that owns its data and is reached only through its gRPC ' +
        "contract or its events (docs/architecture.md): importing another app's source couples " +
        "their releases and lets one reach into the other's stores. Libs never import apps. The one " +
        'exception is apps/platform, the composition root that starts the apps in one process; it ' +
        'has its own rule below.',
      severity: 'error',
      from: { path: '^(apps|libs)/([^/]+)/', pathNot: '^apps/platform/' },
      to: { path: '^apps/', pathNot: '^$1/$2/' },
    },
    {
      name: 'platform-through-entries',
      comment:
        'The embedded platform starts each app through what its package exports (start<App>FromConfig, ' +
        'its config schema), never a module inside it, so an app can restructure its folders freely.',
      severity: 'error',
      from: { path: '^apps/platform/' },
      to: {
        path: '^apps/(?!platform/)[^/]+/',
        pathNot: '^apps/[^/]+/(?:src/index\\.ts|dist/index\\.(?:js|d\\.ts))$',
      },
    },
    {
      name: 'libs-by-package-name',
      comment:
        'A package reaches another only by its package name (@svc/<lib>), never by a relative path ' +
        "into its folder: the package's exports are its contract, and its build order follows from " +
        'the declared dependency.',
      severity: 'error',
      from: { path: '^(apps|libs)/([^/]+)/' },
      // "aliased": an @svc/<package> import, which the resolve tsconfig maps to the package's source.
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], path: '^(?:apps|libs)/', pathNot: '^$1/$2/' },
    },
    {
      name: 'web-not-gateway',
      comment:
        "The dashboard is browser code talking to the gateway over HTTP through the SDK's types " +
        '(docs/architecture.md "Web UI"): gateway source in it would ship server code and secrets ' +
        'handling into the bundle and tie the two builds together.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/gateway/', '(?:^|/)node_modules/@svc/gateway/', '^@svc/gateway(?:/|$)'] },
    },
    {
      name: 'resolvable',
      comment:
        'An import the cruiser cannot resolve has no path, so every rule above would let it pass ' +
        'unseen: each import must resolve (a workspace package to its source, see options).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Type-only imports count as dependencies: they make cycles and layering breaks just the same.
    tsPreCompilationDeps: true,
    // Maps every @svc/<package> to its source, so the rules see where an import really goes
    // whether or not the packages are built.
    tsConfig: { fileName: require('node:path').join(__dirname, 'tools/architecture/tsconfig.resolve.json') },
    // Source only: tests, their fixtures, builds and generated code are not the layering.
    exclude: {
      path: ['(?:^|/)test/', '\\.test\\.tsx?$', '(?:^|/)dist/'],
    },
    // Generated code and third-party packages are leaves: imports into them are checked, their
    // own imports are not ours.
    doNotFollow: { path: ['(?:^|/)node_modules/', '(?:^|/)gen/', '(?:^|/)generated/'] },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
