import { fileURLToPath } from 'node:url';

// Shared by the Vite plugin and scripts/generate-route-tree.ts so both write the same routeTree.gen.ts.
export const routerPluginOptions = {
  target: 'react' as const,
  autoCodeSplitting: true,
  // Every route's component, loader, error and not-found screens load when that route is first
  // visited (or preloaded on intent), each in a chunk of its own, so the first page of a visit only
  // downloads its own route. Loaders are split too (the plugin's default keeps them, and with them
  // each route's queries, in the entry chunk); pending components stay in it, to show while a route loads.
  codeSplittingOptions: {
    defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  },
  routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
  generatedRouteTree: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)),
  // The generator's scratch folder defaults to <cwd>/.tanstack; keep it out of the work tree.
  tmpDir: fileURLToPath(new URL('./node_modules/.tanstack-router', import.meta.url)),
  quoteStyle: 'single' as const,
  semicolons: true,
};
