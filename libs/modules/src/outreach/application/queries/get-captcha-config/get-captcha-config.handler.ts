import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TCaptchaConfig } from '@app/contracts';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from '@app/platform';
import { GetCaptchaConfig } from './get-captcha-config.query.js';

@QueryHandler(GetCaptchaConfig)
export class GetCaptchaConfigHandler implements IQueryHandler<GetCaptchaConfig> {
  constructor(@Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier) {}

  execute(): Promise<TCaptchaConfig> {
    return Promise.resolve({ mode: this.captcha.mode, siteKey: this.captcha.siteKey });
  }
}
