import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { screenshot, toastRegion } from './accounts';

/** A name no other test (or earlier run on the same database) uses. */
export function uniqueName(base: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const tag = Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
  return `${base} ${tag[0]!.toUpperCase()}${tag.slice(1)}`;
}

/**
 * Opens the landing page and waits until the app has taken over from the prerendered copy in index.html
 * (web/prerender-landing.ts): live figures are the app's, and an element found in the copy is detached
 * when the app removes it.
 */
export async function openLandingApp(page: Page) {
  await page.goto('/');
  await expect(page.locator('#landing-shell')).toHaveCount(0);
}

export async function noSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Nothing in the page is cut off at the right edge (clipped content does not scroll, so check boxes). */
export async function nothingCutOff(page: Page, what: string) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => !element.closest('[aria-hidden="true"]'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > window.innerWidth + 0.5;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
  );
  expect(cut, `${what} has content cut off at the right edge`).toEqual([]);
}

export async function dismissToast(page: Page) {
  // A quick flow can have two toasts up at once (the last step's and this one's): close them all.
  const dismiss = toastRegion(page).getByRole('button', { name: 'Dismiss notification' });
  for (let i = 0; i < 5 && (await dismiss.count()) > 0; i++) {
    // One may time out and go by itself between the count and the click.
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(dismiss).toHaveCount(0);
}

/** A screenshot in the report, also copied to $E2E_SHOTS_DIR (for looking at them) when that is set. */
export async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await dismissToast(page);
  await screenshot(page, testInfo, name, fullPage);
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    await mkdir(dir, { recursive: true });
    const file = `${name}-${testInfo.project.name}.png`;
    await copyFile(testInfo.outputPath(file), path.join(dir, file));
  }
}

/** Waits until no dialog is in the DOM (axe would judge a closing one's buttons mid-fade). */
export async function dialogGone(page: Page): Promise<void> {
  await expect(page.locator('[role="dialog"]')).toHaveCount(0);
}
