// The load: virtual fans doing the product's real flows over HTTP, as the web app does them, until the
// run's deadline. They share a small world (the artists and venues others added, pools of links, names,
// usernames and even emails) so that some of their writes race for the same key on purpose.
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { Browser, ok } from './client.mjs';

const PASSWORD = 'Chaos-monkey-2026!';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const GENRES = ['Rock', 'Pop', 'Hip Hop', 'Indie', 'Jazz', 'Electronic'];
const CITIES = [
  ['Austin', 'TX'],
  ['Brooklyn', 'NY'],
  ['Oakland', 'CA'],
];
const VENUE_NAMES = ['The Basement', 'Blue Room', 'Echo Hall', 'Night Owl', 'Velvet Lounge'];
const USERNAMES = ['nightowl', 'bassline', 'encore', 'mosh_pit', 'vinyl_head', 'opener'];

/** The start of an ISO base media file (MP4): an `ftyp` box, enough for the server's type check. */
function mp4Bytes(size = 2048) {
  const file = Buffer.alloc(size);
  Buffer.from('00000020667479706973736f6d0000020069736f6d69736f32617663316d703431', 'hex').copy(file);
  return file;
}

/** What every run shares: the files uploaded. */
export async function loadFixtures() {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a3e8c' } })
    .jpeg()
    .toBuffer();
  return { photo, video: mp4Bytes() };
}

/**
 * Runs `users` virtual fans against `baseUrl` until `deadline` (ms since the journal's start). Answers
 * when every one of them has finished its last request.
 */
export async function runLoad({ baseUrl, journal, rng, users, deadline, timeoutMs, fixtures, runTag }) {
  const world = {
    runTag,
    artists: [],
    venues: [],
    // Pools of keys several fans reach for: the first add wins, the others must get a 409.
    sharedSpotify: Array.from({ length: 4 }, () => rng.token(22, BASE62)),
    sharedInstagram: Array.from({ length: 4 }, (_, i) => `shared_${runTag}_${i}`),
    sharedWebsites: Array.from({ length: 3 }, (_, i) => `https://venue-${runTag}-${i}.example.com`),
    races: {},
  };
  const fans = Array.from({ length: users }, (_, index) => ({
    index,
    userId: null,
    rng: rng.fork(index),
    paid: false,
    verified: false,
    counter: 0,
  }));
  // One fan in six signs up with the address another is using at the same moment.
  for (const fan of fans) {
    fan.email = `chaos-${runTag}-${fan.index}@example.com`;
    if (fan.index % 6 === 5) fan.email = fans[fan.index - 1].email;
  }
  const expired = () => journal.now() >= deadline;
  await Promise.all(
    fans.map(async (fan) => {
      await sleep(fan.index % 6 === 5 ? fans[fan.index - 1].index * 60 : fan.index * 60);
      const browser = new Browser({ baseUrl, journal, user: fan, timeoutMs });
      const context = { fan, browser, world, rng: fan.rng, expired, fixtures };
      try {
        if (!(await onboard(context))) return;
        while (!expired()) {
          const before = journal.entries.length;
          await act(context);
          // Like a person before trying again, a fan whose request found the api down waits a little.
          const refused = journal.entries.slice(before).some((e) => e.user === fan.index && e.outcome === 'not-sent');
          await sleep(refused ? fan.rng.between(300, 900) : fan.rng.between(20, 200));
        }
      } catch (error) {
        journal.add({
          user: fan.index,
          userId: fan.userId,
          action: 'harness-error',
          status: 0,
          outcome: 'harness-error',
          message: String(error?.stack ?? error).slice(0, 500),
          t0: journal.now(),
          t1: journal.now(),
        });
      }
    }),
  );
  return world;
}

/** A back-off between attempts of a step that did not go through (the api may be restarting). */
const backOff = (rng) => sleep(rng.between(200, 800));

/** Sign-up (or, after an unanswered sign-up, log-in), payment, identity check: each retried until done. */
async function onboard({ fan, browser, rng, expired }) {
  let email = fan.email;
  let password = `${PASSWORD}${fan.index}`;
  while (!fan.userId) {
    if (expired()) return false;
    await browser.call('auth-check', 'GET', '/api/auth/check');
    const created = await browser.call(
      'sign-up',
      'POST',
      '/api/create-account',
      { email, password, firstName: 'Chaos', lastName: `Fan${fan.index}`, role: 'fan', zipCode: '10001' },
      { email, idOf: (body) => body?.userId },
    );
    if (ok(created)) {
      fan.userId = created.id;
      break;
    }
    if (created.status === 409) {
      // Ours from an attempt that went unanswered, or the other fan's who uses this address.
      const login = await browser.call('log-in', 'POST', '/api/login', { email, password }, { email });
      if (ok(login)) {
        fan.userId = login.body.user.id;
        break;
      }
      if (login.status === 401) email = `chaos-${fan.email.split('@')[0]}-${fan.index}-again@example.com`;
    }
    await backOff(rng);
  }
  fan.email = email;
  // The web app reads the signed-in user right after. The account can exist without a session (the sign-in
  // after a sign-up failed: 'Account Created but Login Failed'): then the user logs in.
  for (;;) {
    if (expired()) return false;
    const check = await browser.call('auth-check', 'GET', '/api/auth/check');
    if (ok(check) && check.body?.authenticated) break;
    if (check.status === 401) {
      const login = await browser.call('log-in', 'POST', '/api/login', { email, password }, { email });
      if (ok(login)) break;
    }
    await backOff(rng);
  }

  while (!fan.paid) {
    if (expired()) return false;
    const intent = await browser.call('payment-intent', 'POST', '/api/create-payment-intent', {
      userId: fan.userId,
      membershipAddon: true,
      selectedRole: 'fan',
    });
    if (intent.status === 409) {
      fan.paid = true;
      break;
    }
    if (ok(intent)) {
      const card = {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      };
      const pay = () => browser.call('pay', 'POST', '/api/test-payments/confirm', card);
      // Back from the card provider, the web app asks too (stripe/confirm-payment).
      const confirm = () => browser.call('confirm-payment', 'POST', '/api/stripe/confirm-payment', {});
      const attempts = [pay()];
      // A double click on Pay sends the same confirmation twice at once.
      if (rng.chance(0.3)) attempts.push(pay());
      if (rng.chance(0.25)) attempts.push(sleep(rng.between(0, 50)).then(confirm));
      for (const attempt of await Promise.all(attempts)) {
        if (ok(attempt) && (attempt.action === 'pay' || attempt.body?.paymentCompleted)) fan.paid = true;
      }
    }
    if (!fan.paid) await backOff(rng);
  }
  await browser.call('auth-check', 'GET', '/api/auth/check');

  while (!fan.verified) {
    if (expired()) return false;
    const session = await browser.call('kyc-session', 'POST', '/api/kyc/session');
    if (ok(session)) {
      const decided = await browser.call('approve-identity', 'POST', '/api/kyc/test-decision', {
        decision: 'approved',
      });
      if (ok(decided) && decided.body?.status === 'approved') fan.verified = true;
    }
    if (!fan.verified) await backOff(rng);
  }
  await browser.call('auth-check', 'GET', '/api/auth/check');
  return true;
}

const ACTIONS = {
  'add-artist': 3,
  'verify-artist': 2,
  vote: 5,
  favorite: 3,
  'add-venue': 2,
  'venue-vote': 3,
  'venue-favorite': 2,
  'confirm-venue': 1,
  username: 1,
  'profile-photo': 0.6,
  'fan-message': 0.6,
  read: 2,
};

async function act(context) {
  const { rng, world, fan } = context;
  let action = rng.weighted(ACTIONS);
  const othersArtists = world.artists.filter((a) => a.addedBy !== fan.userId);
  const othersVenues = world.venues.filter((v) => v.addedBy !== fan.userId);
  if (['vote', 'favorite', 'fan-message'].includes(action) && world.artists.length === 0) action = 'add-artist';
  if (action === 'verify-artist' && othersArtists.length === 0) action = 'add-artist';
  if (['venue-vote', 'venue-favorite'].includes(action) && world.venues.length === 0) action = 'add-venue';
  if (action === 'confirm-venue' && othersVenues.length === 0) action = 'add-venue';
  const choose = {
    'add-artist': () => addArtist(context),
    'verify-artist': () => verifyArtist(context, rng.pick(othersArtists)),
    vote: () => toggle(context, 'vote', 'artists', rng.pick(world.artists).id, 'vote', 'voted'),
    favorite: () => toggle(context, 'favorite', 'artists', rng.pick(world.artists).id, 'favorite', 'favorited'),
    'add-venue': () => addVenue(context),
    'venue-vote': () => toggle(context, 'venue-vote', 'venues', rng.pick(world.venues).id, 'vote', 'voted'),
    'venue-favorite': () =>
      toggle(context, 'venue-favorite', 'venues', rng.pick(world.venues).id, 'favorite', 'favorited'),
    'confirm-venue': () => confirmVenue(context, rng.pick(othersVenues)),
    username: () => setUsername(context),
    'profile-photo': () => profilePhoto(context),
    'fan-message': () => fanMessage(context, rng.pick(world.artists)),
    read: () => read(context),
  };
  await choose[action]();
}

/**
 * Several fans doing the same thing at the same moment: the first to come opens a race (a new key,
 * starting ~350 ms later), the next ones to come before then join it. Answers the race once it starts.
 */
async function joinRace(world, kind, makeKey) {
  const now = Date.now();
  let race = world.races[kind];
  if (!race || race.startAt - now < 30 || race.runners >= 4) {
    race = world.races[kind] = { key: makeKey(), startAt: now + 350, runners: 0 };
  }
  race.runners += 1;
  await sleep(Math.max(0, race.startAt - Date.now()));
  return race;
}

/** A double click sends the same request twice at once. */
async function once(rng, send) {
  return rng.chance(0.1) ? Promise.all([send(), send()]) : [await send()];
}

async function addArtist({ browser, rng, world, fan }) {
  fan.counter += 1;
  const tag = `${world.runTag}${fan.index}x${fan.counter}`;
  // Some adds race others for the same Spotify page at the same moment, some reach for one that others
  // reached for before, some for an Instagram handle others use: the first wins, the others get a 409.
  const mode = rng.weighted({ race: 2, shared: 1, fresh: 5 });
  let spotifyId = rng.token(22, BASE62);
  let name = `Chaos Act ${tag}`;
  if (mode === 'race') {
    spotifyId = (await joinRace(world, 'artist', () => rng.token(22, BASE62))).key;
    name = `Race Act ${spotifyId.slice(0, 8)}`;
  } else if (mode === 'shared') {
    spotifyId = rng.pick(world.sharedSpotify);
    name = `Shared Act ${world.sharedSpotify.indexOf(spotifyId)}`;
  }
  const instagram = rng.chance(0.15) ? rng.pick(world.sharedInstagram) : `fan_${tag}`;
  const body = {
    artist: {
      name,
      artistType: 'Band',
      genre: rng.pick(GENRES),
      secondaryGenre: null,
      recordLabel: null,
      bio: null,
      spotifyUrl: `https://open.spotify.com/artist/${spotifyId}`,
      bandcampUrl: null,
      soundcloudUrl: null,
      websiteUrl: null,
      socialUrls: [`https://www.instagram.com/${instagram}`],
    },
    attested: true,
  };
  const keys = [`spotify:${spotifyId}`, `instagram:${instagram}`];
  for (const entry of await once(rng, () => browser.call('add-artist', 'POST', '/api/artists', body, { mode, keys }))) {
    if (ok(entry)) world.artists.push({ id: entry.id, addedBy: fan.userId });
  }
}

async function verifyArtist({ browser, rng, world, fan }, artist) {
  fan.counter += 1;
  const body = { artistId: artist.id };
  const mode = rng.weighted({ plain: 5, link: 2, race: 2 });
  if (mode === 'link') {
    // A link of the fan's own (new to the artist: +10), or a handle others reach for too.
    const handle = rng.chance(0.3)
      ? rng.pick(world.sharedInstagram)
      : `verify_${world.runTag}${fan.index}x${fan.counter}`;
    body.links = { socialUrls: [`https://www.instagram.com/${handle}`] };
  } else if (mode === 'race') {
    // Fans verifying one artist at the same moment, each bringing the same new link.
    const race = await joinRace(world, 'verify', () => ({ artist, handle: `race_${rng.token(10)}` }));
    if (race.key.artist.addedBy !== fan.userId) body.artistId = race.key.artist.id;
    body.links = { socialUrls: [`https://www.instagram.com/${race.key.handle}`] };
  }
  await browser.call('verify-artist', 'POST', '/api/artists/verify', body, { mode, target: body.artistId });
}

/** Votes and favourites send the state they want, as the web app does. */
async function toggle({ browser, rng }, action, resource, id, field, answerField) {
  const want = rng.chance(0.6);
  await browser.call(
    action,
    'POST',
    `/api/${resource}/${encodeURIComponent(id)}/${field}`,
    { [field]: want },
    { target: id, want, idOf: (body) => body?.[answerField] },
  );
}

async function addVenue({ browser, rng, world, fan }) {
  fan.counter += 1;
  const tag = `${world.runTag}${fan.index}x${fan.counter}`;
  let [city, state] = rng.pick(CITIES);
  // The same name in the same city is one venue: some adds race for one at the same moment, some use
  // a name from a small pool, the rest are new.
  const mode = rng.weighted({ race: 2, shared: 2, fresh: 4 });
  let name = `Chaos Venue ${tag}`;
  if (mode === 'race') {
    const race = await joinRace(world, 'venue', () => ({ name: `Race Hall ${rng.token(6)}`, place: rng.pick(CITIES) }));
    name = race.key.name;
    [city, state] = race.key.place;
  } else if (mode === 'shared') {
    name = rng.pick(VENUE_NAMES);
  }
  const websiteUrl = rng.chance(0.15) ? rng.pick(world.sharedWebsites) : `https://v-${tag}.example.com`;
  const body = {
    venue: {
      name,
      venueType: 'Jazz Club',
      streetAddress: '131 W 3rd St',
      city,
      state,
      capacity: 200,
      ageRestriction: '21+',
      soundSystem: 'Professional PA System',
      bio: null,
      phoneNumber: null,
      email: null,
      websiteUrl,
      bookingContact: null,
      accessibility: null,
      parking: null,
      socialUrls: [],
    },
  };
  const keys = [`place:${name}|${city}|${state}`, `website:${websiteUrl}`];
  for (const entry of await once(rng, () => browser.call('add-venue', 'POST', '/api/venues', body, { mode, keys }))) {
    if (ok(entry)) world.venues.push({ id: entry.id, addedBy: fan.userId });
  }
}

async function confirmVenue({ browser }, venue) {
  await browser.call(
    'confirm-venue',
    'POST',
    `/api/venues/${encodeURIComponent(venue.id)}/confirm-duplicate`,
    {},
    { target: venue.id },
  );
}

async function setUsername({ browser, rng, world, fan }) {
  // Half the claims race others for a new name at the same moment; the rest take one from a pool.
  const username = rng.chance(0.5)
    ? (await joinRace(world, 'username', () => `race_${rng.token(8)}`)).key
    : rng.pick(USERNAMES);
  await browser.call(
    'username',
    'PATCH',
    `/api/users/${encodeURIComponent(fan.userId)}`,
    { username },
    { want: username, idOf: (body) => body?.username },
  );
}

async function profilePhoto({ browser, fixtures }) {
  const signed = await browser.call('upload-start', 'POST', '/api/objects/upload', {}, { idOf: (b) => b?.uploadId });
  if (!ok(signed)) return;
  const put = await browser.put('upload-put', signed.body.uploadURL, fixtures.photo, {
    ...signed.body.headers,
    'content-type': 'image/jpeg',
  });
  if (!ok(put)) return;
  await browser.call(
    'profile-photo',
    'PUT',
    '/api/profile-images',
    { profileImageUrl: signed.body.uploadURL },
    { target: signed.id, idOf: (body) => body?.objectPath },
  );
}

async function fanMessage({ browser, fixtures }, artist) {
  const signed = await browser.call(
    'upload-start',
    'POST',
    '/api/objects/upload',
    { kind: 'fan-video', filename: 'hello.mp4', contentType: 'video/mp4', size: fixtures.video.length },
    { idOf: (b) => b?.uploadId },
  );
  if (!ok(signed)) return;
  const put = await browser.put('upload-put', signed.body.uploadURL, fixtures.video, {
    ...signed.body.headers,
    'content-type': 'video/mp4',
  });
  if (!ok(put)) return;
  const completed = await browser.call('upload-complete', 'POST', `/api/objects/${signed.id}/complete`, undefined, {
    target: signed.id,
    idOf: (body) => body?.mediaId,
  });
  if (!ok(completed)) return;
  await browser.call(
    'fan-message',
    'POST',
    '/api/fan-messages',
    { artistId: artist.id, videoUrl: `/api/media/${signed.id}`, message: 'Chaos says hi', isPublic: true },
    { target: artist.id, media: signed.id },
  );
}

async function read({ browser, rng }) {
  const path = rng.pick(['/api/artists/all', '/api/venues', '/api/payola/stats', '/api/auth/check']);
  await browser.call(path === '/api/auth/check' ? 'auth-check' : 'read', 'GET', path);
}
