import { randomUUID } from 'node:crypto';
import type { TRole } from '@app/contracts';
import type { ApiHarness, Client } from './api-harness.js';

/** Through the product's own path: sign-up, test-card payment, test-mode identity approval. */
export async function signUpMember(
  api: ApiHarness,
  role: TRole = 'fan',
  approve = true,
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
  return { client, userId: body.userId };
}
