import { Command } from '@nestjs/cqrs';
import type { TWaitlistEntry } from '@app/contracts';

/** Puts an address on the Listener waitlist (once) and emails it a confirmation. */
export class JoinWaitlist extends Command<void> {
  constructor(
    readonly entry: TWaitlistEntry,
    readonly remoteIp?: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
