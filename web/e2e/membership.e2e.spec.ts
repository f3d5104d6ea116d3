import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { field, newAccount, PASSWORD, signUpInContext, toastRegion, uniqueEmail } from './support/accounts';
import { noSideScroll, shoot as shootPage } from './support/pages';

/** A screenshot of the whole page, which must not scroll sideways (toasts closed first: they would cover it). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await noSideScroll(page, name);
  await shootPage(page, testInfo, name);
}

// Membership: the verification payment (built-in test mode), the identity check (test mode), the
// success page and the first profile. Flows run on desktop; the phone project checks the layouts.

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

async function payWithTestCard(page: Page, cardNumber: string, amount: string) {
  await field(page, 'Card number').fill(cardNumber);
  await field(page, 'Expiry date').fill('12 / 34');
  await field(page, 'CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** The signed-in user as the server sees it (the page's cookies). */
async function authCheck(page: Page) {
  const response = await page.request.get('/api/auth/check');
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    user: { foundingFanNumber: number | null; payolaBalance: number; verified: boolean; role: string };
  };
}

function totalDueToday(page: Page) {
  return page.locator('dl').filter({ hasText: 'Total due today' });
}

test.describe('membership flows', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow tests run on desktop only');
  });

  test('a new fan pays, verifies their identity and sees their real founding fan number', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('founding-fan');

    // Role selection -> create account -> /verification.
    await page.goto('/role-selection');
    await page.getByRole('button', { name: 'Verify & Continue as Fan' }).click();
    await field(page, 'First Name').fill('Robin');
    await field(page, 'Last Name').fill('Rivera');
    await field(page, 'Email').fill(email);
    await field(page, 'Confirm Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Confirm Password').fill(PASSWORD);
    await field(page, 'Zip Code').fill('94110');
    await page.getByRole('button', { name: 'Create Account & Continue' }).click();

    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification & Membership' })).toBeVisible();
    await expect(totalDueToday(page)).toContainText('$15.00');
    await expect(page.getByText('$10.00', { exact: true })).toBeVisible();
    await expect(page.getByText('$5.00/month', { exact: true })).toBeVisible();
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(page.getByText(SUCCEEDS).first()).toBeVisible();
    await expect(page.getByText(DECLINED).first()).toBeVisible();
    await shoot(page, testInfo, 'verification');

    await payWithTestCard(page, SUCCEEDS, '$15.00');
    await expect(toastRegion(page).getByText('Payment Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/kyc-launch$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Founding Fan!' })).toBeVisible();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Identity check (test mode)' })).toBeVisible();
    await shoot(page, testInfo, 'kyc-launch');

    // Paid but not yet verified: home routing sends the fan back to the identity check.
    await page.goto('/');
    await expect(page).toHaveURL(/\/kyc-launch$/);

    // Coming back from a card provider's redirect (as with Stripe): confirmed, then the same toast.
    await page.goto('/kyc-launch?payment_intent=pi_returning&redirect_status=succeeded');
    await expect(toastRegion(page).getByText('Payment Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/kyc-launch$/);

    await page.getByRole('button', { name: 'Approve identity' }).click();
    await expect(page).toHaveURL(/\/verification-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete!' })).toBeVisible();

    // The number shown is the fan's real one, from the auth check.
    const { user } = await authCheck(page);
    expect(user.verified).toBe(true);
    expect(user.foundingFanNumber).toEqual(expect.any(Number));
    const fanNumber = user.foundingFanNumber!;
    await expect(page.getByRole('heading', { name: `You're Fan #${fanNumber}!` })).toBeVisible();
    await expect(page.getByText('+1,000 Payola')).toBeVisible();
    // The welcome bonus reaches the nav bar's Payola badge.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /^Payola(?! home)/ })).toContainText('1,000', { timeout: 20_000 });
    await shoot(page, testInfo, 'verification-success');

    await page.getByRole('link', { name: 'Enter Your Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Robin Rivera' })).toBeVisible();
    const badges = main.getByRole('list', { name: 'Badges' });
    await expect(badges.getByText(`Fan #${fanNumber}`, { exact: true })).toBeVisible();
    await expect(badges.getByText('Founding Fan', { exact: true })).toBeVisible();
    await expect(badges.getByText('Verified', { exact: true })).toBeVisible();
    await expect(badges.getByText('1,000 PYL')).toBeVisible();
    await shoot(page, testInfo, 'profile');

    // Manage Payment Methods opens the provider's portal (the test mode's stand-in) in a new tab.
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Manage Payment Methods' }).click();
    const portal = await popup;
    await expect(portal).toHaveURL(/\/api\/test-payments\/portal$/);
    await expect(portal.getByText(/ending in 4242/)).toBeVisible();
    await portal.close();

    // A paid, verified fan's home is /artists; the membership pages move them on.
    await page.goto('/');
    await expect(page).toHaveURL(/\/artists$/);
    await page.goto('/verification');
    await expect(page).toHaveURL(/\/verification-success$/);
  });

  test('a declined card shows Payment Failed and stays on /verification', async ({ page, context }, testInfo) => {
    await signUpInContext(context, newAccount('declined'));
    await page.goto('/verification');
    await expect(page.getByRole('heading', { level: 1, name: 'Verification & Membership' })).toBeVisible();

    await payWithTestCard(page, DECLINED, '$15.00');
    const toast = toastRegion(page);
    await expect(toast.getByText('Payment Failed')).toBeVisible();
    await expect(toast.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(page).toHaveURL(/\/verification$/);
    await shoot(page, testInfo, 'verification-declined');

    // A bad expiry date is reported under its field, in the provider's words.
    await field(page, 'Card number').fill(SUCCEEDS);
    await field(page, 'Expiry date').fill('01 / 20');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await expect(toast.getByText("Your card's expiration date is invalid.")).toBeVisible();
    await expect(field(page, 'Expiry date')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/verification$/);
    expect((await authCheck(page)).user).toMatchObject({ verified: false });
  });

  test('an artist pays $10.00, is declined once, retries, and is welcomed as an artist', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(60_000);
    await signUpInContext(context, newAccount('artist', { role: 'artist', firstName: 'Nova' }));
    await page.goto('/verification');
    await expect(totalDueToday(page)).toContainText('$10.00');
    await expect(page.getByText('$5.00/month', { exact: true })).toHaveCount(0);

    await payWithTestCard(page, SUCCEEDS, '$10.00');
    await expect(page).toHaveURL(/\/kyc-launch$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Founding Fan!' })).toBeVisible();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();

    await page.getByRole('button', { name: 'Decline identity' }).click();
    await expect(page.getByRole('heading', { name: 'Verification Declined' })).toBeVisible();
    await shoot(page, testInfo, 'kyc-declined');
    expect((await authCheck(page)).user).toMatchObject({ verified: false });
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('button', { name: 'Approve identity' }).click();

    await expect(page).toHaveURL(/\/verification-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Artist!' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Founding Fan')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Enter Your Profile' })).toHaveAttribute('href', '/profile');
    await shoot(page, testInfo, 'verification-success-artist');

    // Home routing: an approved artist's home is their profile, without a fan number.
    await page.goto('/');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Badges' }).getByText('Verified')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Badges' }).getByText(/Fan #/)).toHaveCount(0);
  });

  test('the membership pages send people to the step they are missing', async ({ page, context }, testInfo) => {
    test.setTimeout(90_000);
    // Signed out: /verification goes back to role selection, then account creation, then asks to log in.
    await page.goto('/verification');
    await expect(page).toHaveURL(/\/role-selection$/);
    await page.evaluate(() => localStorage.setItem('selectedRole', 'fan'));
    await page.goto('/verification');
    await expect(page).toHaveURL(/\/create-account$/);
    await page.evaluate(() => localStorage.setItem('userId', 'someone'));
    await page.goto('/verification');
    await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible();

    await page.goto('/kyc-launch');
    await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toHaveAttribute('href', '/login');
    await page.goto('/verification-success');
    await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible();

    // Signed in, unpaid: the identity check asks for the payment first.
    await signUpInContext(context, newAccount('unpaid'));
    // Back from a redirect the card provider failed: 'Payment Failed', and the way back to paying.
    await page.goto('/kyc-launch?payment_intent=pi_failed&redirect_status=failed');
    await expect(page.getByText('Processing your payment...').first()).toBeVisible();
    await expect(toastRegion(page).getByText('Payment Failed')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Required' })).toBeVisible();
    await expect(page).toHaveURL(/\/kyc-launch$/);
    await page.goto('/kyc-launch');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete Payment' })).toHaveAttribute('href', '/verification');
    await shoot(page, testInfo, 'kyc-payment-required');
    await page.goto('/verification-success');
    await expect(page).toHaveURL(/\/kyc-launch$/);

    // The checkout cannot be opened: a way to try again.
    await page.route('**/api/create-payment-intent', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/verification');
    await expect(page.getByText('Failed to initialize payment. Please try again.')).toBeVisible();
    await shoot(page, testInfo, 'verification-init-failed');
    await page.unroute('**/api/create-payment-intent');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Pay $15.00' })).toBeVisible();
  });
});

test.describe('membership screens', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'desktop screenshots come from the flow test');
  });

  test('fit a 360 px phone', async ({ page, context }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpInContext(context, newAccount('phone-fan', { firstName: 'Kai', lastName: 'Okafor' }));

    await page.goto('/verification');
    await expect(page.getByRole('button', { name: 'Pay $15.00' })).toBeVisible();
    await shoot(page, testInfo, 'verification');

    await payWithTestCard(page, SUCCEEDS, '$15.00');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Founding Fan!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve identity' })).toBeVisible();
    await shoot(page, testInfo, 'kyc-launch');

    await page.getByRole('button', { name: 'Approve identity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete!' })).toBeVisible();
    const { user } = await authCheck(page);
    await expect(page.getByRole('heading', { name: `You're Fan #${user.foundingFanNumber}!` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('1,000 PYL')).toBeVisible({
      timeout: 20_000,
    });
    await shoot(page, testInfo, 'verification-success');

    await page.getByRole('link', { name: 'Enter Your Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Badges' }).getByText('1,000 PYL')).toBeVisible();
    await shoot(page, testInfo, 'profile');
  });
});
