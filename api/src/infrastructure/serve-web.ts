import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Hashed files under assets/ never change: a browser keeps them for a year without asking again. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html (and anything else without a hash in its name) is revalidated on every visit. */
export const REVALIDATE_CACHE = 'no-cache';

export function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}

/** What serveWebApp needs of the app: the Nest application, or a plain express one in tests. */
export interface MiddlewareHost {
  use(handler: RequestHandler): unknown;
}

/**
 * Serves the built web app from the API's origin: static files, and index.html for every other
 * non-API GET so client-side routes survive a reload.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy next to each text file (vite-plugin-compression2
 * in web/vite.config.ts); a request gets the brotli copy when it accepts br, else the gzip copy when it
 * accepts gzip, else the plain file, with `Vary: Accept-Encoding`. Hashed assets are cached for a year
 * (immutable); index.html must be revalidated, so a new deploy is picked up on the next visit.
 * The set of precompressed files is read once, at start-up. `sourceMaps: false` (production) answers
 * 404 for every .map file.
 */
export function serveWebApp(
  app: MiddlewareHost,
  distDir: string,
  { sourceMaps = true }: { sourceMaps?: boolean } = {},
): boolean {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return false;
  if (!sourceMaps) {
    // In production the source (comments, internal names, paths) is nobody's business: the .map files
    // the build writes stay on disk for error reports, and are never served.
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.path.endsWith('.map')) res.status(404).end();
      else next();
    });
  }
  const assetsDir = path.join(root, 'assets') + path.sep;
  const serveFiles: RequestHandler = expressStaticGzip(root, {
    enableBrotli: true,
    // Encoding names as in Accept-Encoding: brotli first whenever the browser takes it, then gzip.
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      // `file` is the file actually sent (app-abc123.js.br for a brotli response).
      setHeaders(res, file) {
        res.setHeader('Cache-Control', file.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    },
  });
  app.use(serveFiles);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/'))
      return next();
    // The SPA fallback: index.html through the same middleware, so it is compressed too.
    const url = req.url;
    req.url = '/index.html';
    serveFiles(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  });
  return true;
}
