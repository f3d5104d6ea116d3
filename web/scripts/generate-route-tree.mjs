// routeTree.gen.ts is git-ignored, and `tsc` type-checks before `vite build` runs, so a fresh
// checkout needs the tree generated first. Resolving the Vite config runs the TanStack Router
// plugin's configResolved hook, which writes the file with exactly the options the build uses.
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';

await resolveConfig(
  { configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), logLevel: 'warn' },
  'build',
  'production',
);
