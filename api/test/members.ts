import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import supertest from 'supertest';
import type { TRole } from '@app/contracts';
import { testModeSecret } from '@app/modules/membership';
import { TEST_SESSION_SECRET, type ApiHarness, type Client } from './api-harness.js';

/** A new account, signed in, nothing paid. */
export async function signUpAccount(
  api: ApiHarness,
  role: TRole | string = 'fan',
): Promise<{ client: Client; userId: string }> {
  const client = api.client();
  const { body } = await client.post('/api/create-account', {
    email: `artists-${randomUUID()}@example.com`,
    password: 'correct horse 1',
    firstName: 'Art',
    lastName: 'Ist',
    role,
    zipCode: '10001',
  });
  return { client, userId: body.userId };
}

/** The test-mode webhook secret the api derives from its session secret. */
export const TEST_WEBHOOK_SECRET = testModeSecret(TEST_SESSION_SECRET, 'stripe-webhook');
const signer = new Stripe('sk_test_for_signing_only');

/** A Stripe event delivered to the api's webhook, signed as the test mode (or with `secret`) signs it. */
export function stripeWebhook(api: ApiHarness, payload: object, secret = TEST_WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret });
  return supertest(api.app.getHttpServer())
    .post('/api/stripe/webhook')
    .set('Stripe-Signature', signature)
    .set('Content-Type', 'application/json')
    .send(body);
}

/** Through the product's own path: sign-up, test-card payment, test-mode identity approval. */
export async function signUpMember(
  api: ApiHarness,
  role: TRole = 'fan',
  approve = true,
): Promise<{ client: Client; userId: string }> {
  const { client, userId } = await signUpAccount(api, role);
  const intent = await client.post('/api/create-payment-intent', {
    membershipAddon: role === 'fan',
    selectedRole: role,
  });
  const paid = await client.post('/api/test-payments/confirm', {
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  if (approve) {
    expect((await client.post('/api/kyc/session')).status).toBe(200);
    expect((await client.post('/api/kyc/test-decision', { decision: 'approved' })).status).toBe(200);
  }
  return { client, userId };
}
