import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addArtistViaApi,
  addVenueViaApi,
  becomeVerifiedFan,
  newAccount,
  signUpInContext,
  toastRegion,
} from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { dismissToast, noSideScroll, nothingCutOff, shoot, uniqueName } from './support/pages';

// /favorites shows the hearted venues beside the artists, each kind in a section with its own empty
// state; and the artist and venue list cards are compact on a phone (issue 25: a venue card was about
// 500 px tall there, one and a half per screen).

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

async function favoriteOnProfile(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Favorite', exact: true }).click();
  await expect(toastRegion(page).getByText('Added to favorites')).toBeVisible();
  await dismissToast(page);
}

test('My Favorites lists hearted artists and venues in their own sections, each with its empty state', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpInContext(context, newAccount('favorites'));
  await becomeVerifiedFan(page);
  const artist = await addArtistViaApi(context, { name: uniqueName('Paper Lanterns') });
  const venue = await addVenueViaApi(context, { name: uniqueName('The Boiler Room') });

  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
  const artists = page.getByRole('region', { name: /^Artists/ });
  const venues = page.getByRole('region', { name: /^Venues/ });
  await expect(artists.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  await expect(artists).toContainText('Click the heart on an artist to add them to your favorites.');
  await expect(venues.getByRole('heading', { name: 'No favorite venues yet' })).toBeVisible();
  await expect(venues.getByRole('link', { name: 'Browse Venues' })).toHaveAttribute('href', '/venues');
  await expect(page.getByText('0 favorites', { exact: true })).toBeVisible();
  await expectNoViolations(page, '/favorites (empty)');

  await favoriteOnProfile(page, `/venue/${venue.id}`, venue.name);
  await page.goto('/favorites');
  // A venue alone: its section lists it, the artists' section still says there are none.
  await expect(page.getByText('1 favorite', { exact: true })).toBeVisible();
  await expect(
    venues.getByRole('list', { name: 'Favorite venues' }).getByRole('link', { name: venue.name }),
  ).toBeVisible();
  await expect(artists.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();

  await favoriteOnProfile(page, `/artist/${artist.id}`, artist.name);
  await page.goto('/favorites');
  await expect(page.getByText('2 favorites', { exact: true })).toBeVisible();
  await expect(
    artists.getByRole('list', { name: 'Favorite artists' }).getByRole('link', { name: artist.name }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No favorite venues yet' })).toHaveCount(0);
  await expectNoViolations(page, '/favorites (artists and venues)');
  await noSideScroll(page, '/favorites');
  await nothingCutOff(page, '/favorites');
  await shoot(page, testInfo, 'favorites-artists-and-venues');

  // The venue card's heart takes it off again: the venues' own empty state returns, the artist stays.
  await venues.getByRole('button', { name: `Favorite ${venue.name}` }).click();
  await expect(toastRegion(page).getByText('Removed from favorites')).toBeVisible();
  await expect(venues.getByRole('heading', { name: 'No favorite venues yet' })).toBeVisible();
  await expect(artists.getByRole('link', { name: artist.name })).toBeVisible();
  await expect(page.getByText('1 favorite', { exact: true })).toBeVisible();
});

/** The boxes of the list's first `count` cards, in page order. */
async function cardBoxes(list: Locator, count: number) {
  // The cards themselves, not the badge lists inside them.
  const items = list.locator(':scope > li');
  await expect(items.nth(count - 1)).toBeVisible();
  // The cards rise in a short cascade: measure them where they come to rest.
  await list.page().waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const boxes = [];
  for (let i = 0; i < count; i++) {
    const box = await items.nth(i).boundingBox();
    expect(box, `card ${i + 1} has a box`).not.toBeNull();
    boxes.push(box!);
  }
  return boxes;
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('artist and venue cards: at least three to a phone screen, still readable; the cover on top on desktop', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUpInContext(context, newAccount('card-sizes'));
  await becomeVerifiedFan(page);
  const names = { venues: [] as string[], artists: [] as string[] };
  for (let i = 0; i < 3; i++) {
    // A long name too: it wraps inside the card instead of stretching it.
    const venue = uniqueName(i === 0 ? 'The Exceptionally Long Named Municipal Auditorium of Sound' : 'Night Owl');
    names.venues.push((await addVenueViaApi(context, { name: venue })).name);
    names.artists.push((await addArtistViaApi(context, { name: uniqueName('Glass Harbor') })).name);
  }
  const phone = testInfo.project.name === 'phone';

  for (const [path, list] of [
    ['/venues?tab=my', 'My Venues'],
    ['/artists?tab=my', 'My Artists'],
  ] as const) {
    for (const size of phone
      ? [
          { width: 390, height: 844 },
          { width: 360, height: 780 },
        ]
      : [null]) {
      if (size) await page.setViewportSize(size);
      await page.goto(path);
      const grid = page.getByRole('list', { name: list });
      const boxes = await cardBoxes(grid, 3);
      const viewport = page.viewportSize()!;
      const card = grid.locator(':scope > li').first();
      const heart = card.getByRole('button', { name: /^Favorite / });
      const title = card.getByRole('heading', { level: 2 });
      const heartBox = (await heart.boundingBox())!;
      const titleBox = (await title.boundingBox())!;
      // The heart stays a full tap target, apart from the name.
      expect(heartBox.width).toBeGreaterThanOrEqual(44);
      expect(overlap(heartBox, titleBox), 'the heart covers the name').toBe(false);
      if (size) {
        // Three cards, gaps included, fit in one screen height (issue 25: 1.5 did).
        const span = boxes[2]!.y + boxes[2]!.height - boxes[0]!.y;
        expect(span, `three ${list} cards at ${viewport.width} px`).toBeLessThanOrEqual(viewport.height * 0.8);
        for (const box of boxes) expect(box.height).toBeLessThanOrEqual(200);
        // Still readable: the name is at least 18 px and not squeezed to nothing beside the cover.
        expect(await title.evaluate((h) => parseFloat(getComputedStyle(h).fontSize))).toBeGreaterThanOrEqual(18);
        expect(titleBox.width).toBeGreaterThan(viewport.width * 0.5);
        await noSideScroll(page, path);
        await nothingCutOff(page, path);
        // The cards themselves (a page screenshot starts at the top, above them).
        const shot = testInfo.outputPath(`cards-${list.toLowerCase().replace(' ', '-')}-${viewport.width}.png`);
        await grid.screenshot({ path: shot });
        await testInfo.attach(`cards-${list}-${viewport.width}`, { path: shot, contentType: 'image/png' });
      } else {
        // From sm up the card keeps its cover across the top, several to a row.
        expect(boxes[1]!.y).toBe(boxes[0]!.y);
        expect(titleBox.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.width * 0.5);
        await shoot(page, testInfo, `cards-${list.toLowerCase().replace(' ', '-')}`, false);
      }
      await expectNoViolations(page, path);
    }
  }
});
