import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TClaimKind, TEntryHistoryItem, TEntryHistoryPage } from '@app/contracts';
import { EventStore, type StoredEvent } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { fanNumbersOf } from '../../../../membership/index.js';
import { entryStreamId } from '../../../catalog-names.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { notFoundOf } from '../../services/entry-claims.js';
import { GetEntryHistory } from './get-entry-history.query.js';

type AnyEvent = StoredEvent<{ type: string; data: Record<string, unknown> }>;
type Details = Record<string, unknown>;

/**
 * What the history shows of each kind: the streams it reads (the entry's own, and the operators'
 * decisions about it) with the event types that are edits there. Votes and favourites are on streams of
 * their own per fan, so they never appear; claims in progress are not edits either (only an approval is).
 */
const HISTORY = {
  artist: {
    streams: (id: string) => [
      {
        streamId: entryStreamId('artist', id),
        types: ['ArtistAdded', 'ArtistVerified', 'ArtistLinksAdded', 'ArtistDetailsEdited', 'EntryClaimApproved'],
      },
      { streamId: `artist-moderation-${id}`, types: ['ArtistHidden', 'ArtistRestored'] },
    ],
    details: ['ArtistAdded', 'ArtistDetailsEdited'],
    fields: [
      ['name', 'Name'],
      ['artistType', 'Artist type'],
      ['genre', 'Primary genre'],
      ['secondaryGenre', 'Secondary genre'],
      ['recordLabel', 'Record label'],
      ['bio', 'Story'],
    ],
  },
  venue: {
    streams: (id: string) => [
      {
        streamId: entryStreamId('venue', id),
        types: ['VenueAdded', 'VenueDuplicateConfirmed', 'VenueUpdated', 'EntryClaimApproved'],
      },
      { streamId: `venue-moderation-${id}`, types: ['VenueHidden', 'VenueRestored'] },
    ],
    details: ['VenueAdded', 'VenueUpdated'],
    fields: [
      ['name', 'Name'],
      ['venueType', 'Venue type'],
      ['streetAddress', 'Street address'],
      ['city', 'City'],
      ['state', 'State'],
      ['country', 'Country'],
      ['capacity', 'Capacity'],
      ['ageRestriction', 'Age restriction'],
      ['soundSystem', 'Sound system'],
      ['bio', 'About'],
      ['phoneNumber', 'Phone'],
      ['email', 'Email'],
      ['bookingContact', 'Booking contact'],
      ['accessibility', 'Accessibility'],
      ['parking', 'Parking'],
    ],
  },
} as const satisfies Record<TClaimKind, unknown>;

/** Above any stream version: "from the newest". */
const TOP = 999_999_999_999;

const ACTIONS: Record<string, TEntryHistoryItem['action']> = {
  ArtistAdded: 'added',
  VenueAdded: 'added',
  ArtistVerified: 'verified',
  VenueDuplicateConfirmed: 'verified',
  ArtistLinksAdded: 'links-added',
  ArtistDetailsEdited: 'details-edited',
  VenueUpdated: 'details-edited',
  EntryClaimApproved: 'claimed',
  ArtistHidden: 'hidden',
  VenueHidden: 'hidden',
  ArtistRestored: 'restored',
  VenueRestored: 'restored',
};

/** A detail as the history shows it: the log's details are strings, numbers (capacity) or null. */
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value || null : typeof value === 'number' ? String(value) : null;
const urls = (details: Details | undefined): string[] =>
  Array.isArray(details?.links) ? details.links.map((link: { url: string }) => link.url) : [];

/**
 * Keyset pages over each stream's (stream_id, stream_version) unique index: the cursor holds, per stream,
 * the version the next page starts below, so a page costs one short index scan per stream however long
 * the entry's history, plus one look-up of the details before the page's oldest edit (for its "old → new").
 */
@QueryHandler(GetEntryHistory)
export class GetEntryHistoryHandler implements IQueryHandler<GetEntryHistory> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  async execute({ kind, entryId, page }: GetEntryHistory): Promise<TEntryHistoryPage> {
    if (!isCatalogId(entryId)) throw notFoundOf(kind)();
    const spec = HISTORY[kind];
    const streams = spec.streams(entryId);
    const bounds = page.cursor?.split('.').map(Number) ?? [];
    const fetched = await Promise.all(
      streams.map(({ streamId, types }, index) =>
        this.store.readStreamBackward<AnyEvent>(streamId, {
          before: bounds[index] ?? TOP,
          limit: page.limit + 1,
          types,
        }),
      ),
    );
    if (!page.cursor && (fetched[0]?.length ?? 0) === 0) throw notFoundOf(kind)();
    const merged = fetched.flat().sort((a, b) => b.globalPosition - a.globalPosition);
    const shown = merged.slice(0, page.limit);
    const nextCursor =
      merged.length > page.limit
        ? streams
            .map(({ streamId }, index) => {
              const versions = shown.filter((event) => event.streamId === streamId).map((e) => e.streamVersion);
              return versions.length > 0 ? Math.min(...versions) : (bounds[index] ?? TOP);
            })
            .join('.')
        : null;

    const detailTypes: readonly string[] = spec.details;
    const edits = shown.filter((event) => detailTypes.includes(event.type)).reverse();
    const oldest = edits[0];
    const before = oldest
      ? (
          await this.store.readStreamBackward<AnyEvent>(oldest.streamId, {
            before: oldest.streamVersion,
            limit: 1,
            types: detailTypes,
          })
        )[0]
      : undefined;
    const previous = new Map<number, Details | undefined>();
    let last: Details | undefined = before?.data;
    for (const edit of edits) {
      previous.set(edit.globalPosition, last);
      last = edit.data;
    }

    const users = [...new Set(shown.map((event) => event.data.userId).filter((id) => typeof id === 'string'))];
    const numbers = await fanNumbersOf(this.pool, users);
    const items = shown.map((event): TEntryHistoryItem => {
      const action = ACTIONS[event.type] ?? 'details-edited';
      const userId = typeof event.data.userId === 'string' ? event.data.userId : null;
      const fanNumber = userId ? (numbers.get(userId) ?? null) : null;
      return {
        id: String(event.globalPosition),
        action,
        at: event.recordedAt.toISOString(),
        by: this.by(event, action, fanNumber),
        changes: this.changes(event, spec.fields, previous.get(event.globalPosition)),
      };
    });
    return { items, nextCursor };
  }

  private by(event: AnyEvent, action: TEntryHistoryItem['action'], fanNumber: number | null): TEntryHistoryItem['by'] {
    if (action === 'added') {
      const number = event.data.addedByFoundingFanNumber;
      return { role: 'fan', fanNumber: typeof number === 'number' ? number : null };
    }
    if (action === 'hidden' || action === 'restored') return { role: 'operator', fanNumber: null };
    if (action === 'claimed' || event.type === 'ArtistDetailsEdited') return { role: 'claimant', fanNumber };
    // A venue saved again by a member without a fan number: only a claimant (a venue-role member) may.
    if (event.type === 'VenueUpdated' && fanNumber === null) return { role: 'claimant', fanNumber };
    return { role: fanNumber === null ? 'member' : 'fan', fanNumber };
  }

  private changes(
    event: AnyEvent,
    fields: readonly (readonly [string, string])[],
    before: Details | undefined,
  ): TEntryHistoryItem['changes'] {
    switch (ACTIONS[event.type]) {
      case 'added':
        return [{ field: 'Name', from: null, to: text(event.data.name) }];
      case 'links-added':
        return urls(event.data).map((url) => ({ field: 'Link added', from: null, to: url }));
      case 'details-edited': {
        const changed = fields
          .filter(([field]) => text(before?.[field]) !== text(event.data[field]))
          .map(([field, label]) => ({ field: label, from: text(before?.[field]), to: text(event.data[field]) }));
        if (!Array.isArray(event.data.links)) return changed;
        const old = new Set(urls(before));
        const now = new Set(urls(event.data));
        return [
          ...changed,
          ...[...now].filter((url) => !old.has(url)).map((url) => ({ field: 'Link added', from: null, to: url })),
          ...[...old].filter((url) => !now.has(url)).map((url) => ({ field: 'Link removed', from: url, to: null })),
        ];
      }
      default:
        return [];
    }
  }
}
