import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('shows the hero and the way in', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Waitlisted' }),
    ).toHaveAttribute('href', '/waitlist');
  });

  test('Start Verification leads to role selection', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('link', { name: 'Start Verification' }).click();

    await expect(page).toHaveURL(/\/role-selection$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Role' })).toBeVisible();
  });

  test('the nav offers Get Verified on the waitlist page', async ({ page }) => {
    await page.goto('/waitlist');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Listener Waitlist' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Get Verified' })).toHaveAttribute('href', '/role-selection');
    await expect(nav.getByRole('link', { name: 'Get Waitlisted' })).toHaveCount(0);
  });

  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');

    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
  });

  test('fits a 360 px wide phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  // Issue #23: index.html carries the landing page, prerendered, so it is painted before the app runs.
  test.describe('before the app runs (JavaScript off)', () => {
    test.use({ javaScriptEnabled: false });

    test('"/" already shows the landing page, and its links work as plain links', async ({ page }) => {
      await page.goto('/');

      await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
      await page.getByRole('link', { name: 'Start Verification' }).click();
      await expect(page).toHaveURL(/\/role-selection$/);
    });
  });

  test('before the app runs, the prerendered page shows on "/" only', async ({ page }) => {
    // The app's scripts never arrive; the gate script (not under /assets) still runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
    await page.goto('/login');
    await expect(page.locator('#landing-shell')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Claim Your Place in the Movement' })).toHaveCount(0);
  });

  test("the app takes the prerendered page's place: one landing page, no shell left", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
    await expect(page.locator('#landing-shell')).toHaveCount(0);
    await expect(page.locator('#root #hero-title')).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
  });

  test('a signed-in visitor is not shown the prerendered landing page on the way home', async ({ page }) => {
    // What the app stores while it sees a signed-in user (web/src/lib/landing-shell.ts).
    await page.addInitScript(() => window.localStorage.setItem('payola.signedIn', '1'));
    await page.route('**/api/auth/check', () => {
      // Held: the app has not yet decided, which is when the prerendered page would show.
    });
    await page.goto('/');
    await expect(page.locator('#landing-shell')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Claim Your Place in the Movement' })).toHaveCount(0);
  });

  test('screenshot', async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);

    const path = testInfo.outputPath(`landing-${testInfo.project.name}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`landing-${testInfo.project.name}`, { path, contentType: 'image/png' });
  });
});
