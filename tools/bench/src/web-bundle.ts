import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './bench-util.js';

/**
 * The landing page's JavaScript budget, measured by web/scripts/bench-bundle.mjs (also
 * `npm run bench:web` on its own, which needs neither the server build nor a database). That script is
 * plain JavaScript so the quick command runs without compiling; these are its result's types.
 */
export interface WebBundleSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface WebBundleResult {
  distDir: string;
  builtAt: string;
  precompressed: boolean;
  budgetBrotliBytes: number;
  pass: boolean;
  total: WebBundleSizes;
  files: (WebBundleSizes & { file: string; reason: string })[];
  css: WebBundleSizes & { files: string[] };
  largestChunks: (WebBundleSizes & { file: string; firstVisit: boolean })[];
  notes: string[];
}

interface BundleBenchScript {
  measureLandingBundle(distDir?: string): WebBundleResult;
  formatBundleReport(result: WebBundleResult): string;
  writeBundleJson(result: WebBundleResult): Promise<string>;
}

/** Measures web/dist (or WEB_DIST_DIR), as built: this builds nothing. */
export async function webBundleBench(): Promise<{ result: WebBundleResult; report: string }> {
  const script = path.join(REPO_ROOT, 'web/scripts/bench-bundle.mjs');
  const bench = (await import(pathToFileURL(script).href)) as BundleBenchScript;
  const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : undefined;
  const result = bench.measureLandingBundle(distDir);
  await bench.writeBundleJson(result);
  return { result, report: bench.formatBundleReport(result) };
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
