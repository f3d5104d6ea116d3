import type { TArtistListFilters } from '@app/contracts';
import { ARTIST_COLUMNS } from '../artist-rows.js';
import { catalogListSql, type CatalogListSource } from '../catalog-list-sql.js';
import type { ListSql } from '../list-cursor.js';
import type { ArtistTab } from './get-artist-list.query.js';

const ARTISTS: CatalogListSource = {
  tabs: {
    all: { from: 'catalog_artists e', where: 'e.is_public', position: 'e.position' },
    my: {
      from: 'catalog_artist_fans t join catalog_artists e on e.id = t.artist_id',
      where: 't.user_id = $1',
      position: 't.position',
    },
    favorites: {
      from: 'catalog_artist_favorites t join catalog_artists e on e.id = t.artist_id',
      where: 't.user_id = $1',
      position: 't.position',
    },
  },
  columns: ARTIST_COLUMNS,
  wordIndex: 'catalog_artist',
  table: 'catalog_artists',
};

/** A page of an artist tab (catalogListSql), filtered by genre and act type. */
export function artistListSql(userId: string, tab: ArtistTab, filters: TArtistListFilters): ListSql {
  return catalogListSql(ARTISTS, userId, tab, {
    ...filters,
    filters: [
      ['genre', filters.genre],
      ['artist_type', filters.type],
    ],
  });
}
