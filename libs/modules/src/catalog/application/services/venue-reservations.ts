import { Injectable } from '@nestjs/common';
import type { CanonicalLink } from '@app/domain';
import type { Queryable } from '@app/platform';
import { VenueAlreadyListedError } from '../../domain/venue.js';
import { reserveKeys } from './key-reservations.js';

const VENUE_KEYS = { table: 'venue_keys', idColumn: 'venue_id', nameColumn: 'venue_name' } as const;

/** The key of a venue's folded name in its city and state (`venuePlaceKey`) in the venue_keys table. */
const PLACE = 'place';

/**
 * One venue per name and place, and per website or social link: the keys are reserved in the
 * transaction that appends the venue's events (an update moves them), so a duplicate is refused with
 * the name of the venue already on file, however the two requests interleave.
 */
@Injectable()
export class VenueReservations {
  async reserve(
    tx: Queryable,
    venue: { id: string; name: string; placeKey: string; links: readonly CanonicalLink[] },
    options: { release?: boolean } = {},
  ): Promise<void> {
    const keys = [{ platform: PLACE, key: venue.placeKey }, ...venue.links];
    const taken = await reserveKeys(tx, VENUE_KEYS, venue, keys, options);
    if (taken) throw new VenueAlreadyListedError(taken.platform === PLACE ? 'place' : 'link', taken.holder);
  }
}
