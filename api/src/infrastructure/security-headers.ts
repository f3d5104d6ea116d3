import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import onHeaders from 'on-headers';

/**
 * Where the browser may load from. Our own origin, plus the providers whose widgets run in the
 * page: Stripe.js (script, frames, API), Veriff's in-context check (a frame, and its API) and
 * reCAPTCHA (its script and its frames).
 * deploy/docker/security-headers.conf sends the same headers for the pages nginx serves (a unit test
 * keeps the two equal).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
  ],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://api.stripe.com', 'https://*.veriff.me', 'https://*.veriff.com'],
  'frame-src': [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://*.veriff.me',
    'https://*.veriff.com',
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
  ],
  'media-src': ["'self'", 'https://*.veriff.me', 'https://*.veriff.com'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The policy as one header value. */
export function contentSecurityPolicyHeader(): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Browsers upload to and play media from object storage: its origin, when it is not ours (`npm start`). */
const STORAGE_DIRECTIVES: ReadonlySet<string> = new Set(['connect-src', 'img-src', 'media-src']);

/**
 * The policy of an API answer that is not a page (JSON, a file): nothing may load from it and nothing may
 * frame it, so a JSON answer opened as a document can do nothing (OWASP's headers for REST answers).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Of the pages' headers, those an API answer keeps (the rest concern documents only). */
const API_ANSWER_HEADERS: ReadonlySet<string> = new Set([
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
]);

type HeaderList = readonly (readonly [name: string, value: string])[];

/** The headers a helmet middleware sets: they follow from its options alone, so they are read once. */
function headersSetBy(middleware: RequestHandler): HeaderList {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as Request, recorder as unknown as Response, () => undefined);
  return headers;
}

/** Sets each header the answer does not set itself. */
function setMissing(res: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) if (!res.hasHeader(name)) res.setHeader(name, value);
}

function isPage(res: ServerResponse): boolean {
  const type = res.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

/**
 * Security headers on every response: for pages (helmet) the policy above, no framing by other sites, no
 * MIME sniffing, and a referrer that never carries a path (reset links hold a token in the query). HSTS
 * and upgrade-insecure-requests only when the product is served over https. `storageUrl` is where
 * browsers reach object storage (S3_PUBLIC_ENDPOINT); behind nginx it is our own origin.
 *
 * An /api answer gets the pages' headers if it is a page (the API reference, the local inbox, the test
 * payment portal), else API_CONTENT_SECURITY_POLICY and the few headers an answer needs: decided when its
 * headers are written, once its type is known. The pages' 800-character policy on every JSON answer was
 * most of its headers' bytes, and helmet's twelve headers, each set and checked per request, ~5% of the
 * api's CPU on a profile read (docs/performance.md, 2026-11-29). Every list is computed once.
 */
export function securityHeaders(publicUrl: string, storageUrl?: string): RequestHandler {
  const https = publicUrl.startsWith('https://');
  const storage = storageUrl ? new URL(storageUrl).origin : undefined;
  const extraOrigin = storage && storage !== new URL(publicUrl).origin ? storage : undefined;
  const page = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...Object.fromEntries(
            Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [
              name,
              extraOrigin && STORAGE_DIRECTIVES.has(name) ? [...values, extraOrigin] : [...values],
            ]),
          ),
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      // Card networks' 3-D Secure checks may open a window that must keep talking to the page.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    }),
  );
  const answer: HeaderList = [
    ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
    ...page.filter(([name]) => API_ANSWER_HEADERS.has(name.toLowerCase())),
  ];
  const decide = function (this: ServerResponse) {
    setMissing(this, isPage(this) ? page : answer);
  };
  return (req, res, next) => {
    if (req.path.startsWith('/api/')) onHeaders(res, decide);
    else setMissing(res, page);
    next();
  };
}
