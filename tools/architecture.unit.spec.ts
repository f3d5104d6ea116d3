import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { foreignTableReads } from './table-ownership.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const CRUISED = ['api', 'worker', 'libs', 'web/src']; // what `npm run lint` cruises

/** A small repository shaped like ours, every import in it allowed by the rules. */
const CLEAN: Record<string, string> = {
  'libs/contracts/src/index.ts': `export const ROLES = ['fan'] as const;\n`,
  'libs/domain/src/index.ts': `export class DomainError extends Error {}\n`,
  'libs/platform/src/index.ts': `import pg from 'pg';\nexport const Pool = pg.Pool;\n`,
  'libs/event-store/src/index.ts': `import { Pool } from '@app/platform';\nimport { ROLES } from '@app/contracts';\nexport const store = { Pool, ROLES };\n`,
  'libs/modules/src/alpha/index.ts': `export { AlphaModule } from './alpha.module.js';\n`,
  'libs/modules/src/alpha/alpha.module.ts': [
    `import { Module } from '@nestjs/common';`,
    `import { Beta } from '@app/modules/beta';`,
    `import { decide } from './domain/alpha.js';`,
    `@Module({})`,
    `export class AlphaModule { beta = Beta; decide = decide; }`,
  ].join('\n'),
  'libs/modules/src/alpha/domain/alpha.ts': [
    `import type { ROLES } from '@app/contracts';`,
    `import { DomainError } from '@app/domain';`,
    `export function decide(role: (typeof ROLES)[number]) { if (!role) throw new DomainError(); return [role]; }`,
  ].join('\n'),
  'libs/modules/src/beta/index.ts': `export { Beta } from './payments/beta.js';\n`,
  // Sub-folders of one module (like membership/payments and membership/kyc) use each other freely.
  'libs/modules/src/beta/payments/beta.ts': [
    `import { store } from '@app/event-store';`,
    `import { check } from '../kyc/check.js';`,
    `import { AlphaModule } from '../../alpha/index.js';`,
    `export const Beta = { store, check, AlphaModule };`,
  ].join('\n'),
  'libs/modules/src/beta/kyc/check.ts': `import { fold } from './domain/kyc.js';\nexport const check = fold;\n`,
  'libs/modules/src/beta/kyc/domain/kyc.ts': `export const fold = (n: number) => n + 1;\n`,
  // A module's query classes, for a module that its index leads back to (identity asks payola).
  'libs/modules/src/beta/queries.ts': `export { fold } from './kyc/domain/kyc.js';\n`,
  'libs/modules/src/alpha/application/asks-beta.ts': `import { fold } from '../../beta/queries.js';\nexport const x = fold;\n`,
  'api/src/main.ts': `import { AlphaModule } from '@app/modules/alpha';\nimport { Pool } from '@app/platform';\nexport const app = { AlphaModule, Pool };\n`,
  'api/test/alpha.int.spec.ts': `import { Beta } from '../../libs/modules/src/beta/index.js';\nexport const beta = Beta;\n`,
  'worker/src/main.ts': `import { Beta } from '@app/modules/beta';\nexport const worker = Beta;\n`,
  'web/src/lib/api-client.ts': `import { ROLES } from '@app/contracts';\nexport const api = ROLES;\n`,
  'web/src/components/ui/button.tsx': `export function Button() { return <button />; }\n`,
  'web/src/features/one/components/one-page.tsx': [
    `import { api } from '@/lib/api-client';`,
    `import { Button } from '@/components/ui/button';`,
    `import { label } from '../lib/label';`,
    `export function OnePage() { return <Button>{label(api)}</Button>; }`,
  ].join('\n'),
  'web/src/features/one/lib/label.ts': `export const label = (x: unknown) => String(x);\n`,
  'web/src/features/two/components/two-page.tsx': `import { Button } from '../../../components/ui/button';\nexport const TwoPage = Button;\n`,
  'web/src/routes/index.tsx': `import { OnePage } from '@/features/one/components/one-page';\nimport { TwoPage } from '@/features/two/components/two-page';\nexport const routes = [OnePage, TwoPage];\n`,
};

/** One planted violation per rule (and per way of writing it), with the edge each must report. */
const PLANTED: { rule: string; file: string; source: string; to: string }[] = [
  {
    rule: 'module-deep-import',
    file: 'libs/modules/src/alpha/application/relative-deep.ts',
    source: `import { Beta } from '../../beta/payments/beta.js';\nexport const x = Beta;\n`,
    to: 'libs/modules/src/beta/payments/beta.ts',
  },
  {
    rule: 'module-deep-import',
    file: 'libs/modules/src/beta/kyc/alias-deep.ts',
    source: `import { decide } from '@app/modules/alpha/domain/alpha.js';\nexport const x = decide;\n`,
    to: 'libs/modules/src/alpha/domain/alpha.ts',
  },
  {
    rule: 'module-queries-import-modules',
    file: 'libs/modules/src/alpha/queries.ts',
    source: `export { Beta } from '../beta/index.js';\n`,
    to: 'libs/modules/src/beta/index.ts',
  },
  // ... and through it, since beta's index imports alpha's, the circle back to its own module's index.
  {
    rule: 'module-queries-import-modules',
    file: 'libs/modules/src/alpha/queries.ts',
    source: `export { Beta } from '../beta/index.js';\n`,
    to: 'libs/modules/src/alpha/index.ts',
  },
  {
    rule: 'domain-not-pure',
    file: 'libs/modules/src/alpha/domain/nest.ts',
    source: `import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n`,
    to: 'node_modules/@nestjs/common/index.js',
  },
  {
    rule: 'domain-not-pure',
    file: 'libs/modules/src/beta/kyc/domain/pg.ts',
    source: `import type { Pool } from 'pg';\nexport type X = Pool;\n`,
    to: 'node_modules/pg/lib/index.js',
  },
  {
    rule: 'domain-not-pure',
    // A queue client (the ORM planted here before MikroORM left the project would no longer resolve).
    file: 'libs/modules/src/alpha/domain/queue.ts',
    source: `import Redis from 'ioredis';\nexport const x = Redis;\n`,
    to: 'node_modules/ioredis/built/index.js',
  },
  {
    rule: 'domain-not-pure',
    file: 'libs/modules/src/alpha/domain/platform.ts',
    source: `import { Pool } from '@app/platform';\nexport const x = Pool;\n`,
    to: 'libs/platform/src/index.ts',
  },
  {
    rule: 'web-feature-cross-import',
    file: 'web/src/features/one/components/alias-cross.tsx',
    source: `import { TwoPage } from '@/features/two/components/two-page';\nexport const x = TwoPage;\n`,
    to: 'web/src/features/two/components/two-page.tsx',
  },
  {
    rule: 'web-feature-cross-import',
    file: 'web/src/features/two/components/relative-cross.tsx',
    source: `import { label } from '../../one/lib/label';\nexport const x = label;\n`,
    to: 'web/src/features/one/lib/label.ts',
  },
  {
    rule: 'web-feature-cross-import',
    file: 'web/src/features/two/components/uses-route.tsx',
    source: `import { routes } from '@/routes/index';\nexport const x = routes;\n`,
    to: 'web/src/routes/index.tsx',
  },
  {
    rule: 'lib-imports-upward',
    file: 'libs/platform/src/uses-module.ts',
    source: `import { AlphaModule } from '@app/modules/alpha';\nexport const x = AlphaModule;\n`,
    to: 'libs/modules/src/alpha/index.ts',
  },
  {
    rule: 'lib-imports-upward',
    file: 'libs/contracts/src/uses-api.ts',
    source: `import { app } from '../../../api/src/main.js';\nexport const x = app;\n`,
    to: 'api/src/main.ts',
  },
  {
    rule: 'lib-imports-upward',
    file: 'libs/event-store/src/uses-worker.ts',
    source: `import { worker } from '../../../worker/src/main.js';\nexport const x = worker;\n`,
    to: 'worker/src/main.ts',
  },
  {
    rule: 'lib-imports-upward',
    file: 'libs/domain/src/uses-web.ts',
    source: `import { api } from '../../../web/src/lib/api-client.js';\nexport const x = api;\n`,
    to: 'web/src/lib/api-client.ts',
  },
  {
    rule: 'app-module-deep-import',
    file: 'api/src/deep.ts',
    source: `import { AlphaModule } from '@app/modules/alpha/alpha.module.js';\nexport const x = AlphaModule;\n`,
    to: 'libs/modules/src/alpha/alpha.module.ts',
  },
  {
    rule: 'app-module-deep-import',
    file: 'worker/src/deep.ts',
    source: `import { check } from '../../libs/modules/src/beta/kyc/check.js';\nexport const x = check;\n`,
    to: 'libs/modules/src/beta/kyc/check.ts',
  },
];

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), source);
  }
}

/** Cruises `root` with the repository's own .dependency-cruiser.mjs and tsconfig.depcruise.json. */
async function violations(root: string): Promise<{ rule: string; from: string; to: string }[]> {
  const options = await extractDepcruiseOptions(path.join(repoRoot, '.dependency-cruiser.mjs'));
  const tsConfigFile = path.join(root, 'tsconfig.depcruise.json');
  const result = await cruise(CRUISED, { ...options, baseDir: root, tsConfig: { fileName: tsConfigFile } }, undefined, {
    tsConfig: extractTSConfig(tsConfigFile),
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe('module boundaries (.dependency-cruiser.mjs)', () => {
  const roots: string[] = [];

  async function fixture(files: Record<string, string>): Promise<string> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'architecture-'));
    roots.push(root);
    await writeTree(root, files);
    await copyFile(path.join(repoRoot, 'tsconfig.depcruise.json'), path.join(root, 'tsconfig.depcruise.json'));
    // Real packages, so a planted '@nestjs/common' resolves the way it does in the repository.
    await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    return root;
  }

  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it('passes a tree that keeps every boundary', async () => {
    expect(await violations(await fixture(CLEAN))).toEqual([]);
  });

  it('reports each planted violation under its rule, and nothing else', async () => {
    const planted = Object.fromEntries(PLANTED.map((p) => [p.file, p.source]));
    const found = await violations(await fixture({ ...CLEAN, ...planted }));
    const expected = PLANTED.map((p) => ({ rule: p.rule, from: p.file, to: expect.stringMatching(endsWith(p.to)) }));
    expect(found).toHaveLength(expected.length);
    expect(found).toEqual(expect.arrayContaining(expected));
  });
});

// A resolved npm package sits behind the symlinked node_modules: compare from "node_modules/" on.
function endsWith(suffix: string): RegExp {
  return new RegExp(`(^|/)${suffix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Reads of another module's (or the event store's) tables that are known and not fixed yet, each with
 * why. The test fails when one is fixed and still listed, so the list only shrinks.
 */
const ALLOWED_FOREIGN_READS: { file: string; table: string; why: string }[] = [
  {
    file: 'libs/modules/src/catalog/application/services/votes-on-file.ts',
    table: 'events',
    why: 'counts vote streams straight from the log; wants a query exported by @app/event-store (catalog)',
  },
  {
    file: 'libs/modules/src/payola/jobs/monthly-membership-grant.ts',
    table: 'events',
    why: 'reads every membership event for the monthly grant; wants a query exported by @app/event-store (payola)',
  },
  {
    file: 'libs/modules/src/media/jobs/erase-member-media.ts',
    table: 'events',
    why: "finds an erased member's upload keys in the log (the read model drops them); wants a query exported by @app/event-store (media)",
  },
  {
    file: 'libs/modules/src/payola/application/award-payola.ts',
    table: 'events',
    why: "a shop spend's state (balance, this offer's spends) summed from the fan's Payola stream in the statement that claims the code: a redemption in 7 round trips, not 11; wants an aggregate read exported by @app/event-store (payola)",
  },
  {
    file: 'libs/modules/src/payola/application/award-payola.ts',
    table: 'streams',
    why: "the same statement reads the fan's stream version for the append's expected version (payola)",
  },
];

describe('table ownership (tools/table-ownership.ts)', () => {
  it("keeps every module's SQL out of the tables another module or the event store owns", async () => {
    const found = (await foreignTableReads(repoRoot)).map(({ file, table, owner }) => ({ file, table, owner }));
    const allowed = (read: { file: string; table: string }) =>
      ALLOWED_FOREIGN_READS.some((a) => a.file === read.file && a.table === read.table);
    expect(found.filter((read) => !allowed(read))).toEqual([]);
    // A fixed read comes off the list.
    expect(ALLOWED_FOREIGN_READS.filter((a) => !found.some((read) => allowed(read) && read.file === a.file))).toEqual(
      [],
    );
  });

  it('reports each planted read of a foreign table with its owner, and no own or commented one', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'tables-'));
    try {
      await writeTree(root, {
        'libs/event-store/src/migrations.ts':
          'export const sql = `create table events (id bigint); create table streams (id text)`;\n',
        'libs/platform/src/database/migrations/0003-beta.ts':
          "export const sql = 'create table beta_keys (key text)';\n",
        'libs/platform/src/database/migrations/0006-email-outbox.ts':
          "export const sql = 'create table email_outbox (id text)';\n",
        'libs/modules/src/alpha/projections/alpha.projection.ts': [
          'export const migration = `create table if not exists alpha_rows (id text primary key)`;',
          "export const read = 'select id from alpha_rows';",
        ].join('\n'),
        'libs/modules/src/beta/application/clean.ts': [
          '// Beta never reads alpha_rows: it asks from alpha_rows owner, alpha, through its query.',
          "export const own = 'insert into beta_keys (key) values ($1) on conflict do nothing';",
        ].join('\n'),
        'libs/modules/src/beta/application/planted.ts': [
          "export const a = 'select r.id from beta_keys k join alpha_rows r on r.id = k.key';",
          'export const b = `select type from events where stream_id = $1`;',
          "export const c = 'insert into email_outbox (id) values ($1)';",
        ].join('\n'),
        'libs/modules/src/beta/application/planted.int.spec.ts': "export const test = 'select * from alpha_rows';\n",
        'libs/modules/src/alpha/jobs/planted.ts': "export const d = 'update beta_keys set key = $1';\n",
      });
      const found = await foreignTableReads(root);
      expect(found).toHaveLength(4);
      expect(found).toEqual(
        expect.arrayContaining([
          { file: 'libs/modules/src/beta/application/planted.ts', module: 'beta', table: 'alpha_rows', owner: 'alpha' },
          {
            file: 'libs/modules/src/beta/application/planted.ts',
            module: 'beta',
            table: 'events',
            owner: 'event-store',
          },
          {
            file: 'libs/modules/src/beta/application/planted.ts',
            module: 'beta',
            table: 'email_outbox',
            owner: 'platform',
          },
          { file: 'libs/modules/src/alpha/jobs/planted.ts', module: 'alpha', table: 'beta_keys', owner: 'beta' },
        ]),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
