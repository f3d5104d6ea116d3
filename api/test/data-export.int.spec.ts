import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';
import type supertest from 'supertest';
import { createDomainEventRegistry, type TStartUploadResponse } from '@app/contracts';
import { generateOfferCode } from '@app/domain';
import { EventStore, ProjectionWaiter } from '@app/event-store';
import { artistsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { mediaProjection } from '@app/modules/media';
import { milestoneStreamId, waitlistStreamId } from '@app/modules/outreach';
import { payolaLedgerProjection } from '@app/modules/payola';
import { redeemOffer } from '@app/modules/shop';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

type Row = Record<string, unknown>;

const SECTIONS = [
  'account',
  'membership',
  'payola-ledger',
  'shop-redemptions',
  'shop-offers',
  'artists-and-venues',
  'votes',
  'favourites',
  'uploads',
  'fan-messages',
  'waitlist',
];
const FILES = ['README.txt', ...SECTIONS.flatMap((name) => [`${name}.json`, `${name}.csv`])];

/** The start of an MP4 file (an `ftyp` box), enough for the upload check. */
function mp4Bytes(size = 2048): Buffer {
  const file = Buffer.alloc(size);
  Buffer.from('00000020667479706973736f6d0000020069736f6d69736f32617663316d703431', 'hex').copy(file);
  return file;
}

/** The answer's body as bytes, with when its first and last bytes came (the zip is not JSON). */
function download(test: supertest.Test) {
  let firstByteAt = 0;
  return test
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        firstByteAt ||= Date.now();
        chunks.push(chunk);
      });
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .then((response) => ({ response, body: response.body as Buffer, firstByteAt, lastByteAt: Date.now() }));
}

/** Every file of the zip, by name, as text. */
async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.readEntry();
  });
  return files;
}

/** What the CSV must say for a JSON value: lists joined, objects as JSON, formulas quoted away. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return csvText(value.join('; '));
  if (typeof value === 'object') return csvText(JSON.stringify(value));
  return typeof value === 'string' ? csvText(value) : String(value);
}
function csvText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The section's JSON rows, after checking that its CSV holds the same rows, column for column. */
function section(files: Map<string, string>, name: string): Row[] {
  const json = JSON.parse(files.get(`${name}.json`) ?? 'null') as Row[];
  const csv = parse(files.get(`${name}.csv`) ?? '', { columns: true }) as Record<string, string>[];
  // One comparison of all rows (one expect per row takes minutes for a long ledger).
  expect(csv).toEqual(
    json.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, csvCell(value)]))),
  );
  expect(csv.map((line) => Object.keys(line).join())).toEqual(json.map((row) => Object.keys(row).join()));
  return json;
}

describe('GET /api/me/export: a member’s own data as JSON and CSV in a streamed zip (real PostgreSQL, Redis, storage)', () => {
  let api: ApiHarness;
  let store: EventStore;

  beforeAll(async () => {
    api = await startApi([
      usersProjection,
      payolaLedgerProjection,
      artistsProjection,
      venuesProjection,
      mediaProjection,
    ]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());
  afterEach(() => jest.restoreAllMocks());

  /** Until every read model the export reads has applied the last event appended. */
  async function caughtUp(): Promise<void> {
    const { rows } = await api.db.pool.query<{ tx: string; pos: number }>(
      `select transaction_id::text as tx, global_position as pos from events
       order by transaction_id desc, global_position desc limit 1`,
    );
    const last = rows[0]!;
    const names = [usersProjection, payolaLedgerProjection, artistsProjection, venuesProjection, mediaProjection];
    const done = await new ProjectionWaiter(api.db.pool).waitFor(
      { transactionId: last.tx, globalPosition: last.pos },
      names.map((p) => p.name),
      30_000,
    );
    expect(done).toBe(true);
  }

  /** The member's exports in progress: the transaction-scoped advisory lock each one holds. */
  async function heldExports(userId: string): Promise<number> {
    const { rows } = await api.db.pool.query<{ count: number }>(
      `with k as (select hashtextextended('data-export:' || $1, 0) as key)
       select count(*)::int as count from pg_locks l, k
       where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
         and l.classid = ((k.key >> 32) & 4294967295)::oid and l.objid = (k.key & 4294967295)::oid`,
      [userId],
    );
    return rows[0]!.count;
  }

  async function settled(read: () => Promise<number>, value: number): Promise<number> {
    for (let i = 0; i < 150 && (await read()) !== value; i++) await sleep(100);
    return read();
  }

  async function uploadVideo(client: Client): Promise<string> {
    const signed = (
      await client.post('/api/objects/upload', {
        kind: 'fan-video',
        filename: 'hello.mp4',
        contentType: 'video/mp4',
        size: 2048,
      })
    ).body as TStartUploadResponse;
    const put = await fetch(signed.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(mp4Bytes()),
      headers: { 'Content-Type': 'video/mp4' },
    });
    expect(put.status).toBe(200);
    expect((await client.post(`/api/objects/${signed.uploadId}/complete`)).status).toBe(200);
    return signed.uploadId;
  }

  async function addArtist(client: Client, name: string): Promise<string> {
    const id = randomUUID().replaceAll('-', '');
    const added = await client.post('/api/artists', {
      artist: {
        name,
        artistType: 'Band',
        genre: 'Rock',
        spotifyUrl: `https://open.spotify.com/artist/${id.slice(0, 22)}`,
        socialUrls: [`instagram.com/band${id.slice(0, 10)}`],
      },
      attested: true,
    });
    expect({ status: added.status, body: added.body as unknown }).toMatchObject({ status: 201 });
    return added.body.id as string;
  }

  async function addVenue(client: Client, name: string): Promise<string> {
    const added = await client.post('/api/venues', {
      venue: {
        name,
        venueType: 'Live Music Club',
        streetAddress: '6 Delancey St',
        city: `Town ${randomUUID().slice(0, 6)}`,
        state: 'NY',
        capacity: '575',
        ageRestriction: '21+',
        soundSystem: 'Professional PA System',
        bio: 'A room.',
        phoneNumber: '(212) 260-4700',
        email: 'booking@example.com',
        bookingContact: 'Jane Doe',
        accessibility: 'Step-free entrance',
        parking: 'Street parking',
        socialUrls: [''],
      },
    });
    expect(added.status).toBe(201);
    return added.body.id as string;
  }

  async function exportOf(client: Client) {
    const result = await download(client.get('/api/me/export'));
    expect(result.response.status).toBe(200);
    return { ...result, files: await unzip(result.body) };
  }

  /** A platform offer of `codes` codes on the shop's write side, as `createdBy` made it: its id and codes. */
  async function shopOffer(
    createdBy: string,
    title: string,
    codes: number,
  ): Promise<{ offerId: string; codes: string[] }> {
    const offerId = randomUUID();
    await api.db.pool.query(
      `insert into shop_offer_terms (offer_id, owner_kind, entry_id, created_by, kind, title, how_to_use, price,
         per_fan_limit, valid_from, valid_to)
       values ($1, 'platform', null, $2, 'in-app-reward', $3, 'Show it at the merch stand.', 10, 5,
               now() - interval '1 minute', now() + interval '30 days')`,
      [offerId, createdBy, title],
    );
    const made = Array.from({ length: codes }, () => generateOfferCode());
    await api.db.pool.query('insert into shop_offer_codes (offer_id, code) select $1, unnest($2::text[])', [
      offerId,
      made,
    ]);
    return { offerId, codes: made };
  }

  /** Many ledger rows for one member, straight into the read model (what the export reads). */
  async function longLedger(userId: string, rows: number): Promise<void> {
    await api.db.pool.query(
      `insert into payola_ledger (id, user_id, action, category, description, amount, balance, created_at, position)
       select 'bulk-' || $1 || '@' || i, $1, 'Upvote', 'community', 'Reward ' || md5(i::text || random()::text) || md5(random()::text) || md5(random()::text),
              1, i, now(), 1000000000 + i
       from generate_series(1, $2::int) i`,
      [userId, rows],
    );
  }

  it('gives the member everything of theirs, module by module, the same rows in JSON and CSV, and nothing of another member', async () => {
    const fan = await signUpMember(api);
    const other = await signUpMember(api);
    const otherEmail = (await other.client.get('/api/auth/check')).body.user.email as string;
    const email = (await fan.client.get('/api/auth/check')).body.user.email as string;

    const saved = await fan.client.patch(`/api/users/${fan.userId}`, {
      email,
      phone: '555-0100',
      genres: ['Rock', 'Jazz'],
      username: `exporter_${randomUUID().slice(0, 6)}`,
    });
    expect(saved.status).toBe(200);

    const ownArtist = await addArtist(fan.client, `Exported Band ${randomUUID().slice(0, 6)}`);
    const ownVenue = await addVenue(fan.client, `Exported Hall ${randomUUID().slice(0, 6)}`);
    const theirArtist = await addArtist(other.client, `Their Band ${randomUUID().slice(0, 6)}`);
    const theirVenue = await addVenue(other.client, `Their Hall ${randomUUID().slice(0, 6)}`);
    expect((await fan.client.post('/api/artists/verify', { artistId: theirArtist })).status).toBe(200);
    expect((await fan.client.post(`/api/artists/${theirArtist}/vote`, { vote: true })).status).toBe(200);
    expect((await fan.client.post(`/api/venues/${theirVenue}/favorite`, { favorite: true })).status).toBe(200);

    // A message with a comma, quotes and a line break; the other fan writes to the artist this fan added.
    const message = 'Loved the show, "truly"\nsee you at the next one';
    const video = await uploadVideo(fan.client);
    const posted = await fan.client.post('/api/fan-messages', {
      artistId: ownArtist,
      videoUrl: `/api/media/${video}`,
      message,
      isPublic: true,
    });
    expect(posted.status).toBe(201);
    const theirMessage = `Their words ${randomUUID()}`;
    const theirVideo = await uploadVideo(other.client);
    expect(
      (
        await other.client.post('/api/fan-messages', {
          artistId: ownArtist,
          videoUrl: `/api/media/${theirVideo}`,
          message: theirMessage,
          isPublic: true,
        })
      ).status,
    ).toBe(201);
    // Joined the waitlist with the account's address before signing up; a city a spreadsheet would run.
    await store.append(waitlistStreamId(email), 'no_stream', [
      {
        type: 'WaitlistJoined',
        data: {
          entryId: randomUUID(),
          firstName: 'Art',
          lastName: 'Ist',
          email,
          country: 'USA',
          state: 'NY',
          city: '=HYPERLINK("http://evil")',
          musicGenres: ['Rock'],
          customGenres: [],
          preferredContactMethods: ['Email'],
          mobilePhone: null,
          whatsappNumber: null,
        },
      },
    ]);
    // The shop, once open: the fan redeems the other member's offer twice (one code then used at the
    // door, one refunded); the other member redeems one code of the fan's own offer.
    await store.append(milestoneStreamId('listener-membership'), 'no_stream', [
      {
        type: 'MilestoneReached',
        data: { milestone: 'listener-membership', threshold: 10_000, verifiedFans: 10_000, verifiedArtists: 10_000 },
      },
    ]);
    const deps = { pool: api.db.pool, store, publicUrl: 'http://localhost:3000' };
    const theirOffer = await shopOffer(other.userId, `Backstage tour ${randomUUID().slice(0, 4)}`, 4);
    const ownOffer = await shopOffer(fan.userId, `Signed poster ${randomUUID().slice(0, 4)}`, 3);
    const firstRedeemed = await redeemOffer(deps, { userId: fan.userId, email, firstName: 'Art' }, theirOffer.offerId);
    const secondRedeemed = await redeemOffer(deps, { userId: fan.userId, email, firstName: 'Art' }, theirOffer.offerId);
    const theirRedeemed = await redeemOffer(
      deps,
      { userId: other.userId, email: otherEmail, firstName: 'Other' },
      ownOffer.offerId,
    );
    await api.db.pool.query(`update shop_offer_codes set used_at = now(), used_by = $2 where redemption_id = $1`, [
      firstRedeemed.answer.redemptionId,
      other.userId,
    ]);
    await api.db.pool.query(`update shop_offer_codes set refunded_at = now() where redemption_id = $1`, [
      secondRedeemed.answer.redemptionId,
    ]);
    await caughtUp();
    const balance = (await fan.client.get('/api/payola/stats')).body.currentBalance as number;

    const audit = jest.spyOn(Logger.prototype, 'log');
    const { response, files } = await exportOf(fan.client);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="payola-my-data-${today}.zip"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect([...files.keys()]).toEqual(FILES);
    for (const name of SECTIONS) expect(files.get('README.txt')).toContain(`${name}.json, ${name}.csv`);

    expect(section(files, 'account')).toEqual([
      expect.objectContaining({
        userId: fan.userId,
        email,
        username: saved.body.username ?? expect.any(String),
        firstName: 'Art',
        lastName: 'Ist',
        role: 'fan',
        phone: '555-0100',
        genres: ['Rock', 'Jazz'],
        memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
    const membership = section(files, 'membership');
    expect(membership.map((row) => row.what)).toEqual([
      'payment completed',
      'monthly membership started',
      'identity check started',
      'identity check approved',
    ]);
    expect(membership[0]).toMatchObject({ amountCents: 1500, currency: 'usd', foundingFanNumber: expect.any(Number) });
    // No card data anywhere: the test card's last digits are not in any file (as a value: an id's hex may hold 4242).
    for (const text of files.values()) expect(text).not.toMatch(/\b4242\b|visa/i);

    const ledger = section(files, 'payola-ledger');
    expect(ledger.reduce((sum, row) => sum + (row.amount as number), 0)).toBe(balance);
    expect(ledger.at(-1)?.balanceAfter).toBe(balance);
    expect(ledger.map((row) => row.action)).toEqual(expect.arrayContaining(['Identity verified']));

    expect(ledger.map((row) => row.cause)).toEqual(expect.arrayContaining([`Redeemed ${firstRedeemed.answer.title}`]));

    // Their redemptions with the codes they were given, oldest first; not the other member's code.
    expect(section(files, 'shop-redemptions')).toEqual([
      {
        redemptionId: firstRedeemed.answer.redemptionId,
        offerId: theirOffer.offerId,
        offer: firstRedeemed.answer.title,
        code: firstRedeemed.answer.code,
        price: 10,
        redeemedAt: firstRedeemed.answer.redeemedAt,
        usedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        refunded: false,
        refundedAt: null,
      },
      expect.objectContaining({
        redemptionId: secondRedeemed.answer.redemptionId,
        code: secondRedeemed.answer.code,
        usedAt: null,
        refunded: true,
        refundedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
    // The offers they made, with how the codes went; the codes themselves are the fans'.
    expect(section(files, 'shop-offers')).toEqual([
      expect.objectContaining({
        offerId: ownOffer.offerId,
        offeredFor: 'platform',
        entryId: null,
        title: theirRedeemed.answer.title,
        price: 10,
        perFanLimit: 5,
        withdrawnAt: null,
        codes: 3,
        redeemed: 1,
        used: 0,
        refunded: 0,
      }),
    ]);
    for (const text of files.values()) expect(text).not.toContain(theirRedeemed.answer.code);

    expect(section(files, 'artists-and-venues')).toEqual([
      expect.objectContaining({ kind: 'artist', entryId: ownArtist, what: 'added', fanNumber: 1 }),
      expect.objectContaining({ kind: 'venue', entryId: ownVenue, what: 'added', fanNumber: null }),
      expect.objectContaining({ kind: 'artist', entryId: theirArtist, what: 'verified', fanNumber: 2 }),
    ]);
    expect(section(files, 'votes')).toEqual([expect.objectContaining({ kind: 'artist', entryId: theirArtist })]);
    expect(section(files, 'favourites')).toEqual([expect.objectContaining({ kind: 'venue', entryId: theirVenue })]);
    expect(section(files, 'uploads')).toEqual([
      expect.objectContaining({
        mediaId: video,
        kind: 'fan-video',
        status: 'attached',
        link: `http://localhost:3000/api/media/${video}`,
      }),
    ]);
    expect(section(files, 'fan-messages')).toEqual([
      expect.objectContaining({
        artistId: ownArtist,
        message,
        public: true,
        video: `http://localhost:3000/api/media/${video}`,
      }),
    ]);
    // The CSV quotes the message's comma, quotes and line break (csv-parse gave it back whole above).
    expect(files.get('fan-messages.csv')).toContain('"Loved the show, ""truly""\nsee you at the next one"');
    const waitlist = section(files, 'waitlist');
    expect(waitlist).toEqual([
      expect.objectContaining({ email, city: '=HYPERLINK("http://evil")', musicGenres: ['Rock'] }),
    ]);
    expect(files.get('waitlist.csv')).toContain(`"'=HYPERLINK(""http://evil"")"`);

    // Nothing of the other member: not their id, email, message or upload.
    for (const text of files.values()) {
      expect(text).not.toContain(other.userId);
      expect(text).not.toContain(otherEmail);
      expect(text).not.toContain(theirMessage);
      expect(text).not.toContain(theirVideo);
    }
    // The other member's export has their message and not this member's.
    const theirs = await exportOf(other.client);
    expect(section(theirs.files, 'fan-messages')).toEqual([expect.objectContaining({ message: theirMessage })]);
    for (const text of theirs.files.values()) expect(text).not.toContain(fan.userId);
    expect(section(theirs.files, 'shop-redemptions')).toEqual([
      expect.objectContaining({ offerId: ownOffer.offerId, code: theirRedeemed.answer.code }),
    ]);
    expect(section(theirs.files, 'shop-offers')).toEqual([
      expect.objectContaining({ offerId: theirOffer.offerId, codes: 4, redeemed: 2, used: 1, refunded: 1 }),
    ]);

    // The audit line: who and which request, how much; none of the data.
    const line = audit.mock.calls.map(([entry]) => entry as Row).find((entry) => entry.userId === fan.userId);
    expect(line).toEqual(
      expect.objectContaining({
        audit: 'data-export',
        msg: 'member data exported',
        files: 23,
        bytes: expect.any(Number),
      }),
    );
    expect(JSON.stringify(line)).not.toContain(email);
  }, 180_000);

  it('answers 401 without a session, and never takes a member from the query', async () => {
    const anonymous = await api.client().get('/api/me/export');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('You must be logged in to access this page.');
  });

  it('streams: the first bytes arrive while the rest is still being read, and a paused download holds the export open', async () => {
    const member = await signUpMember(api);
    await longLedger(member.userId, 30_000);
    let pausedOpen = -1;
    const started = Date.now();
    let firstByteAt = 0;
    const body = await member.client
      .get('/api/me/export')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        let paused = false;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (paused) return;
          paused = true;
          firstByteAt = Date.now();
          // Stop reading: the api must stop too, its snapshot still open with rows not yet read.
          res.pause();
          void sleep(500)
            .then(() => heldExports(member.userId))
            .then((count) => {
              pausedOpen = count;
              res.resume();
            });
        });
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .then((response) => {
        expect(response.status).toBe(200);
        expect(response.headers['transfer-encoding']).toBe('chunked');
        expect(response.headers['content-length']).toBeUndefined();
        return response.body as Buffer;
      });
    const total = Date.now() - started;
    expect(pausedOpen).toBe(1);
    expect(firstByteAt - started).toBeLessThan(total / 2);
    // Every row arrived, in both files (the first test compares JSON and CSV cell for cell).
    const files = await unzip(body);
    const ledger = JSON.parse(files.get('payola-ledger.json')!) as Row[];
    expect(ledger).toHaveLength(30_001);
    expect(parse(files.get('payola-ledger.csv')!, { columns: true })).toHaveLength(30_001);
    // Once the download is over, the export's transaction and lock are gone.
    expect(await settled(() => heldExports(member.userId), 0)).toBe(0);
  }, 300_000);

  it('one export per member at a time: 8 at once behind a barrier get one zip and seven 429s, and the lock goes with the export', async () => {
    const member = await signUpMember(api);
    await longLedger(member.userId, 10_000);
    const requests = Array.from({ length: 8 }, () => download(member.client.get('/api/me/export')));
    const results = await Promise.all(requests);
    const statuses = results.map(({ response }) => response.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    for (const { response, body } of results.filter(({ response }) => response.status === 429)) {
      expect(JSON.parse(body.toString('utf8')).message).toBe(
        'Your data is already being prepared in another download. Please wait for it to finish, then try again.',
      );
      expect(response.headers['retry-after']).toBe('30');
    }
    const zip = results.find(({ response }) => response.status === 200)!;
    // A whole zip: its end-of-central-directory record closes it.
    expect(zip.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.body.subarray(-22, -18).toString('hex')).toBe('504b0506');
    // Refusals spent nothing of the hour: the next export works.
    expect((await download(member.client.get('/api/me/export'))).response.status).toBe(200);

    // A download given up after its first bytes ends the export: the lock and the connection are given
    // back (a read still waiting in the zip never runs on a connection another request has since).
    await member.client
      .get('/api/me/export')
      .buffer(true)
      .parse((res, done) => {
        res.once('data', () => {
          res.destroy();
          done(null, Buffer.alloc(0));
        });
      })
      .catch(() => undefined);
    expect(await settled(() => heldExports(member.userId), 0)).toBe(0);
    expect((await download(member.client.get('/api/me/export'))).response.status).toBe(200);
  }, 300_000);

  it('allows 5 exports an hour, then says when to come back', async () => {
    const member = await signUpMember(api);
    for (let i = 0; i < 5; i++) expect((await download(member.client.get('/api/me/export'))).response.status).toBe(200);
    const refused = await download(member.client.get('/api/me/export'));
    expect(refused.response.status).toBe(429);
    expect(JSON.parse(refused.body.toString('utf8')).message).toMatch(
      /^You have downloaded your data 5 times in the last hour\. Please try again in (60|59) minutes\.$/,
    );
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(3000);
  });
});
