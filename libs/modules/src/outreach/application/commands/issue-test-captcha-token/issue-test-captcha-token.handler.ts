import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CAPTCHA_VERIFIER, TestModeCaptchaVerifier, type CaptchaVerifier } from '@app/platform';
import { CaptchaTestModeOnlyError } from '../../../domain/outreach-errors.js';
import { IssueTestCaptchaToken } from './issue-test-captcha-token.command.js';

@CommandHandler(IssueTestCaptchaToken)
export class IssueTestCaptchaTokenHandler implements ICommandHandler<IssueTestCaptchaToken> {
  constructor(@Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier) {}

  execute(): Promise<{ token: string }> {
    if (!(this.captcha instanceof TestModeCaptchaVerifier)) return Promise.reject(new CaptchaTestModeOnlyError());
    return Promise.resolve({ token: this.captcha.issueToken() });
  }
}
