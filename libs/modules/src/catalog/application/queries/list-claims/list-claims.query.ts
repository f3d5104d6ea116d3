import { Query } from '@nestjs/cqrs';
import type { TOpsClaimsPage, ZOpsClaimsQuery } from '@app/contracts';
import type { z } from 'zod';

/** The console's claims of one status, oldest submission first, a page at a time. */
export class ListClaims extends Query<TOpsClaimsPage> {
  constructor(readonly query: z.output<typeof ZOpsClaimsQuery>) {
    super();
  }
}
