import { Command } from '@nestjs/cqrs';
import type { CatalogKind } from '../../../catalog-kind.js';
import type { ModerationDecision } from '../../../domain/moderation.js';

/** An operator hides or restores an entry, or dismisses its open reports, with a reason. */
export class ModerateEntry extends Command<void> {
  constructor(
    readonly kind: CatalogKind,
    readonly entryId: string,
    readonly operatorId: string,
    readonly action: ModerationDecision,
    readonly reason: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
