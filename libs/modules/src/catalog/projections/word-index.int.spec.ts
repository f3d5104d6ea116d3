import { foldName, nameSearchKey } from '@app/domain';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { artistsProjection } from './artists.projection.js';
import { indexNameWords } from './word-index.js';

/**
 * Read-model migrations 3 and 5 backfill the word index (and its list positions) in SQL for artists
 * already on file; the projection indexes new ones in TypeScript. Both must write the same rows, or old
 * artists would search and rank differently.
 */
describe('the artists word index (real PostgreSQL)', () => {
  let db: TestDatabase;
  const names = ['The Beatles', 'Sigur Rós', 'Earth, Wind & Fire', 'ヨアソビ', 'Björk', 'AC/DC', 'Duran Duran'];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const rows = async (table: string, columns: string) =>
    (await db.pool.query<Record<string, string>>(`select ${columns} from ${table} order by ${columns}`)).rows;

  it('writes the same words and variants whether backfilled by the migration or indexed by the projection', async () => {
    const [v1, v2, v3, ...later] = artistsProjection.migrations;
    await db.pool.query(v1!.sql);
    await db.pool.query(v2!.sql);
    for (const [i, name] of names.entries()) {
      await db.pool.query(
        `insert into catalog_artists (id, name, search_key, folded_name, artist_type, genre, links, added_by,
           is_public, created_at, position)
         values ($1, $2, $3, $4, 'Band', 'Rock', '[]', 'u', true, now(), $5)`,
        [`a${i}`, name, nameSearchKey(name), foldName(name), i + 1],
      );
    }
    await db.pool.query(v3!.sql);
    for (const migration of later) await db.pool.query(migration.sql);
    const backfilled = {
      words: await rows('catalog_artist_words', 'word, entity_id, position'),
      variants: await rows('catalog_artist_word_variants', 'variant, word'),
    };

    await db.pool.query('truncate catalog_artist_words, catalog_artist_word_variants');
    for (const [i, name] of names.entries()) await indexNameWords(db.pool, 'catalog_artist', `a${i}`, name);
    const projected = {
      words: await rows('catalog_artist_words', 'word, entity_id, position'),
      variants: await rows('catalog_artist_word_variants', 'variant, word'),
    };

    expect(projected).toEqual(backfilled);
    expect(projected.words).toContainEqual({ word: 'beatles', entity_id: 'a0', position: 1 });
    expect(projected.variants).toContainEqual({ variant: 'bjrk', word: 'bjork' });
  });

  it('replaces the words of a renamed entry', async () => {
    await indexNameWords(db.pool, 'catalog_artist', 'a1', 'Jónsi');
    expect((await rows('catalog_artist_words', 'word, entity_id')).filter((r) => r.entity_id === 'a1')).toEqual([
      { word: 'jonsi', entity_id: 'a1' },
    ]);
  });
});
