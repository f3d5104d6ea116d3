import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'minio';
import {
  becomeVerifiedFan,
  field,
  newAccount,
  screenshot,
  signUpInContext,
  spotifyArtistUrl,
  toastRegion,
} from './support/accounts';
import { expectNoViolations } from './support/accessibility';

// Fan video messages: Uppy uploads straight to the local S3 server (s3rver, started by the run),
// the api checks the file, the message goes out with the new artist and plays on its profile.

const FIXTURE = new URL('./fixtures/fan-message.mp4', import.meta.url);

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

function uniqueName(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
}

/** The keys under `prefix` in the run's bucket, listed with the storage key (unsigned requests are refused). */
async function storedUploads(prefix: string): Promise<string[]> {
  const endpoint = new URL(process.env.E2E_S3_ENDPOINT ?? 'http://127.0.0.1:4568');
  const storage = new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: endpoint.protocol === 'https:',
    accessKey: process.env.S3_ACCESS_KEY ?? 'S3RVER',
    secretKey: process.env.S3_SECRET_KEY ?? 'S3RVER',
    region: process.env.S3_REGION ?? 'us-east-1',
    pathStyle: true,
  });
  const keys: string[] = [];
  for await (const item of storage.listObjectsV2(process.env.S3_BUCKET ?? 'payola-media', prefix, true)) {
    if (item.name) keys.push(item.name);
  }
  return keys;
}

async function fillNewArtist(page: Page, name: string) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  await field(page, 'Artist Name').fill(name);
  await field(page, 'Primary Genre').selectOption('Indie');
  await field(page, 'Spotify').fill(spotifyArtistUrl());
  await field(page, 'Bandcamp').fill(`https://${slug}.bandcamp.com`);
  await page.getByRole('checkbox', { name: /I am a genuine music fan/ }).check();
}

async function userId(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/user');
  return ((await response.json()) as { id: string }).id;
}

/** The Total line of the add form's Potential Rewards. */
function rewardsTotal(page: Page) {
  return page.getByRole('region', { name: 'Potential Rewards' }).getByRole('definition').last();
}

async function payolaBalance(page: Page): Promise<number> {
  const response = await page.request.get('/api/payola/stats');
  return ((await response.json()) as { currentBalance: number }).currentBalance;
}

test.describe('fan video messages', () => {
  const desktopOnly = (testInfo: { project: { name: string } }) =>
    test.skip(testInfo.project.name !== 'desktop', 'flow tests run on desktop; the phone run checks the layout');

  // On both projects: the reward preview and the sender's name are what a new fan on a phone noticed.
  test('a fan uploads a real MP4 with progress, sends it with a new artist, and it plays on the profile', async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = uniqueName('Velvet Static');
    await signUpInContext(context, newAccount('fan-message'));
    await becomeVerifiedFan(page);
    const before = await payolaBalance(page);
    await page.goto('/add-artist');
    await fillNewArtist(page, name);
    // A first artist with two links: 1,000 + 2 × 10.
    await expect(rewardsTotal(page)).toHaveText('1,020 PYL');

    const section = page.getByRole('region', { name: /Fan Message/ });
    await section.getByRole('checkbox', { name: 'Record a fan message for this artist' }).check();
    // docs/product.md §5: the fan message option needs a video.
    await page.getByRole('button', { name: 'ADD THIS AMAZING ARTIST!' }).click();
    await expect(toastRegion(page)).toContainText('Video required');
    await expect(toastRegion(page)).toContainText('Please upload your fan message video to continue.');

    await section.getByRole('checkbox', { name: "Make my message public on the artist's profile" }).check();
    await section.getByLabel('Your Message').fill('Your record got me through the winter.');
    // A file that is not a video is refused before anything is sent (docs/product.md §5 texts).
    await section.getByLabel('Choose your video').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(toastRegion(page)).toContainText('Invalid file type');

    const uploaded = page.waitForResponse((r) => /\/api\/objects\/[^/]+\/complete$/.test(r.url()));
    await section.getByLabel('Choose your video').setInputFiles({
      name: 'winter.mp4',
      mimeType: 'video/mp4',
      buffer: await readFile(FIXTURE),
    });
    expect((await uploaded).status()).toBe(200);
    await expect(section.getByText('Uploaded')).toBeVisible();
    await expect(section.getByLabel('Your fan message video')).toBeVisible();
    // The video message's +25 is in the preview once it will be sent: a video and words (issue 25:
    // the preview said 1,020 and the fan earned 1,045).
    const rewards = page.getByRole('region', { name: 'Potential Rewards' });
    await expect(rewards).toContainText('Fan video message');
    await expect(rewardsTotal(page)).toHaveText('1,045 PYL');
    await section.getByLabel('Your Message').fill('');
    await expect(rewards).toContainText('Write your message to earn +25');
    await expect(rewardsTotal(page)).toHaveText('1,020 PYL');
    await section.getByLabel('Your Message').fill('Your record got me through the winter.');
    await expect(rewardsTotal(page)).toHaveText('1,045 PYL');
    await expectNoViolations(page, 'a fan message with its upload');
    await screenshot(page, testInfo, 'fan-message-uploaded');

    const added = page.waitForResponse((r) => r.url().endsWith('/api/artists') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'ADD THIS AMAZING ARTIST!' }).click();
    const { id } = (await (await added).json()) as { id: string };
    await expect(page.getByRole('dialog', { name: "You're Fan #1!" })).toBeVisible();
    await expect(toastRegion(page)).toContainText('Video fan message sent!');
    // What the preview said is what was paid.
    await expect.poll(() => payolaBalance(page)).toBe(before + 1045);
    const auth = (await (await page.request.get('/api/auth/check')).json()) as { user: { foundingFanNumber: number } };
    const sender = `Fan #${auth.user.foundingFanNumber}`;

    await page.goto(`/artist/${id}`);
    const messages = page.getByRole('region', { name: 'Fan Messages' });
    await expect(messages.getByText('Your record got me through the winter.')).toBeVisible();
    // The card says who sent it, as profiles name members.
    await expect(messages.getByRole('figure')).toContainText(sender);
    const video = messages.getByRole('figure').locator('video');
    await video.scrollIntoViewIfNeeded();
    // Lazy: the source is set once the video is near the screen (with a poster frame when the server has
    // ffmpeg, and then nothing more loads until it plays).
    await expect(video).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]{36}$/);
    const poster = await video.getAttribute('poster');
    if (poster) expect((await page.request.get(poster)).headers()['content-type']).toBe('image/jpeg');
    // Pressing play streams the real MP4 from storage through a signed URL.
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 15_000 })
      .toBeCloseTo(2, 0);
    await screenshot(page, testInfo, 'fan-message-profile');

    // Another member sees the public message too.
    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const otherPage = await other.newPage();
    await signUpInContext(other, newAccount('fan-message-viewer'));
    await becomeVerifiedFan(otherPage);
    await otherPage.goto(`/artist/${id}`);
    await expect(otherPage.getByRole('region', { name: 'Fan Messages' })).toContainText(
      'Your record got me through the winter.',
    );
    await expect(otherPage.getByRole('region', { name: 'Fan Messages' }).getByRole('figure')).toContainText(
      `From ${sender}`,
    );
    await other.close();
  });

  test('pause, resume and cancel: a cancelled upload leaves nothing in storage', async ({
    page,
    context,
  }, testInfo) => {
    desktopOnly(testInfo);
    test.setTimeout(90_000);
    await signUpInContext(context, newAccount('fan-cancel'));
    await becomeVerifiedFan(page);
    const prefix = `uploads/${await userId(page)}/`;
    await page.goto('/add-artist');
    const section = page.getByRole('region', { name: /Fan Message/ });
    await section.getByRole('checkbox', { name: 'Record a fan message for this artist' }).check();

    // A slow connection, so the upload is still going when we pause and cancel it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    const big = Buffer.alloc(8 * 1024 * 1024);
    (await readFile(FIXTURE)).copy(big);
    await section
      .getByLabel('Choose your video')
      .setInputFiles({ name: 'long.mp4', mimeType: 'video/mp4', buffer: big });

    const progress = section.getByRole('progressbar', { name: 'Uploading long.mp4' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await section.getByRole('button', { name: 'Pause' }).click();
    await expect(section.getByText('Paused')).toBeVisible();
    await section.getByRole('button', { name: 'Resume' }).click();
    await expect(section.getByText('Uploading', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(progress).toBeHidden();
    await expect(section.getByLabel('Choose your video')).toBeAttached();

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Nothing arrived: the aborted PUT never became an object.
    await page.waitForTimeout(1000);
    expect(await storedUploads(prefix)).toEqual([]);
  });
  test("a renamed program is refused after upload with the server's reason, and deleted", async ({
    page,
    context,
  }, testInfo) => {
    desktopOnly(testInfo);
    test.setTimeout(90_000);
    await signUpInContext(context, newAccount('fan-renamed'));
    await becomeVerifiedFan(page);
    const prefix = `uploads/${await userId(page)}/`;
    await page.goto('/add-artist');
    const section = page.getByRole('region', { name: /Fan Message/ });
    await section.getByRole('checkbox', { name: 'Record a fan message for this artist' }).check();
    // A Windows program's first bytes, named and typed as a video: only the api's check can tell.
    const program = Buffer.alloc(4096);
    program.write('MZ', 0, 'latin1');
    program.writeUInt32LE(0x80, 0x3c);
    program.write('PE\0\0', 0x80, 'latin1');
    await section
      .getByLabel('Choose your video')
      .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: program });
    await expect(section.getByText('Upload failed')).toBeVisible();
    await expect(section).toContainText('This file is not a video. Please select an MP4, WebM or MOV video.');
    expect(await storedUploads(prefix)).toEqual([]);
    await section.getByRole('button', { name: 'Try again' }).click();
    await expect(section.getByLabel('Choose your video')).toBeAttached();
  });
});

test('the fan message section fits a phone', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'layout check');
  test.setTimeout(90_000);
  await signUpInContext(context, newAccount('fan-message-phone'));
  await becomeVerifiedFan(page);
  await page.goto('/add-artist');
  const section = page.getByRole('region', { name: /Fan Message/ });
  await section.getByRole('checkbox', { name: 'Record a fan message for this artist' }).check();
  await expect(section.getByLabel('Choose your video')).toBeAttached();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'fan-message-phone', false);
});
