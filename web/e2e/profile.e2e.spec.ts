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

test('the genre suggestions never cover Save Genres: it stays visible and clickable while they show', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpInContext(context, newAccount('profile-genres'));
  await becomeVerifiedFan(page);
  await page.goto('/profile');
  // The last slot sits right above the button: its list used to float over it (issue 25).
  const third = page.getByRole('combobox', { name: 'Genre 3' });
  await third.scrollIntoViewIfNeeded();
  await third.focus();
  const suggestions = page.getByRole('listbox', { name: 'Genre 3 suggestions' });
  await expect(suggestions).toBeVisible();
  await suggestions.getByRole('option', { name: 'Jazz', exact: true }).click();
  await expect(third).toHaveValue('Jazz');
  await page.getByRole('button', { name: 'Show genres for Genre 3' }).click();
  await expect(suggestions).toBeVisible();

  const save = page.getByRole('button', { name: 'Save Genres' });
  await save.scrollIntoViewIfNeeded();
  await expect(suggestions).toBeVisible();
  await expect(save).toBeInViewport();
  const [saveBox, listBox] = [(await save.boundingBox())!, (await suggestions.boundingBox())!];
  expect(saveBox.y, 'Save Genres is below the open suggestions, not under them').toBeGreaterThanOrEqual(
    listBox.y + listBox.height,
  );
  // What a tap at the button's centre reaches is the button itself.
  const hit = await save.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && button.contains(top);
  });
  expect(hit, 'something covers Save Genres').toBe(true);
  // The genres with the list open, as the member sees them (a page screenshot would scroll to the top).
  const shot = testInfo.outputPath(`profile-genre-suggestions-${testInfo.project.name}.png`);
  await page.getByRole('group', { name: /Favorite genres/ }).screenshot({ path: shot });
  await testInfo.attach('profile-genre-suggestions', { path: shot, contentType: 'image/png' });
  await save.click();
  await expect(toastRegion(page).getByText('Profile updated successfully!')).toBeVisible();
  // Saved (empty slots are dropped, so it is now the first).
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Genre 1' })).toHaveValue('Jazz');
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
