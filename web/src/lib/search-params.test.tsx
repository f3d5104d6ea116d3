import { describe, expect, it } from 'vitest';
import { validateArtistsSearch } from '@/features/artists/lib/list-search';
import { validateVenuesSearch } from '@/features/venues/lib/list-search';
import { searchParams, text } from '@/lib/search-params';

// What a link's search params turn into on the list pages (the filters a user sees applied), and the
// token of the confirm-email and reset-password links. TanStack Router hands validateSearch the params
// already JSON-parsed, so `?q=12` arrives as the number 12.
describe('search params of the address', () => {
  it('keeps the filters of a shared /artists link, the search text trimmed', () => {
    expect(validateArtistsSearch({ tab: 'favorites', q: '  nirvana ', genre: 'Rock', type: 'Band' })).toEqual({
      tab: 'favorites',
      q: 'nirvana',
      genre: 'Rock',
      type: 'Band',
    });
  });

  it('drops what it cannot read, so the list shows without that filter instead of an error page', () => {
    expect(
      validateArtistsSearch({ tab: 'everything', q: ' a ', genre: 'Polka-Metal', type: 7, utm_source: 'mail' }),
    ).toEqual({});
    expect(validateArtistsSearch({ q: 'x'.repeat(101) })).toEqual({});
    expect(validateArtistsSearch({ q: 'x'.repeat(100) })).toEqual({ q: 'x'.repeat(100) });
    expect(validateArtistsSearch({ q: 12 })).toEqual({});
  });

  it('reads /venues the same way, with its own filters', () => {
    expect(validateVenuesSearch({ tab: 'my', q: 'club', type: 'Theater', age: '21+' })).toEqual({
      tab: 'my',
      q: 'club',
      type: 'Theater',
      age: '21+',
    });
    expect(validateVenuesSearch({ tab: 'favorites', type: 'Castle', age: 'adults' })).toEqual({ tab: 'favorites' });
  });

  it('takes a link token as it is, and no empty one', () => {
    const validateToken = searchParams({ token: text() });
    expect(validateToken({ token: ' abc ' })).toEqual({ token: ' abc ' });
    expect(validateToken({ token: '' })).toEqual({});
    expect(validateToken({})).toEqual({});
  });
});
