import { OUTREACH_MESSAGES } from '@app/contracts';
import { DomainError } from '@app/domain';

/** The captcha token is missing, forged, expired or already used. */
export class CaptchaRejectedError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(OUTREACH_MESSAGES.captchaFailed);
  }
}

/** reCAPTCHA did not answer: nothing was recorded, the sender may try again. */
export class CaptchaUnavailableError extends DomainError {
  readonly kind = 'unavailable';
  constructor() {
    super(OUTREACH_MESSAGES.captchaUnavailable);
  }
}

/** The built-in captcha's tokens exist only in test mode. */
export class CaptchaTestModeOnlyError extends DomainError {
  readonly kind = 'not-found';
  constructor() {
    super('The built-in captcha check is off: this server uses reCAPTCHA.');
  }
}
