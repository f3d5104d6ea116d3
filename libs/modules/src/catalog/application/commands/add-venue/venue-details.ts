import { canonicalVenueLinks, type TVenueFields } from '@app/contracts';
import type { VenueDetails } from '../../../domain/venue.js';

/** The event fields of a validated add-venue form: the website and social links canonical. */
export function venueDetails(venue: TVenueFields): VenueDetails {
  const { websiteUrl: _website, socialUrls: _social, ...fields } = venue;
  return { ...fields, links: canonicalVenueLinks(venue).links };
}
