import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routerPluginOptions } from './router.config.ts';

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
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
