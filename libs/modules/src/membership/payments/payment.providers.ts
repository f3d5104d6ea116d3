import type { Provider, Type } from '@nestjs/common';

/** The payment part of the membership module. */
export const PAYMENT_CONTROLLERS: Type[] = [];
export const PAYMENT_PROVIDERS: Provider[] = [];
