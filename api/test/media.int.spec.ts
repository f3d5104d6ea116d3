import { createDomainEventRegistry, type TStartUploadResponse } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { artistsProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { cleanupUnattachedMedia, mediaProjection } from '@app/modules/media';
import { payolaLedgerProjection } from '@app/modules/payola';
import { loadConfig, S3ObjectStorage } from '@app/platform';
import sharp from 'sharp';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

/** The start of an ISO base media file (MP4): an `ftyp` box, enough for file-type, padded to `size`. */
function mp4Bytes(size = 2048): Buffer {
  const file = Buffer.alloc(size);
  Buffer.from('00000020667479706973736f6d0000020069736f6d69736f32617663316d703431', 'hex').copy(file);
  return file;
}

/** A Windows executable's first bytes (the "MZ" header file-type knows), to be renamed .mp4. */
function exeBytes(): Buffer {
  const file = Buffer.alloc(4096);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
}

const BAND = {
  name: 'The Uploaders',
  artistType: 'Band',
  genre: 'Rock',
  spotifyUrl: 'https://open.spotify.com/artist/0000000000000000000001',
  socialUrls: ['instagram.com/theuploaders'],
};

describe('media: uploads to S3-protocol storage, checks, fan messages, profile photos, cleanup', () => {
  let api: ApiHarness;
  let store: EventStore;
  const storage = new S3ObjectStorage(loadConfig({ ...process.env, DATABASE_URL: 'postgres://unused' }));

  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection, artistsProjection, mediaProjection]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  async function sign(client: Client, body: object): Promise<TStartUploadResponse> {
    const response = await client.post('/api/objects/upload', body);
    expect(response.status).toBe(201);
    return response.body as TStartUploadResponse;
  }

  /** What the browser does: PUT the bytes to the presigned URL, straight to storage. */
  async function put(signed: TStartUploadResponse, bytes: Buffer, contentType: string) {
    const response = await fetch(signed.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'Content-Type': contentType },
    });
    expect(response.status).toBe(200);
  }

  async function uploadVideo(client: Client, bytes = mp4Bytes(), declaredSize = bytes.length) {
    const signed = await sign(client, {
      kind: 'fan-video',
      filename: 'hello.mp4',
      contentType: 'video/mp4',
      size: declaredSize,
    });
    await put(signed, bytes, 'video/mp4');
    return { signed, completed: await client.post(`/api/objects/${signed.uploadId}/complete`) };
  }

  const balance = async (client: Client) => (await client.get('/api/payola/stats')).body.currentBalance as number;

  /** Follows the api's redirect to the signed URL, as a video element does. */
  async function fetchMedia(client: Client, path: string) {
    const redirect = await client.get(path);
    expect(redirect.status).toBe(302);
    return fetch(redirect.headers.location!);
  }

  let fan: Awaited<ReturnType<typeof signUpMember>>;
  let artistId: string;

  beforeAll(async () => {
    fan = await signUpMember(api);
    const added = await fan.client.post('/api/artists', { artist: BAND, attested: true });
    expect(added.status).toBe(201);
    artistId = added.body.id;
  });

  it("signs a short-lived PUT under the user's own prefix, and refuses a declared oversize or non-video at once", async () => {
    const signed = await sign(fan.client, {
      kind: 'fan-video',
      filename: 'a.mp4',
      contentType: 'video/mp4',
      size: 1000,
    });
    expect(signed.key).toBe(`uploads/${fan.userId}/${signed.uploadId}`);
    expect(signed.method).toBe('PUT');
    expect(new URL(signed.uploadURL).searchParams.get('X-Amz-Expires')).toBe('600');

    const big = await fan.client.post('/api/objects/upload', {
      kind: 'fan-video',
      contentType: 'video/mp4',
      size: 10_485_761,
    });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('Please select a video under 10MB.');
    const photo = await fan.client.post('/api/objects/upload', {
      kind: 'profile-photo',
      contentType: 'application/pdf',
    });
    expect(photo.status).toBe(400);
    expect(photo.body.message).toBe('Please select a JPG or PNG image.');
    expect((await api.client().post('/api/objects/upload', {})).status).toBe(401);
  });

  it('keeps a real MP4 after checking it: moved to its own key, served through a signed URL as video/mp4, inline', async () => {
    const { signed, completed } = await uploadVideo(fan.client);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      mediaId: signed.uploadId,
      url: `/api/media/${signed.uploadId}`,
      contentType: 'video/mp4',
      size: 2048,
    });
    // The upload key is empty now; the checked object lives under media/.
    expect(await storage.stat(signed.key)).toBeNull();
    expect(await storage.stat(`media/fan-video/${signed.uploadId}.mp4`)).toMatchObject({ size: 2048 });

    const file = await fetchMedia(fan.client, completed.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('content-disposition')).toBe(`inline; filename="fan-video-${signed.uploadId}.mp4"`);
    // Nobody else reads an upload that is not shared.
    const other = await signUpMember(api);
    expect((await other.client.get(completed.body.url)).status).toBe(404);
    // Checked once only.
    expect((await fan.client.post(`/api/objects/${signed.uploadId}/complete`)).status).toBe(409);
  });

  it('refuses and deletes a Windows executable renamed .mp4, whatever the browser claimed', async () => {
    const { signed, completed } = await uploadVideo(fan.client, exeBytes());
    expect(completed.status).toBe(400);
    expect(completed.body.message).toBe('This file is not a video. Please select an MP4, WebM or MOV video.');
    expect(await storage.stat(signed.key)).toBeNull();
    const events = await store.readStream(`media-${signed.uploadId}`);
    expect(events.map((e) => e.type)).toEqual(['MediaUploadStarted', 'MediaUploadRejected']);
    // It cannot be posted either.
    const posted = await fan.client.post('/api/fan-messages', {
      artistId,
      videoUrl: `/api/media/${signed.uploadId}`,
      message: 'hi',
      isPublic: true,
    });
    expect(posted.status).toBe(404);
  });

  it('refuses and deletes an upload larger than 10 MB that was declared small', async () => {
    const { signed, completed } = await uploadVideo(fan.client, mp4Bytes(10_485_761), 1000);
    expect(completed.status).toBe(400);
    expect(completed.body.message).toBe('Please select a video under 10MB.');
    expect(await storage.stat(signed.key)).toBeNull();
  });

  it("answers 400 when the upload never reached storage, and 403 for another user's upload", async () => {
    const signed = await sign(fan.client, { kind: 'fan-video', filename: 'x.mp4', contentType: 'video/mp4', size: 10 });
    const missing = await fan.client.post(`/api/objects/${signed.uploadId}/complete`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('The upload did not reach storage. Please try again.');
    const other = await signUpMember(api);
    expect((await other.client.post(`/api/objects/${signed.uploadId}/complete`)).status).toBe(403);
    expect((await fan.client.post('/api/objects/not-a-media-id/complete')).status).toBe(404);
  });

  it('posts a fan message: +25 once per fan and artist, public ones listed for everyone, private ones for their author only', async () => {
    const before = await balance(fan.client);
    const first = await uploadVideo(fan.client);
    const posted = await fan.client.post('/api/fan-messages', {
      artistId,
      videoUrl: first.completed.body.url,
      message: '  You changed my life!  ',
      isPublic: true,
      userId: fan.userId,
      payolaEarned: 1_000_000,
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({
      id: first.signed.uploadId,
      payola: {
        total: 25,
        lines: [{ rule: 'fan-message', description: 'Video message to The Uploaders', amount: 25 }],
      },
    });
    expect(await balance(fan.client)).toBe(before + 25);

    // A second message to the same artist is welcome but pays nothing; this one is private.
    const second = await uploadVideo(fan.client);
    const again = await fan.client.post('/api/fan-messages', {
      artistId,
      videoUrl: second.completed.body.url,
      message: 'Just for you',
      isPublic: false,
    });
    expect(again.body.payola.total).toBe(0);
    expect(await balance(fan.client)).toBe(before + 25);

    // The same video twice: refused.
    const reused = await fan.client.post('/api/fan-messages', {
      artistId,
      videoUrl: first.completed.body.url,
      message: 'again',
      isPublic: true,
    });
    expect(reused.status).toBe(409);

    const mine = await fan.client.get(`/api/fan-messages?artistId=${artistId}`);
    expect(
      mine.body.map((m: { message: string; isPublic: boolean; byYou: boolean }) => [m.message, m.isPublic, m.byYou]),
    ).toEqual([
      ['Just for you', false, true],
      ['You changed my life!', true, true],
    ]);
    const other = await signUpMember(api);
    const theirs = await other.client.get(`/api/fan-messages?artistId=${artistId}`);
    expect(theirs.body).toHaveLength(1);
    expect(theirs.body[0]).toMatchObject({ message: 'You changed my life!', byYou: false, posterUrl: null });
    // The card names its sender the way profiles name members: by their founding fan number.
    const sender = (await fan.client.get('/api/auth/check')).body.user.foundingFanNumber as number;
    expect(sender).toBeGreaterThan(0);
    expect(theirs.body[0].sender).toEqual({ foundingFanNumber: sender });
    // The public video plays for others; the private one does not exist for them.
    expect((await fetchMedia(other.client, theirs.body[0].videoUrl)).status).toBe(200);
    expect((await other.client.get(second.completed.body.url)).status).toBe(404);
  });

  it('refuses fan messages with a blank message, an unknown artist, a video not checked, or for someone else', async () => {
    const { completed } = await uploadVideo(fan.client);
    const base = { artistId, videoUrl: completed.body.url, message: 'Hello', isPublic: true };
    const blank = await fan.client.post('/api/fan-messages', { ...base, message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please write a message to go with your video.');
    const noVideo = await fan.client.post('/api/fan-messages', { ...base, videoUrl: '' });
    expect(noVideo.body.message).toBe('Please upload your fan message video to continue.');
    expect((await fan.client.post('/api/fan-messages', { ...base, artistId: 'nope' })).status).toBe(404);
    expect((await fan.client.post('/api/fan-messages', { ...base, userId: 'someone-else' })).status).toBe(403);
    const pending = await sign(fan.client, {
      kind: 'fan-video',
      filename: 'p.mp4',
      contentType: 'video/mp4',
      size: 10,
    });
    const unchecked = await fan.client.post('/api/fan-messages', {
      ...base,
      videoUrl: `/api/media/${pending.uploadId}`,
    });
    expect(unchecked.status).toBe(400);
    const other = await signUpMember(api);
    const stolen = await other.client.post('/api/fan-messages', base);
    expect(stolen.status).toBe(403);
    // A fan who has not passed the identity check cannot send video messages.
    const unverified = await signUpMember(api, 'fan', false);
    expect((await unverified.client.post('/api/objects/upload', { kind: 'fan-video' })).status).toBe(403);
  });

  it('re-encodes a profile photo: resized, EXIF (GPS location included) stripped, refused when not an image', async () => {
    const member = await signUpMember(api, 'industry-pro');
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-camera-owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const signed = await sign(member.client, {});
    await put(signed, photo, 'image/jpeg');
    const set = await member.client.put('/api/profile-images', { profileImageUrl: signed.uploadURL });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ objectPath: `/api/media/${signed.uploadId}` });
    // The nav bar's avatar reads it from the auth check at once; the spec's follow-up PATCH accepts
    // that path and no other address.
    expect((await member.client.get('/api/auth/check')).body.user.profileImageUrl).toBe(set.body.objectPath);
    const { body: me } = await member.client.get('/api/auth/check');
    const patched = await member.client.patch(`/api/users/${me.user.id}`, { profileImageUrl: set.body.objectPath });
    expect(patched.status).toBe(200);
    expect(patched.body.profileImageUrl).toBe(set.body.objectPath);
    const elsewhere = await member.client.patch(`/api/users/${me.user.id}`, {
      profileImageUrl: 'https://tracker.example.com/pixel.png',
    });
    expect(elsewhere.status).toBe(400);

    const stored = await fetchMedia(member.client, set.body.objectPath);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([1024, 768]);
    expect(metadata.exif).toBeUndefined();
    // A profile photo is shared: others see it too.
    expect((await fetchMedia(fan.client, set.body.objectPath)).status).toBe(200);

    const fake = await sign(member.client, { kind: 'profile-photo', contentType: 'image/png' });
    await put(fake, exeBytes(), 'image/png');
    const refused = await member.client.put('/api/profile-images', { profileImageUrl: fake.uploadURL });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please select a JPG or PNG image.');
    expect(await storage.stat(fake.key)).toBeNull();
    expect((await member.client.put('/api/profile-images', {})).status).toBe(400);
  });

  it('the cleanup job deletes what was never attached after 24 hours, and keeps what was', async () => {
    const attached = await uploadVideo(fan.client);
    await fan.client.post('/api/fan-messages', {
      artistId,
      videoUrl: attached.completed.body.url,
      message: 'Keep me',
      isPublic: true,
    });
    const unattached = await uploadVideo(fan.client);
    const neverChecked = await sign(fan.client, {
      kind: 'fan-video',
      filename: 'n.mp4',
      contentType: 'video/mp4',
      size: 2048,
    });
    await put(neverChecked, mp4Bytes(), 'video/mp4');
    const unattachedKey = `media/fan-video/${unattached.signed.uploadId}.mp4`;

    // Within the day nothing goes.
    expect(await cleanupUnattachedMedia(api.db.pool, store, storage)).toEqual({ expired: 0, swept: 0 });
    expect(await storage.stat(unattachedKey)).not.toBeNull();

    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const result = await cleanupUnattachedMedia(api.db.pool, store, storage, tomorrow);
    expect(result.expired).toBeGreaterThanOrEqual(2);
    expect(await storage.stat(unattachedKey)).toBeNull();
    expect(await storage.stat(neverChecked.key)).toBeNull();
    expect(await storage.stat(`media/fan-video/${attached.signed.uploadId}.mp4`)).not.toBeNull();
    // Expired objects can no longer be attached; a second run finds nothing more.
    const late = await fan.client.post('/api/fan-messages', {
      artistId,
      videoUrl: unattached.completed.body.url,
      message: 'late',
      isPublic: true,
    });
    expect(late.status).toBe(404);
    expect(await cleanupUnattachedMedia(api.db.pool, store, storage, tomorrow)).toEqual({ expired: 0, swept: 0 });
  });
});
