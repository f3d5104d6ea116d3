import { expect, test } from '@playwright/test';
import { becomeVerifiedFan, field, newAccount, signUpInContext, toastRegion } from './support/accounts';
import { dismissToast, nothingCutOff, noSideScroll, shoot } from './support/pages';

// My Profile: the four cards; a username with the availability messages; genres from the dropdown;
// account details; visibility and notification toggles kept after a reload; the phone layout.

/** A real 2x2 PNG: the api checks its first bytes and re-encodes it. */
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a fan sets a username, genres, details and settings, and finds them kept after a reload', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the flow runs on desktop; the phone project checks the layout');
  test.setTimeout(150_000);
  const name = `fan_${Math.random().toString(36).slice(2, 10)}`;

  // Someone else holds a name first.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await signUpInContext(other, newAccount('profile-other'));
  const otherPage = await other.newPage();
  await becomeVerifiedFan(otherPage);
  await otherPage.goto('/profile');
  await field(otherPage, 'Username').fill(`${name}_taken`);
  await otherPage.getByRole('button', { name: 'Save Username' }).click();
  await expect(toastRegion(otherPage).getByText('Username updated successfully!')).toBeVisible();
  await other.close();

  await signUpInContext(context, newAccount('profile-fan'));
  await becomeVerifiedFan(page);
  // Every save sends only the profile's own keys (the api answers any other with a 400).
  const patchedKeys = new Set<string>();
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/users/')) {
      for (const key of Object.keys(request.postDataJSON() as object)) patchedKeys.add(key);
    }
  });
  await page.goto('/profile');
  for (const title of ['My Details', 'Account Settings', 'Visibility + Sharing Settings', 'Notification Settings']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByText('Square image, at least 400x400 pixels, JPG or PNG, max 5MB.')).toBeVisible();

  // A photo: uploaded, checked by the api, and at once the nav bar's avatar.
  await page.getByLabel(/Profile photo/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_2X2 });
  await expect(toastRegion(page).getByText('Profile picture updated!')).toBeVisible({ timeout: 20_000 });
  await dismissToast(page);
  const navAvatar = page.getByRole('navigation', { name: 'Main' }).locator('img');
  await expect(navAvatar).toHaveAttribute('src', /\/api\/media\/[0-9a-f-]{36}$/);
  await expect.poll(() => navAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Username: cleaned as typed, checked after a pause.
  const username = field(page, 'Username');
  await username.fill(`${name}_TAKEN!`);
  await expect(username).toHaveValue(`${name}_taken`);
  await expect(page.getByText('Username is already taken')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Username' })).toBeDisabled();
  await username.fill(`${name}`);
  await expect(page.getByText('Username is available!')).toBeVisible();
  await page.getByRole('button', { name: 'Save Username' }).click();
  await expect(toastRegion(page).getByText('Username updated successfully!')).toBeVisible();
  await dismissToast(page);
  await expect(page.getByRole('button', { name: 'Save Username' })).toBeHidden();

  // Genres: the dropdown opens on focus, filters by substring, and a custom genre is kept.
  const first = page.getByRole('combobox', { name: 'Genre 1' });
  await first.focus();
  await expect(page.getByRole('listbox', { name: 'Genre 1 suggestions' })).toBeVisible();
  await first.fill('tech');
  await page.getByRole('option', { name: 'Techno' }).click();
  await expect(first).toHaveValue('Techno');
  await expect(page.getByRole('listbox', { name: 'Genre 1 suggestions' })).toBeHidden();
  const second = page.getByRole('combobox', { name: 'Genre 2' });
  await second.fill('Zydeco');
  await expect(page.getByText(/will be saved as a custom genre/)).toBeVisible();
  await page.getByRole('heading', { name: 'My Details' }).click();
  await expect(page.getByRole('listbox', { name: 'Genre 2 suggestions' })).toBeHidden();
  await page.getByRole('button', { name: 'Save Genres' }).click();
  await expect(toastRegion(page).getByText('Profile updated successfully!')).toBeVisible();
  await dismissToast(page);

  // Account details.
  await field(page, 'First Name').fill('Robin');
  await field(page, 'Phone').fill('+1 512 555 0100');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastRegion(page).getByText('Profile updated successfully!')).toBeVisible();
  await dismissToast(page);

  // Settings: one of each card, with the spec's defaults before.
  const publicProfile = page.getByRole('switch', { name: 'Public profile' });
  await expect(publicProfile).toBeChecked();
  await page.getByRole('switch', { name: 'Show my upvotes' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).first().click();
  await expect(toastRegion(page).getByText('Profile updated successfully!')).toBeVisible();
  await dismissToast(page);
  await expect(page.getByRole('switch', { name: 'Profile activity' })).toBeChecked();
  await page.getByRole('switch', { name: 'Profile activity' }).uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).last().click();
  await expect(toastRegion(page).getByText('Profile updated successfully!')).toBeVisible();
  await dismissToast(page);
  await shoot(page, testInfo, 'profile');

  await page.reload();
  await expect(field(page, 'Username')).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Genre 1' })).toHaveValue('Techno');
  await expect(page.getByRole('combobox', { name: 'Genre 2' })).toHaveValue('Zydeco');
  await expect(field(page, 'First Name')).toHaveValue('Robin');
  await expect(field(page, 'Phone')).toHaveValue('+1 512 555 0100');
  await expect(page.getByRole('switch', { name: 'Show my upvotes' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Profile activity' })).not.toBeChecked();
  // The nav bar shows the new first name.
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Robin');
  expect(patchedKeys.size).toBeGreaterThan(0);
  expect([
    'firstName',
    'lastName',
    'phone',
    'genres',
    'privacySettings',
    'notificationSettings',
    'username',
    'profileImageUrl',
  ]).toEqual(expect.arrayContaining([...patchedKeys]));
});

test('My Profile fits a 360 px wide phone', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'layout at phone width');
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpInContext(context, newAccount('profile-phone'));
  await becomeVerifiedFan(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Notification Settings' })).toBeVisible();
  await noSideScroll(page, '/profile');
  await nothingCutOff(page, '/profile');
  await shoot(page, testInfo, 'profile');
});
