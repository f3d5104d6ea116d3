import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CAPTCHA_VERIFIER, TestModeCaptchaVerifier, type CaptchaVerifier } from '@app/platform';
import { CaptchaTestModeOnlyError } from '../../../domain/outreach-errors.js';
import { IssueTestCaptchaToken } from './issue-test-captcha-token.command.js';

@CommandHandler(IssueTestCaptchaToken)
export class IssueTestCaptchaTokenHandler implements ICommandHandler<IssueTestCaptchaToken> {
  constructor(@Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier) {}

  async execute(): Promise<{ token: string }> {
    if (!(this.captcha instanceof TestModeCaptchaVerifier)) throw new CaptchaTestModeOnlyError();
    return { token: this.captcha.issueToken() };
  }
}
