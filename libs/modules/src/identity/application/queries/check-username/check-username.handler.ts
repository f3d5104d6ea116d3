import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { UsernameReservations } from '../../services/username-reservations.js';
import { CheckUsername } from './check-username.query.js';

/** Reads the write side's reservations, so "available" means no one holds it right now. */
@QueryHandler(CheckUsername)
export class CheckUsernameHandler implements IQueryHandler<CheckUsername> {
  constructor(@Inject(UsernameReservations) private readonly usernames: UsernameReservations) {}

  async execute({ username, userId }: CheckUsername): Promise<{ available: boolean }> {
    return { available: await this.usernames.isAvailable(username, userId) };
  }
}
