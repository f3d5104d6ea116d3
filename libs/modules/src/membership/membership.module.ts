import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { KYC_CONTROLLERS, KYC_PROVIDERS } from './kyc/kyc.providers.js';
import { PAYMENT_CONTROLLERS, PAYMENT_PROVIDERS } from './payments/payment.providers.js';

/** Verification payment, identity check and founding fan numbers (the api side). */
@Module({
  imports: [IdentityModule],
  controllers: [...PAYMENT_CONTROLLERS, ...KYC_CONTROLLERS],
  providers: [...PAYMENT_PROVIDERS, ...KYC_PROVIDERS],
})
export class MembershipModule {}
