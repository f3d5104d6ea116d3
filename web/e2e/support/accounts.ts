import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export const PASSWORD = 'Encore-2026!';

/** A fresh address per test, so tests never collide on the shared database. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'fan' | 'artist' | 'venue' | 'service-provider' | 'industry-pro';
  zipCode: string;
}

export function newAccount(tag: string, overrides: Partial<NewAccount> = {}): NewAccount {
  return {
    email: uniqueEmail(tag),
    password: PASSWORD,
    firstName: 'Robin',
    lastName: 'Rivera',
    role: 'fan',
    zipCode: '94110',
    ...overrides,
  };
}

/**
 * Creates an account through the API (signing that request context in). An API GET first sets the
 * XSRF-TOKEN cookie, which the POST must echo in X-XSRF-TOKEN, exactly as the web app does.
 */
export async function createAccountViaApi(
  request: APIRequestContext,
  cookies: () => Promise<{ name: string; value: string }[]>,
  account: NewAccount,
): Promise<void> {
  await request.get('/api/auth/check');
  const token = (await cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(token, 'the auth check sets the XSRF-TOKEN cookie').toBeTruthy();
  const response = await request.post('/api/create-account', {
    data: account,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token!) },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs the page's browser context in as a new account. */
export async function signUpInContext(context: BrowserContext, account: NewAccount): Promise<void> {
  await createAccountViaApi(context.request, () => context.cookies(), account);
}

/** The toasts (Sonner renders them in the 'Notifications' region). */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notification/ });
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  // From the top, so the sticky header is not painted over the middle of a full-page capture.
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  // Entrance animations have finished (endless ones, like spinners, never do).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { path, contentType: 'image/png' });
}

/**
 * A form control by its visible label. Required fields' labels end in an asterisk (hidden from
 * assistive technology, but part of the label text that getByLabel matches), so it is allowed here.
 */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\*?$`));
}
