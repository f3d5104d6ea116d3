import { expect, test, type Page } from '@playwright/test';
import { field, newAccount, screenshot, signUpInContext } from './support/accounts';

// The Payola page: balance, history with filters, search and pages, and the rewards table.

async function becomeVerifiedFan(page: Page) {
  await page.goto('/verification');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry date').fill('12 / 34');
  await field(page, 'CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $15.00' }).click();
  await page.getByRole('button', { name: 'Approve identity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete!' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a verified fan sees their balance, the reward in their history, and how to earn more', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUpInContext(context, newAccount('payola-page'));
  await becomeVerifiedFan(page);

  await page.goto('/payola');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Payola' })).toBeVisible();
  const balance = page.getByText('Current Balance').locator('..');
  await expect(balance).toContainText('1,000');

  const history = page
    .getByRole('table', { name: /Payola transactions/ })
    .or(page.getByRole('list', { name: /Payola transactions/ }));
  await expect(history).toContainText('Identity verified');
  await expect(history).toContainText('+1,000');

  // Filters: a category with nothing in it, then back.
  await field(page, 'Category').selectOption({ label: 'Membership' });
  await expect(page.getByText('No transactions match your filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(history).toContainText('Identity verified');
  await field(page, 'Search').fill('IDENTITY');
  await expect(history).toContainText('Identity verified');
  await field(page, 'Search').fill('no such thing');
  await expect(page.getByText('No transactions match your filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  const rewards = page.getByRole('table', { name: 'Payola rewards' });
  await expect(rewards).toContainText('Identity verification approved (fan)');
  await expect(rewards).toContainText('+100 per calendar month');
  await screenshot(page, testInfo, 'payola');
});

test('a long history pages ten at a time with a sliding window of page buttons', async ({ page, context }) => {
  await signUpInContext(context, newAccount('payola-pages'));
  await becomeVerifiedFan(page);
  // Thirty-seven monthly grants (the page's paging, not the ledger, is under test here).
  const entries = Array.from({ length: 37 }, (_, i) => ({
    id: `entry-${i}`,
    action: 'Monthly membership',
    category: 'membership',
    description: `Membership month ${37 - i}`,
    amount: 100,
    balance: 100 * (37 - i),
    createdAt: new Date(Date.now() - (i * 31 + 1) * 24 * 3600 * 1000).toISOString(),
  }));
  // The server's paging and filtering over these entries: one page of the matching ones, newest
  // first, and how many match in X-Total-Count.
  await page.route(/\/api\/payola\/history(\?.*)?$/, (route) => {
    const query = new URL(route.request().url()).searchParams;
    const pageNumber = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 10);
    const since = query.get('since');
    const search = query.get('search')?.toLowerCase();
    const matching = entries.filter(
      (entry) =>
        (!since || Date.parse(entry.createdAt) >= Date.parse(since)) &&
        (!query.get('category') || entry.category === query.get('category')) &&
        (!query.get('action') || entry.action === query.get('action')) &&
        (!search || [entry.description, entry.action, entry.category].some((t) => t.toLowerCase().includes(search))),
    );
    return route.fulfill({
      json: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
      headers: { 'X-Total-Count': String(matching.length) },
    });
  });
  await page.goto('/payola');

  await expect(page.getByText('Showing 1–10 of 37')).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Transaction pages' });
  await expect(pages.getByRole('button', { name: /^Page \d$/ })).toHaveText(['1', '2', '3', '4']);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(page.getByText('Showing 21–30 of 37')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 31–37 of 37')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A filter change goes back to page 1: one grant falls within the past 30 days.
  await field(page, 'Date').selectOption({ label: 'Past 30 days' });
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(pages).toHaveCount(0);
});
