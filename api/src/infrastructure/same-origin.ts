import type { NextFunction, Request, Response } from 'express';
import type { TApiError } from '@app/contracts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the web app is served from: PUBLIC_URL's, and when that is a loopback address, the same
 * port on the other loopback names (a developer may open 127.0.0.1 while PUBLIC_URL says localhost).
 */
export function allowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return origins;
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/** The request's claimed origin: Origin, else Referer's origin, else null (not a browser, or stripped). */
function requestOrigin(req: Request): string | null {
  const origin = req.get('origin');
  if (origin && origin !== 'null') return originOf(origin);
  if (origin === 'null') return 'null';
  return originOf(req.get('referer'));
}

const refusal: TApiError = {
  statusCode: 403,
  error: 'This request came from another website and was refused. Open Payola directly and try again.',
  message: 'This request came from another website and was refused. Open Payola directly and try again.',
};

/**
 * A second line behind the CSRF token (ASVS 4.2.2, 13.2.3): a state-changing request a browser sends
 * from another site carries that site in Origin (or Referer), and is refused. Requests without either
 * (payment and identity webhooks, scripts) still need their CSRF token or their provider's signature.
 * GET /api/logout stays a navigation (the spec links to it) but a cross-site one logs nobody out.
 */
export function sameOriginWrites(publicUrl: string) {
  const allowed = allowedOrigins(publicUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' && req.path === '/api/logout' && isCrossSiteNavigation(req, allowed)) {
      res.redirect(303, '/');
      return;
    }
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = requestOrigin(req);
    if (origin !== null && !allowed.has(origin)) {
      res.status(403).json(refusal);
      return;
    }
    next();
  };
}

function isCrossSiteNavigation(req: Request, allowed: Set<string>): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const referer = originOf(req.get('referer'));
  return referer !== null && !allowed.has(referer);
}
