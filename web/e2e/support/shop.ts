import { expect, type Browser, type BrowserContext } from '@playwright/test';
import { generate } from 'otplib';
import { addArtistViaApi, newAccount, signUpInContext, type NewAccount } from './accounts';
import { grantOperator } from './operators';

/** A state-changing API call from a signed-in context, with the XSRF token the web app would send. */
export async function postAs(context: BrowserContext, path: string, data: object) {
  await context.request.get('/api/auth/check');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return context.request.post(path, { data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
}

/** The test-mode payment (and, for a fan, the identity approval) through the api, as the pages do it. */
export async function payViaApi(context: BrowserContext, role: NewAccount['role'], approve = role === 'fan') {
  const intent = await postAs(context, '/api/create-payment-intent', {
    membershipAddon: role === 'fan',
    selectedRole: role,
  });
  expect(intent.status(), await intent.text()).toBeLessThan(300);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await postAs(context, '/api/test-payments/confirm', {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(paid.status(), await paid.text()).toBe(200);
  if (!approve) return;
  expect((await postAs(context, '/api/kyc/session', {})).status()).toBe(200);
  expect((await postAs(context, '/api/kyc/test-decision', { decision: 'approved' })).status()).toBe(200);
}

/**
 * A member whose claim on a new artist an operator approved, through the product's own path (as the
 * claims spec does on screen): a verified fan adds the artist, an artist-role member pays and claims it
 * with the code on one of its links, an operator past the second factor approves.
 */
export async function approvedArtistClaim(
  browser: Browser,
  claimant: BrowserContext,
  artistName: string,
): Promise<{ artistId: string; claimantEmail: string }> {
  const baseURL = process.env.E2E_BASE_URL;
  const fan = await browser.newContext({ baseURL });
  await signUpInContext(fan, newAccount('shop-adder'));
  await payViaApi(fan, 'fan');
  const artist = await addArtistViaApi(fan, { name: artistName, bio: 'They sell their records at the door.' });
  const profile = (await (await fan.request.get(`/api/artists/${artist.id}`)).json()) as { links: { url: string }[] };
  await fan.close();

  const account = newAccount('shop-claimant', { role: 'artist', firstName: 'Sam', lastName: 'Seller' });
  await signUpInContext(claimant, account);
  await payViaApi(claimant, 'artist');
  const started = await postAs(claimant, `/api/artists/${artist.id}/claim`, {});
  expect(started.status(), await started.text()).toBe(201);
  const { claimId, code } = (await started.json()) as { claimId: string; code: string };
  const submitted = await postAs(claimant, `/api/artists/${artist.id}/claim/submit`, {
    code,
    linkUrl: profile.links[0]!.url,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  const ops = await browser.newContext({ baseURL });
  const operator = newAccount('shop-ops');
  await signUpInContext(ops, operator);
  await grantOperator(operator.email);
  const setup = await postAs(ops, '/api/ops/second-factor/setup', {});
  const { secret } = (await setup.json()) as { secret: string };
  expect((await postAs(ops, '/api/ops/second-factor/confirm', { code: await generate({ secret }) })).status()).toBe(
    200,
  );
  // The claim reaches the console's read model a moment after it was sent.
  await expect
    .poll(
      async () =>
        (await postAs(ops, `/api/ops/claims/${claimId}/approve`, { reason: 'Code found on their Spotify' })).status(),
      { timeout: 20_000 },
    )
    .toBe(200);
  await ops.close();
  return { artistId: artist.id, claimantEmail: account.email };
}

/**
 * The Listener milestone as this run configures it (global-setup: 2 verified fans and 1 verified artist),
 * reached the way members reach it: while it is not in the log, one more verified fan adds an artist, and
 * the milestone recorder records it. Once recorded it stays (the gate never closes again), so the shop's
 * preview is checked before this.
 */
export async function reachListenerMilestone(browser: Browser): Promise<void> {
  const baseURL = process.env.E2E_BASE_URL;
  const probe = await browser.newContext({ baseURL });
  const open = async () => {
    const progress = (await (await probe.request.get('/api/milestones')).json()) as {
      milestones: { id: string; reachedAt: string | null }[];
    };
    return progress.milestones.some((m) => m.id === 'listener-membership' && m.reachedAt !== null);
  };
  for (let fans = 0; fans < 3 && !(await open()); fans++) {
    const fan = await browser.newContext({ baseURL });
    await signUpInContext(fan, newAccount('milestone-fan'));
    await payViaApi(fan, 'fan');
    await addArtistViaApi(fan, { name: `Milestone Band ${Date.now()}-${fans}`, bio: 'Counted toward the milestone.' });
    await fan.close();
  }
  await expect(open).toPass({ timeout: 60_000, intervals: [500, 1000] });
  await probe.close();
}
