import { expect, test } from '@playwright/test';
import { addArtistViaApi, becomeVerifiedFan, field, newAccount, signUpInContext } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { noSideScroll, nothingCutOff, shoot, uniqueName } from './support/pages';

// My Profile's "Delete account": a titled dialog says what is lost and asks for the password again; the
// account is erased (crypto-shredding), the browser is signed out, the address cannot sign in, and the
// artist the member added says "Added By: Deleted member" to everyone else.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a member deletes their account: signed out, cannot sign in, their artist says "Deleted member"', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const account = newAccount('erasure', { firstName: 'Erin', lastName: 'Erasable' });
  await signUpInContext(context, account);
  await becomeVerifiedFan(page);
  const artist = await addArtistViaApi(context, { name: uniqueName('Shredded Strings') });

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section.getByRole('heading', { level: 2, name: 'Delete account' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await noSideScroll(page, 'My Profile');
  await nothingCutOff(page, 'My Profile');
  await section.screenshot({ path: testInfo.outputPath('delete-account-section.png') });

  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('There is no undo');
  await expect(dialog).toContainText('Your Payola balance');
  await expect(dialog).toContainText('Download my data');
  await expectNoViolations(page, 'the delete account dialog');
  await shoot(page, testInfo, 'delete-account-dialog', false);

  // Nothing typed, then the wrong password: refused with a clear message, nothing deleted.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password to delete your account')).toBeVisible();
  await dialog.getByLabel(/^Password\*?$/).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not correct. Your account was not deleted.')).toBeVisible();
  await expectNoViolations(page, 'the delete account dialog with an error');

  await dialog.getByLabel(/^Password\*?$/).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toHaveCount(0);
  expect((await page.request.get('/api/auth/check')).status()).toBe(401);

  // The address and password no longer sign in.
  await page.goto('/login');
  await field(page, 'Email').fill(account.email);
  await field(page, 'Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Another fan sees the artist the deleted member added, "Added By: Deleted member".
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.emulateMedia({ reducedMotion: 'reduce' });
  await signUpInContext(otherContext, newAccount('erasure-other'));
  await becomeVerifiedFan(other);
  await expect(async () => {
    await other.goto(`/artist/${artist.id}`);
    await expect(other.getByRole('heading', { name: 'Added By' }).locator('..')).toContainText('Deleted member', {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(other.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
  await shoot(other, testInfo, 'artist-added-by-deleted-member', false);
  await otherContext.close();
});
