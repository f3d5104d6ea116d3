import { createHmac } from 'node:crypto';

/**
 * The secrets the built-in test modes sign their webhooks with. Derived from SESSION_SECRET rather
 * than written in the source, so a deployment that runs the test modes (a demo, with
 * ALLOW_TEST_MODES_IN_PRODUCTION) does not accept events forged with a secret anyone can read.
 */
export function testModeSecret(sessionSecret: string, purpose: 'stripe-webhook' | 'veriff-webhook'): string {
  const derived = createHmac('sha256', sessionSecret).update(`payola test mode ${purpose}`).digest('hex');
  return purpose === 'stripe-webhook' ? `whsec_${derived}` : derived;
}
