import { Building2, ShieldCheck, Users } from 'lucide-react';
import type { TVenue } from '@app/contracts';
import { Badge } from '@/components/ui/badge';

/** Type, age restriction and capacity (docs/product.md §2 "Venue profile"), as one labelled list. */
export function VenueBadges({
  venue,
  size = 'md',
}: {
  venue: Pick<TVenue, 'venueType' | 'ageRestriction' | 'capacity'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <ul aria-label="Type, age restriction and capacity" className="flex flex-wrap gap-2">
      <li>
        <Badge variant="soft" size={size}>
          <Building2 aria-hidden="true" />
          {venue.venueType}
        </Badge>
      </li>
      {venue.ageRestriction && (
        <li>
          <Badge variant="outline" size={size}>
            <ShieldCheck aria-hidden="true" />
            {venue.ageRestriction}
          </Badge>
        </li>
      )}
      {venue.capacity !== null && (
        <li>
          <Badge variant="default" size={size}>
            <Users aria-hidden="true" />
            {venue.capacity.toLocaleString('en-US')} capacity
          </Badge>
        </li>
      )}
    </ul>
  );
}

/** 'Nashville, TN', with the country when it is not the USA (docs/product.md §2 "Venue profile"). */
export function venuePlace(venue: Pick<TVenue, 'city' | 'state' | 'country'>): string {
  const country = venue.country.trim();
  return [venue.city, venue.state, country && country.toUpperCase() !== 'USA' ? country : null]
    .filter(Boolean)
    .join(', ');
}
