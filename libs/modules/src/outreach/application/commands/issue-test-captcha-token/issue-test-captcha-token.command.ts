import { Command } from '@nestjs/cqrs';

/** The built-in captcha's answer to a ticked box: a signed token, good once within 2 minutes. */
export class IssueTestCaptchaToken extends Command<{ token: string }> {}
