import { Command } from '@nestjs/cqrs';
import type { CatalogKind } from '../../../catalog-kind.js';

/** An operator merges a duplicate into the survivor of the same kind, with a reason. */
export class MergeEntry extends Command<void> {
  constructor(
    readonly kind: CatalogKind,
    readonly duplicateId: string,
    readonly survivorId: string,
    readonly operatorId: string,
    readonly reason: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
