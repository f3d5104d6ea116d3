import { Query } from '@nestjs/cqrs';
import type { TCaptchaConfig } from '@app/contracts';

/** What the captcha widget renders with: reCAPTCHA's site key, or the built-in check. */
export class GetCaptchaConfig extends Query<TCaptchaConfig> {}
