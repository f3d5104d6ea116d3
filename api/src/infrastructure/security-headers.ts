import helmet from 'helmet';
import type { RequestHandler } from 'express';

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
 * Security headers on every response (helmet): the policy above, no framing by other sites, no
 * MIME sniffing, and a referrer that never carries a path (reset links hold a token in the query).
 * HSTS and upgrade-insecure-requests only when the product is served over https. `storageUrl` is
 * where browsers reach object storage (S3_PUBLIC_ENDPOINT); behind nginx it is our own origin.
 */
export function securityHeaders(publicUrl: string, storageUrl?: string): RequestHandler {
  const https = publicUrl.startsWith('https://');
  const storage = storageUrl ? new URL(storageUrl).origin : undefined;
  const extraOrigin = storage && storage !== new URL(publicUrl).origin ? storage : undefined;
  return helmet({
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
  });
}
