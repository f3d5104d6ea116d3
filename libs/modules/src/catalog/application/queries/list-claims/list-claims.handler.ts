import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TOpsClaimsPage } from '@app/contracts';
import { EntryClaims } from '../../services/entry-claims.js';
import { ListClaims } from './list-claims.query.js';

@QueryHandler(ListClaims)
export class ListClaimsHandler implements IQueryHandler<ListClaims> {
  constructor(@Inject(EntryClaims) private readonly claims: EntryClaims) {}

  execute({ query }: ListClaims): Promise<TOpsClaimsPage> {
    return this.claims.list(query);
  }
}
