import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ZOpsMemberSearch,
  ZOpsSuspensionRequest,
  type TOpsMember,
  type TOpsMemberFound,
  type TOpsMemberSearch,
  type TOpsSuspensionRequest,
} from '@app/contracts';
import { InjectPool, ZodValidationPipe, type Pool } from '@app/platform';
import {
  CurrentUser,
  findUserIdByEmail,
  GetAccount,
  MemberSuspensions,
  RequestId,
  SUSPENSION_MESSAGES,
  type SessionUser,
} from '../../identity/index.js';
import { fanNumberOf, findUserIdByFanNumber } from '../../membership/index.js';
import { OperatorGuard } from './operator.guard.js';

/** "42" or "#42": a founding fan number; anything else is taken for an email. */
const FAN_NUMBER = /^#?(\d{1,9})$/;

/**
 * The console's Members screen: find a member, see whether they are suspended, suspend or lift with a
 * reason. Identity decides and enforces (MemberSuspensions); every action is an event on the member's
 * stream naming the operator (from the session, never the body) and the reason.
 */
@Controller('ops/members')
@UseGuards(OperatorGuard)
export class MembersController {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MemberSuspensions) private readonly suspensions: MemberSuspensions,
  ) {}

  @Get()
  async find(@Query(new ZodValidationPipe(ZOpsMemberSearch)) { q }: TOpsMemberSearch): Promise<TOpsMemberFound> {
    const fanNumber = FAN_NUMBER.exec(q)?.[1];
    const userId = fanNumber
      ? await findUserIdByFanNumber(this.pool, Number(fanNumber))
      : await findUserIdByEmail(this.pool, q);
    return { member: userId ? await this.member(userId) : null };
  }

  @Get(':id')
  async show(@Param('id') id: string): Promise<TOpsMember> {
    return this.found(await this.member(id));
  }

  @Post(':id/suspend')
  @HttpCode(200)
  async suspend(
    @CurrentUser() operator: SessionUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZOpsSuspensionRequest)) { reason }: TOpsSuspensionRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<TOpsMember> {
    await this.suspensions.suspend({ userId: id, operatorId: operator.id, reason }, requestId);
    return this.found(await this.member(id));
  }

  @Post(':id/lift')
  @HttpCode(200)
  async lift(
    @CurrentUser() operator: SessionUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZOpsSuspensionRequest)) { reason }: TOpsSuspensionRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<TOpsMember> {
    await this.suspensions.lift({ userId: id, operatorId: operator.id, reason }, requestId);
    return this.found(await this.member(id));
  }

  private found(member: TOpsMember | null): TOpsMember {
    if (!member) throw new NotFoundException(SUSPENSION_MESSAGES.unknownMember);
    return member;
  }

  private async member(userId: string): Promise<TOpsMember | null> {
    const [account, foundingFanNumber, { suspended }] = await Promise.all([
      this.queries.execute(new GetAccount(userId)),
      fanNumberOf(this.pool, userId),
      this.suspensions.state(userId),
    ]);
    if (!account) return null;
    const operator = suspended ? await this.queries.execute(new GetAccount(suspended.operatorId)) : null;
    return {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      foundingFanNumber,
      suspension: suspended && { ...suspended, operatorEmail: operator?.email ?? null },
    };
  }
}
