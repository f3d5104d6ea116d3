// Module boundaries (docs/architecture.md, Boundary rules), checked by `npm run lint`. The rules match
// folder names generically: a new module under libs/modules/src/ or a new web feature is covered
// without touching this file. tools/architecture.unit.spec.ts plants a violation of each rule.

// npm packages and libs that make code impure: a framework, a database driver, an ORM, a queue.
const INFRASTRUCTURE = [
  '(^|node_modules/)(@nestjs|@mikro-orm|@prisma|prisma|typeorm|drizzle-orm|kysely|knex|sequelize|mongoose)(/|$)',
  '(^|node_modules/)(pg|pg-[^/]+|postgres|ioredis|redis|bullmq|express)(/|$)',
  '^libs/(platform|event-store)/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'module-deep-import',
      comment:
        "A module (libs/modules/src/<module>/) reaches another module only through that module's public index.ts " +
        '(relative path or @app/modules/<module> alias alike), or its queries.ts: the query classes it answers ' +
        "for others, for a module that its index's imports lead back to (see module-queries-import-modules).",
      severity: 'error',
      from: { path: '^libs/modules/src/([^/]+)/' },
      to: {
        path: '^libs/modules/src/[^/]+/',
        pathNot: ['^libs/modules/src/$1/', '^libs/modules/src/[^/]+/(index|queries)\\.ts$'],
      },
    },
    {
      name: 'module-queries-import-modules',
      comment:
        "A module's queries.ts (and the query classes it names) import no module's index.ts, so that a module " +
        'that index imports (identity, for the guards) may ask it without an import circle.',
      severity: 'error',
      from: { path: '^libs/modules/src/[^/]+/queries\\.ts$' },
      to: { path: '^libs/modules/src/[^/]+/index\\.ts$', reachable: true },
    },
    {
      name: 'domain-not-pure',
      comment:
        'The domain/ folders of modules are pure decisions: no Nest, no database driver or ORM, no platform ' +
        'or event-store adapters.',
      severity: 'error',
      from: { path: '^libs/modules/src/.*/domain/' },
      to: { path: INFRASTRUCTURE },
    },
    {
      name: 'web-feature-cross-import',
      comment:
        'A web feature (web/src/features/<feature>/) takes shared code only from web/src/lib and ' +
        'web/src/components/ui, never from another feature or the routes (routes may import features).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/',
        pathNot: ['^web/src/features/$1/', '^web/src/lib/', '^web/src/components/ui/'],
      },
    },
    {
      name: 'lib-imports-upward',
      comment:
        'The shared libs (contracts, domain, platform, event-store, ...) sit below the modules and the apps: ' +
        'they never import libs/modules, api, worker or web.',
      severity: 'error',
      // Except the integration tests' global setup, which builds the template database from the
      // whole write-side schema, the modules' tables included (libs/modules/src/migrations.ts).
      from: { path: '^libs/', pathNot: ['^libs/modules/', '^libs/testing/src/global-setup\\.mjs$'] },
      to: { path: ['^libs/modules/', '^api/', '^worker/', '^web/'] },
    },
    {
      name: 'app-module-deep-import',
      comment: 'api, worker and the bench use a module only through its public index.ts (@app/modules/<module>).',
      severity: 'error',
      from: { path: '^(api|worker|tools/bench)/' },
      to: {
        path: '^libs/modules/src/[^/]+/',
        pathNot: '^libs/modules/src/[^/]+/index\\.ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)dist/', '^web/src/routeTree\\.gen\\.ts$'] },
    // Type-only imports couple code as much as value imports do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
