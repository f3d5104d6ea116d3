import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_PRIVACY_SETTINGS, type TAuthUser } from '@app/contracts';

/** The api as the tests see it: every test states the answers it needs (server.use), on top of these. */
export const server = setupServer(
  // Signed out unless a test signs someone in.
  http.get('/api/auth/check', () => HttpResponse.json({ authenticated: false, user: null }, { status: 401 })),
  // The captcha in its built-in test mode: ticking "I'm not a robot" gets this token.
  http.get('/api/captcha', () => HttpResponse.json({ mode: 'test', siteKey: null })),
  // The nav asks whether a signed-in member offers anything in the shop (to link "Check a code").
  http.get('/api/shop/my-offers', () => HttpResponse.json({ offers: [], entries: [], canOfferPlatform: false })),
  // An artist's or venue's profile asks for its offers (none: the section stays hidden).
  http.get('/api/shop/offers', () => HttpResponse.json({ offers: [], nextCursor: null })),
  http.post('/api/captcha/test-token', () => HttpResponse.json({ token: CAPTCHA_TOKEN })),
  // The milestones not reached: the Listener membership not yet open (the landing, waitlist and sign-up read it).
  http.get('/api/milestones', () =>
    HttpResponse.json({
      verifiedFans: 61,
      verifiedArtists: 12,
      milestones: [
        {
          id: 'listener-membership',
          threshold: 10_000,
          targets: { verifiedFans: 10_000, verifiedArtists: 10_000 },
          reachedAt: null,
        },
        {
          id: 'utility-token',
          threshold: 100_000,
          targets: { verifiedFans: 100_000, verifiedArtists: 100_000 },
          reachedAt: null,
        },
      ],
    }),
  ),
);

export const CAPTCHA_TOKEN = 'captcha-token-1';

/** A verified fan who has paid: what the main application's pages need. */
export function memberUser(overrides: Partial<TAuthUser> = {}): TAuthUser {
  return {
    id: 'user-1',
    firstName: 'Fran',
    lastName: 'Fan',
    email: 'fran@example.com',
    profileImageUrl: null,
    role: 'fan',
    payolaBalance: 1000,
    foundingFanNumber: 7,
    paymentCompleted: true,
    verified: true,
    kycCompleted: true,
    veriffStatus: 'approved',
    username: 'fran',
    phone: null,
    genres: [],
    privacySettings: DEFAULT_PRIVACY_SETTINGS,
    notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
    ...overrides,
  };
}

/** The auth check answers with this user from now on (this test only). */
export function signIn(user: TAuthUser = memberUser()): TAuthUser {
  server.use(http.get('/api/auth/check', () => HttpResponse.json({ authenticated: true, user })));
  return user;
}

/** Problem answer as the api sends it (docs/product.md §8): the forms show `message`. */
export function problem(status: number, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ statusCode: status, error: message, message, ...extra }, { status });
}
