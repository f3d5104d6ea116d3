import { createServer, type Plugin } from 'vite';

const ROOT = '<div id="root"></div>';

/**
 * Puts the landing page, rendered to HTML (src/prerender/render-landing-shell.tsx), into the built index.html,
 * so a first visit paints it before any JavaScript has arrived (issue #23: Lighthouse's paint metrics).
 * In the build only, whichever way it is started (`npm run build -w web`, `vite build`, Docker); the dev
 * server has no shell. The compression plugin then compresses the finished index.html like any file.
 *
 * index.html is every route's page (the api and nginx answer any non-API path with it): its gate script
 * (public/landing-shell-gate.js) and inline style hide the shell on other paths and for a visitor last
 * seen signed in, and otherwise hide the app's root until the app, its first page rendered, removes the
 * shell (src/lib/landing-shell.ts).
 */
export function prerenderLandingPage(): Plugin {
  let root = '';
  let mode = 'production';
  let configFile: string | undefined;
  return {
    name: 'prerender-landing-page',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      configFile = config.configFile;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to put the landing page before`);
        // The app's own config (aliases, the router plugin) in the build's mode, so import.meta.env reads
        // the same; a dev server's module loader renders the page in Node.
        const server = await createServer({
          root,
          configFile,
          mode,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        });
        try {
          const { renderLandingShell } = (await server.ssrLoadModule('/src/prerender/render-landing-shell.tsx')) as {
            renderLandingShell: () => Promise<string>;
          };
          const shell = await renderLandingShell();
          return html.replace(ROOT, `<div id="landing-shell">${shell}</div>${ROOT}`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
