import { expect, test } from '@playwright/test';
import { field, screenshot } from './support/accounts';

test.describe('account screens', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('fit a 360 px phone and look right', async ({ page }, testInfo) => {
    // Seven full-page screenshots; the first test of a run also meets a cold server.
    test.setTimeout(90_000);
    if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
    const pages = [
      { path: '/role-selection', heading: 'Choose Your Role', name: 'role-selection' },
      { path: '/login', heading: 'Log In', name: 'login' },
      { path: '/forgot-password', heading: 'Forgot Your Password?', name: 'forgot-password' },
      { path: '/reset-password?token=example', heading: 'Set a New Password', name: 'reset-password' },
      { path: '/artists', heading: 'Login Required', name: 'login-required' },
    ];
    for (const { path, heading, name } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, name);
    }

    await page.goto('/role-selection');
    await page.getByRole('button', { name: 'Verify & Continue as Fan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, '/create-account scrolls sideways').toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'create-account');

    // With field errors showing. The click goes straight from a field to the button: the blur's
    // error must not move the button away from under the pointer.
    await field(page, 'Email').fill('fan@example.com');
    await field(page, 'Confirm Email').fill('fan@example.org');
    await page.getByRole('button', { name: 'Create Account & Continue' }).click();
    await expect(page.getByText('Email addresses must match')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid zip code')).toBeVisible();
    await screenshot(page, testInfo, 'create-account-errors');
  });
});
