import { Controller, Get, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { TCaptchaConfig } from '@app/contracts';
import { IssueTestCaptchaToken } from '../application/commands/issue-test-captcha-token/issue-test-captcha-token.command.js';
import { GetCaptchaConfig } from '../application/queries/get-captcha-config/get-captcha-config.query.js';

/** The captcha widget: how to render (reCAPTCHA's site key or the built-in check), and the built-in check's tokens. */
@Controller('captcha')
export class CaptchaController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  config(): Promise<TCaptchaConfig> {
    return this.queries.execute(new GetCaptchaConfig());
  }

  @Post('test-token')
  testToken(): Promise<{ token: string }> {
    return this.commands.execute(new IssueTestCaptchaToken());
  }
}
