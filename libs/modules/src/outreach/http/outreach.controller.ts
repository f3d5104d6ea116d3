import { Body, Controller, Get, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import {
  OUTREACH_MESSAGES,
  ZContactRequest,
  ZListenerInvitationToken,
  ZWaitlistRequest,
  type TAcknowledgement,
  type TContactMessage,
  type TListenerInvitation,
  type TMilestoneProgress,
  type TWaitlistEntry,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { RateLimit, RateLimitGuard, RequestId } from '../../identity/index.js';
import { JoinWaitlist } from '../application/commands/join-waitlist/join-waitlist.command.js';
import { SendContactMessage } from '../application/commands/send-contact-message/send-contact-message.command.js';
import { GetListenerInvitation } from '../application/queries/get-listener-invitation/get-listener-invitation.query.js';
import { GetMilestoneProgress } from '../application/queries/get-milestone-progress/get-milestone-progress.query.js';

/** docs/product.md §7: the waitlist and contact forms (open to anyone), and the landing page's milestone progress. */
@Controller()
export class OutreachController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  /** Answered the same for a new address and one already on the list. */
  @Post('waitlist')
  @RateLimit('waitlist')
  @UseGuards(RateLimitGuard)
  async joinWaitlist(
    @Body(new ZodValidationPipe(ZWaitlistRequest)) body: TWaitlistEntry,
    @Req() req: Request,
    @RequestId() requestId: string | undefined,
  ): Promise<TAcknowledgement> {
    await this.commands.execute(new JoinWaitlist(body, req.ip, requestId));
    return { ok: true, message: OUTREACH_MESSAGES.waitlistJoined };
  }

  @Post('contact')
  @RateLimit('contact')
  @UseGuards(RateLimitGuard)
  async contact(
    @Body(new ZodValidationPipe(ZContactRequest)) body: TContactMessage,
    @Req() req: Request,
    @RequestId() requestId: string | undefined,
  ): Promise<TAcknowledgement> {
    await this.commands.execute(new SendContactMessage(body, req.ip, requestId));
    return { ok: true, message: OUTREACH_MESSAGES.contactSent };
  }

  /** The Listener sign-up's pre-fill from an invitation link (its token is random: nothing to enumerate). */
  @Get('waitlist/invitations/:token')
  listenerInvitation(
    @Param('token', new ZodValidationPipe(ZListenerInvitationToken)) token: string,
  ): Promise<TListenerInvitation> {
    return this.queries.execute(new GetListenerInvitation(token));
  }

  @Get('milestones')
  milestones(): Promise<TMilestoneProgress> {
    return this.queries.execute(new GetMilestoneProgress());
  }
}
