import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { cursorRows, type DataExportSections, type ExportRow, type Queryable } from '@app/platform';
import { ExportCatalogData } from './export-catalog-data.query.js';

interface ContributionRow {
  kind: 'artist' | 'venue';
  entry_id: string;
  name: string;
  added: boolean;
  fan_number: number | null;
  entry_added_at: Date;
}

interface MarkRow {
  kind: 'artist' | 'venue';
  entry_id: string;
  name: string;
  created_at: Date;
}

// Both kinds' fan rows in log order: `position` is the log position of the add, verification or confirmation.
const CONTRIBUTIONS_SQL = `
  select kind, entry_id, name, added, fan_number, entry_added_at from (
    select 'artist' as kind, a.id as entry_id, a.name, a.added_by = f.user_id as added, f.fan_number,
           a.created_at as entry_added_at, f.position
    from catalog_artist_fans f join catalog_artists a on a.id = f.artist_id where f.user_id = $1
    union all
    select 'venue', v.id, v.name, f.added, null, v.created_at, f.position
    from catalog_venue_fans f join catalog_venues v on v.id = f.venue_id where f.user_id = $1
  ) fans order by position`;

function marksSql(mark: 'votes' | 'favorites'): string {
  return `
    select kind, entry_id, name, created_at from (
      select 'artist' as kind, a.id as entry_id, a.name, m.created_at
      from catalog_artist_${mark} m join catalog_artists a on a.id = m.artist_id where m.user_id = $1
      union all
      select 'venue', v.id, v.name, m.created_at
      from catalog_venue_${mark} m join catalog_venues v on v.id = m.venue_id where m.user_id = $1
    ) marks order by created_at, kind, entry_id`;
}

async function* marks(db: Queryable, userId: string, mark: 'votes' | 'favorites'): AsyncGenerator<ExportRow> {
  for await (const row of cursorRows<MarkRow>(db, marksSql(mark), [userId])) {
    yield { kind: row.kind, entryId: row.entry_id, name: row.name, date: row.created_at.toISOString() };
  }
}

/** From the catalogue's read models: only the member's own rows (their fan, vote and favourite rows). */
@QueryHandler(ExportCatalogData)
export class ExportCatalogDataHandler implements IQueryHandler<ExportCatalogData> {
  execute({ userId, db }: ExportCatalogData): Promise<DataExportSections> {
    async function* contributions(): AsyncGenerator<ExportRow> {
      for await (const row of cursorRows<ContributionRow>(db, CONTRIBUTIONS_SQL, [userId])) {
        yield {
          kind: row.kind,
          entryId: row.entry_id,
          name: row.name,
          what: row.added ? 'added' : row.kind === 'artist' ? 'verified' : 'confirmed',
          fanNumber: row.fan_number,
          entryAddedAt: row.entry_added_at.toISOString(),
        };
      }
    }
    return Promise.resolve([
      {
        file: 'artists-and-venues',
        about:
          'The artists and venues you added, verified (artists) or confirmed ("Is this it?", venues), in ' +
          'the order you did: the entry, what you did, your fan number among its verifiers (artists; the ' +
          'adder is #1), and when the entry was added.',
        columns: ['kind', 'entryId', 'name', 'what', 'fanNumber', 'entryAddedAt'],
        rows: contributions,
      },
      {
        file: 'votes',
        about: 'The artists and venues you have an upvote on now, with when you voted.',
        columns: ['kind', 'entryId', 'name', 'date'],
        rows: () => marks(db, userId, 'votes'),
      },
      {
        file: 'favourites',
        about: 'The artists and venues in your favourites now, with when you added them.',
        columns: ['kind', 'entryId', 'name', 'date'],
        rows: () => marks(db, userId, 'favorites'),
      },
    ]);
  }
}
