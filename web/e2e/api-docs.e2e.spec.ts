import { expect, test } from '@playwright/test';
import { shoot } from './support/pages';
import { expectNoViolations } from './support/accessibility';
import { cspViolations } from './support/operators';

// The API reference: /api/docs, served by the api from node_modules (no CDN), reading /api/openapi.json,
// under the product's own Content-Security-Policy (no exception needed: no inline script, no eval).

test('the API reference at /api/docs shows the API and its operations', async ({ page }, testInfo) => {
  // axe over every operation of the reference is slow on a busy machine.
  test.setTimeout(180_000);
  const violations = cspViolations(page);
  await page.goto('/api/docs');
  await expect(page).toHaveTitle('API reference · Payola');
  // The reference renders in the browser from a 1.7 MB script: slower than the app's pages to appear.
  await expect(page.getByRole('heading', { level: 1, name: /Payola API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('OAS 3.1').first()).toBeVisible();
  const tag = page.getByRole('heading', { name: 'Artists and venues' });
  await expect(tag).toBeVisible();
  const operation = page.locator('.opblock', { hasText: '/api/artists/{id}/vote' }).first();
  await expect(operation).toBeVisible();
  await operation.locator('.opblock-summary-control').click();
  await expect(operation.getByText('Vote on the artist: up, down, or take the vote back').first()).toBeVisible();
  await expect(operation.getByRole('heading', { name: 'Responses' })).toBeVisible();
  await shoot(page, testInfo, 'api-docs');
  expect(violations).toEqual([]);
  await expectNoViolations(page, 'API reference');
});

test('the OpenAPI document is public JSON', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths).length).toBeGreaterThan(50);
});
