import { Inject, Injectable } from '@nestjs/common';
import { CAPTCHA_VERIFIER, InjectLogger, type CaptchaVerifier, type Logger } from '@app/platform';
import { CaptchaRejectedError, CaptchaUnavailableError } from '../../domain/outreach-errors.js';

/** Checks a form's captcha token before anything is recorded or sent. */
@Injectable()
export class HumanCheck {
  constructor(
    @Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async verify(token: string, remoteIp: string | undefined): Promise<void> {
    const verdict = await this.captcha.verify(token, remoteIp);
    if (verdict.ok) return;
    if (verdict.reason === 'unavailable') {
      this.logger.warn({ detail: verdict.detail }, 'captcha verification unavailable');
      throw new CaptchaUnavailableError();
    }
    throw new CaptchaRejectedError();
  }
}
