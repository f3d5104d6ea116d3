import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { becomeVerifiedFan, newAccount, signUpInContext, toastRegion } from './support/accounts';
import { noSideScroll, nothingCutOff, shoot } from './support/pages';
import { expectNoViolations } from './support/accessibility';

// My Profile's "Your data": the member clicks Download my data and the browser saves the zip the api
// streams (GET /api/me/export), named for today, with a README and the member's own account in it.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** The zip's files by name, as text. */
async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.readEntry();
  });
  return files;
}

test('a member downloads their data from My Profile: a dated zip with a README and their own account', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = newAccount('data-export');
  await signUpInContext(context, account);
  await becomeVerifiedFan(page);
  await page.goto('/profile');

  const section = page.getByRole('heading', { level: 2, name: 'Your data' });
  await expect(section).toBeVisible();
  const button = page.getByRole('button', { name: 'Download my data' });
  await button.scrollIntoViewIfNeeded();
  await expectNoViolations(page, 'My Profile with Your data');
  await noSideScroll(page, 'My Profile');
  await nothingCutOff(page, 'My Profile');
  await shoot(page, testInfo, 'my-profile', false);
  const region = page.getByRole('region', { name: 'Your data' });
  await region.screenshot({ path: testInfo.outputPath('your-data-section.png') });
  if (process.env.E2E_SHOTS_DIR) {
    await region.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/your-data-section-${testInfo.project.name}.png` });
  }

  const downloaded = page.waitForEvent('download');
  await button.click();
  const download = await downloaded;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`payola-my-data-${today}.zip`);
  await expect(toastRegion(page).getByText('Your data is downloading')).toBeVisible();

  const files = await unzip(await readFile((await download.path())!));
  expect([...files.keys()]).toEqual(
    expect.arrayContaining(['README.txt', 'account.json', 'account.csv', 'payola-ledger.csv']),
  );
  expect(files.get('README.txt')).toContain('Your data from Payola');
  const [me] = JSON.parse(files.get('account.json')!) as { email: string; firstName: string }[];
  expect(me).toMatchObject({ email: account.email, firstName: account.firstName });
  expect(files.get('payola-ledger.csv')).toContain('Identity verified');
  await expect(button).toBeEnabled();
});
