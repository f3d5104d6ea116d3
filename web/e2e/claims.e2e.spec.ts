import { expect, test, type Page } from '@playwright/test';
import { CLAIM_CODE_PATTERN } from '@app/contracts';
import {
  addArtistViaApi,
  addVenueViaApi,
  becomeVerifiedFan,
  field,
  newAccount,
  signUpInContext,
  toastRegion,
} from './support/accounts';
import { noSideScroll, shoot, uniqueName, dialogGone } from './support/pages';
import { grantOperator, openConsole } from './support/operators';
import { expectNoViolations } from './support/accessibility';

/** axe on a screen, leaving out the toasts' live region (its fading toasts are judged mid-animation). */
// Claims and edit history: an artist-role member claims an artist from its profile (a code to put on
// one of its links, then which link), an operator approves it in the console, the member edits the
// artist, and the profile's history shows the edit beside the adder's fan number.

/** An artist or venue account pays its $10.00 with the test card (no identity check is needed to claim). */
async function payAsArtist(page: Page) {
  await page.goto('/verification');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry date').fill('12 / 34');
  await field(page, 'CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page).toHaveURL(/\/kyc-launch$/);
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an artist claims their profile, an operator approves, they edit it, the history shows the edit', async ({
  page,
  context,
  browser,
}, testInfo) => {
  // Three members, a console with its second factor and a dozen screens on a machine shared by several stacks.
  test.setTimeout(420_000);
  // A verified fan puts the artist on the map.
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signUpInContext(fanContext, newAccount('claims-fan'));
  await becomeVerifiedFan(fanPage);
  const fanNumber = (await (await fanContext.request.get('/api/auth/check')).json()).user.foundingFanNumber as number;
  const name = uniqueName('The Claimables');
  const artist = await addArtistViaApi(fanContext, { name, bio: 'A band from the fan’s notes.' });

  // The artist signs up as an artist, pays, and claims the profile.
  await signUpInContext(context, newAccount('claimant', { role: 'artist', firstName: 'Ari', lastName: 'Artist' }));
  await payAsArtist(page);
  await page.goto(`/artist/${artist.id}`);
  // A loaded machine (the whole stack and two browsers on two cores) can take a while for a first profile.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Is this your artist?' })).toBeVisible();
  await page.getByRole('button', { name: 'Claim this artist' }).click();
  const claimDialog = page.getByRole('dialog', { name: `Claim ${name}` });
  await expect(claimDialog).toBeVisible();
  await expect(claimDialog.getByText(/your website, Bandcamp, Instagram bio/)).toBeVisible();
  const code = ((await claimDialog.getByRole('status', { name: 'Your claim code' }).textContent()) ?? '').trim();
  expect(code).toMatch(CLAIM_CODE_PATTERN);
  await claimDialog.getByRole('button', { name: 'Send my claim' }).click();
  await expect(claimDialog.getByRole('alert')).toHaveText('Choose the link that shows your code.');
  await claimDialog.getByRole('radio', { name: /Bandcamp/ }).check();
  await expectNoViolations(page, 'claim dialog');
  await shoot(page, testInfo, 'claim-dialog', false);
  await claimDialog.getByRole('button', { name: 'Send my claim' }).click();
  await expect(toastRegion(page).getByText('Claim sent')).toBeVisible();
  await dialogGone(page);
  await expect(page.getByRole('heading', { name: 'Your claim is being checked' })).toBeVisible();
  await noSideScroll(page, 'the profile with a pending claim');
  await expectNoViolations(page, 'profile with a pending claim');
  await shoot(page, testInfo, 'claim-pending');

  // An operator finds the claim in the console, with the code and the link to check, and approves it.
  const opsContext = await browser.newContext();
  const opsPage = await opsContext.newPage();
  await opsPage.emulateMedia({ reducedMotion: 'reduce' });
  const operator = newAccount('claims-ops');
  await signUpInContext(opsContext, operator);
  await grantOperator(operator.email);
  await openConsole(opsPage);
  await opsPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Claims' }).click();
  await expect(opsPage.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible({ timeout: 30_000 });
  const card = opsPage.getByRole('listitem').filter({ hasText: code });
  await expect(card.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Ari Artist')).toBeVisible();
  const link = card.getByRole('link', { name: /bandcamp\.com/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await noSideScroll(opsPage, 'the claims screen');
  await expectNoViolations(opsPage, 'claims screen');
  await shoot(opsPage, testInfo, 'ops-claims');
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = opsPage.getByRole('dialog', { name: `Approve the claim of ${name}` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve.getByText('Give a reason: it is recorded with your name.')).toBeVisible();
  await field(opsPage, 'Reason').fill('Code found on their Bandcamp page');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await dialogGone(opsPage);
  await expect(opsPage.getByRole('listitem').filter({ hasText: code })).toHaveCount(0);
  await opsPage.getByRole('tab', { name: 'Approved' }).click();
  await expect(
    opsPage.getByRole('listitem').filter({ hasText: code }).getByText('Code found on their Bandcamp page'),
  ).toBeVisible();
  await opsContext.close();

  // The claimant now manages the artist: the badge, and an edit of its details.
  await page.reload();
  await expect(page.getByText('Claimed by the artist')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'You manage this artist' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await field(page, 'Artist Name').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Artist name is required')).toBeVisible();
  const renamed = `${name} Reborn`;
  await field(page, 'Artist Name').fill(renamed);
  await field(page, 'Record Label').fill('Claimed Records');
  await expectNoViolations(page, 'edit artist dialog');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastRegion(page).getByText('Details saved')).toBeVisible();
  await dialogGone(page);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // The history (collapsed until asked) shows the edit field by field, the claim, and the adder's fan number.
  await expect(page.getByRole('list', { name: /Changes to this artist/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show history' }).click();
  const history = page.getByRole('list', { name: 'Changes to this artist, newest first' });
  const edited = history.getByRole('listitem').nth(0);
  await expect(edited).toContainText('Edited the details by the artist');
  await expect(edited.getByRole('definition').filter({ hasText: renamed })).toContainText(name);
  await expect(edited.getByText('Claimed Records')).toBeVisible();
  await expect(edited.locator('time')).toHaveText('just now');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Claimed by the artist');
  await expect(history.getByRole('listitem').nth(2)).toContainText(`Added the artist by Fan #${fanNumber}`);
  await noSideScroll(page, 'the profile with its history');
  await expectNoViolations(page, 'profile with its history');
  await shoot(page, testInfo, 'claimed-profile-history');

  // Another member (the fan who added it) sees the badge and the same history, and cannot edit.
  await fanPage.goto(`/artist/${artist.id}`);
  await expect(fanPage.getByText('Claimed by the artist')).toBeVisible();
  await expect(fanPage.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
  await expect(fanPage.getByRole('heading', { name: 'Is this your artist?' })).toHaveCount(0);
  await fanContext.close();
});

test('a venue claims its listing, an operator approves, the venue edits its details', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(420_000);
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signUpInContext(fanContext, newAccount('claims-venue-fan'));
  await becomeVerifiedFan(fanPage);
  const name = uniqueName('The Claimable Room');
  const venue = await addVenueViaApi(fanContext, {
    name,
    websiteUrl: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com`,
  });
  await fanContext.close();

  // The venue signs up with the venue role, pays, and claims the listing by its website.
  await signUpInContext(context, newAccount('venue-claimant', { role: 'venue', firstName: 'Vera', lastName: 'Venue' }));
  await payAsArtist(page);
  await page.goto(`/venue/${venue.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Claim this venue' }).click();
  const claimDialog = page.getByRole('dialog', { name: `Claim ${name}` });
  const code = ((await claimDialog.getByRole('status', { name: 'Your claim code' }).textContent()) ?? '').trim();
  expect(code).toMatch(CLAIM_CODE_PATTERN);
  await claimDialog.getByRole('radio', { name: /Website/ }).check();
  await claimDialog.getByRole('button', { name: 'Send my claim' }).click();
  await dialogGone(page);
  await expect(page.getByRole('heading', { name: 'Your claim is being checked' })).toBeVisible();

  const opsContext = await browser.newContext();
  const opsPage = await opsContext.newPage();
  await opsPage.emulateMedia({ reducedMotion: 'reduce' });
  const operator = newAccount('claims-venue-ops');
  await signUpInContext(opsContext, operator);
  await grantOperator(operator.email);
  await openConsole(opsPage);
  await opsPage.goto('/ops/claims');
  const card = opsPage.getByRole('listitem').filter({ hasText: code });
  await expect(card.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = opsPage.getByRole('dialog', { name: `Approve the claim of ${name}` });
  await field(opsPage, 'Reason').fill('Code found on their website');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await dialogGone(opsPage);
  await opsContext.close();

  // The claimant edits the venue: the add form's rules, then a saved change the profile and history show.
  await page.reload();
  await expect(page.getByText('Claimed by the venue')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'You manage this venue' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await field(page, 'City').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('City is required')).toBeVisible();
  await field(page, 'City').fill('Brooklyn');
  await field(page, 'Capacity').fill('450');
  await expectNoViolations(page, 'edit venue dialog');
  await shoot(page, testInfo, 'edit-venue-dialog', false);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastRegion(page).getByText('Details saved')).toBeVisible();
  await dialogGone(page);
  await expect(page.getByText('Brooklyn').first()).toBeVisible();
  await page.getByRole('button', { name: 'Show history' }).click();
  const history = page.getByRole('list', { name: 'Changes to this venue, newest first' });
  await expect(history.getByRole('listitem').nth(0)).toContainText('Brooklyn');
  await noSideScroll(page, 'the claimed venue with its history');
  await expectNoViolations(page, 'claimed venue with its history');
  await shoot(page, testInfo, 'claimed-venue-history');
});
