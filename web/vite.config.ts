import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { prerenderLandingPage } from './prerender-landing.ts';
import { routerPluginOptions } from './router.config.ts';

/**
 * A preload link in index.html for the two fonts the landing page's first screen is set in (the Latin
 * subsets of Inter and Bricolage Grotesque; the others load only for text that needs them). Without it
 * the browser finds them only after the CSS is in and the page laid out, so the prerendered landing page
 * is first painted in the fallback font and then again, a different size, when they arrive (issue #23:
 * that later, larger paint became the Largest Contentful Paint).
 */
function preloadFirstScreenFonts(): Plugin {
  return {
    name: 'preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return Object.keys(context.bundle ?? {})
          .filter((file) => /(^|\/)(inter|bricolage-grotesque)-latin-wght-normal-[\w-]+\.woff2$/.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3001}`;

export default defineConfig({
  // Pinned so the config behaves the same whether vite runs from web/ or from the repo root.
  root: webRoot,
  plugins: [
    // The router plugin must come before the React plugin so it can split route files first.
    tanstackRouter(routerPluginOptions),
    react(),
    tailwindcss(),
    preloadFirstScreenFonts(),
    prerenderLandingPage(),
    // A brotli (.br) and a gzip (.gz) copy of every text file, at maximum compression, for the api
    // (api/src/infrastructure/serve-web.ts) and nginx to send as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias: {
      '@app/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      '@app/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    port: Number(process.env.WEB_PORT || 5173),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The operators' queue board is a page the api serves (api/src/infrastructure/queue-board.ts).
      '/ops/queues': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The operators' queue board is a page the api serves (api/src/infrastructure/queue-board.ts).
      '/ops/queues': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunk holds which route, for the bundle bench (worker/src/bench/web-bundle.ts).
    manifest: true,
    rolldownOptions: {
      // libs/contracts only declares schemas and types: the web app takes what it uses (not, say, the
      // server's event catalogue), which the default would keep because building a zod schema is a call.
      treeshake: { moduleSideEffects: [{ test: /[\\/]libs[\\/]contracts[\\/]/, sideEffects: false }] },
      output: {
        // The libraries the first page needs, in chunks of their own: they change far less often than
        // the app, so a deploy does not make returning visitors download them again. `$initial` keeps
        // libraries only lazy routes use (Stripe, Veriff, the radix menus) out of these chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
