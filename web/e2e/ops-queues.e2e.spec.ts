import { expect, test } from '@playwright/test';
import { newAccount, signUpInContext } from './support/accounts';
import { cspViolations, grantOperator, openConsole } from './support/operators';
import { noSideScroll, shoot } from './support/pages';

// The queue board: bull-board, served by the api at /ops/queues to operators past the second factor,
// opened from the console's navigation; everyone else gets the app's 404 page there, as at /ops.

/** The product's BullMQ queues (PRODUCT_QUEUE_NAMES in libs/modules/src/operators). */
const QUEUES = ['projections', 'email', 'payola-schedule', 'media-schedule'];

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an operator opens Queues from the console and sees the board with the product queues', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const account = newAccount('ops-queues');
  await signUpInContext(context, account);
  await grantOperator(account.email);
  await openConsole(page);
  const violations = cspViolations(page);

  const nav = page.getByRole('navigation', { name: 'Console' });
  await noSideScroll(page, 'the console with its Queues link');
  await shoot(page, testInfo, 'ops-console-nav', false);
  await nav.getByRole('link', { name: 'Queues' }).click();
  await expect(page).toHaveURL(/\/ops\/queues\/?$/);
  await expect(page).toHaveTitle('Payola queues');
  // Each queue is linked from the side menu and its card (the side menu is folded away on a phone).
  const queueLink = (name: string) => page.getByRole('link', { name, exact: true }).filter({ visible: true }).first();
  // The board is a single-page app of its own: it loads its queues after the page.
  await expect(queueLink(QUEUES[0] ?? 'projections')).toBeVisible({ timeout: 30_000 });
  for (const name of QUEUES) {
    await expect(queueLink(name)).toBeVisible();
  }
  await shoot(page, testInfo, 'ops-queues');
  await queueLink('email').click();
  await expect(page).toHaveURL(/\/ops\/queues\/queue\/email/);
  // The queue's own page, with its jobs (or none yet): never an address or a body of the product's mail.
  await expect(page.getByRole('link', { name: /^latest/i }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/reset-password\?token=|@example\.com/)).toHaveCount(0);
  await shoot(page, testInfo, 'ops-queues-email');
  // The board's one outside request, its web font, is refused by the policy and falls back to the system's.
  expect(violations.filter((text) => !text.includes('fonts.googleapis.com'))).toEqual([]);
});

test('members and signed-out visitors get the 404 page at /ops/queues', async ({ page, context }) => {
  await page.goto('/ops/queues');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await signUpInContext(context, newAccount('not-operator-queues'));
  await page.goto('/ops/queues');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  expect((await context.request.get('/ops/queues/api/queues')).headers()['content-type']).toContain('text/html');
});
