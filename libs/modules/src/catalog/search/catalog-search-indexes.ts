import { Injectable } from '@nestjs/common';
import { InjectPool, type Pool } from '@app/platform';
import type { CatalogKind } from '../catalog-kind.js';
import { ARTISTS } from '../kinds/artists.js';
import { VENUES } from '../kinds/venues.js';
import { artistsProjection } from '../projections/artists.projection.js';
import { venuesProjection } from '../projections/venues.projection.js';
import { CatalogSearchIndex, type IndexedKind } from './catalog-search-index.js';

/** A kind as its search index sees it: its filter columns, and its entry events (its projection's, less the marks). */
export function indexedKind(
  kind: Pick<CatalogKind<never, never, never>, 'name' | 'tables' | 'projection' | 'vote' | 'favorite' | 'listFilters'>,
  eventTypes: readonly string[],
): IndexedKind {
  const marks = new Set<string>([kind.vote.on, kind.vote.off, kind.favorite.on, kind.favorite.off]);
  return {
    name: kind.name,
    tables: kind.tables,
    projection: kind.projection,
    // A kind's filters as (column, value) pairs: asked with no values, they name the columns.
    filterColumns: kind.listFilters({} as never).map(([column]) => column),
    entryEventTypes: eventTypes.filter((type) => !marks.has(type)),
  };
}

/** The api process's search indexes, one per kind, each loaded on its first use. */
@Injectable()
export class CatalogSearchIndexes {
  private readonly indexes: Map<string, CatalogSearchIndex>;

  constructor(@InjectPool() pool: Pool) {
    this.indexes = new Map([
      ['artist', new CatalogSearchIndex(pool, indexedKind(ARTISTS, artistsProjection.eventTypes ?? []))],
      ['venue', new CatalogSearchIndex(pool, indexedKind(VENUES, venuesProjection.eventTypes ?? []))],
    ]);
  }

  of(kind: Pick<CatalogKind, 'name'>): CatalogSearchIndex | undefined {
    return this.indexes.get(kind.name);
  }
}
