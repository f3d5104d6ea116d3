import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyOffers } from '@app/contracts';
import { apiGet } from './api-client';

/**
 * GET /api/shop/my-offers: what the member offers, and the entries (approved claims) they may offer for.
 * Shared by the shop and the nav, which links "Check a code" for members who offer something.
 */
export function myOffersQueryOptions() {
  return queryOptions({
    queryKey: ['/api/shop', 'my-offers'],
    queryFn: ({ signal }) => apiGet('/api/shop/my-offers', ZMyOffers, { signal }),
    staleTime: 60_000,
  });
}

/** Whether the signed-in member offers anything (or may): they check codes at the door. */
export function useChecksCodes(signedIn: boolean): boolean {
  const mine = useQuery({ ...myOffersQueryOptions(), enabled: signedIn });
  return Boolean(mine.data && (mine.data.offers.length > 0 || mine.data.entries.length > 0));
}
