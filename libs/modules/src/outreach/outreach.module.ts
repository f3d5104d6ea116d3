import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG, CAPTCHA_VERIFIER, createCaptchaVerifier, type AppConfig } from '@app/platform';
import { IdentityModule } from '../identity/index.js';
import { AdmitListenerHandler } from './application/commands/admit-listener/admit-listener.handler.js';
import { IssueTestCaptchaTokenHandler } from './application/commands/issue-test-captcha-token/issue-test-captcha-token.handler.js';
import { JoinWaitlistHandler } from './application/commands/join-waitlist/join-waitlist.handler.js';
import { SendContactMessageHandler } from './application/commands/send-contact-message/send-contact-message.handler.js';
import { ExportOutreachDataHandler } from './application/queries/export-outreach-data/export-outreach-data.handler.js';
import { GetCaptchaConfigHandler } from './application/queries/get-captcha-config/get-captcha-config.handler.js';
import { GetListenerInvitationHandler } from './application/queries/get-listener-invitation/get-listener-invitation.handler.js';
import { GetMilestoneProgressHandler } from './application/queries/get-milestone-progress/get-milestone-progress.handler.js';
import { HumanCheck } from './application/services/human-check.js';
import { CaptchaController } from './http/captcha.controller.js';
import { OutreachController } from './http/outreach.controller.js';

/**
 * The waitlist, the contact form and the milestones (the api side). Milestones are recorded and the
 * waitlist invited by reactors and a job in the worker.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [OutreachController, CaptchaController],
  providers: [
    // reCAPTCHA when RECAPTCHA_SECRET_KEY is set, otherwise the built-in check.
    {
      provide: CAPTCHA_VERIFIER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createCaptchaVerifier(config),
    },
    HumanCheck,
    JoinWaitlistHandler,
    SendContactMessageHandler,
    IssueTestCaptchaTokenHandler,
    GetCaptchaConfigHandler,
    GetMilestoneProgressHandler,
    ExportOutreachDataHandler,
    AdmitListenerHandler,
    GetListenerInvitationHandler,
  ],
})
export class OutreachModule {}
