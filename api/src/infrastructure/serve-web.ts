import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';

export function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}

/**
 * Serves the built web app from the API's origin: static files, and index.html for every other
 * non-API GET so client-side routes survive a reload. Hashed assets are cached for a year.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  app.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/'))
      return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
