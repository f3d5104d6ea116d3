import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createDomainEventRegistry, type TStartUploadResponse } from '@app/contracts';
import { generateOfferCode } from '@app/domain';
import { EventStore, type Projection } from '@app/event-store';
import { artistsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { createMediaErasureReactor, MEDIA_ERASURE_REACTOR, mediaProjection } from '@app/modules/media';
import { membershipStatusProjection } from '@app/modules/membership';
import { dailyActivityProjection } from '@app/modules/operators';
import { milestoneProgressProjection, milestoneStreamId } from '@app/modules/outreach';
import { payolaLedgerProjection } from '@app/modules/payola';
import { redeemOffer, shopOffersProjection } from '@app/modules/shop';
import { loadConfig, S3ObjectStorage } from '@app/platform';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';
import { readModelsCaughtUp } from './read-models.js';

const PASSWORD = 'correct horse 1';
const repoRoot = path.resolve(import.meta.dirname, '../..');
const cli = path.join(repoRoot, 'worker/dist/ops/cli.js');

/** The projections whose read models hold anything about a member. */
const PROJECTIONS: Projection[] = [
  usersProjection,
  membershipStatusProjection,
  payolaLedgerProjection,
  artistsProjection,
  venuesProjection,
  mediaProjection,
  milestoneProgressProjection,
  dailyActivityProjection,
  shopOffersProjection,
] as Projection[];

async function ops(databaseUrl: string, args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

/** An ISO media file's first bytes (an `ftyp` box), enough for the upload check. */
function mp4Bytes(size = 2048): Buffer {
  const file = Buffer.alloc(size);
  Buffer.from('00000020667479706973736f6d0000020069736f6d69736f32617663316d703431', 'hex').copy(file);
  return file;
}

describe('erasure: a member deletes their account (crypto-shredding)', () => {
  let api: ApiHarness;
  let store: EventStore;
  const storage = new S3ObjectStorage(loadConfig({ ...process.env, DATABASE_URL: 'postgres://unused' }));

  beforeAll(async () => {
    api = await startApi(PROJECTIONS, {}, () => [createMediaErasureReactor(storage)]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  const caughtUp = () =>
    readModelsCaughtUp(
      api.db.pool,
      [...PROJECTIONS.map((projection) => projection.name), MEDIA_ERASURE_REACTOR],
      20_000,
    );

  async function upload(client: Client, body: object, bytes: Buffer, contentType: string) {
    const signed = (await client.post('/api/objects/upload', body)).body as TStartUploadResponse;
    const put = await fetch(signed.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'Content-Type': contentType },
    });
    expect(put.status).toBe(200);
    return signed;
  }

  /** Every table of the database (write side, read models, sessions, outbox) whose text holds a needle. */
  async function tablesHolding(needles: readonly string[]): Promise<string[]> {
    const { rows: tables } = await api.db.pool.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const found: string[] = [];
    for (const table of tables) {
      const { rows } = await api.db.pool.query(
        `select 1 from "${table.schema}"."${table.name}" t where lower(t::text) like any($1::text[]) limit 1`,
        [needles.map((needle) => `%${needle.toLowerCase()}%`)],
      );
      if (rows.length > 0) found.push(`${table.schema}.${table.name}`);
    }
    return found;
  }

  it('leaves nothing of theirs readable, frees their email, and keeps everyone else right', async () => {
    const tag = randomUUID().slice(0, 8);
    const member = await signUpMember(api, 'fan');
    const other = await signUpMember(api, 'fan');
    const me = (await member.client.get('/api/auth/check')).body.user as { email: string };
    const secrets = {
      firstName: `Zebulon${tag}`,
      lastName: `Quixote${tag}`,
      phone: `+1 555 ${tag.slice(0, 4)}`,
      username: `zq${tag}`,
      message: `My secret fan message ${tag}`,
    };
    const saved = await member.client.patch(`/api/users/${member.userId}`, {
      firstName: secrets.firstName,
      lastName: secrets.lastName,
      phone: secrets.phone,
      username: secrets.username,
    });
    expect(saved.status).toBe(200);

    // What they did that others count: an artist they added, voted on and favourited by the other fan.
    const added = await member.client.post('/api/artists', {
      artist: {
        name: `Erasure Band ${tag}`,
        artistType: 'Band',
        genre: 'Rock',
        spotifyUrl: `https://open.spotify.com/artist/${tag}${'0'.repeat(22 - tag.length)}`,
        socialUrls: [`instagram.com/erasure${tag}`],
      },
      attested: true,
    });
    expect(added.status).toBe(201);
    const artistId = added.body.id as string;
    expect((await other.client.post(`/api/artists/${artistId}/vote`)).status).toBeLessThan(300);

    // A fan video message and a profile photo: objects in storage.
    const video = await upload(
      member.client,
      { kind: 'fan-video', filename: `${secrets.lastName}.mp4`, contentType: 'video/mp4', size: 2048 },
      mp4Bytes(),
      'video/mp4',
    );
    expect((await member.client.post(`/api/objects/${video.uploadId}/complete`)).status).toBe(200);
    const posted = await member.client.post('/api/fan-messages', {
      artistId,
      videoUrl: `/api/media/${video.uploadId}`,
      message: secrets.message,
      isPublic: true,
    });
    expect(posted.status).toBe(201);
    const photo = await upload(
      member.client,
      {},
      await sharp({ create: { width: 400, height: 400, channels: 3, background: '#abcdef' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    expect((await member.client.put('/api/profile-images', { profileImageUrl: photo.uploadURL })).status).toBe(200);

    // What the same address sent without an account: the waitlist and the contact form.
    await store.append(`waitlist-test-${tag}`, 'no_stream', [
      {
        type: 'WaitlistJoined',
        data: {
          entryId: `w-${tag}`,
          firstName: secrets.firstName,
          lastName: secrets.lastName,
          email: me.email.toUpperCase(),
          country: 'USA',
          state: 'NY',
          city: 'New York',
          musicGenres: [],
          customGenres: [],
          preferredContactMethods: ['Email'],
          mobilePhone: secrets.phone,
          whatsappNumber: null,
        },
      },
    ]);
    // A shop redemption, its email (with their name and address) staged with the code: the code stays
    // (codes are not personal, and the offer's counts need it), nothing that names them may.
    await store.append(milestoneStreamId('listener-membership'), 'no_stream', [
      {
        type: 'MilestoneReached',
        data: { milestone: 'listener-membership', threshold: 10_000, verifiedFans: 10_000, verifiedArtists: 10_000 },
      },
    ]);
    const offerId = randomUUID();
    await api.db.pool.query(
      `insert into shop_offer_terms (offer_id, owner_kind, entry_id, created_by, kind, title, how_to_use, price,
         per_fan_limit, valid_from, valid_to)
       values ($1, 'platform', null, $2, 'in-app-reward', 'A sticker', 'Show it at the stand.', 10, 1,
               now() - interval '1 minute', now() + interval '30 days')`,
      [offerId, other.userId],
    );
    await api.db.pool.query('insert into shop_offer_codes (offer_id, code) values ($1, $2)', [
      offerId,
      generateOfferCode(),
    ]);
    const redeemed = await redeemOffer(
      { pool: api.db.pool, store, publicUrl: 'http://localhost:3000' },
      { userId: member.userId, email: me.email, firstName: secrets.firstName },
      offerId,
    );
    await caughtUp();
    const objectKeys = (
      await api.db.pool.query<{ key: string; poster_key: string | null }>(
        'select key, poster_key from media_objects where user_id = $1',
        [member.userId],
      )
    ).rows.flatMap((row) => [row.key, row.poster_key].filter((key): key is string => Boolean(key)));
    expect(objectKeys.length).toBeGreaterThanOrEqual(2);
    for (const key of objectKeys) expect(await storage.stat(key)).not.toBeNull();
    const needles = [secrets.firstName, secrets.lastName, secrets.phone, secrets.username, secrets.message, me.email];
    // Before: readable through the product (the tables have them); never in the log's raw text.
    expect(await tablesHolding(needles)).toEqual(expect.arrayContaining(['public.identity_users']));
    const rawLog = async () =>
      (
        await api.db.pool.query(`select count(*)::int as n from events where lower(data::text) like any($1::text[])`, [
          needles.map((needle) => `%${needle.toLowerCase()}%`),
        ])
      ).rows[0].n as number;
    expect(await rawLog()).toBe(0);
    const othersBefore = await api.db.pool.query(
      'select vote_count, favorite_count, fan_count from catalog_artists where id = $1',
      [artistId],
    );
    const otherBalance = (await other.client.get('/api/payola/stats')).body.currentBalance as number;
    expect((await other.client.get(`/api/artists/${artistId}`)).body.addedBy).toEqual({
      foundingFanNumber: expect.any(Number),
    });

    // The wrong password changes nothing.
    const wrong = await member.client.post('/api/users/delete-account', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That password is not correct. Your account was not deleted.');
    const empty = await member.client.post('/api/users/delete-account', {});
    expect(empty.status).toBe(400);
    expect((await member.client.get('/api/auth/check')).status).toBe(200);

    const deleted = await member.client.post('/api/users/delete-account', { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ ok: true });
    const erased = await store.readStream(`user-${member.userId}`, undefined, ['MemberErased']);
    expect(erased.map((event) => event.data)).toEqual([{ userId: member.userId }]);

    // Signed out everywhere; the account cannot sign in; the address is free for a new account.
    expect((await member.client.get('/api/auth/check')).status).toBe(401);
    expect((await api.client().post('/api/login', { email: me.email, password: PASSWORD })).status).toBe(401);
    const again = await api.client().post('/api/create-account', {
      email: me.email,
      password: PASSWORD,
      firstName: 'New',
      lastName: 'Start',
      role: 'fan',
      zipCode: '10001',
    });
    expect(again.status).toBe(201);
    expect(again.body.userId).not.toBe(member.userId);

    await caughtUp();
    // Nothing of theirs anywhere: not in the log (every reader gets the redacted values), not in any table.
    expect(await rawLog()).toBe(0);
    const readBack = await store.readStream(`user-${member.userId}`);
    expect(JSON.stringify(readBack.map((event) => event.data))).not.toMatch(new RegExp(tag, 'i'));
    expect(readBack[0]!.data).toMatchObject({ email: '', firstName: 'Deleted', lastName: 'member' });
    const needlesButTheNewAccount = needles.filter((needle) => needle !== me.email);
    expect(await tablesHolding(needlesButTheNewAccount)).toEqual([]);
    // The address is only the new account's now.
    const holdingEmail = await api.db.pool.query(`select id from identity_users where lower(email) = lower($1)`, [
      me.email,
    ]);
    expect(holdingEmail.rows).toEqual([{ id: again.body.userId }]);
    const [waitlist] = await store.readStream(`waitlist-test-${tag}`);
    expect(waitlist!.data).toMatchObject({ email: '', firstName: 'Deleted', mobilePhone: null });

    // The redemption is still counted and its code still answers at the door: only the names went.
    expect(
      (
        await api.db.pool.query('select redeemed_by from shop_offer_codes where redemption_id = $1', [
          redeemed.answer.redemptionId,
        ])
      ).rows,
    ).toEqual([{ redeemed_by: member.userId }]);

    // Their objects are gone from storage.
    for (const key of objectKeys) expect(await storage.stat(key)).toBeNull();
    for await (const object of storage.list(`uploads/${member.userId}/`)) throw new Error(`left: ${object.key}`);

    // "Deleted member" where their name showed; others' counts and balances as they were.
    const row = await api.db.pool.query('select first_name, last_name, email from identity_users where id = $1', [
      member.userId,
    ]);
    expect(row.rows).toEqual([{ first_name: 'Deleted', last_name: 'member', email: '' }]);
    expect(
      (
        await api.db.pool.query('select vote_count, favorite_count, fan_count from catalog_artists where id = $1', [
          artistId,
        ])
      ).rows,
    ).toEqual(othersBefore.rows);
    expect((await other.client.get('/api/payola/stats')).body.currentBalance).toBe(otherBalance);
    const profile = await other.client.get(`/api/artists/${artistId}`);
    expect(profile.body.addedBy).toEqual({ foundingFanNumber: null, deletedMember: true });

    // A second deletion of the same account is refused: the session is gone.
    expect((await member.client.post('/api/users/delete-account', { password: PASSWORD })).status).toBe(401);
  });

  it('ops verify finds the live read models identical to a rebuild after the erasure, and ops replay changes nothing', async () => {
    await caughtUp();
    const names = PROJECTIONS.map((projection) => projection.name);
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const projection of PROJECTIONS) {
        for (const table of projection.tables) {
          const { rows } = await api.db.pool.query(`select t::text as row from "${table}" t order by 1`);
          out[table] = rows.map((row) => row.row);
        }
      }
      return out;
    };
    const before = await dump();
    const verified = await ops(api.db.url, ['verify', ...names]);
    expect(verified).toEqual({ code: 0, stdout: expect.not.stringMatching(/differ/i) });
    expect((await ops(api.db.url, ['replay', ...names])).code).toBe(0);
    expect(await dump()).toEqual(before);
    // The rebuild's scratch schemas were dropped after the swap: no copy of an old read model is left behind.
    const { rows: schemas } = await api.db.pool.query(
      `select nspname from pg_namespace where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'`,
    );
    expect(schemas).toEqual([]);
    // Two CLI runs over every projection: well under a minute on an idle machine.
  }, 180_000);

  it('eight deletions of one account at once: exactly one erasure, the others a clear refusal', async () => {
    const member = await signUpMember(api, 'fan');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => member.client.post('/api/users/delete-account', { password: PASSWORD })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect([401, 409]).toContain(answer.status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const erasures = await store.readStream(`user-${member.userId}`, undefined, ['MemberErased']);
    expect(erasures).toHaveLength(1);
  });
});
