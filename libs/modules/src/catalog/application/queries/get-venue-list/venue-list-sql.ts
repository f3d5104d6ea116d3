import type { TVenueListFilters } from '@app/contracts';
import { catalogListSql, type CatalogListSource } from '../catalog-list-sql.js';
import type { ListSql } from '../list-cursor.js';
import { VENUE_COLUMNS } from '../venue-rows.js';
import type { VenueTab } from './get-venue-list.query.js';

const VENUES: CatalogListSource = {
  tabs: {
    all: { from: 'catalog_venues e', where: 'e.is_public', position: 'e.position' },
    my: {
      from: 'catalog_venue_fans t join catalog_venues e on e.id = t.venue_id',
      where: 't.user_id = $1',
      position: 't.position',
    },
    favorites: {
      from: 'catalog_venue_favorites t join catalog_venues e on e.id = t.venue_id',
      where: 't.user_id = $1',
      position: 't.position',
    },
  },
  columns: VENUE_COLUMNS,
  wordIndex: 'catalog_venue',
  table: 'catalog_venues',
};

/** A page of a venue tab (catalogListSql), filtered by venue type and age restriction. */
export function venueListSql(userId: string, tab: VenueTab, filters: TVenueListFilters): ListSql {
  return catalogListSql(VENUES, userId, tab, {
    ...filters,
    filters: [
      ['venue_type', filters.type],
      ['age_restriction', filters.age],
    ],
  });
}
