import type { Provider, Type } from '@nestjs/common';

/** The identity-check part of the membership module (filled by the KYC work). */
export const KYC_CONTROLLERS: Type[] = [];
export const KYC_PROVIDERS: Provider[] = [];
