import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import appConfig from './vite.config.ts';

// Component tests (issue 22): the app's own aliases, React's transform and a browser-like DOM (jsdom).
// The network is the only thing replaced: msw answers fetch (src/test/server.ts).
export default defineConfig({
  root: appConfig.root,
  plugins: [react()],
  resolve: appConfig.resolve,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // Pages render the whole route tree, and the add forms re-render per keystroke: on a busy 2-core
    // machine (load 17 while writing these) one test took 15 s; unloaded they take 1-3 s.
    testTimeout: 30_000,
  },
});
