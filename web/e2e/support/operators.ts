import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { field } from './accounts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Makes the account an operator through the ops command, as a person running the product would. */
export async function grantOperator(email: string): Promise<void> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['worker/dist/ops/cli.js', 'operator', 'grant', email, 'e2e'],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL } },
  );
  expect(stdout).toContain('is now an operator');
}

/** Opens /ops through the console's own set-up: the key the page shows, a code computed from it. */
export async function openConsole(page: Page): Promise<void> {
  await page.goto('/ops');
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await field(page, 'Code from your authenticator app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await page.getByRole('button', { name: 'I saved them, open the console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Collects the page's Content-Security-Policy violations (what the browser refused to load or run). */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}
