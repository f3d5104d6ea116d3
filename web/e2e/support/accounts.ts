import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export const PASSWORD = 'Encore-2026!';

/** A fresh address per test, so tests never collide on the shared database. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'fan' | 'artist' | 'venue' | 'service-provider' | 'industry-pro';
  zipCode: string;
}

export function newAccount(tag: string, overrides: Partial<NewAccount> = {}): NewAccount {
  return {
    email: uniqueEmail(tag),
    password: PASSWORD,
    firstName: 'Robin',
    lastName: 'Rivera',
    role: 'fan',
    zipCode: '94110',
    ...overrides,
  };
}

/**
 * Creates an account through the API (signing that request context in). An API GET first sets the
 * XSRF-TOKEN cookie, which the POST must echo in X-XSRF-TOKEN, exactly as the web app does.
 */
export async function createAccountViaApi(
  request: APIRequestContext,
  cookies: () => Promise<{ name: string; value: string }[]>,
  account: NewAccount,
): Promise<void> {
  await request.get('/api/auth/check');
  const token = (await cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(token, 'the auth check sets the XSRF-TOKEN cookie').toBeTruthy();
  const response = await request.post('/api/create-account', {
    data: account,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token!) },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs the page's browser context in as a new account. */
export async function signUpInContext(context: BrowserContext, account: NewAccount): Promise<void> {
  await createAccountViaApi(context.request, () => context.cookies(), account);
}

/** The toasts (Sonner renders them in the 'Notifications' region). */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notification/ });
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  // From the top, so the sticky header is not painted over the middle of a full-page capture.
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  // Entrance animations have finished (endless ones, like spinners, never do).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { path, contentType: 'image/png' });
}

/**
 * A form control by its visible label. Required fields' labels end in an asterisk (hidden from
 * assistive technology, but part of the label text that getByLabel matches), so it is allowed here.
 */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\*| ?\\(optional\\))?$`));
}

/** Pays the fan fee with the test card and approves the identity check (test mode): a verified fan. */
export async function becomeVerifiedFan(page: Page): Promise<void> {
  await page.goto('/verification');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry date').fill('12 / 34');
  await field(page, 'CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $15.00' }).click();
  await page.getByRole('button', { name: 'Approve identity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete!' })).toBeVisible();
}

/** A valid Spotify artist id (22 base62 characters), different every call. */
export function spotifyArtistUrl(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const id = Array.from({ length: 22 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
  return `https://open.spotify.com/artist/${id}`;
}

/** Adds an artist as the context's signed-in (verified fan) user, through the API as the web app does. */
export async function addArtistViaApi(
  context: BrowserContext,
  artist: { name: string; genre?: string; bio?: string },
): Promise<{ id: string; name: string }> {
  await context.request.get('/api/auth/check');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const slug = artist.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const response = await context.request.post('/api/artists', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token!) },
    data: {
      artist: {
        name: artist.name,
        artistType: 'Band',
        genre: artist.genre ?? 'Indie',
        secondaryGenre: 'Alternative',
        recordLabel: null,
        bio: artist.bio ?? null,
        spotifyUrl: spotifyArtistUrl(),
        bandcampUrl: `https://${slug}.bandcamp.com`,
        soundcloudUrl: null,
        websiteUrl: null,
        socialUrls: [`https://www.instagram.com/${slug.slice(0, 28)}`],
      },
      attested: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

/** Adds a venue as the context's signed-in (verified fan) user, through the API as the web app does. */
export async function addVenueViaApi(
  context: BrowserContext,
  venue: { name: string; city?: string; state?: string; venueType?: string; bio?: string; websiteUrl?: string },
): Promise<{ id: string; name: string }> {
  await context.request.get('/api/auth/check');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const response = await context.request.post('/api/venues', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token!) },
    data: {
      venue: {
        name: venue.name,
        venueType: venue.venueType ?? 'Jazz Club',
        streetAddress: '131 W 3rd St',
        city: venue.city ?? 'New York',
        state: venue.state ?? 'NY',
        capacity: 200,
        ageRestriction: '21+',
        soundSystem: 'Professional PA System',
        bio: venue.bio ?? null,
        phoneNumber: '(212) 475-8592',
        email: 'hello@example.com',
        bookingContact: 'Sam Booker',
        accessibility: 'Step-free entrance',
        parking: 'Garage on Bleecker St',
        ...(venue.websiteUrl ? { websiteUrl: venue.websiteUrl } : {}),
        socialUrls: [],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}
