import type { TArtist, TVenue } from '@app/contracts';

/** An artist as the api lists it, seen by a fan who has neither voted for nor favourited it. */
export function artist(overrides: Partial<TArtist> = {}): TArtist {
  return {
    id: 'artist-1',
    name: 'The Midnight Owls',
    bio: null,
    genre: 'Rock',
    secondaryGenre: null,
    artistType: 'Band',
    recordLabel: null,
    spotifyUrl: null,
    bandcampUrl: null,
    soundcloudUrl: null,
    websiteUrl: null,
    socialUrls: [],
    links: [],
    imageUrl: null,
    isPublic: true,
    createdAt: '2026-11-23T12:00:00.000Z',
    voteCount: 12,
    favoriteCount: 3,
    verifiedCount: 1,
    userHasVoted: false,
    userHasFavorited: false,
    hasUserVerified: false,
    addedBy: { foundingFanNumber: 7 },
    ...overrides,
  };
}

/** A venue as the api lists it, seen by a fan who did not add it. */
export function venue(overrides: Partial<TVenue> = {}): TVenue {
  return {
    id: 'venue-1',
    name: 'The Blue Room',
    bio: null,
    streetAddress: null,
    city: 'Austin',
    state: 'TX',
    country: 'USA',
    venueType: 'Club',
    capacity: 300,
    ageRestriction: null,
    soundSystem: null,
    accessibility: null,
    parking: null,
    websiteUrl: null,
    bookingContact: null,
    phoneNumber: null,
    email: null,
    socialUrls: [],
    imageUrl: null,
    galleryUrls: [],
    isPublic: true,
    createdAt: '2026-11-23T12:00:00.000Z',
    voteCount: 4,
    favoriteCount: 1,
    confirmedCount: 0,
    userHasVoted: false,
    userHasFavorited: false,
    hasUserAdded: false,
    hasUserConfirmed: false,
    addedBy: { foundingFanNumber: 7 },
    ...overrides,
  };
}
