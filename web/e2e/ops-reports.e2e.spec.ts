import { expect, test, type Page } from '@playwright/test';
import { MODERATION_MESSAGES } from '@app/contracts';
import {
  addArtistViaApi,
  becomeVerifiedFan,
  field,
  newAccount,
  signUpInContext,
  toastRegion,
} from './support/accounts';
import { dismissToast, noSideScroll, shoot, uniqueName, dialogGone } from './support/pages';
import { grantOperator, openConsole } from './support/operators';
import { expectNoViolations } from './support/accessibility';

/** axe on a screen, leaving out the toasts' live region (its fading toasts are judged mid-animation). */
// Reports and moderation: a member reports an artist from its profile; an operator sees it in the
// console's queue and hides it (the member no longer finds it, its adder sees why), restores it, and
// dismisses the reports.

/** Searches the All Artists tab for `name` and answers whether it is listed. */
async function searchArtists(page: Page, name: string) {
  await page.goto(`/artists?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a member reports an artist; the operator hides it, restores it and dismisses the reports', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL;
  const name = uniqueName('Static Choir');

  // The adder puts the artist on the map.
  const adder = await browser.newContext({ baseURL });
  await signUpInContext(adder, newAccount('reports-adder'));
  const adderPage = await adder.newPage();
  await becomeVerifiedFan(adderPage);
  const artist = await addArtistViaApi(adder, { name, bio: 'Choral noise from the coast.' });

  // A member reports it from its profile.
  const member = await browser.newContext({ baseURL });
  await signUpInContext(member, newAccount('reports-member'));
  const memberPage = await member.newPage();
  await memberPage.emulateMedia({ reducedMotion: 'reduce' });
  await becomeVerifiedFan(memberPage);
  await memberPage.goto(`/artist/${artist.id}`);
  await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Report this artist' }).click();
  const report = memberPage.getByRole('dialog', { name: `Report ${name}` });
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Choose what is wrong.')).toBeVisible();
  await report.getByRole('radio', { name: /Other/ }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText(MODERATION_MESSAGES.otherNeedsText)).toBeVisible();
  await report.getByRole('radio', { name: /Offensive/ }).check();
  await field(memberPage, 'Details').fill('The bio insults another band by name.');
  await expectNoViolations(memberPage, 'the report dialog');
  await shoot(memberPage, testInfo, 'report-dialog', false);
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toBeHidden();
  await expect(toastRegion(memberPage)).toContainText(`${name} was reported`);
  await dismissToast(memberPage);

  // The operator sees it in the queue.
  const operator = newAccount('reports-operator');
  await signUpInContext(page.context(), operator);
  await grantOperator(operator.email);
  await openConsole(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Offensive: 1')).toBeVisible();
  await expect(card.getByText('The bio insults another band by name.')).toBeVisible();
  await noSideScroll(page, 'the reports queue');
  await expectNoViolations(page, 'the reports queue');
  await shoot(page, testInfo, 'ops-reports-open');

  // Hidden, with a reason (required).
  await card.getByRole('button', { name: 'Hide' }).click();
  const hide = page.getByRole('dialog', { name: `Hide ${name}` });
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(hide.getByText('Give a reason: it is recorded with your name.')).toBeVisible();
  await field(page, 'Reason').fill('Insults in the bio');
  await expectNoViolations(page, 'the hide dialog');
  await shoot(page, testInfo, 'ops-reports-hide-dialog', false);
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(hide).toBeHidden();
  await dialogGone(page);
  await expect(card.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(card.getByText('Insults in the bio')).toBeVisible();
  await expectNoViolations(page, 'a hidden entry in the queue');
  await shoot(page, testInfo, 'ops-reports-hidden');

  // The member no longer finds it: not in search, and its profile is gone.
  await searchArtists(memberPage, name);
  await expect(memberPage.getByRole('list', { name: 'All Artists' }).getByRole('link', { name })).toHaveCount(0);
  await memberPage.goto(`/artist/${artist.id}`);
  await expect(memberPage.getByRole('heading', { name: 'Artist Not Found' })).toBeVisible();

  // Its adder still sees it, with the operators' reason.
  await adderPage.goto(`/artist/${artist.id}`);
  await expect(adderPage.getByText('Hidden by the operators: Insults in the bio')).toBeVisible();
  await expectNoViolations(adderPage, "a hidden artist's profile, as its adder sees it");
  await shoot(adderPage, testInfo, 'hidden-artist-adder');

  // Restored: back in search for the member.
  await card.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: `Restore ${name}` });
  await field(page, 'Reason').fill('Bio fixed by the adder');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore).toBeHidden();
  await dialogGone(page);
  await expect(card.getByText('Public', { exact: true })).toBeVisible();
  await searchArtists(memberPage, name);
  await expect(memberPage.getByRole('list', { name: 'All Artists' }).getByRole('link', { name })).toBeVisible();

  // The reports dismissed: the entry moves to the Dismissed list.
  await card.getByRole('button', { name: 'Dismiss reports' }).click();
  const dismiss = page.getByRole('dialog', { name: `Dismiss the reports on ${name}` });
  await field(page, 'Reason').fill('Handled: bio fixed');
  await dismiss.getByRole('button', { name: 'Dismiss reports' }).click();
  await expect(dismiss).toBeHidden();
  await dialogGone(page);
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismissed' }).click();
  const dismissed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(dismissed.getByText('Handled: bio fixed')).toBeVisible();
  await expectNoViolations(page, 'the dismissed reports');
  await shoot(page, testInfo, 'ops-reports-dismissed');

  await adder.close();
  await member.close();
});

test('the operator merges a reported duplicate into the survivor; the old address shows the survivor', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL;
  const survivorName = uniqueName('Velvet Harbor');
  const duplicateName = `${survivorName} (duplicate)`;

  const member = await browser.newContext({ baseURL });
  await signUpInContext(member, newAccount('merge-member'));
  const memberPage = await member.newPage();
  await memberPage.emulateMedia({ reducedMotion: 'reduce' });
  await becomeVerifiedFan(memberPage);
  const survivor = await addArtistViaApi(member, { name: survivorName });
  const duplicate = await addArtistViaApi(member, { name: duplicateName });
  await memberPage.goto(`/artist/${duplicate.id}`);
  await memberPage.getByRole('button', { name: 'Report this artist' }).click();
  const report = memberPage.getByRole('dialog', { name: `Report ${duplicateName}` });
  await report.getByRole('radio', { name: /Duplicate/ }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toBeHidden();

  const operator = newAccount('merge-operator');
  await signUpInContext(page.context(), operator);
  await grantOperator(operator.email);
  await openConsole(page);
  await page.goto('/ops/reports');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: duplicateName }) });
  await expect(card.getByText('Duplicate: 1')).toBeVisible();
  await card.getByRole('button', { name: 'Merge into...' }).click();
  const merge = page.getByRole('dialog', { name: `Merge ${duplicateName} into another artist` });
  await merge.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(merge.getByText('Choose the artist to keep.')).toBeVisible();
  await field(page, 'Find the artist to keep').fill(survivorName);
  await merge.getByRole('radio', { name: new RegExp(`^${survivorName}`) }).check();
  await field(page, 'Reason').fill('Same band, added twice');
  await expect(merge.getByRole('radio')).toHaveCount(1); // the duplicate itself is not offered
  await expectNoViolations(page, 'the merge dialog');
  await shoot(page, testInfo, 'ops-reports-merge-dialog', false);
  await merge.getByRole('button', { name: `Merge into ${survivorName}` }).click();
  await expect(merge).toBeHidden();
  await dialogGone(page);

  // The old address leads to the survivor; search knows only the survivor.
  await memberPage.goto(`/artist/${duplicate.id}`);
  await expect(memberPage).toHaveURL(new RegExp(`/artist/${survivor.id}$`));
  await expect(memberPage.getByRole('heading', { level: 1, name: survivorName })).toBeVisible();
  await searchArtists(memberPage, survivorName);
  const results = memberPage.getByRole('list', { name: 'All Artists' }).getByRole('link');
  await expect(results.filter({ hasText: survivorName })).toHaveCount(1);
  await expect(results.filter({ hasText: duplicateName })).toHaveCount(0);
  await shoot(memberPage, testInfo, 'merged-survivor-search');
  await member.close();
});
