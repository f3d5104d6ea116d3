import type { Provider, Type } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { HandleVeriffDecisionHandler } from './application/commands/handle-veriff-decision/handle-veriff-decision.handler.js';
import { StartKycSessionHandler } from './application/commands/start-kyc-session/start-kyc-session.handler.js';
import { SubmitTestDecisionHandler } from './application/commands/submit-test-decision/submit-test-decision.handler.js';
import { GetKycStatusHandler } from './application/queries/get-kyc-status/get-kyc-status.handler.js';
import { KycSessions } from './application/services/kyc-sessions.js';
import { KycController } from './http/kyc.controller.js';
import { VeriffWebhookController } from './http/veriff-webhook.controller.js';
import { KYC_PROVIDER, type KycProvider } from './kyc-provider.js';
import { testModeSecret } from '../test-mode-secrets.js';
import { TestModeKycProvider } from './test-mode-kyc-provider.js';
import { VeriffKycProvider } from './veriff-kyc-provider.js';

/** Veriff when its API key is configured, otherwise the built-in test mode. */
export function createKycProvider(config: AppConfig): KycProvider {
  if (!config.VERIFF_API_KEY) return new TestModeKycProvider(testModeSecret(config.SESSION_SECRET, 'veriff-webhook'));
  if (!config.VERIFF_SHARED_SECRET) throw new Error('VERIFF_SHARED_SECRET is required when VERIFF_API_KEY is set');
  return new VeriffKycProvider({
    apiKey: config.VERIFF_API_KEY,
    sharedSecret: config.VERIFF_SHARED_SECRET,
    baseUrl: config.VERIFF_BASE_URL,
    callbackUrl: new URL('/kyc-launch', config.PUBLIC_URL).toString(),
  });
}

/** The identity-check part of the membership module. */
export const KYC_CONTROLLERS: Type[] = [KycController, VeriffWebhookController];
export const KYC_PROVIDERS: Provider[] = [
  { provide: KYC_PROVIDER, inject: [APP_CONFIG], useFactory: createKycProvider },
  KycSessions,
  StartKycSessionHandler,
  HandleVeriffDecisionHandler,
  SubmitTestDecisionHandler,
  GetKycStatusHandler,
];
