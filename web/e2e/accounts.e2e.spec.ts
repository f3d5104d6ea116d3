import { expect, test, type Page } from '@playwright/test';
import { createAccountViaApi, field, newAccount, PASSWORD, toastRegion, uniqueEmail } from './support/accounts';

// Account flows run once, on the desktop project; the phone project covers the mobile menu and layouts.
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'flow tests run on desktop only');
});

async function logIn(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Opens the newest email for `email` in the local inbox, waiting for the worker to deliver it. */
async function openNewestEmail(page: Page, email: string) {
  const item = page
    .getByRole('listitem')
    .filter({ hasText: `to ${email}` })
    .first();
  await expect(async () => {
    await page.goto('/api/dev/inbox');
    await expect(item).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await item.getByRole('link').click();
}

test('a new fan signs up, logs out, logs in, and resets the password', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('journey');
  const newPassword = 'Backstage-Pass-9';

  // Role selection -> create account.
  await page.goto('/role-selection');
  await page.getByRole('button', { name: 'Verify & Continue as Fan' }).click();
  await expect(page).toHaveURL(/\/create-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
  await expect(page.getByText('Signing up as')).toBeVisible();
  for (const step of ['Create account', 'Complete payment', 'Identity verification (KYC)', 'Access your profile']) {
    await expect(page.getByRole('list', { name: 'Sign-up steps' }).getByText(step, { exact: true })).toBeVisible();
  }

  await field(page, 'First Name').fill('Robin');
  await field(page, 'Last Name').fill('Rivera');
  await field(page, 'Email').fill(email);
  await field(page, 'Confirm Email').fill(email);
  await page.getByRole('button', { name: 'Generate password' }).click();
  const generated = await field(page, 'Password').inputValue();
  expect(generated).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
  await expect(field(page, 'Confirm Password')).toHaveValue(generated);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
  await field(page, 'Zip Code').fill('94110');
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();

  await expect(toastRegion(page).getByText('Account Created & Logged In')).toBeVisible();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification & Membership' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('selectedRole'), localStorage.getItem('userEmail')])).toEqual([
    'fan',
    email,
  ]);

  // Log out through the user menu.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Get Waitlisted' })).toBeVisible();

  // Log in: unpaid, so to /verification; the guarded app sends unpaid members there too.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, PASSWORD);
  await expect(toastRegion(page).getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/verification$/);
  await page.goto('/artists');
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification & Membership' })).toBeVisible();

  // Forgot password -> email -> reset -> sign in with the new password.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the page does (the router loads the page's code first): the login page and
  // its own Email field can still be showing.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeVisible();
  await field(page, 'Email').fill(email);
  // The api's answer first: a failure then says whether the request was refused, or never sent.
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/forgot-password') && response.request().method() === 'POST',
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  expect((await answered).status(), 'POST /api/forgot-password').toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await expect(toastRegion(page).getByText('Reset link sent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

  await openNewestEmail(page, email);
  await page.getByRole('link', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await field(page, 'New Password').fill(newPassword);
  await field(page, 'Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password Reset Complete' })).toBeVisible();
  await expect(toastRegion(page).getByText('Password reset successful')).toBeVisible();

  await page.getByRole('link', { name: 'Sign In Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, newPassword);
  await expect(toastRegion(page).getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/verification$/);
});

test('create account validates with the spec messages and reports a taken email', async ({ page, request }) => {
  // Without a chosen role, account creation starts at role selection.
  await page.goto('/create-account');
  await expect(page).toHaveURL(/\/role-selection$/);

  await page.getByRole('button', { name: 'Verify & Continue as Artist' }).click();
  await expect(page).toHaveURL(/\/create-account$/);

  await field(page, 'Email').fill('first@example.com');
  await field(page, 'Confirm Email').fill('second@example.com');
  await field(page, 'Confirm Email').blur();
  await expect(page.getByText('Email addresses must match')).toBeVisible();
  await field(page, 'Password').fill('short');
  await field(page, 'Password').blur();
  await expect(page.getByText('Password must be at least 8 characters').first()).toBeVisible();
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(field(page, 'First Name')).toBeFocused();
  await expect(field(page, 'Confirm Email')).toHaveAttribute('aria-invalid', 'true');

  // An email that already has an account: the server's own words in an 'Error' toast.
  const taken = newAccount('taken', { role: 'artist' });
  await createAccountViaApi(request, async () => (await request.storageState()).cookies, taken);

  await field(page, 'First Name').fill('Sam');
  await field(page, 'Last Name').fill('Stone');
  await field(page, 'Email').fill(taken.email);
  await field(page, 'Confirm Email').fill(taken.email);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
  await field(page, 'Zip Code').fill('10001');
  await expect(page.getByText('Email addresses must match')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();

  const toast = toastRegion(page);
  await expect(toast.getByText('Error', { exact: true })).toBeVisible();
  await expect(
    toast.getByText('An account with this email already exists. Log in instead, or reset your password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/create-account$/);
});

test('when the new session does not stick, sign-up says so and offers the login page', async ({ page }) => {
  const account = newAccount('cookieless');
  await page.goto('/role-selection');
  await page.getByRole('button', { name: 'Verify & Continue as Fan' }).click();
  await field(page, 'First Name').fill(account.firstName);
  await field(page, 'Last Name').fill(account.lastName);
  await field(page, 'Email').fill(account.email);
  await field(page, 'Confirm Email').fill(account.email);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
  await field(page, 'Zip Code').fill('94110');
  // The account is created, but the session check that follows fails (a cookie the browser dropped).
  await page.route('**/api/auth/check', (route) =>
    route.fulfill({ status: 401, json: { authenticated: false, user: null } }),
  );
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();

  const toast = toastRegion(page);
  await expect(toast.getByText('Account Created but Login Failed')).toBeVisible();
  await expect(toast.getByText('Please try logging in manually.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.unroute('**/api/auth/check');
  // The login's answer first, with its own wait: on a loaded CI machine the login can take longer than
  // a toast check waits (it failed there once with no toast), and a refused login fails here, with its status.
  const loginAnswer = page.waitForResponse((response) => response.url().endsWith('/api/login'), { timeout: 30_000 });
  await logIn(page, account.email, PASSWORD);
  expect((await loginAnswer).status()).toBe(200);
  await expect(toastRegion(page).getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/verification$/);
});

test('a wrong password shows Login Failed', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Password is required')).toBeVisible();

  await logIn(page, uniqueEmail('nobody'), 'not-the-password');
  const toast = toastRegion(page);
  await expect(toast.getByText('Login Failed')).toBeVisible();
  await expect(toast.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Create one here' })).toHaveAttribute('href', '/role-selection');
});

test('forgot and reset password handle missing input and links', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const toast = toastRegion(page);
  await expect(toast.getByText('Email required')).toBeVisible();
  await expect(toast.getByText('Please enter your email address.')).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute('href', '/forgot-password');

  await page.goto('/reset-password?token=not-a-real-token');
  await field(page, 'New Password').fill('short');
  await field(page, 'Confirm New Password').fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password too short')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await field(page, 'New Password').fill('Long-enough-1');
  await field(page, 'Confirm New Password').fill('Long-enough-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast.getByText('Invalid reset link')).toBeVisible();
  await expect(toast.getByText('This reset link is invalid or has expired.')).toBeVisible();
});
