import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  CLAIM_CODE_DAYS,
  CLAIM_MESSAGES,
  type TClaimCode,
  type TClaimKind,
  type TEntryClaimStatus,
  type TOpsClaim,
  type TOpsClaimsPage,
  ZClaimLink,
  type ZOpsClaimsQuery,
} from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { GetAuthUser } from '../../../identity/index.js';
import { CLAIMS_PROJECTION, entryStreamId } from '../../catalog-names.js';
import { isCatalogId } from '../../domain/catalog-id.js';
import { ArtistNotFoundError } from '../../domain/artist.js';
import {
  claimFold,
  decideClaim,
  decideStartClaim,
  decideSubmitClaim,
  latestClaim,
  type ClaimState,
} from '../../domain/entry-claims.js';
import { VenueNotFoundError } from '../../domain/venue.js';

/** Easy to read aloud and to type: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `PAYOLA-XXXX-XXXX-XXXX`: 12 characters of 31, ~59 bits from the operating system's generator. */
export function newClaimCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return ['PAYOLA', ...groups].join('-');
}

export const notFoundOf = (kind: TClaimKind) => () =>
  kind === 'artist' ? new ArtistNotFoundError() : new VenueNotFoundError();

interface ClaimRow {
  claim_id: string;
  kind: TClaimKind;
  entry_id: string;
  entry_name: string | null;
  user_id: string;
  code: string;
  status: 'pending' | 'approved' | 'refused';
  link_platform: string | null;
  link_url: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  reason: string | null;
  position: string;
}

/**
 * Claims of artists and venues (docs/decisions.md, "Claims"): an artist- or venue-role member asks for a
 * code, puts it on one of the entry's links and says which; an operator checks by hand and approves or
 * refuses with a reason. Every decision is an event on the entry's own stream, whose expected version
 * keeps one open claim per member and one approved claimant per entry under racing requests.
 */
@Injectable()
export class EntryClaims {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  private async load(kind: TClaimKind, entryId: string): Promise<ClaimState> {
    if (!isCatalogId(entryId)) throw notFoundOf(kind)();
    return (await this.repository.load(entryStreamId(kind, entryId), claimFold)).state;
  }

  /** Artists are claimed by artist-role members, venues by venue-role members, after their payment. */
  private async claimer(kind: TClaimKind, userId: string): Promise<void> {
    const user = await this.queries.execute(new GetAuthUser(userId));
    if (!user || user.role !== kind) throw new RefusedError('forbidden', CLAIM_MESSAGES.wrongRole[kind]);
    if (!user.paymentCompleted) throw new RefusedError('forbidden', CLAIM_MESSAGES.paymentFirst);
  }

  async status(kind: TClaimKind, entryId: string, userId: string): Promise<TEntryClaimStatus> {
    const [state, user] = await Promise.all([this.load(kind, entryId), this.queries.execute(new GetAuthUser(userId))]);
    if (!state.exists) throw notFoundOf(kind)();
    const mine = latestClaim(state, userId);
    const decided = mine && (mine.status === 'approved' || mine.status === 'refused');
    const reason = decided ? await this.reasonOf(mine.claimId) : null;
    return {
      claimed: state.claimant !== null,
      claimedByYou: state.claimant === userId,
      yours: mine && {
        claimId: mine.claimId,
        status: mine.status,
        expiresAt: mine.expiresAt,
        link: mine.link,
        reason,
      },
      canClaim: user?.role === kind && user.paymentCompleted && state.claimant === null,
    };
  }

  private async reasonOf(claimId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ reason: string | null }>(
      'select reason from catalog_claims where claim_id = $1',
      [claimId],
    );
    return rows[0]?.reason ?? null;
  }

  async start(
    kind: TClaimKind,
    entryId: string,
    userId: string,
    renew: boolean,
    requestId?: string,
  ): Promise<TClaimCode> {
    await this.claimer(kind, userId);
    if (!isCatalogId(entryId)) throw notFoundOf(kind)();
    const claimId = randomUUID();
    const code = newClaimCode();
    const { result } = await this.repository.execute(
      entryStreamId(kind, entryId),
      claimFold,
      (state) => {
        const events = decideStartClaim(
          state,
          { kind, entryId, userId, claimId, code, now: new Date(), days: CLAIM_CODE_DAYS },
          notFoundOf(kind),
          renew,
        );
        const issued = events[0];
        const expiresAt = issued?.type === 'EntryClaimCodeIssued' ? issued.data.expiresAt : '';
        return { events, result: { claimId, code, expiresAt } };
      },
      { metadata: { actingUserId: userId, requestId }, waitFor: [CLAIMS_PROJECTION] },
    );
    return result;
  }

  async submit(
    kind: TClaimKind,
    entryId: string,
    userId: string,
    body: { code: string; linkUrl: string },
    requestId?: string,
  ): Promise<TEntryClaimStatus> {
    await this.claimer(kind, userId);
    if (!isCatalogId(entryId)) throw notFoundOf(kind)();
    await this.repository.execute(
      entryStreamId(kind, entryId),
      claimFold,
      (state) => ({
        events: decideSubmitClaim(state, { kind, entryId, userId, ...body, now: new Date() }, notFoundOf(kind)),
        result: null,
      }),
      { metadata: { actingUserId: userId, requestId }, waitFor: [CLAIMS_PROJECTION] },
    );
    return this.status(kind, entryId, userId);
  }

  /** An operator's decision (the operator from the session), recorded with their reason. */
  async decide(
    claimId: string,
    command: { operatorId: string; reason: string; approve: boolean },
    requestId?: string,
  ): Promise<TOpsClaim> {
    const found = await this.claimRow(claimId);
    if (!found) throw new RefusedError('not-found', CLAIM_MESSAGES.claimNotFound);
    const { kind, entry_id: entryId } = found;
    await this.repository.execute(
      entryStreamId(kind, entryId),
      claimFold,
      (state) => ({ events: decideClaim(state, { kind, entryId, claimId, ...command }), result: null }),
      {
        metadata: { actingUserId: command.operatorId, requestId },
        waitFor: [CLAIMS_PROJECTION, kind === 'artist' ? 'catalog-artists' : 'catalog-venues'],
      },
    );
    const decided = await this.claimRow(claimId);
    const [answer] = decided ? await this.withMembers([decided]) : [];
    if (!answer) throw new RefusedError('not-found', CLAIM_MESSAGES.claimNotFound);
    return answer;
  }

  /** The console's list: submitted claims of one status, oldest first, a page at a time (keyset). */
  async list(query: z.output<typeof ZOpsClaimsQuery>): Promise<TOpsClaimsPage> {
    const { rows } = await this.pool.query<ClaimRow>(
      `${CLAIM_SELECT}
       where c.status = $1 and ($2::bigint is null or c.position > $2::bigint)
       order by c.position limit $3`,
      [query.status, query.cursor ?? null, query.limit + 1],
    );
    const page = rows.slice(0, query.limit);
    const next = rows.length > query.limit ? (page.at(-1)?.position ?? null) : null;
    return { claims: await this.withMembers(page), nextCursor: next };
  }

  private async claimRow(claimId: string): Promise<ClaimRow | null> {
    const { rows } = await this.pool.query<ClaimRow>(`${CLAIM_SELECT} where c.claim_id = $1 and c.status <> 'issued'`, [
      claimId,
    ]);
    return rows[0] ?? null;
  }

  private async withMembers(rows: readonly ClaimRow[]): Promise<TOpsClaim[]> {
    const users = new Map(
      await Promise.all(
        [...new Set(rows.map((row) => row.user_id))].map(
          async (id) => [id, await this.queries.execute(new GetAuthUser(id))] as const,
        ),
      ),
    );
    return rows.map((row) => {
      const user = users.get(row.user_id);
      const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
      return {
        claimId: row.claim_id,
        kind: row.kind,
        entryId: row.entry_id,
        entryName: row.entry_name,
        code: row.code,
        link: row.link_url ? ZClaimLink.parse({ platform: row.link_platform, url: row.link_url }) : null,
        member: { id: row.user_id, email: user?.email ?? null, name: name || null, role: user?.role ?? null },
        status: row.status,
        submittedAt: row.submitted_at?.toISOString() ?? null,
        decidedAt: row.decided_at?.toISOString() ?? null,
        reason: row.reason,
      };
    });
  }
}

/** A claim with its entry's current name (from the kind's read model, which the catalogue owns too). */
const CLAIM_SELECT = `select c.claim_id, c.kind, c.entry_id, coalesce(a.name, v.name) as entry_name, c.user_id, c.code,
  c.status, c.link_platform, c.link_url, c.submitted_at, c.decided_at, c.reason, c.position::text as position
  from catalog_claims c
  left join catalog_artists a on c.kind = 'artist' and a.id = c.entry_id
  left join catalog_venues v on c.kind = 'venue' and v.id = c.entry_id`;

/** The entries a member has claimed (approved), for the Payola shop's offers: kind, id and name, oldest first. */
export async function claimedEntriesOf(
  db: Pick<Pool, 'query'>,
  userId: string,
): Promise<{ kind: TClaimKind; entryId: string; name: string | null; claimedAt: Date }[]> {
  const { rows } = await db.query<{ kind: TClaimKind; entry_id: string; entry_name: string | null; decided_at: Date }>(
    `select c.kind, c.entry_id, coalesce(a.name, v.name) as entry_name, c.decided_at from catalog_claims c
       left join catalog_artists a on c.kind = 'artist' and a.id = c.entry_id
       left join catalog_venues v on c.kind = 'venue' and v.id = c.entry_id
     where c.user_id = $1 and c.status = 'approved' order by c.position`,
    [userId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    entryId: row.entry_id,
    name: row.entry_name,
    claimedAt: row.decided_at,
  }));
}

/** The names of artists and venues as the catalogue shows them (the shop's offers name their entry); absent ids are left out. */
export async function entryNamesOf(
  db: Pick<Pool, 'query'>,
  entries: readonly { kind: TClaimKind; entryId: string }[],
): Promise<Map<string, string>> {
  const ids = (kind: TClaimKind) => [...new Set(entries.filter((e) => e.kind === kind).map((e) => e.entryId))];
  const names = new Map<string, string>();
  if (entries.length === 0) return names;
  const { rows } = await db.query<{ key: string; name: string }>(
    `select 'artist:' || id as key, name from catalog_artists where id = any($1::text[])
     union all select 'venue:' || id, name from catalog_venues where id = any($2::text[])`,
    [ids('artist'), ids('venue')],
  );
  for (const row of rows) names.set(row.key, row.name);
  return names;
}
