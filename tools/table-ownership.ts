import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Which module owns which table, and which SQL in a module names a table another part owns. A module
// reads another's data only through a query that module exports (its index.ts or queries.ts), and the
// event store's tables only through @app/event-store: tools/architecture.unit.spec.ts holds it so.

/** Who owns a table: a module under libs/modules/src, or 'event-store' / 'platform'. */
export type Owner = string;

export interface TableRead {
  /** The file, relative to the root. */
  file: string;
  /** The module whose file it is. */
  module: string;
  table: string;
  owner: Owner;
}

const CREATE_TABLE = /\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?([a-z_][a-z0-9_]*)/gi;
// The places a table name stands in SQL: reads, writes, DDL, foreign keys.
const TABLE_REFERENCE =
  /\b(?:from|join|into|update|references|truncate|alter\s+table|create\s+table(?:\s+if\s+not\s+exists)?|create\s+(?:unique\s+)?index\s+(?:if\s+not\s+exists\s+)?[a-z0-9_]+\s+on)\s+([a-z_][a-z0-9_]*)/gi;

/**
 * The platform's numbered migrations still create most modules' tables (another change moves them
 * into each module's migrations/ folder): a file's name says whose tables it makes.
 */
const MIGRATION_OWNERS: Record<string, Owner> = {
  'event-store': 'event-store',
  'projection-checkpoints': 'event-store',
  'read-model-migrations': 'event-store',
  venues: 'catalog',
  usernames: 'identity',
  'email-outbox': 'platform',
};

async function files(root: string, dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...(await files(root, relative)));
    } else if (/\.(ts|mts|mjs|js)$/.test(entry.name) && !/\.(spec|d)\.[mc]?[tj]s$/.test(entry.name)) {
      found.push(relative);
    }
  }
  return found;
}

/** The source without comments, so prose such as "reads the account from the stream" names no table. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function ownerOf(file: string, modules: readonly string[]): Owner | null {
  const inModule = /^libs\/modules\/src\/([^/]+)\//.exec(file);
  if (inModule) return inModule[1]!;
  if (file.startsWith('libs/event-store/')) return 'event-store';
  const migration = /^libs\/platform\/src\/database\/migrations\/\d+-(.+)\.[mc]?[tj]s$/.exec(file);
  if (migration) {
    const name = migration[1]!;
    return MIGRATION_OWNERS[name] ?? (modules.includes(name) ? name : 'platform');
  }
  if (file.startsWith('libs/platform/')) return 'platform';
  return null;
}

/** Every table created in libs/, by owner: where its `create table` statement is. */
export async function tableOwners(root: string): Promise<Map<string, Owner>> {
  const modules = (await readdir(path.join(root, 'libs/modules/src'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const owners = new Map<string, Owner>();
  for (const file of await files(root, 'libs')) {
    const owner = ownerOf(file, modules);
    if (!owner) continue;
    for (const match of code(await readFile(path.join(root, file), 'utf8')).matchAll(CREATE_TABLE)) {
      owners.set(match[1]!.toLowerCase(), owner);
    }
  }
  return owners;
}

/** SQL in libs/modules/src/<module>/ (tests aside) that names a table another module or lib owns. */
export async function foreignTableReads(root: string): Promise<TableRead[]> {
  const owners = await tableOwners(root);
  const reads: TableRead[] = [];
  for (const file of await files(root, 'libs/modules/src')) {
    const module = /^libs\/modules\/src\/([^/]+)\//.exec(file)?.[1];
    if (!module) continue;
    const seen = new Set<string>();
    for (const match of code(await readFile(path.join(root, file), 'utf8')).matchAll(TABLE_REFERENCE)) {
      const table = match[1]!.toLowerCase();
      const owner = owners.get(table);
      if (owner && owner !== module && !seen.has(table)) {
        seen.add(table);
        reads.push({ file, module, table, owner });
      }
    }
  }
  return reads;
}
