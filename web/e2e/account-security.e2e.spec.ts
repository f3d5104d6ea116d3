import { expect, test, type Page } from '@playwright/test';
import {
  becomeVerifiedFan,
  field,
  newAccount,
  PASSWORD,
  signUpInContext,
  toastRegion,
  uniqueEmail,
} from './support/accounts';
import { dismissToast } from './support/pages';
import { expectNoViolations } from './support/accessibility';

// Issue 21: on My Profile, a new email needs the current password and takes effect from the link sent
// to it (the old address is told); Change Password needs the current one and signs other devices out.

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'flow tests run on desktop only');
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Opens the newest email with this subject for `email` in the local inbox, waiting for the worker. */
async function openEmail(page: Page, email: string, subject: string) {
  const item = page
    .getByRole('listitem')
    .filter({ hasText: `to ${email}` })
    .filter({ hasText: subject })
    .first();
  await expect(async () => {
    await page.goto('/api/dev/inbox');
    await expect(item).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await item.getByRole('link').click();
}

test('a new email asks for the password, waits for the link from the new inbox, and tells the old one', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const account = newAccount('email-change');
  const target = uniqueEmail('email-new');
  await signUpInContext(context, account);
  await becomeVerifiedFan(page);

  // Only the profile's own keys are ever sent to PATCH /api/users/{id}.
  const patched: string[][] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/users/')) {
      patched.push(Object.keys(request.postDataJSON() as object));
    }
  });

  await page.goto('/profile');
  const email = field(page, 'Email');
  await expect(email).toHaveValue(account.email);
  await email.fill(target);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter your current password')).toBeVisible();
  await expectNoViolations(page, 'the email change asking for the password');

  await field(page, 'Current Password').fill('not my password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your current password is not correct.').first()).toBeVisible();
  await dismissToast(page);

  await field(page, 'Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastRegion(page).getByText('Check your new inbox to confirm')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: target })).toBeVisible();
  // Nothing moved yet.
  await expect(email).toHaveValue(account.email);
  await expect(field(page, 'Current Password')).toBeHidden();
  await expectNoViolations(page, 'the email change waiting for its link');
  expect(patched.length).toBeGreaterThan(0);
  for (const keys of patched) expect(['firstName', 'lastName', 'phone']).toEqual(expect.arrayContaining(keys));

  await openEmail(page, account.email, 'Your Payola email address is being changed');
  await expect(page.getByText(target).first()).toBeVisible();

  await openEmail(page, target, 'Confirm your new Payola email address');
  await page.getByRole('link', { name: 'Confirm email address' }).click();
  await expect(page).toHaveURL(/\/confirm-email\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
  await expect(page.getByText(`Your Payola email address is now ${target}.`)).toBeVisible();
  await expectNoViolations(page, '/confirm-email');
  await page.getByRole('link', { name: 'Go to My Profile' }).click();
  await expect(field(page, 'Email')).toHaveValue(target);

  await openEmail(page, account.email, 'Your Payola email address was changed');
  // The link works once.
  await openEmail(page, target, 'Confirm your new Payola email address');
  await page.getByRole('link', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Confirmation Link' })).toBeVisible();
  await expectNoViolations(page, '/confirm-email with a used link');
});

test('Change Password needs the current one and signs the other devices out', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = newAccount('password-change');
  const newPassword = 'Second-Encore-27';
  await signUpInContext(context, account);
  await becomeVerifiedFan(page);

  const phone = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const phonePage = await phone.newPage();
  await phonePage.goto('/login');
  await field(phonePage, 'Email').fill(account.email);
  await field(phonePage, 'Password').fill(PASSWORD);
  await phonePage.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(toastRegion(phonePage).getByText('Login Successful')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await expect(form.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  await field(page, 'Current Password').fill('not my password');
  await field(page, 'New Password').fill('short');
  await field(page, 'Confirm New Password').fill('short');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  await expectNoViolations(page, 'the change-password form with its errors');

  await field(page, 'New Password').fill(newPassword);
  await field(page, 'Confirm New Password').fill(newPassword);
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();
  await dismissToast(page);

  await field(page, 'Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(toastRegion(page).getByText('Password changed')).toBeVisible();
  await expect(form).toBeHidden();

  // This browser is still signed in; the other one is not.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const check = await phone.request.get('/api/auth/check');
  expect(check.status()).toBe(401);
  await phone.close();

  await openEmail(page, account.email, 'Your Payola password was changed');
});
