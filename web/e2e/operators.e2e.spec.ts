import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { field, newAccount, signUpInContext } from './support/accounts';
import { noSideScroll, shoot } from './support/pages';
import { expectNoViolations } from './support/accessibility';
import { grantOperator } from './support/operators';

// The operators console: granted through the ops command (never the web), a TOTP second factor set
// up with a code computed from the key the page shows, then the dashboard; everyone else sees a 404.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an operator sets up the second factor and opens the dashboard', async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const account = newAccount('operator');
  await signUpInContext(context, account);
  await grantOperator(account.email);

  await page.goto('/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your second factor' })).toBeVisible();
  await expectNoViolations(page, 'second factor intro');
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await noSideScroll(page, 'the second factor set-up');
  await expectNoViolations(page, 'second factor set-up');
  await shoot(page, testInfo, 'ops-second-factor-setup');

  await field(page, 'Code from your authenticator app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoViolations(page, 'recovery codes');
  await shoot(page, testInfo, 'ops-recovery-codes');

  await page.getByRole('button', { name: 'I saved them, open the console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Toward the Listener milestone as configured (this run's global-setup lowers it).
  const { milestones } = (await (await page.request.get('/api/milestones')).json()) as {
    milestones: { targets: { verifiedFans: number } }[];
  };
  const fansTarget = milestones[0]!.targets.verifiedFans.toLocaleString('en-US');
  await expect(page.getByRole('progressbar', { name: `Verified fans toward ${fansTarget}` })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Sign-ups: \d+ in 30 days/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Queue depths' })).toContainText('projections');
  await expect(page.getByRole('table', { name: 'Projection lag per consumer' })).toContainText(
    'operators-daily-activity',
  );
  await noSideScroll(page, 'the console dashboard');
  await expectNoViolations(page, 'console dashboard');
  await shoot(page, testInfo, 'ops-dashboard');

  // The same browser keeps its session: the console stays open on a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('members and signed-out visitors get the 404 page at /ops', async ({ page, context }) => {
  await page.goto('/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await signUpInContext(context, newAccount('not-operator'));
  await page.goto('/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  expect((await context.request.get('/api/ops/dashboard')).status()).toBe(404);
});
