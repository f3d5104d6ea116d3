import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ZConfig } from '../libs/platform/src/config/config.js';

/*
 * The README and docs/ make claims a reader acts on: commands to type, files to open, settings to set.
 * This keeps them true: every `npm run X` names a script, every repository path in backticks and every
 * relative link (with its #anchor) exists, and every environment variable docs/operations.md names is
 * read by the code. Each check also runs on planted bad names, so it cannot pass by finding nothing.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Folders that a build or a run makes; a path into them exists only afterwards. */
const GENERATED = new Set(['dist', '.data', '.reports', 'node_modules', 'test-results']);
/** Where environment variables are read: the config schema, the launcher, tools, tests' harnesses. */
const SOURCE_ROOTS = ['api', 'worker', 'libs', 'web', 'deploy', 'tools'];
const THIS_FILE = path.join('tools', 'readme.unit.spec.ts');

interface Doc {
  /** Repository-relative path, e.g. docs/operations.md. */
  file: string;
  text: string;
}

function readDoc(file: string): Doc {
  return { file, text: readFileSync(path.join(repoRoot, file), 'utf8') };
}

function markdownUnder(folder: string): string[] {
  const absolute = path.join(repoRoot, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownUnder(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

function scriptsOf(packageJson: string): Record<string, string> {
  const file = path.join(repoRoot, packageJson);
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

/** `npm run X` (also `npm run X -w web`) and `npm test|start|stop|restart` must name a script. */
export function npmProblems(doc: Doc): string[] {
  const problems: string[] = [];
  const command =
    /\bnpm\s+(?:(run|run-script)\s+([\w:.-]+)|(test|start|stop|restart)\b)(?:\s+(?:-w|--workspace)[ =]([\w/.-]+))?/g;
  for (const match of doc.text.matchAll(command)) {
    const script = match[2] ?? match[3]!;
    const workspace = match[4];
    const scripts = scriptsOf(workspace ? path.join(workspace, 'package.json') : 'package.json');
    if (!(script in scripts)) {
      problems.push(`${doc.file}: "${match[0]}" names no script in ${workspace ?? '.'}/package.json`);
    }
  }
  return problems;
}

/** Inline code spans and link targets: `libs/x/y.ts`, [text](docs/a.md#anchor). */
export function pathProblems(doc: Doc): string[] {
  const problems: string[] = [];
  const topLevel = new Set(readdirSync(repoRoot).filter((name) => !GENERATED.has(name) && name !== '.git'));
  for (const [, span] of doc.text.matchAll(/`([^`\n]+)`/g)) {
    const candidate = span!.trim().replace(/\/$/, '');
    if (!/^[\w.@-]+(\/[\w.@[\]-]+)+$/.test(candidate)) continue; // not a bare path: a command, a URL, a pattern
    const segments = candidate.split('/');
    if (!topLevel.has(segments[0]!) || segments.some((s) => GENERATED.has(s))) continue;
    if (!existsSync(path.join(repoRoot, candidate))) problems.push(`${doc.file}: \`${candidate}\` does not exist`);
  }
  for (const [, target, anchor] of doc.text.matchAll(/\]\(([^)\s#]*)(?:#([^)\s]+))?\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue; // http:, https:, mailto:
    const file = target ? path.normalize(path.join(path.dirname(doc.file), target)) : doc.file;
    const absolute = path.join(repoRoot, file);
    if (!existsSync(absolute)) {
      problems.push(`${doc.file}: the link to ${target} goes nowhere`);
      continue;
    }
    if (anchor && file.endsWith('.md') && statSync(absolute).isFile()) {
      const anchors = headingAnchors(readFileSync(absolute, 'utf8'));
      if (!anchors.has(anchor)) problems.push(`${doc.file}: ${file} has no heading #${anchor}`);
    }
  }
  return problems;
}

/** GitHub's heading anchors: lower case, punctuation dropped, each space a hyphen. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    anchors.add(slug);
  }
  return anchors;
}

/** Where code that may cite the docs lives. */
const CITING_FOLDERS = ['api', 'worker', 'libs', 'web/src', 'web/e2e', 'web/scripts', 'tools', 'deploy'];
/** How code cited documents that live outside the repo, before docs/ held them. */
const OUTSIDE_CITATION = /\b[Ss]pec §|product-decisions|product-spec\.md|architecture guide|[Pp]roduct decisions/;

function sourceFiles(folder: string): string[] {
  const absolute = path.join(repoRoot, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (GENERATED.has(entry.name) || entry.name.startsWith('.')) return [];
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && relative !== THIS_FILE ? [relative] : [];
  });
}

let sources: string[] | undefined;
/** A variable is read when it is a key of the config schema, or code reads it by name (not a comment). */
function isRead(name: string): boolean {
  if (name in ZConfig.shape) return true;
  sources ??= SOURCE_ROOTS.flatMap(sourceFiles).map((file) => readFileSync(path.join(repoRoot, file), 'utf8'));
  const reading = new RegExp(`env\\.${name}\\b|env\\[['"]${name}['"]\\]|['"\`]${name}['"\`]`);
  return sources.some((source) => reading.test(source));
}

/** The variables a configuration table lists (first column) and any other SHOUTING_NAME in backticks. */
export function envProblems(doc: Doc): string[] {
  const names = new Set<string>();
  for (const [, cell] of doc.text.matchAll(/^\|\s*((?:`[A-Z][A-Z0-9_]*`[,\s]*)+)\|/gm)) {
    for (const [, name] of cell!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(name!);
  }
  for (const [, name] of doc.text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=[^`]*)?`/g)) names.add(name!);
  return [...names].filter((name) => !isRead(name)).map((name) => `${doc.file}: nothing reads ${name}`);
}

const docs = ['README.md', ...markdownUnder('docs')].map(readDoc);

describe('the README and docs/ say what is true', () => {
  it('has the documents the code and the README point to', () => {
    const files = docs.map((d) => d.file);
    for (const expected of [
      'docs/product.md',
      'docs/decisions.md',
      'docs/architecture.md',
      'docs/operations.md',
      'docs/performance.md',
    ]) {
      expect(files).toContain(expected);
    }
  });

  it('names only npm scripts that exist', () => {
    expect(docs.flatMap(npmProblems)).toEqual([]);
  });

  it('names only repository paths, links and anchors that exist', () => {
    expect(docs.flatMap(pathProblems)).toEqual([]);
  });

  it('names only environment variables in docs/operations.md that the code reads', () => {
    expect(envProblems(readDoc('docs/operations.md'))).toEqual([]);
  });

  it("gives CI's test command as the README's test command", () => {
    const ci = readFileSync(path.join(repoRoot, '.ci/run'), 'utf8');
    const readme = docs.find((d) => d.file === 'README.md')!.text;
    expect(ci).toMatch(/^npm test$/m);
    expect(readme).toMatch(/^npm test\b/m);
    expect(readme).toMatch(/^npm install && npm start\b/m);
  });

  it('has a section in docs/product.md for every "docs/product.md §N" the code cites', () => {
    const cited = new Set<string>();
    for (const file of CITING_FOLDERS.flatMap(sourceFiles)) {
      for (const [, n] of readFileSync(path.join(repoRoot, file), 'utf8').matchAll(/docs\/product\.md §(\d+)/g))
        cited.add(n!);
    }
    expect(cited.size).toBeGreaterThan(0);
    const product = readDoc('docs/product.md').text;
    const missing = [...cited].filter((n) => !new RegExp(`^## ${n}\\. `, 'm').test(product));
    expect(missing).toEqual([]);
  });

  it('cites no document that is not in the repo (the spec, product-decisions.md, the architecture guide)', () => {
    const outside = CITING_FOLDERS.flatMap(sourceFiles)
      .concat(['.dependency-cruiser.mjs', 'eslint.config.js'])
      .filter((file) => OUTSIDE_CITATION.test(readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(outside).toEqual([]);
  });
});

describe('the checks find planted mistakes', () => {
  it('a script that does not exist', () => {
    const doc = {
      file: 'planted.md',
      text: 'Run `npm run no-such-script`, then `npm start` and `npm run build -w web`.',
    };
    expect(npmProblems(doc)).toEqual([`planted.md: "npm run no-such-script" names no script in ./package.json`]);
    expect(npmProblems({ file: 'planted.md', text: 'npm run lint-everything -w web' })).toHaveLength(1);
  });

  it('a path, a link and an anchor that do not exist', () => {
    const doc = {
      file: 'docs/planted.md',
      text: [
        '`libs/platform/src/config/config.ts` and `libs/platform/src/config/no-such-file.ts`; `web/dist` is built.',
        '[ops](operations.md) [gone](no-such-doc.md) [anchor](../README.md#no-such-heading)',
      ].join('\n'),
    };
    expect(pathProblems(doc)).toEqual([
      'docs/planted.md: `libs/platform/src/config/no-such-file.ts` does not exist',
      'docs/planted.md: the link to no-such-doc.md goes nowhere',
      'docs/planted.md: README.md has no heading #no-such-heading',
    ]);
  });

  it('a variable nothing reads', () => {
    const doc = {
      file: 'planted.md',
      text: [
        '| variable | default |',
        '| `DATABASE_URL` | none |',
        '| `PAYOLA_NO_SUCH_SETTING`, `PORT` | none |',
        'Set `CHAOS_RUNS=100` or `BENCH_NO_SUCH_KNOB`.',
      ].join('\n'),
    };
    expect(envProblems(doc)).toEqual([
      'planted.md: nothing reads PAYOLA_NO_SUCH_SETTING',
      'planted.md: nothing reads BENCH_NO_SUCH_KNOB',
    ]);
  });

  it('heading anchors the way GitHub makes them', () => {
    expect(headingAnchors('## Read-your-writes: `X-Read-Models-Pending`\n### 9. Business constants')).toEqual(
      new Set(['read-your-writes-x-read-models-pending', '9-business-constants']),
    );
  });
});
