import { expect, test, type Page } from '@playwright/test';
import { newAccount, screenshot, signUpInContext } from './support/accounts';

/** A paid founding fan with Payola (payment arrives in a later release, so the auth check is stubbed). */
const paidFan = {
  id: '00000000-0000-4000-8000-000000000042',
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan.lee@example.com',
  profileImageUrl: null,
  role: 'fan',
  payolaBalance: 1250,
  foundingFanNumber: 42,
  paymentCompleted: true,
  verified: true,
  kycCompleted: true,
  veriffStatus: 'approved',
  username: null,
  phone: null,
  genres: [],
  privacySettings: Object.fromEntries(
    ['profilePublic', 'chartsPublic', 'playlistsPublic', 'recordBinPublic', 'commentsPublic', 'videoCommentsPublic']
      .concat(['videosPublic', 'livestreamsPublic', 'addedArtistsPublic', 'upvotesPublic', 'artistsContact'])
      .map((key) => [key, key === 'profilePublic']),
  ),
  notificationSettings: Object.fromEntries(
    ['profile', 'charts', 'playlists', 'recordBin', 'comments', 'videoComments', 'videos', 'livestreams']
      .concat(['addedArtists', 'upvotes', 'artistsContact'])
      .map((key) => [`${key}Notifications`, key === 'profile']),
  ),
};

async function signInAsPaidFan(page: Page) {
  await page.route('**/api/auth/check', (route) => route.fulfill({ json: { authenticated: true, user: paidFan } }));
}

test.describe('desktop navigation', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'desktop navigation');
  });

  test('links, active state, Payola badge and the user menu', async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsPaidFan(page);
    await page.goto('/');
    // Home routing: a verified, paid fan lands on /artists.
    await expect(page).toHaveURL(/\/artists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Artists' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Venues' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: /^Payola(?! home)/ })).toContainText('1,250');

    await nav.getByRole('button', { name: /Jordan.*account menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Jordan Lee')).toBeVisible();
    await expect(menu.getByText('jordan.lee@example.com')).toBeVisible();
    await expect(menu.getByText('Fan #42')).toBeVisible();
    await expect(menu.getByText('Founding Fan')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Payola Balance: 1,250' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
    await screenshot(page, testInfo, 'nav-user-menu', false);

    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await nav.getByRole('link', { name: /^Payola(?! home)/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Payola' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Payola(?! home)/ })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('phone navigation', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone navigation');
  });

  test('the hamburger opens the menu and logs out', async ({ page, context }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const account = newAccount('phone');
    await signUpInContext(context, account);
    // Home routing: signed in but unpaid goes to verification.
    await page.goto('/');
    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification & Membership' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    const hamburger = nav.getByRole('button', { name: 'Menu' });
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Artists' })).toBeHidden();
    await hamburger.click();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');

    const menu = page.locator('#mobile-menu');
    for (const name of ['Artists', 'Venues', 'Payola']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Profile & Settings' })).toHaveAttribute('href', '/profile');
    await expect(menu.getByText(account.email)).toBeVisible();
    // A fan before payment has no founding fan number yet: no made-up 'Fan #1'.
    await expect(menu.getByText('Founding Fan')).toBeVisible();
    await expect(menu.getByText(/Fan #/)).toHaveCount(0);
    await screenshot(page, testInfo, 'nav-mobile-menu', false);

    await page.keyboard.press('Escape');
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await hamburger.click();
    await menu.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Get Waitlisted' })).toBeVisible();
  });

  test('the Payola badge shows in the phone header', async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsPaidFan(page);
    await page.goto('/venues');
    await expect(page.getByRole('heading', { level: 1, name: 'Venues' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('1,250 PYL')).toBeVisible();
    await nav.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: /^Venues/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screenshot(page, testInfo, 'nav-mobile-menu-paid-fan', false);
  });
});
