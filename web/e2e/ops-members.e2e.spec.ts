import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { field, newAccount, screenshot, signUpInContext, toastRegion } from './support/accounts';
import { noSideScroll, shoot } from './support/pages';
import { expectNoViolations } from './support/accessibility';
import { grantOperator, openConsole } from './support/operators';

// Suspension from the operators console: an operator finds a member, suspends them with a reason (the
// member's session ends and their sign-in is refused with the message), then lifts it (they sign in again).

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an operator suspends a member with a reason and lifts it', async ({ page, context, browser }, testInfo) => {
  test.setTimeout(120_000);
  const operator = newAccount('ops-members');
  await signUpInContext(context, operator);
  await grantOperator(operator.email);
  const memberContext = await browser.newContext();
  const member = newAccount('suspended', { firstName: 'Sasha', lastName: 'Stone' });
  await signUpInContext(memberContext, member);
  expect((await memberContext.request.get('/api/auth/check')).status()).toBe(200);

  await openConsole(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await field(page, 'Email or fan number').fill(member.email);
  await page.getByRole('button', { name: 'Find member' }).click();
  await expect(page.getByRole('heading', { name: 'Sasha Stone' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await noSideScroll(page, 'the members screen');
  await expectNoViolations(page, 'members screen');
  await shoot(page, testInfo, 'ops-member-active');

  await page.getByRole('button', { name: 'Suspend member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Sasha Stone' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByText('Give a reason: it is recorded with your name.')).toBeVisible();
  await field(page, 'Reason').fill('Spam in fan messages, three reports');
  await expectNoViolations(page, 'suspend dialog');
  await shoot(page, testInfo, 'ops-member-suspend-dialog');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  // Gone from the DOM, not only hidden: axe would otherwise judge its buttons mid-fade (low contrast).
  await expect(page.locator('[role="dialog"]')).toHaveCount(0);
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(page.getByText('Spam in fan messages, three reports')).toBeVisible();
  await expect(page.getByText(operator.email)).toBeVisible();
  await noSideScroll(page, 'a suspended member');
  await expectNoViolations(page, 'suspended member');
  await shoot(page, testInfo, 'ops-member-suspended');

  // The member's session ended at once, and signing in again says why.
  expect((await memberContext.request.get('/api/auth/check')).status()).toBe(401);
  const memberPage = await memberContext.newPage();
  await logIn(memberPage, member.email, member.password);
  await expect(toastRegion(memberPage)).toContainText(ACCOUNT_MESSAGES.accountSuspended);
  // screenshot, not shoot: the toast with the message is what this picture is for.
  await screenshot(memberPage, testInfo, 'ops-member-suspended-login', false);

  await page.getByRole('button', { name: 'Lift suspension' }).click();
  const lift = page.getByRole('dialog', { name: 'Lift the suspension of Sasha Stone' });
  await field(page, 'Reason').fill('Appeal accepted');
  await lift.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(lift).toBeHidden();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  await logIn(memberPage, member.email, member.password);
  await expect(memberPage).not.toHaveURL(/\/login/);
  expect((await memberContext.request.get('/api/auth/check')).status()).toBe(200);
  await memberContext.close();
});
