// The api as one file for `npm start` (api/dist/bundle/main.cjs): what tsc built, with its dependencies,
// bundled by rolldown. Node spent most of the api's start-up loading ~2,200 modules one by one (resolving,
// stat-ing, reading, compiling each): 2.4 s of CPU before the api answered, 0.85 s from one file.
// CommonJS rather than an ES module: an ES module imports Node's built-in modules through ES facades that
// read every export, and node:http's lazy WebSocket getter then loads Node's internal undici (~0.3 s).
// `npm run dev`, the tests and the Docker image run the unbundled api/dist/main.js.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the bundle is built from: the api's and the libraries' tsc output, and the installed packages. */
const INPUTS = [
  'api/dist',
  'libs/contracts/dist',
  'libs/domain/dist',
  'libs/platform/dist',
  'libs/event-store/dist',
  'libs/modules/dist',
  'package-lock.json',
];
// Same depth below api/ as api/dist/infrastructure, so serve-web.ts finds web/dist from either.
const BUNDLE_DIR = 'api/dist/bundle';

export function apiBundlePath(root) {
  return path.join(root, BUNDLE_DIR, 'main.cjs');
}

/** The newest file's time (not folders': swapping the bundle in touches api/dist itself). */
function newestMtime(target, skip) {
  if (!existsSync(target) || target.startsWith(skip)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name), skip)), 0);
}

/** Whether the bundle is at least as new as everything it is built from. */
export function apiBundleFresh(root) {
  const bundle = apiBundlePath(root);
  if (!existsSync(bundle)) return false;
  const skip = path.join(root, BUNDLE_DIR);
  const inputs = Math.max(...INPUTS.map((input) => newestMtime(path.join(root, input), skip)));
  return statSync(bundle).mtimeMs >= inputs;
}

/**
 * Builds api/dist/bundle/main.cjs from api/dist/main.js (run tsc first). Written into a folder of its own
 * and swapped in whole, so an api starting meanwhile (another launcher) never reads half a bundle.
 */
export async function bundleApi(root) {
  const { build } = await import('rolldown');
  const target = path.join(root, BUNDLE_DIR);
  const fresh = `${target}.new-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  await build({
    input: path.join(root, 'api/dist/main.js'),
    platform: 'node',
    cwd: root,
    logLevel: 'silent',
    external: [
      // Native addons stay packages of their own.
      /\.node$/,
      'sharp',
      '@node-rs/argon2',
      'pg-native',
      // Optional packages Nest and others look for at run time.
      /^@nestjs\/(microservices|websockets|platform-socket\.io|platform-fastify)(\/|$)/,
      'class-transformer',
      'class-validator',
    ],
    output: {
      dir: fresh,
      format: 'cjs',
      entryFileNames: 'main.cjs',
      chunkFileNames: '[name]-[hash].cjs',
      cleanDir: true,
    },
  });
  if (existsSync(target)) renameSync(target, old);
  renameSync(fresh, target);
  rmSync(old, { recursive: true, force: true });
}
