import { Command } from '@nestjs/cqrs';

/** "Manage Payment Methods": a customer portal session for the signed-in user's customer. */
export class OpenCustomerPortal extends Command<{ url: string }> {
  constructor(readonly userId: string) {
    super();
  }
}
