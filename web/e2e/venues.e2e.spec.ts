import { expect, test, type BrowserContext } from '@playwright/test';
import { addVenueViaApi, becomeVerifiedFan, field, newAccount, signUpInContext, toastRegion } from './support/accounts';
import { nothingCutOff, noSideScroll, shoot, uniqueName } from './support/pages';

// Venues: adding one (the real first-venue reward on the button), the lists with search and filters,
// a second fan confirming it as a duplicate (+25 once), the adder loading and updating it, the profile
// with vote and favourite, Venue Not Found, and the phone layouts.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

async function balanceOf(context: BrowserContext): Promise<number> {
  const response = await context.request.get('/api/payola/stats');
  return ((await response.json()) as { currentBalance: number }).currentBalance;
}

test.describe('venue flows', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow tests run on desktop; the phone project checks layouts');
  });

  test('a fan adds a venue, finds it in the lists; a second fan confirms it once; the adder updates it', async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const name = uniqueName('Café Sonora');
    await signUpInContext(context, newAccount('venue-adder'));
    await becomeVerifiedFan(page);
    await page.goto('/add-venue');
    await expect(page.getByRole('heading', { level: 1, name: 'Add a Music Venue' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Venue Identity/ })).toBeVisible();
    // The button shows what this fan really earns: a first venue pays 750.
    const submit = page.getByRole('button', { name: 'Add Venue & Earn 750 Payola! 🎉' });
    await expect(submit).toBeVisible();
    await expect(field(page, 'Country')).toHaveValue('USA');

    // Required fields answer at their input.
    await submit.click();
    await expect(page.getByText('Venue name is required')).toBeVisible();
    await expect(page.getByText('City is required')).toBeVisible();

    await field(page, 'Venue Name').fill(name);
    await field(page, 'Venue Type').selectOption('Coffee House');
    await field(page, 'Street Address').fill('12 Mission St');
    await field(page, 'City').fill('Austin');
    await field(page, 'State').selectOption('TX');
    await field(page, 'Capacity').fill('12.5');
    await field(page, 'Age Restriction').focus();
    await expect(page.getByText('Capacity must be a whole number')).toBeVisible();
    await field(page, 'Capacity').fill('120');
    await field(page, 'Age Restriction').selectOption('All Ages');
    await field(page, 'Sound System').selectOption('Acoustic Only');
    await field(page, 'Description').fill('Songwriter nights six days a week.');
    await field(page, 'Email').fill('shows@example.com');
    await field(page, 'Website').fill(`https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`);
    // A repeatable list of social links: add a row, remove one, at least one kept.
    await field(page, 'Social link 1').fill('not a link');
    await page.getByRole('button', { name: 'Add Social Link' }).click();
    await field(page, 'Social link 2').fill('https://www.instagram.com/cafesonora_atx');
    await submit.click();
    await expect(page.getByText(/Enter a social profile link/)).toBeVisible();
    await page.getByRole('button', { name: 'Remove social link 1' }).click();
    await expect(page.getByRole('button', { name: 'Remove social link 1' })).toBeDisabled();
    await expect(field(page, 'Social link 1')).toHaveValue('https://www.instagram.com/cafesonora_atx');
    await shoot(page, testInfo, 'add-venue-filled');
    await submit.click();

    const added = page.getByRole('dialog', { name: 'Venue Added Successfully!' });
    await expect(added).toBeVisible();
    await expect(added).toContainText('+750');
    await shoot(page, testInfo, 'add-venue-success', false);
    await added.getByRole('button', { name: 'Add Another Venue' }).click();
    // The next one pays the second-venue reward.
    await expect(page.getByRole('button', { name: 'Add Venue & Earn 400 Payola! 🎉' })).toBeVisible();

    // The lists: My Venues, and All Venues searched without the accent, with the filters in the address.
    await page.goto('/venues');
    await expect(page.getByRole('heading', { level: 1, name: 'Venues' })).toBeVisible();
    await page.getByRole('tab', { name: /My Venues/ }).click();
    await expect(page.getByRole('list', { name: 'My Venues' }).getByRole('link', { name })).toBeVisible();
    await page.getByRole('tab', { name: /All Venues/ }).click();
    await field(page, 'Search venues').fill(name.replace('é', 'e').toLowerCase());
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole('list', { name: 'All Venues' }).getByRole('link', { name })).toBeVisible();
    await field(page, 'Venue type').selectOption('Coffee House');
    await field(page, 'Age restriction').selectOption('All Ages');
    await page.reload();
    await expect(field(page, 'Venue type')).toHaveValue('Coffee House');
    await expect(page.getByRole('list', { name: 'All Venues' }).getByRole('link', { name })).toBeVisible();
    await field(page, 'Age restriction').selectOption('21+');
    await expect(page.getByRole('heading', { name: 'No venues match your filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(field(page, 'Search venues')).toHaveValue('');
    await shoot(page, testInfo, 'venues');

    // A second fan types the same venue in the same city: 'Is this it?' -> 'Confirm Duplicate', +25 once.
    const second = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const page2 = await second.newPage();
    await page2.emulateMedia({ reducedMotion: 'reduce' });
    await signUpInContext(second, newAccount('venue-confirmer'));
    await becomeVerifiedFan(page2);
    const before = await balanceOf(second);
    await page2.goto('/add-venue');
    await field(page2, 'City').fill('Austin');
    await field(page2, 'State').selectOption('TX');
    await field(page2, 'Venue Name').fill(name.toUpperCase());
    await expect(page2.getByRole('heading', { name: /^Found \d+ similar venues?$/ })).toBeVisible();
    await expect(page2.getByText('same name and city')).toBeVisible();
    await shoot(page2, testInfo, 'add-venue-similar');
    await page2.getByRole('button', { name: 'Is this it?', description: name }).click();
    const confirm = page2.getByRole('dialog', { name: 'Confirm Duplicate' });
    await expect(confirm).toContainText('+25 Payola');
    await confirm.getByRole('button', { name: "Yes, it's the same venue" }).click();
    await expect(toastRegion(page2).getByText('Duplicate Confirmed! 🎉')).toBeVisible();
    await expect(
      toastRegion(page2).getByText('You earned 25 Payola for confirming this duplicate venue!'),
    ).toBeVisible();
    await expect(field(page2, 'Venue Name')).toHaveValue('');
    expect(await balanceOf(second)).toBe(before + 25);

    // A second confirmation earns nothing.
    await field(page2, 'Venue Name').fill(name);
    await expect(page2.getByText('Already confirmed by you')).toBeVisible();
    await page2.getByRole('button', { name: 'Is this it?', description: name }).click();
    await expect(confirm).toContainText('confirming again earns nothing more');
    await confirm.getByRole('button', { name: "Yes, it's the same venue" }).click();
    await expect(toastRegion(page2).getByText('Already confirmed')).toBeVisible();
    expect(await balanceOf(second)).toBe(before + 25);
    await second.close();

    // The adder loads their venue, changes it, and saves it.
    await page.goto('/add-venue');
    await field(page, 'Venue Name').fill(name);
    await page.getByRole('button', { name: 'Load this venue', description: name }).click();
    const load = page.getByRole('dialog', { name: 'Load Your Venue' });
    await load.getByRole('button', { name: 'Load Venue' }).click();
    await expect(toastRegion(page).getByText('Venue Loaded Successfully')).toBeVisible();
    await expect(field(page, 'Capacity')).toHaveValue('120');
    await expect(page.getByRole('button', { name: 'Start Fresh' })).toBeVisible();
    await field(page, 'Capacity').fill('150');
    await page.getByRole('button', { name: 'Save Venue Changes' }).click();
    await expect(toastRegion(page).getByText('Venue updated')).toBeVisible();

    await page.goto('/venues?tab=my');
    await page.getByRole('list', { name: 'My Venues' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('150 capacity')).toBeVisible();
    await expect(page.getByText('Songwriter nights six days a week.')).toBeVisible();
    await expect(page.getByRole('link', { name: /instagram\.com\/cafesonora_atx/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  test('vote with confirmation before removal, favourite, and Venue Not Found', async ({ page, context }, testInfo) => {
    test.setTimeout(120_000);
    await signUpInContext(context, newAccount('venue-voter'));
    await becomeVerifiedFan(page);
    const venue = await addVenueViaApi(context, { name: uniqueName('Blue Lantern'), bio: 'Jazz until 2am.' });
    await page.goto(`/venue/${venue.id}`);
    await expect(page.getByRole('heading', { level: 1, name: venue.name })).toBeVisible();
    await expect(page.getByText('New York, NY', { exact: true })).toBeVisible();
    for (const text of ['Jazz Club', '21+', '200 capacity', 'Jazz until 2am.', '(212) 475-8592', 'Sam Booker']) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Added By' }).locator('..')).toContainText(/Fan #\d+/);
    await expect(page.getByRole('heading', { name: 'Address' })).toBeVisible();

    const before = await balanceOf(context);
    const vote = page.getByRole('button', { name: /^Vote/ });
    await vote.click();
    await expect(toastRegion(page).getByText('Vote added')).toBeVisible();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(vote).toContainText('1 vote');
    expect(await balanceOf(context)).toBe(before + 1);
    await shoot(page, testInfo, 'venue-profile');
    await vote.click();
    const remove = page.getByRole('dialog', { name: 'Remove your vote?' });
    await remove.getByRole('button', { name: 'Remove Vote' }).click();
    await expect(toastRegion(page).getByText('Vote removed')).toBeVisible();
    await expect(vote).toContainText('0 votes');
    expect(await balanceOf(context)).toBe(before);

    const heart = page.getByRole('button', { name: 'Favorite', exact: true });
    await heart.click();
    await expect(toastRegion(page).getByText('Added to favorites')).toBeVisible();
    await page.goto('/venues?tab=favorites');
    await expect(page.getByRole('list', { name: 'Favorites' }).getByRole('link', { name: venue.name })).toBeVisible();
    await page.getByRole('button', { name: `Favorite ${venue.name}` }).click();
    await expect(toastRegion(page).getByText('Removed from favorites')).toBeVisible();

    await page.goto('/venue/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Venue Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Venues' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Venues' })).toBeVisible();
  });
});

test.describe('phone layouts', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'layouts at phone width');
  });

  test('the venue screens fit a 360 px wide phone', async ({ page, context }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await signUpInContext(context, newAccount('venue-phone'));
    await becomeVerifiedFan(page);
    const venue = await addVenueViaApi(context, { name: uniqueName('The Long Room') });

    await page.goto('/venues');
    await expect(page.getByRole('list', { name: 'All Venues' })).toBeVisible();
    await noSideScroll(page, '/venues');
    await nothingCutOff(page, '/venues');
    await shoot(page, testInfo, 'venues');

    await page.goto(`/venue/${venue.id}`);
    await expect(page.getByRole('heading', { level: 1, name: venue.name })).toBeVisible();
    await noSideScroll(page, '/venue/{id}');
    await nothingCutOff(page, '/venue/{id}');
    await shoot(page, testInfo, 'venue-profile');

    await page.goto('/add-venue');
    await field(page, 'Venue Name').fill(venue.name);
    await expect(page.getByRole('button', { name: 'Load this venue', description: venue.name })).toBeVisible();
    await noSideScroll(page, '/add-venue');
    await nothingCutOff(page, '/add-venue');
    await shoot(page, testInfo, 'add-venue');
  });
});
