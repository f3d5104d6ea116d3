import { expect, test } from '@playwright/test';
import {
  addArtistViaApi,
  addVenueViaApi,
  becomeVerifiedFan,
  field,
  newAccount,
  signUpInContext,
} from './support/accounts';
import { expectNoViolations } from './support/accessibility';

// Every screen scanned with axe-core against WCAG 2.1 A and AA: labels tied to inputs, names on
// buttons and links, titled dialogs, contrast, landmarks. A violation lists the rule and the elements.

// The same walk checks that the content security policy blocks nothing the screens need.
let blockedByPolicy: string[] = [];

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  blockedByPolicy = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      blockedByPolicy.push(message.text());
    }
  });
});

test.afterEach(() => {
  expect(blockedByPolicy, 'requests blocked by the content security policy').toEqual([]);
});

test('public screens have no WCAG 2.1 AA violations', async ({ page }) => {
  // Ten axe scans in one test: ~12 s on an idle machine, more than 30 s seen when CI shares the cores.
  test.setTimeout(180_000);
  for (const [path, heading] of [
    ['/', 'Claim Your Place in the Movement'],
    ['/role-selection', null],
    ['/login', null],
    ['/forgot-password', null],
    ['/reset-password?token=not-a-real-token', null],
    ['/waitlist', null],
    ['/artists', 'Login Required'],
    ['/no-such-page', null],
  ] as const) {
    await page.goto(path);
    if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, path);
  }

  await page.goto('/role-selection');
  await page.getByRole('button', { name: 'Verify & Continue as Fan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
  await expectNoViolations(page, '/create-account');
  // With the form's own error messages showing.
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectNoViolations(page, '/create-account with errors');
});

test('membership screens have no WCAG 2.1 AA violations', async ({ page, context }) => {
  test.setTimeout(150_000);
  await signUpInContext(context, newAccount('a11y-fan'));

  await page.goto('/verification');
  await expect(page.getByRole('button', { name: 'Pay $15.00' })).toBeVisible();
  await expectNoViolations(page, '/verification');

  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry date').fill('12 / 34');
  await field(page, 'CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $15.00' }).click();
  await expect(page.getByRole('button', { name: 'Approve identity' })).toBeVisible();
  await expectNoViolations(page, '/kyc-launch');

  await page.getByRole('button', { name: 'Approve identity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete!' })).toBeVisible();
  await expectNoViolations(page, '/verification-success');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expectNoViolations(page, '/profile');

  await page.goto('/payola');
  await expect(page.getByText('Identity verified', { exact: true }).filter({ visible: true })).toBeVisible();
  await expectNoViolations(page, '/payola');

  // The open navigation menu: the account menu on desktop, the hamburger menu on a phone.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const hamburger = nav.getByRole('button', { name: 'Menu', exact: true });
  if (await hamburger.isVisible()) {
    await hamburger.click();
    await expect(page.locator('#mobile-menu').getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expectNoViolations(page, 'the phone menu');
  } else {
    await nav.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, 'the account menu');
  }
});

test('artist screens have no WCAG 2.1 AA violations', async ({ page, context, browser }, testInfo) => {
  test.setTimeout(240_000);
  // One fan adds an artist; a second one finds it while adding, so the duplicate check shows too.
  const adder = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await signUpInContext(adder, newAccount('a11y-artist-adder'));
  await becomeVerifiedFan(await adder.newPage());
  const artist = await addArtistViaApi(adder, {
    name: `Aurora Static ${Math.random().toString(36).slice(2, 8)}`,
    bio: 'Dream pop from the north.',
  });
  await adder.close();

  await signUpInContext(context, newAccount('a11y-artists'));
  await becomeVerifiedFan(page);

  await page.goto('/artists');
  await expect(page.getByRole('list', { name: 'All Artists' })).toBeVisible();
  await expectNoViolations(page, '/artists');
  await page.getByRole('tab', { name: /My Artists/ }).click();
  await expect(page.getByRole('heading', { name: "You haven't added any artists yet" })).toBeVisible();
  await expectNoViolations(page, '/artists?tab=my (empty)');

  await page.goto(`/artist/${artist.id}`);
  await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
  await expectNoViolations(page, '/artist/{id}');
  await page.getByRole('button', { name: /^Vote/ }).click();
  await expect(page.getByRole('button', { name: /^Vote/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Vote/ }).click();
  await expect(page.getByRole('dialog', { name: 'Remove your vote?' })).toBeVisible();
  await expectNoViolations(page, 'the remove-vote dialog');
  await page.getByRole('button', { name: 'Keep My Vote' }).click();

  await page.goto('/artist/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Artist Not Found' })).toBeVisible();
  await expectNoViolations(page, 'Artist Not Found');

  await page.goto('/favorites');
  await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  await expectNoViolations(page, '/favorites');

  await page.goto('/add-artist');
  await expect(page.getByRole('heading', { level: 1, name: 'Add an Amazing Artist!' })).toBeVisible();
  await expectNoViolations(page, '/add-artist');
  await field(page, 'Artist Name').fill(artist.name);
  await field(page, 'Spotify').fill('https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC');
  await field(page, 'Bandcamp').focus();
  await expect(page.getByText(/This is a Spotify album link/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Is this them?', description: artist.name })).toBeVisible();
  await expectNoViolations(page, '/add-artist with similar artists and a link error');
  await page.getByRole('button', { name: 'Is this them?', description: artist.name }).click();
  await expect(page.getByRole('dialog', { name: 'Is this the same artist?' })).toBeVisible();
  await expectNoViolations(page, "the 'Is this the same artist?' dialog");
});

test('venue screens have no WCAG 2.1 AA violations', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signUpInContext(context, newAccount('a11y-venues'));
  await becomeVerifiedFan(page);
  const venue = await addVenueViaApi(context, { name: `Harbor Hall ${Math.random().toString(36).slice(2, 8)}` });

  await page.goto('/venues');
  await expect(page.getByRole('list', { name: 'All Venues' })).toBeVisible();
  await expectNoViolations(page, '/venues');
  await page.getByRole('tab', { name: /Favorites/ }).click();
  await expect(page.getByRole('heading', { name: 'No favorite venues yet' })).toBeVisible();
  await expectNoViolations(page, '/venues?tab=favorites (empty)');

  await page.goto(`/venue/${venue.id}`);
  await expect(page.getByRole('heading', { level: 1, name: venue.name })).toBeVisible();
  await expectNoViolations(page, '/venue/{id}');

  await page.goto('/venue/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Venue Not Found' })).toBeVisible();
  await expectNoViolations(page, 'Venue Not Found');

  await page.goto('/add-venue');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a Music Venue' })).toBeVisible();
  await expectNoViolations(page, '/add-venue');
  await page.getByRole('button', { name: /Add Venue/ }).click();
  await expect(page.getByText('Venue name is required')).toBeVisible();
  await expectNoViolations(page, '/add-venue with field errors');
  await field(page, 'Venue Name').fill(venue.name);
  await expect(page.getByRole('button', { name: 'Load this venue', description: venue.name })).toBeVisible();
  await expectNoViolations(page, '/add-venue with similar venues');
  await page.getByRole('button', { name: 'Load this venue', description: venue.name }).click();
  await expect(page.getByRole('dialog', { name: 'Load Your Venue' })).toBeVisible();
  await expectNoViolations(page, "the 'Load Your Venue' dialog");
});
