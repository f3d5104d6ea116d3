import { fileURLToPath } from 'node:url';

// Shared by the Vite plugin and scripts/generate-route-tree.ts so both write the same routeTree.gen.ts.
export const routerPluginOptions = {
  target: 'react' as const,
  autoCodeSplitting: true,
  routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
  generatedRouteTree: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)),
  // The generator's scratch folder defaults to <cwd>/.tanstack; keep it out of the work tree.
  tmpDir: fileURLToPath(new URL('./node_modules/.tanstack-router', import.meta.url)),
  quoteStyle: 'single' as const,
  semicolons: true,
};
