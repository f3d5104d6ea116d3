import { randomUUID } from 'node:crypto';
import { createTestDatabase, raceTransactions, type TestDatabase } from '@app/testing';
import { LinkBelongsToAnotherArtistError } from '../../domain/artist.js';
import { VenueAlreadyListedError } from '../../domain/venue.js';
import { LinkReservations } from './link-reservations.js';
import { VenueReservations } from './venue-reservations.js';

const N = 10;

describe('catalogue key reservations under concurrent transactions (READ COMMITTED)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const holders = (table: string, column: string) =>
    db.pool.query(`select platform, key, ${column} as id from ${table} order by platform, key`).then((r) => r.rows);

  it(`artist links: of ${N} artists claiming the same Spotify and Bandcamp links at once, exactly one holds them`, async () => {
    const links = new LinkReservations();
    const ids = Array.from({ length: N }, () => randomUUID());
    const outcomes = await raceTransactions(db.pool, N, (tx, i) =>
      links.reserve(tx, ids[i]!, `Artist ${i}`, [
        {
          platform: 'spotify',
          key: '4Z8W4fKeB5YxbusRsdQVPb',
          url: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
        },
        { platform: 'bandcamp', key: 'radiohead', url: 'https://radiohead.bandcamp.com' },
      ]),
    );
    const winners = outcomes.flatMap((o, i) => (o.ok ? [i] : []));
    expect(winners).toHaveLength(1);
    const winner = winners[0]!;
    for (const outcome of outcomes) {
      if (outcome.ok) continue;
      expect(outcome.error).toBeInstanceOf(LinkBelongsToAnotherArtistError);
      // The refusal names the artist that holds the link.
      expect((outcome.error as Error).message).toContain(`Artist ${winner}`);
    }
    expect(await holders('artist_link_keys', 'artist_id')).toEqual([
      { platform: 'bandcamp', key: 'radiohead', id: ids[winner] },
      { platform: 'spotify', key: '4Z8W4fKeB5YxbusRsdQVPb', id: ids[winner] },
    ]);
  });

  it('artist links: two artists claiming overlapping links in opposite orders never both win (and never deadlock)', async () => {
    const links = new LinkReservations();
    const a = { platform: 'soundcloud', key: 'overlap-a', url: 'https://soundcloud.com/overlap-a' } as const;
    const b = { platform: 'youtube', key: '@overlap-b', url: 'https://www.youtube.com/@overlap-b' } as const;
    const outcomes = await raceTransactions(db.pool, N, (tx, i) =>
      links.reserve(tx, randomUUID(), `Overlap ${i}`, i % 2 ? [a, b] : [b, a]),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const o of outcomes) if (!o.ok) expect(o.error).toBeInstanceOf(LinkBelongsToAnotherArtistError);
  });

  it(`venues: of ${N} venues with the same name in the same city at once, exactly one is listed`, async () => {
    const venues = new VenueReservations();
    const ids = Array.from({ length: N }, () => randomUUID());
    const outcomes = await raceTransactions(db.pool, N, (tx, i) =>
      venues.reserve(tx, { id: ids[i]!, name: `The Fillmore ${i}`, placeKey: 'fillmore|san francisco|ca', links: [] }),
    );
    const winners = outcomes.flatMap((o, i) => (o.ok ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const o of outcomes) {
      if (o.ok) continue;
      expect(o.error).toBeInstanceOf(VenueAlreadyListedError);
      expect((o.error as Error).message).toContain(`The Fillmore ${winners[0]}`);
    }
    const rows = (await holders('venue_keys', 'venue_id')).filter((r) => r.platform === 'place');
    expect(rows).toEqual([{ platform: 'place', key: 'fillmore|san francisco|ca', id: ids[winners[0]!] }]);
  });

  it(`venues: of ${N} venues sharing a website at once, exactly one is listed`, async () => {
    const venues = new VenueReservations();
    const outcomes = await raceTransactions(db.pool, N, (tx, i) =>
      venues.reserve(tx, {
        id: randomUUID(),
        name: `Same Site ${i}`,
        placeKey: `same site ${i}|austin|tx`,
        links: [{ platform: 'website', key: 'thesamesite.com', url: 'https://thesamesite.com' }],
      }),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const o of outcomes) if (!o.ok) expect(o.error).toBeInstanceOf(VenueAlreadyListedError);
    const website = await db.pool.query("select count(*)::int as n from venue_keys where platform = 'website'");
    expect(website.rows[0].n).toBe(1);
  });

  it('an entry re-reserving its own keys (a doubled save) keeps them and is not refused', async () => {
    const venues = new VenueReservations();
    const venue = { id: randomUUID(), name: 'Own Keys', placeKey: 'own keys|reno|nv', links: [] };
    const outcomes = await raceTransactions(db.pool, 5, (tx) => venues.reserve(tx, venue, { release: true }));
    expect(outcomes.every((o) => o.ok)).toBe(true);
  });
});
