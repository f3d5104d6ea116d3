import { expect, test } from '@playwright/test';
import { toastRegion } from './support/accounts';

test('an anonymous visit to a guarded page asks to log in', async ({ page }) => {
  await page.goto('/artists');

  await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible();
  await expect(
    page.getByText(
      'This content requires authentication. Complete verification first, then log in to access your account.',
    ),
  ).toBeVisible();
  const toast = toastRegion(page);
  await expect(toast.getByText('Authentication Required')).toBeVisible();
  await expect(toast.getByText('You must be logged in to access this page.')).toBeVisible();

  await page.getByRole('link', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
});

test('every guarded path is guarded, and unknown paths are 404', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'routing is the same on every screen size');
  for (const path of [
    '/venues',
    '/profile',
    '/payola',
    '/favorites',
    '/add-artist',
    '/add-venue',
    '/artist/1',
    '/venue/1',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Login Required' }), path).toBeVisible();
  }

  // Open routes of the route table answer without a login, and are not 404.
  for (const [path, heading] of [
    ['/waitlist', 'Join the Listener Waitlist'],
    ['/contact', 'Contact Us'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  }

  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});
