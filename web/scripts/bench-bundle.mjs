// `npm run bench:web` (and a part of `npm run bench`): how much JavaScript a first visit to `/` downloads
// before the landing page is interactive, raw, gzip and brotli, against a budget. It builds nothing: it
// reads the built app in web/dist (`npm run build:web` first).
//
// What it counts, as the browser fetches it:
//   1. index.html's scripts (the module entry, and the classic landing-shell gate) and its modulepreload links;
//   2. the landing route's own chunks (the router loads `/`'s split component at once, so it counts),
//      found through Vite's manifest (dist/.vite/manifest.json);
//   3. the static imports of all of those, transitively. Dynamic import() is left out: that is what
//      loads later (other routes, the toaster, the signed-in menus, Stripe, Veriff).
// Sizes are those of the .br and .gz copies the build writes next to each file, which is what the api
// sends; for a file without one (not worth compressing, or a build without the plugin) the file is
// compressed here with the same settings.
//
// It also names the npm packages in that JavaScript (from the build's source maps) and fails when one of
// those the landing page must not carry is among them (zod, the form libraries: issue #23).
//
// Exit code 1 when the brotli or the gzip total is over the budget (HTTPS gets brotli, plain HTTP gzip:
// Chromium asks for br over HTTPS only), a package the landing page must not carry is in it, or the
// build is missing. `--json` prints the
// result as JSON instead of the table. It also writes .reports/bench-web.json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DIST_DIR = path.join(WEB_ROOT, 'dist');
const REPO_ROOT = path.resolve(WEB_ROOT, '..');

/** The landing page's budget: JavaScript, brotli-compressed, before it is interactive. 1 kB = 1,000 bytes. */
export const LANDING_BROTLI_BUDGET_BYTES = 150_000;
/** The same budget for gzip, what Chromium gets over plain HTTP (it asks for brotli over HTTPS only). */
export const LANDING_GZIP_BUDGET_BYTES = 150_000;
/**
 * Packages the landing page has no use for, which a careless import drags into every first visit:
 * zod (~25 kB gzip; route search params use web/src/lib/search-params.ts) and the form libraries.
 */
export const LANDING_FORBIDDEN_PACKAGES = ['zod', 'react-hook-form', '@hookform/resolvers'];
/** The route file of `/`, as Vite's manifest names its split chunks (`src/routes/index.tsx?tsr-split=component`). */
const LANDING_ROUTE_FILE = 'src/routes/index.tsx';

/**
 * @typedef {{ raw: number, gzip: number, brotli: number }} Sizes
 * @typedef {Sizes & { file: string, reason: 'index.html' | 'route /' | 'static import' }} CountedFile
 * @typedef {{
 *   distDir: string,
 *   builtAt: string,
 *   precompressed: boolean,
 *   budgetBrotliBytes: number,
 *   budgetGzipBytes: number,
 *   pass: boolean,
 *   packages: { name: string, raw: number }[],
 *   forbiddenPackages: string[],
 *   total: Sizes,
 *   files: CountedFile[],
 *   css: Sizes & { files: string[] },
 *   largestChunks: (Sizes & { file: string, firstVisit: boolean })[],
 *   notes: string[],
 * }} WebBundleResult
 */

/** @type {Map<string, Sizes>} */
const sizeCache = new Map();

/** Raw size, and the size of the .gz and .br copies (or of compressing the file here when there is none). */
function sizesOf(file) {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const content = readFileSync(file);
  const copy = (extension, compress) =>
    existsSync(`${file}.${extension}`)
      ? statSync(`${file}.${extension}`).size
      : Math.min(content.length, compress(content).length);
  const sizes = {
    raw: content.length,
    gzip: copy('gz', (buffer) => gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION })),
    brotli: copy('br', (buffer) =>
      brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    ),
  };
  sizeCache.set(file, sizes);
  return sizes;
}

/** Attributes of each `<tag ...>` in an HTML document. */
function tags(html, name) {
  const found = [];
  for (const [, attributes] of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const parsed = {};
    for (const [, key, doubleQuoted, singleQuoted, bare] of attributes.matchAll(
      /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    ))
      parsed[key.toLowerCase()] = doubleQuoted ?? singleQuoted ?? bare ?? '';
    found.push(parsed);
  }
  return found;
}

/** A same-origin URL from index.html as a file in dist, or null for another origin. */
function fileForUrl(distDir, url) {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(url)) return null;
  return path.join(distDir, decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\/+/, ''));
}

/**
 * The chunks a chunk imports statically: `import ... from "./x.js"`, `import "./x.js"` and
 * `export ... from "./x.js"`, never `import("./x.js")`.
 */
export function staticImports(code) {
  const specifiers = [];
  for (const [, specifier] of code.matchAll(
    /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+\s*|\*\s*|\{[^}]*\}\s*)?(?:from\s*)?["']([^"'\n]+)["']/g,
  ))
    if (/^\.{0,2}\//.test(specifier) && /\.m?js$/.test(specifier)) specifiers.push(specifier);
  return specifiers;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Bytes of a built chunk per original source file, from its source map (`file.map`), or null without
 * one. Each mapping segment runs to the next one on its line; its second field moves the source index.
 */
function bytesPerSource(file) {
  if (!existsSync(`${file}.map`)) return null;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const lines = readFileSync(file, 'utf8').split('\n');
  /** @type {Map<string, number>} */
  const bytes = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    /** @type {[number, number][]} column, source index (-1: generated code of no source) */
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    const length = lines[lineIndex]?.length ?? 0;
    segments.forEach(([start, index], i) => {
      if (index < 0) return;
      const name = map.sources[index];
      bytes.set(name, (bytes.get(name) ?? 0) + (i + 1 < segments.length ? segments[i + 1][0] : length) - start);
    });
  });
  return bytes;
}

/** `@tanstack/query-core` for `../node_modules/@tanstack/query-core/build/modern/query.js`, else null. */
function packageOf(source) {
  const match = /(?:^|[\\/])node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(source.replaceAll('\\', '/'));
  return match ? match[1].replace('\\', '/') : null;
}

/**
 * The npm packages in these chunks by raw bytes, largest first: '(app)' for our own code, '(no source map)'
 * for a chunk without a map (the bundler's small runtime, or a build without build.sourcemap).
 */
function packagesIn(files) {
  /** @type {Map<string, number>} */
  const sizes = new Map();
  const add = (name, bytes) => sizes.set(name, (sizes.get(name) ?? 0) + bytes);
  for (const file of files) {
    const perSource = bytesPerSource(file);
    if (!perSource) add('(no source map)', statSync(file).size);
    for (const [source, bytes] of perSource ?? []) add(packageOf(source) ?? '(app)', bytes);
  }
  return [...sizes].map(([name, raw]) => ({ name, raw })).sort((a, b) => b.raw - a.raw);
}

/** The largest JavaScript chunks of the build, for the report. */
function largestChunks(distDir, counted, count) {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(assets, name))
    .map((file) => ({ file: path.relative(distDir, file), ...sizesOf(file), firstVisit: counted.has(file) }))
    .sort((a, b) => b.raw - a.raw)
    .slice(0, count);
}

/** @returns {WebBundleResult} */
export function measureLandingBundle(
  distDir = DEFAULT_DIST_DIR,
  budgetBrotliBytes = LANDING_BROTLI_BUDGET_BYTES,
  budgetGzipBytes = LANDING_GZIP_BUDGET_BYTES,
) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the web app first (npm run build:web)`);
  const html = readFileSync(indexFile, 'utf8');
  const notes = [];

  /** @type {Map<string, CountedFile['reason']>} */
  const reasons = new Map();
  /** @type {string[]} */
  const queue = [];
  const add = (file, reason) => {
    if (reasons.has(file)) return;
    if (!existsSync(file)) throw new Error(`${path.relative(distDir, file)} is referenced but not in ${distDir}`);
    reasons.set(file, reason);
    queue.push(file);
  };

  // Every script index.html names: the module entry, and a classic one that runs before the body.
  for (const script of tags(html, 'script'))
    if (script.src && (script.type === 'module' || !script.type)) {
      const file = fileForUrl(distDir, script.src);
      if (file) add(file, 'index.html');
    }
  for (const link of tags(html, 'link'))
    if (link.rel?.split(/\s+/).includes('modulepreload') && link.href) {
      const file = fileForUrl(distDir, link.href);
      if (file) add(file, 'index.html');
    }
  if (reasons.size === 0) throw new Error(`${indexFile} loads no module script`);

  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const routeChunks = Object.entries(manifest).filter(
      ([source, chunk]) => (source === LANDING_ROUTE_FILE || source.startsWith(`${LANDING_ROUTE_FILE}?`)) && chunk.file,
    );
    for (const [, chunk] of routeChunks) add(path.join(distDir, chunk.file), 'route /');
    if (routeChunks.length === 0) notes.push(`the manifest names no chunk for ${LANDING_ROUTE_FILE}`);
  } else {
    notes.push(
      "no dist/.vite/manifest.json (build.manifest in vite.config.ts): the landing route's own chunk is not counted",
    );
  }

  while (queue.length > 0) {
    const file = queue.shift();
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('/')
        ? fileForUrl(distDir, specifier)
        : path.resolve(path.dirname(file), specifier);
      if (target) add(target, 'static import');
    }
  }

  const files = [...reasons]
    .filter(([file]) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map(([file, reason]) => ({ file: path.relative(distDir, file), reason, ...sizesOf(file) }))
    .sort((a, b) => b.raw - a.raw);
  const sum = (list) =>
    list.reduce(
      (total, item) => ({
        raw: total.raw + item.raw,
        gzip: total.gzip + item.gzip,
        brotli: total.brotli + item.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const total = sum(files);

  const cssFiles = tags(html, 'link')
    .filter((link) => link.rel?.split(/\s+/).includes('stylesheet') && link.href)
    .map((link) => fileForUrl(distDir, link.href))
    .filter((file) => file !== null && existsSync(file));

  const jsFiles = [...reasons.keys()].filter((file) => file.endsWith('.js') || file.endsWith('.mjs'));
  const packages = packagesIn(jsFiles);
  const forbiddenPackages = packages
    .map((item) => item.name)
    .filter((name) => LANDING_FORBIDDEN_PACKAGES.includes(name));

  const precompressed = files.some((item) => existsSync(path.join(distDir, `${item.file}.br`)));
  if (!precompressed) notes.push('the build has no .br/.gz copies: sizes were computed here');

  return {
    distDir,
    builtAt: statSync(indexFile).mtime.toISOString(),
    precompressed,
    budgetBrotliBytes,
    budgetGzipBytes,
    pass: total.brotli <= budgetBrotliBytes && total.gzip <= budgetGzipBytes && forbiddenPackages.length === 0,
    packages,
    forbiddenPackages,
    total,
    files,
    css: { files: cssFiles.map((file) => path.relative(distDir, file)), ...sum(cssFiles.map(sizesOf)) },
    largestChunks: largestChunks(distDir, new Set(reasons.keys()), 5),
    notes,
  };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** @param {WebBundleResult} result */
export function formatBundleReport(result) {
  const rows = [
    ['file', 'raw', 'gzip', 'brotli', ''],
    ...result.files.map((item) => [item.file, kB(item.raw), kB(item.gzip), kB(item.brotli), item.reason]),
    [
      `total JS, ${result.files.length} files`,
      kB(result.total.raw),
      kB(result.total.gzip),
      kB(result.total.brotli),
      `budget gzip and brotli <= ${kB(result.budgetGzipBytes)} / ${kB(result.budgetBrotliBytes)}   ${result.pass ? 'PASS' : 'FAIL'}`,
    ],
    [`CSS (not in the budget)`, kB(result.css.raw), kB(result.css.gzip), kB(result.css.brotli), ''],
  ];
  const chunkRows = result.largestChunks.map((chunk) => [
    chunk.file,
    kB(chunk.raw),
    kB(chunk.gzip),
    kB(chunk.brotli),
    chunk.firstVisit ? 'first visit' : 'lazy',
  ]);
  const widths = [0, 1, 2, 3].map((column) => Math.max(...[...rows, ...chunkRows].map((row) => row[column].length)));
  const line = (row) =>
    [row[0].padEnd(widths[0]), ...[1, 2, 3].map((column) => row[column].padStart(widths[column])), row[4]]
      .join('   ')
      .trimEnd();
  const out = [
    `landing page (/): the JavaScript a first visit loads before it is interactive (${path.relative(REPO_ROOT, result.distDir) || result.distDir}, built ${result.builtAt})`,
    ...rows.slice(0, -2).map(line),
    '-'.repeat(line(rows[rows.length - 2]).length),
    ...rows.slice(-2).map(line),
    '',
    `packages in it (raw): ${result.packages.map((item) => `${item.name} ${kB(item.raw)}`).join(', ')}`,
    ...(result.forbiddenPackages.length > 0
      ? [`FAIL: the landing page must not load ${result.forbiddenPackages.join(', ')} (import it from a lazy route)`]
      : []),
    '',
    'largest JS chunks of the build:',
    ...chunkRows.map(line),
    ...result.notes.map((note) => `note: ${note}`),
  ];
  return out.join('\n');
}

export async function writeBundleJson(result) {
  const file = path.join(REPO_ROOT, '.reports', 'bench-web.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const json = process.argv.includes('--json');
  try {
    const result = measureLandingBundle(process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : undefined);
    const file = await writeBundleJson(result);
    console.log(json ? JSON.stringify(result, null, 2) : `${formatBundleReport(result)}\nresults written to ${file}`);
    process.exitCode = result.pass ? 0 : 1;
  } catch (error) {
    console.error(`bench:web: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
