import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isApiPath } from '../infrastructure/middleware-chain.js';
import { openApiDocument } from './openapi-document.js';
import { DOCS_PATH, OPENAPI_PATH } from './serve-openapi.js';

/** The route template Express matched (`/api/artists/:id`), or null (answered before any route). */
function matchedRoute(req: Request): string | null {
  const route = (req as { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : null;
}

/** The reference (the document and its page) describes the API; it is not part of it. */
function isReferencePath(path: string): boolean {
  return path === OPENAPI_PATH || path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);
}

/** One recorded answer: a line of `responses-<pid>.jsonl`. */
export interface RecordedResponse {
  method: string;
  path: string;
  /** The route Express matched (`/api/artists/:id`), when one did. */
  route: string | null;
  status: number;
  contentType: string;
  body?: unknown;
}

/**
 * With RECORD_API_RESPONSES_DIR set (the e2e run sets it: web/playwright.config.ts), every /api answer
 * is appended to a file in that directory, and the OpenAPI document is written beside them, so the
 * run's end can check every real answer against the document (web/e2e/support/openapi-check.ts).
 * Each api process writes a file of its own (API_PROCESSES > 1 share no file). Off otherwise: null.
 */
export function responseRecorder(dir: string | undefined): RequestHandler | null {
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(openApiDocument()));
  const file = path.join(dir, `responses-${process.pid}.jsonl`);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isApiPath(req.path) || req.method === 'HEAD' || req.method === 'OPTIONS' || isReferencePath(req.path)) {
      return next();
    }
    let sent: unknown;
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      sent = body;
      return send(body);
    };
    res.once('finish', () => {
      const contentType = String(res.getHeader('content-type') ?? '');
      let body: unknown;
      if (contentType.includes('json')) {
        const text = Buffer.isBuffer(sent) ? sent.toString('utf8') : typeof sent === 'string' ? sent : undefined;
        try {
          body = text === undefined ? sent : JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const line: RecordedResponse = {
        method: req.method,
        path: req.originalUrl.split('?')[0] ?? req.originalUrl,
        route: matchedRoute(req),
        status: res.statusCode,
        contentType,
        ...(body === undefined ? {} : { body }),
      };
      try {
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      } catch {
        // The check at the run's end took the directory away (a product the run did not start): a new one.
        mkdirSync(dir, { recursive: true });
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }
    });
    next();
  };
}
