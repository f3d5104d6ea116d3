import { expect, test, type Page } from '@playwright/test';
import {
  addArtistViaApi,
  becomeVerifiedFan,
  field,
  newAccount,
  signUpInContext,
  spotifyArtistUrl,
  toastRegion,
} from './support/accounts';
import { nothingCutOff, noSideScroll, shoot, uniqueName } from './support/pages';

// Artists: adding one (founding fan), a second fan confirming it ("Is this them?"), the lists and
// their tabs, the profile with vote and favourite, the Favorites page, and the phone layouts.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

function submitButton(page: Page) {
  return page.getByRole('button', {
    name: /ADD THIS AMAZING ARTIST!|Add at least 2 profile links to continue|Complete required fields to continue/,
  });
}

test.describe('artist flows', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow tests run on desktop; the phone project checks layouts');
  });

  test('a fan adds an artist and is its founding fan; a second fan confirms it as fan #2', async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const name = uniqueName('Midnight Owls');
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const spotify = spotifyArtistUrl();

    await signUpInContext(context, newAccount('artist-adder'));
    await becomeVerifiedFan(page);
    await page.goto('/add-artist');
    await expect(page.getByRole('heading', { level: 1, name: 'Add an Amazing Artist!' })).toBeVisible();

    // Submit button states (docs/product.md §4), in order.
    await expect(submitButton(page)).toHaveText('Add at least 2 profile links to continue');
    await expect(submitButton(page)).toBeDisabled();
    await expect(page.getByText('Links: 0/8')).toBeVisible();
    await expect(field(page, 'Act Type')).toHaveValue('Solo Artist');

    // A link the server would refuse is explained at its input.
    await field(page, 'Spotify').fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    await field(page, 'Bandcamp').focus();
    await expect(page.getByText(/This is a Spotify track link, not an artist link/)).toBeVisible();
    await field(page, 'Spotify').fill(spotify);
    await expect(page.getByText(/This is a Spotify track link/)).toBeHidden();
    await field(page, 'Bandcamp').fill(`https://${slug}.bandcamp.com/album/first-light`);
    await expect(page.getByText('Links: 2/8')).toBeVisible();
    await expect(submitButton(page)).toHaveText('Complete required fields to continue');

    await field(page, 'Artist Name').fill(name);
    await field(page, 'Primary Genre').selectOption('Indie');
    await page.getByLabel('Secondary Genre').selectOption('Electronic');
    await page.getByLabel('Bio').fill('Late-night synth pop from a basement in Oakland.');
    await expect(submitButton(page)).toHaveText('ADD THIS AMAZING ARTIST!');
    await expect(submitButton(page)).toBeDisabled();

    // This fan's first artist: 2 links x 10 + the 1000 first-artist bonus.
    const rewards = page.getByRole('region', { name: 'Potential Rewards' });
    await expect(rewards).toContainText('+20');
    await expect(rewards).toContainText('+1,000');
    await expect(rewards).toContainText('1,020');

    await page.getByRole('checkbox', { name: /I am a genuine music fan/ }).check();
    await expect(submitButton(page)).toBeEnabled();
    await shoot(page, testInfo, 'add-artist-filled');
    await submitButton(page).click();

    const added = page.getByRole('dialog', { name: "You're Fan #1!" });
    await expect(added).toBeVisible();
    await expect(added).toContainText('Founding Fan Forever!');
    await expect(added).toContainText('+1,020');
    await shoot(page, testInfo, 'add-artist-success', false);
    await added.getByRole('link', { name: 'View Artists' }).click();

    // The lists: My Artists and All Artists (searched by name).
    await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
    await page.getByRole('tab', { name: /My Artists/ }).click();
    await expect(page).toHaveURL(/tab=my/);
    await expect(page.getByRole('list', { name: 'My Artists' }).getByRole('link', { name })).toBeVisible();
    await page.getByRole('tab', { name: /All Artists/ }).click();
    await field(page, 'Search artists').fill(name.toUpperCase());
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole('list', { name: 'All Artists' }).getByRole('link', { name })).toBeVisible();
    // The filters stay in the address: a reload keeps them.
    await field(page, 'Genre').selectOption('Indie');
    await page.reload();
    await expect(field(page, 'Genre')).toHaveValue('Indie');
    await expect(page.getByRole('list', { name: 'All Artists' }).getByRole('link', { name })).toBeVisible();
    await field(page, 'Genre').selectOption('Jazz');
    await expect(page.getByRole('heading', { name: 'No artists match your filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(field(page, 'Search artists')).toHaveValue('');
    await expect(field(page, 'Genre')).toHaveValue('');
    await shoot(page, testInfo, 'artists');

    // A second fan types the name and confirms the artist already on file.
    const second = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const page2 = await second.newPage();
    await page2.emulateMedia({ reducedMotion: 'reduce' });
    await signUpInContext(second, newAccount('artist-verifier'));
    await becomeVerifiedFan(page2);
    await page2.goto('/add-artist');
    await field(page2, 'Artist Name').fill(name.toLowerCase());
    await field(page2, 'Instagram').fill(`@${slug.slice(0, 20)}`);
    // Other tests' artists share the database: at least this one is found ('Found 1 similar artist').
    await expect(page2.getByRole('heading', { name: /^Found \d+ similar artists?$/ })).toBeVisible();
    await expect(page2.getByText(/same name|similar name/).first()).toBeVisible();
    await shoot(page2, testInfo, 'add-artist-similar');
    await page2.getByRole('button', { name: 'Is this them?', description: name }).click();

    const same = page2.getByRole('dialog', { name: 'Is this the same artist?' });
    await expect(same).toContainText(name);
    await expect(same).toContainText('Late-night synth pop');
    await expect(same.getByRole('link', { name: /Spotify/ })).toHaveAttribute('target', '_blank');
    // 25 for confirming + 10 for the one new link (Instagram).
    await expect(same).toContainText('+35 Payola');
    await shoot(page2, testInfo, 'add-artist-same-artist', false);
    await same.getByRole('button', { name: 'Yes, confirm & add links' }).click();

    const thanks = page2.getByRole('dialog', { name: 'Thank You for Verifying!' });
    await expect(thanks).toContainText('You are fan #2 to verify this artist');
    await expect(thanks).toContainText('+35');
    await expect(thanks).toContainText('Payola earned');
    // Behind the dialog (hidden from assistive technology while it is open) the form is in add-another mode.
    await expect(page2.locator('h1')).toHaveText('Please add another artist!');
    await shoot(page2, testInfo, 'add-artist-verified', false);
    await thanks.getByRole('button', { name: 'Verify Another Artist' }).click();
    await expect(page2.getByRole('heading', { level: 1, name: 'Add an Amazing Artist!' })).toBeVisible();

    // The confirmed artist is in the second fan's My Artists too, now with the Instagram link.
    await page2.goto('/artists?tab=my');
    await page2.getByRole('list', { name: 'My Artists' }).getByRole('link', { name }).click();
    await expect(page2.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page2.getByRole('link', { name: /Instagram/ })).toBeVisible();

    // Already verified: the search offers to load it, which fills the Link Hub with its links.
    await page2.goto('/add-artist');
    await field(page2, 'Artist Name').fill(name);
    await page2.getByRole('button', { name: 'Load this artist', description: name }).click();
    await expect(page2.getByText('Already verified by you')).toBeHidden();
    await expect(field(page2, 'Spotify')).toHaveValue(/open\.spotify\.com\/artist\//);
    await expect(page2.getByRole('heading', { level: 1, name: 'Please add another artist!' })).toBeVisible();
    await expect(page2.getByRole('button', { name: 'Start Fresh' })).toBeVisible();
    await page2.getByRole('button', { name: 'Start Fresh' }).click();
    await expect(field(page2, 'Artist Name')).toHaveValue('');
    await second.close();
  });

  test('vote, withdraw with confirmation, favourite, and the Favorites page', async ({ page, context }, testInfo) => {
    test.setTimeout(120_000);
    await signUpInContext(context, newAccount('artist-voter'));
    await becomeVerifiedFan(page);
    const artist = await addArtistViaApi(context, {
      name: uniqueName('Velvet Static'),
      bio: 'Four-piece shoegaze band.\nLoud, then louder.',
    });

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByText('0 favorites')).toBeVisible();

    await page.goto(`/artist/${artist.id}`);
    await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Genre and act type' })).toContainText('Indie');
    await expect(page.getByRole('list', { name: 'Genre and act type' })).toContainText('Alternative');
    await expect(page.getByRole('list', { name: 'Genre and act type' })).toContainText('Band');
    await expect(page.getByText('Four-piece shoegaze band.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Added By' }).locator('..')).toContainText(/Fan #\d+/);
    const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    await expect(page.getByText(today)).toBeVisible();
    for (const platform of ['Spotify', 'Bandcamp', 'Instagram']) {
      const link = page.getByRole('link', { name: new RegExp(`^${platform}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    // Vote, then withdraw it (after a confirmation).
    const vote = page.getByRole('button', { name: /^Vote/ });
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await expect(vote).toContainText('0 votes');
    await vote.click();
    await expect(toastRegion(page).getByText('Vote added')).toBeVisible();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(vote).toContainText('1 vote');
    await shoot(page, testInfo, 'artist-profile');
    await vote.click();
    const confirm = page.getByRole('dialog', { name: 'Remove your vote?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep My Vote' }).click();
    await expect(confirm).toBeHidden();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await vote.click();
    await confirm.getByRole('button', { name: 'Remove Vote' }).click();
    await expect(toastRegion(page).getByText('Vote removed')).toBeVisible();
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await expect(vote).toContainText('0 votes');

    // Favourite it, and find it on the Favorites page.
    const heart = page.getByRole('button', { name: 'Favorite', exact: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(toastRegion(page).getByText('Added to favorites')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/favorites');
    await expect(page.getByText('1 favorite', { exact: true })).toBeVisible();
    const favorites = page.getByRole('list', { name: 'Favorite artists' });
    await expect(favorites.getByRole('link', { name: artist.name })).toBeVisible();
    await shoot(page, testInfo, 'favorites');
    await page.goto('/artists?tab=favorites');
    await expect(page.getByRole('tab', { name: /Favorites/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Favorites' }).getByRole('link', { name: artist.name })).toBeVisible();

    // The card's heart takes it off again.
    await page.goto('/favorites');
    await page.getByRole('button', { name: `Favorite ${artist.name}` }).click();
    await expect(toastRegion(page).getByText('Removed from favorites')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByText('0 favorites')).toBeVisible();
  });

  test('when the server says its read models lag behind a vote, the profile catches up by itself', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signUpInContext(context, newAccount('artist-lag'));
    await becomeVerifiedFan(page);
    const artist = await addArtistViaApi(context, { name: uniqueName('Slow Echo') });
    await page.goto(`/artist/${artist.id}`);
    const vote = page.getByRole('button', { name: /^Vote/ });
    await expect(vote).toContainText('0 votes');

    // As with a worker that is behind: the vote is stored (answered 200 with X-Read-Models-Pending) but the
    // count in the answer, and in the profile read right after it, is still the old one.
    await page.route(`**/api/artists/${artist.id}/vote`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-read-models-pending': 'catalog-artists' },
        json: { ...body, voteCount: 0 },
      });
    });
    let staleReads = 1;
    await page.route(`**/api/artists/${artist.id}`, async (route) => {
      if (route.request().method() !== 'GET' || staleReads-- <= 0) return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), voteCount: 0 } });
    });
    await vote.click();
    await expect(toastRegion(page).getByText('Vote added')).toBeVisible();
    // No reload, no focus change: the app refreshes after the server's hint and shows the real count.
    await expect(vote).toContainText('1 vote', { timeout: 10_000 });
  });

  test('an unknown artist shows Artist Not Found with a way back', async ({ page, context }) => {
    test.setTimeout(60_000);
    await signUpInContext(context, newAccount('artist-missing'));
    await becomeVerifiedFan(page);
    await page.goto('/artist/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Artist Not Found' })).toBeVisible();
    await expect(page.getByText("The artist you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Artists' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  });

  test('a fan who is not verified yet is asked to complete verification before adding', async ({ page, context }) => {
    test.setTimeout(60_000);
    await signUpInContext(context, newAccount('artist-unverified'));
    await page.goto('/verification');
    await field(page, 'Card number').fill('4242 4242 4242 4242');
    await field(page, 'Expiry date').fill('12 / 34');
    await field(page, 'CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await expect(page.getByRole('button', { name: 'Approve identity' })).toBeVisible();

    await page.goto('/add-artist');
    await field(page, 'Artist Name').fill(uniqueName('Paper Lanterns'));
    await field(page, 'Primary Genre').selectOption('Folk');
    await field(page, 'Spotify').fill(spotifyArtistUrl());
    await field(page, 'Official website').fill('https://paperlanterns.example.com');
    await page.getByRole('checkbox', { name: /I am a genuine music fan/ }).check();
    await submitButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Verification Required' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Complete Verification' })).toHaveAttribute('href', '/kyc-launch');
  });
});

test.describe('phone layouts', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'layouts at phone width');
  });

  test('the artist screens fit a 360 px wide phone', async ({ page, context }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await signUpInContext(context, newAccount('artist-phone'));
    await becomeVerifiedFan(page);
    const artist = await addArtistViaApi(context, { name: uniqueName('The Long Goodbyes') });

    await page.goto('/artists');
    await expect(page.getByRole('list', { name: 'All Artists' })).toBeVisible();
    await noSideScroll(page, '/artists');
    await nothingCutOff(page, '/artists');
    await shoot(page, testInfo, 'artists');

    await page.goto(`/artist/${artist.id}`);
    await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
    await noSideScroll(page, '/artist/{id}');
    await nothingCutOff(page, '/artist/{id}');
    await shoot(page, testInfo, 'artist-profile');

    await page.goto('/add-artist');
    await field(page, 'Artist Name').fill(artist.name);
    // The adder is this artist's fan #1, so the search offers to load it.
    await expect(page.getByRole('button', { name: 'Load this artist', description: artist.name })).toBeVisible();
    await noSideScroll(page, '/add-artist');
    await nothingCutOff(page, '/add-artist');
    await shoot(page, testInfo, 'add-artist');

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await noSideScroll(page, '/favorites');
    await nothingCutOff(page, '/favorites');
    await shoot(page, testInfo, 'favorites');
  });
});
