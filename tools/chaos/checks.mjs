// The checks after a run, from the journal (what every request got) and the run's database (the log and
// the read models), once the worker has caught up. Each finding is an anomaly {check, title, detail}.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { foldName } from '@app/domain';
import { openRows } from '@app/event-store';
import { ok, unknown } from './client.mjs';
import { REPO_ROOT } from './stack.mjs';

export const CHECKS = {
  a: 'acknowledged writes are in the log exactly once and visible in the read models',
  b: 'read models equal a fresh replay (ops verify)',
  c: 'one ledger entry per cause; balances are the sum of entries',
  d: 'no link, place, email, username or founding number held twice',
  e: 'no 2xx followed by a denial of the same user',
  f: 'every request answered in time and never with an unhandled error (5xx other than 503); the stack recovered and caught up',
};

const MEMBER_ACTIONS = new Set(['vote', 'favorite', 'venue-vote', 'venue-favorite']);
const VERIFIED_ACTIONS = new Set(['add-artist', 'verify-artist', 'add-venue', 'confirm-venue', 'fan-message']);

function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

const countBy = (items, keyOf) => new Map([...groupBy(items, keyOf)].map(([key, group]) => [key, group.length]));

function describe(entry) {
  const what = [entry.action, entry.status || entry.outcome];
  if (entry.target) what.push(`target ${entry.target}`);
  if (entry.id !== undefined) what.push(`id ${entry.id}`);
  if (entry.message) what.push(`"${entry.message.slice(0, 120)}"`);
  return `${what.join(' ')} at ${(entry.t0 / 1000).toFixed(2)}s (user #${entry.user} ${entry.userId ?? '?'})`;
}

async function readState(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (sql) => (await client.query(sql)).rows;
    const events = await q(
      'select global_position::bigint::int as pos, stream_id, stream_version::int as version, type, data from events order by global_position',
    );
    // As every reader of the log sees them: personal fields (email, username, ...) opened with their keys.
    await openRows(client, events);
    return {
      events,
      users: await q(
        // Each module projects what it owns: the account (identity), the membership status (membership).
        `select u.id, u.email, u.username, u.profile_image_url,
                coalesce(m.payment_completed, false) as payment_completed, m.founding_fan_number,
                coalesce(m.verified, false) as verified
           from identity_users u
           left join membership_status m on m.user_id = u.id`,
      ),
      artists: await q('select id, name, vote_count, favorite_count, fan_count from catalog_artists'),
      artistFans: await q('select artist_id, user_id from catalog_artist_fans'),
      artistVotes: await q('select artist_id, user_id from catalog_artist_votes'),
      artistFavorites: await q('select artist_id, user_id from catalog_artist_favorites'),
      venues: await q('select id, name, vote_count, favorite_count, confirmed_count from catalog_venues'),
      venueFans: await q('select venue_id, user_id, added from catalog_venue_fans'),
      venueVotes: await q('select venue_id, user_id from catalog_venue_votes'),
      venueFavorites: await q('select venue_id, user_id from catalog_venue_favorites'),
      balances: await q('select user_id, balance from payola_balances'),
      // With the log order the projector applies entries in: (transaction_id, global_position).
      ledger: await q(
        `select l.id, l.user_id, l.amount, l.balance, l.position::bigint::int as position, e.transaction_id::text as tx
         from payola_ledger l left join events e on e.global_position = l.position`,
      ),
      awardSources: await q('select user_id, source from payola_award_sources'),
      foundingFans: await q('select user_id, number from founding_fans'),
      artistLinkKeys: await q('select platform, key, artist_id from artist_link_keys'),
      venueKeys: await q('select platform, key, venue_id from venue_keys'),
      emailReservations: await q('select email_normalized, user_id from email_reservations'),
      usernameReservations: await q('select username, user_id from username_reservations'),
      fanMessages: await q('select id, artist_id, user_id from fan_messages'),
    };
  } finally {
    await client.end();
  }
}

/** Runs the ops CLI's verify against the run's database: every read model rebuilt and compared. */
export function opsVerify(url) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'worker/dist/ops/cli.js'), 'verify'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`, error: result.error };
}

/**
 * Every check over one run. `journal` is the run's entries; `recovery` holds what the harness saw
 * (processes that did not come back, whether the worker caught up). Answers the anomalies.
 */
export async function checkRun({ url, journal, recovery, timeoutMs, skipVerify = false }) {
  const anomalies = [];
  const add = (check, title, detail = '') => anomalies.push({ check, title, detail });
  const state = await readState(url);
  const entries = [...journal].sort((x, y) => x.t0 - y.t0 || x.seq - y.seq);
  const events = state.events;
  const ofType = (...types) => events.filter((e) => types.includes(e.type));
  const acked = (action) => entries.filter((e) => e.action === action && ok(e));

  // ---- f: answers, recovery, catch-up
  for (const entry of entries.filter((e) => e.outcome === 'timeout')) {
    add('f', `no answer within ${timeoutMs / 1000}s`, describe(entry));
  }
  // 503 is the api's answer while a dependency is away; a 500 is an error nothing handled.
  for (const entry of entries.filter((e) => e.outcome === 'answered' && e.status >= 500 && e.status !== 503)) {
    add('f', `${entry.action} answered ${entry.status}`, describe(entry));
  }
  for (const entry of entries.filter((e) => e.outcome === 'harness-error')) {
    add('f', 'a virtual user stopped on an unexpected answer', entry.message);
  }
  for (const problem of recovery.problems ?? []) add('f', problem.title, problem.detail);
  if (!recovery.caughtUp) {
    add('f', 'the worker did not catch up with the log', JSON.stringify(recovery.behind ?? []).slice(0, 500));
  }

  // ---- a: every acknowledged write in the log exactly once, and visible in the read models
  const users = new Map(state.users.map((u) => [u.id, u]));
  const accountEvents = groupBy(ofType('AccountCreated'), (e) => e.data.userId);
  for (const entry of entries.filter((e) => (e.action === 'sign-up' || e.action === 'log-in') && ok(e))) {
    const userId = entry.action === 'sign-up' ? entry.id : entry.body?.user?.id;
    const found = accountEvents.get(userId) ?? [];
    if (found.length !== 1) add('a', `account in the log ${found.length} times`, describe(entry));
    if (!users.has(userId)) add('a', 'account not in the users read model', describe(entry));
  }
  const signUpsByEmail = groupBy(
    entries.filter((e) => e.action === 'sign-up'),
    (e) => e.email.toLowerCase(),
  );
  const accountsByEmail = countBy(ofType('AccountCreated'), (e) => e.data.email.toLowerCase());
  for (const [email, attempts] of signUpsByEmail) {
    const possible = attempts.filter((e) => ok(e) || unknown(e)).length;
    if ((accountsByEmail.get(email) ?? 0) > 0 && possible === 0) {
      add('a', `an account for ${email} is in the log though every sign-up with it was refused`);
    }
  }

  // Each virtual user's entries, under the id its account got (entries before sign-up carry none).
  const byUser = new Map();
  for (const list of groupBy(entries, (e) => e.user).values()) {
    const signedUp = list.find((e) => e.action === 'sign-up' && ok(e))?.id;
    const loggedIn = list.find((e) => e.action === 'log-in' && ok(e))?.body?.user?.id;
    const userId = signedUp ?? loggedIn ?? list.find((e) => e.userId)?.userId;
    if (userId) byUser.set(userId, list);
  }
  const payments = groupBy(ofType('PaymentCompleted'), (e) => e.data.userId);
  const approvals = groupBy(ofType('KycApproved'), (e) => e.data.userId);
  for (const [userId, list] of byUser) {
    const paidAck = list.find(
      (e) => (e.action === 'pay' && ok(e)) || (e.action === 'confirm-payment' && ok(e) && e.body?.paymentCompleted),
    );
    const paid = payments.get(userId) ?? [];
    if (paid.length > 1) add('a', `${paid.length} payments completed for one user`, `user ${userId}`);
    if (paidAck && paid.length === 0) add('a', 'acknowledged payment missing from the log', describe(paidAck));
    const toldPaid = list.find((e) => e.action === 'payment-intent' && e.status === 409);
    if (toldPaid && paid.length === 0) {
      add('a', 'told the payment was complete (409), but no payment is in the log', describe(toldPaid));
    }
    if (paidAck && !users.get(userId)?.payment_completed) {
      add('a', 'acknowledged payment not in the users read model', describe(paidAck));
    }
    const approvedAck = list.find((e) => e.action === 'approve-identity' && ok(e) && e.body?.status === 'approved');
    const approved = approvals.get(userId) ?? [];
    if (approved.length > 1) add('a', `identity approved ${approved.length} times`, `user ${userId}`);
    if (approvedAck && approved.length === 0)
      add('a', 'acknowledged approval missing from the log', describe(approvedAck));
    if (approvedAck && !users.get(userId)?.verified) {
      add('a', 'acknowledged approval not in the users read model', describe(approvedAck));
    }
  }

  const artistAdded = groupBy(ofType('ArtistAdded'), (e) => e.data.artistId);
  const artistRows = new Map(state.artists.map((a) => [a.id, a]));
  for (const entry of acked('add-artist')) {
    const found = artistAdded.get(entry.id) ?? [];
    if (found.length !== 1) add('a', `added artist in the log ${found.length} times`, describe(entry));
    else if (found[0].data.addedBy !== entry.userId) add('a', 'added artist credited to another user', describe(entry));
    if (!artistRows.has(entry.id)) add('a', 'added artist not in catalog_artists', describe(entry));
  }
  const venueAdded = groupBy(ofType('VenueAdded'), (e) => e.data.venueId);
  const venueRows = new Map(state.venues.map((v) => [v.id, v]));
  for (const entry of acked('add-venue')) {
    const found = venueAdded.get(entry.id) ?? [];
    if (found.length !== 1) add('a', `added venue in the log ${found.length} times`, describe(entry));
    if (!venueRows.has(entry.id)) add('a', 'added venue not in catalog_venues', describe(entry));
  }
  // Per user: no more adds in the log than were acknowledged or went unanswered (a refusal wrote nothing).
  for (const [action, type, field] of [
    ['add-artist', 'ArtistAdded', 'addedBy'],
    ['add-venue', 'VenueAdded', 'addedBy'],
  ]) {
    const inLog = countBy(ofType(type), (e) => e.data[field]);
    for (const [userId, list] of byUser) {
      const mine = list.filter((e) => e.action === action);
      const least = mine.filter(ok).length;
      const most = least + mine.filter(unknown).length;
      const count = inLog.get(userId) ?? 0;
      if (count < least || count > most) {
        add(
          'a',
          `${type}: ${count} in the log for a user with ${least} acknowledged and ${most - least} unanswered`,
          `user ${userId}`,
        );
      }
    }
  }

  const verified = groupBy(ofType('ArtistVerified'), (e) => `${e.data.artistId}|${e.data.userId}`);
  const artistFans = new Set(state.artistFans.map((r) => `${r.artist_id}|${r.user_id}`));
  for (const [key, list] of verified) {
    if (list.length > 1) add('a', `artist verified ${list.length} times by one fan`, key);
  }
  for (const entry of acked('verify-artist')) {
    const key = `${entry.target}|${entry.userId}`;
    if (!entry.body?.alreadyVerified && (verified.get(key) ?? []).length !== 1) {
      add('a', `acknowledged verification in the log ${(verified.get(key) ?? []).length} times`, describe(entry));
    }
    if (!artistFans.has(key)) add('a', 'acknowledged verification not in catalog_artist_fans', describe(entry));
  }
  const confirmed = groupBy(ofType('VenueDuplicateConfirmed'), (e) => `${e.data.venueId}|${e.data.userId}`);
  const venueFans = new Set(state.venueFans.map((r) => `${r.venue_id}|${r.user_id}`));
  for (const [key, list] of confirmed) {
    if (list.length > 1) add('a', `venue confirmed ${list.length} times by one fan`, key);
  }
  for (const entry of acked('confirm-venue')) {
    const key = `${entry.target}|${entry.userId}`;
    if (!entry.body?.alreadyConfirmed && (confirmed.get(key) ?? []).length !== 1) {
      add('a', `acknowledged confirmation in the log ${(confirmed.get(key) ?? []).length} times`, describe(entry));
    }
    if (!venueFans.has(key)) add('a', 'acknowledged confirmation not in catalog_venue_fans', describe(entry));
  }

  // Votes and favourites: a stream per (entry, user) alternating on and off; the last acknowledged
  // answer is the state on file (when nothing unanswered came after it); the rows and counts follow.
  const toggles = [
    {
      action: 'vote',
      on: 'VoteCast',
      off: 'VoteWithdrawn',
      idField: 'artistId',
      rows: state.artistVotes,
      rowId: 'artist_id',
      entries: artistRows,
      count: 'vote_count',
    },
    {
      action: 'favorite',
      on: 'ArtistFavorited',
      off: 'ArtistUnfavorited',
      idField: 'artistId',
      rows: state.artistFavorites,
      rowId: 'artist_id',
      entries: artistRows,
      count: 'favorite_count',
    },
    {
      action: 'venue-vote',
      on: 'VenueVoteCast',
      off: 'VenueVoteWithdrawn',
      idField: 'venueId',
      rows: state.venueVotes,
      rowId: 'venue_id',
      entries: venueRows,
      count: 'vote_count',
    },
    {
      action: 'venue-favorite',
      on: 'VenueFavorited',
      off: 'VenueUnfavorited',
      idField: 'venueId',
      rows: state.venueFavorites,
      rowId: 'venue_id',
      entries: venueRows,
      count: 'favorite_count',
    },
  ];
  for (const t of toggles) {
    const streams = groupBy(ofType(t.on, t.off), (e) => `${e.data[t.idField]}|${e.data.userId}`);
    const final = new Map();
    for (const [key, list] of streams) {
      for (let i = 1; i < list.length; i++) {
        if (list[i].type === list[i - 1].type) {
          add(
            'a',
            `${list[i].type} twice in a row`,
            `${t.action} ${key} at positions ${list[i - 1].pos}, ${list[i].pos}`,
          );
        }
      }
      final.set(key, list.at(-1).type === t.on);
    }
    const rows = new Set(t.rows.map((r) => `${r[t.rowId]}|${r.user_id}`));
    for (const [key, on] of final) {
      if (on !== rows.has(key)) add('a', `${t.action}: the read model says ${rows.has(key)}, the log ${on}`, key);
    }
    for (const key of rows) if (!final.has(key)) add('a', `${t.action}: a row with nothing in the log`, key);
    const counts = countBy(
      [...final].filter(([, on]) => on),
      ([key]) => key.split('|')[0],
    );
    for (const [id, row] of t.entries) {
      if (row[t.count] !== (counts.get(id) ?? 0)) {
        add('a', `${t.count} is ${row[t.count]}, the log has ${counts.get(id) ?? 0}`, `${t.action} ${id}`);
      }
    }
    for (const [key, list] of groupBy(
      entries.filter((e) => e.action === t.action),
      (e) => `${e.target}|${e.userId}`,
    )) {
      const last = list.at(-1);
      // A request the fan gave up on may still land after the last one: then the last answer is not final.
      if (!ok(last) || list.some((e) => e.outcome === 'timeout')) continue;
      if (last.id !== last.want) add('a', `${t.action}: asked for ${last.want}, answered ${last.id}`, describe(last));
      if ((final.get(key) ?? false) !== last.id) {
        add('a', `${t.action}: last acknowledged state ${last.id}, the log ${final.get(key) ?? false}`, describe(last));
      }
    }
  }

  const usernameEvents = groupBy(ofType('UsernameChanged'), (e) => e.data.userId);
  for (const [userId, list] of byUser) {
    const mine = list.filter((e) => e.action === 'username');
    const finalName = usernameEvents.get(userId)?.at(-1)?.data.username ?? null;
    const last = mine.at(-1);
    if (last && ok(last) && finalName !== last.want) {
      add('a', `username: last acknowledged ${last.want}, the log ${finalName}`, describe(last));
    }
    if (users.has(userId) && (users.get(userId).username ?? null) !== finalName) {
      add('a', `username: read model ${users.get(userId).username}, the log ${finalName}`, `user ${userId}`);
    }
  }
  const uploads = groupBy(ofType('MediaUploadStarted'), (e) => e.data.mediaId);
  for (const entry of acked('upload-start')) {
    if ((uploads.get(entry.id) ?? []).length !== 1) {
      add('a', `upload in the log ${(uploads.get(entry.id) ?? []).length} times`, describe(entry));
    }
  }
  const photoSets = groupBy(ofType('ProfileImageSet'), (e) => e.data.mediaId);
  for (const [userId, list] of byUser) {
    const photos = list.filter((e) => e.action === 'profile-photo');
    for (const entry of photos.filter(ok)) {
      const mediaId = String(entry.id).split('/').at(-1);
      if ((photoSets.get(mediaId) ?? []).length !== 1) {
        add('a', `profile photo set ${(photoSets.get(mediaId) ?? []).length} times`, describe(entry));
      }
    }
    const last = photos.at(-1);
    if (last && ok(last) && users.get(userId)?.profile_image_url !== last.id) {
      add('a', `profile photo: read model ${users.get(userId)?.profile_image_url}`, describe(last));
    }
  }
  const messages = groupBy(ofType('FanMessagePosted'), (e) => e.data.fanMessageId);
  const messageRows = new Set(state.fanMessages.map((m) => m.id));
  for (const entry of acked('fan-message')) {
    if ((messages.get(entry.id) ?? []).length !== 1) {
      add('a', `fan message in the log ${(messages.get(entry.id) ?? []).length} times`, describe(entry));
    }
    if (!messageRows.has(entry.id)) add('a', 'fan message not in fan_messages', describe(entry));
  }

  // ---- c: the ledger
  const awards = ofType('PayolaAwarded');
  for (const [key, list] of groupBy(awards, (e) => `${e.data.userId}|${e.data.source}`)) {
    if (list.length > 1) {
      add('c', `${list.length} ledger entries for one cause`, `${key}: positions ${list.map((e) => e.pos).join(', ')}`);
    }
  }
  for (const award of awards) {
    if (award.stream_id !== `payola-${award.data.userId}`)
      add('c', 'award on another user’s stream', `${award.stream_id} ${award.data.userId}`);
  }
  const awardKeys = new Set(awards.map((e) => `${e.data.userId}|${e.data.source}`));
  const sourceRows = new Set(state.awardSources.map((r) => `${r.user_id}|${r.source}`));
  for (const key of awardKeys) if (!sourceRows.has(key)) add('c', 'award without its payola_award_sources row', key);
  for (const key of sourceRows) if (!awardKeys.has(key)) add('c', 'payola_award_sources row without an award', key);
  const sums = new Map();
  const entriesPerUser = countBy(awards, (e) => e.data.userId);
  for (const award of awards) sums.set(award.data.userId, (sums.get(award.data.userId) ?? 0) + award.data.amount);
  const balances = new Map(state.balances.map((b) => [b.user_id, b.balance]));
  const ledgerRows = groupBy(state.ledger, (r) => r.user_id);
  for (const [userId, sum] of sums) {
    // Running balances follow the order the projector applies awards in, the log's order (transaction id,
    // then position), which a replay repeats. Sorted by position alone, an award whose transaction began
    // first but committed last sits before an earlier-applied one (seen once in 100 runs: 1,000 then 1,750).
    const rows = (ledgerRows.get(userId) ?? []).sort(inLogOrder);
    if (rows.length !== entriesPerUser.get(userId)) {
      add('c', `${rows.length} ledger rows for ${entriesPerUser.get(userId)} awards`, `user ${userId}`);
    }
    const ledgerSum = rows.reduce((total, r) => total + r.amount, 0);
    if (ledgerSum !== sum) add('c', `ledger sums to ${ledgerSum}, the awards to ${sum}`, `user ${userId}`);
    if (rows.length && rows.at(-1).balance !== sum) {
      add('c', `running balance ends at ${rows.at(-1).balance}, the awards sum to ${sum}`, `user ${userId}`);
    }
    if (balances.get(userId) !== sum)
      add('c', `payola_balances says ${balances.get(userId)}, the awards ${sum}`, `user ${userId}`);
  }
  // Causes and their awards: an entry is on file if and only if it paid, and paid once.
  const causes = [
    ...ofType('ArtistAdded').map((e) => [e.data.addedBy, `artist-added:${e.data.artistId}`]),
    ...ofType('VenueAdded').map((e) => [e.data.addedBy, `venue-added:${e.data.venueId}`]),
    ...ofType('ArtistVerified').map((e) => [e.data.userId, `artist-verified:${e.data.artistId}`]),
    ...ofType('VenueDuplicateConfirmed').map((e) => [e.data.userId, `venue-duplicate-confirmed:${e.data.venueId}`]),
    ...ofType('VoteCast').map((e) => [e.data.userId, `artist-vote:${e.data.artistId}`]),
    ...ofType('VoteWithdrawn').map((e) => [e.data.userId, `artist-vote-withdrawn:${e.data.artistId}`]),
    ...ofType('VenueVoteCast').map((e) => [e.data.userId, `venue-vote:${e.data.venueId}`]),
    ...ofType('VenueVoteWithdrawn').map((e) => [e.data.userId, `venue-vote-withdrawn:${e.data.venueId}`]),
    ...ofType('FanMessagePosted')
      .filter((e) => e.data.payolaEarned > 0)
      .map((e) => [e.data.userId, `fan-message:${e.data.artistId}`]),
  ];
  const fanIds = new Set(
    ofType('AccountCreated')
      .filter((e) => e.data.role === 'fan')
      .map((e) => e.data.userId),
  );
  for (const userId of approvals.keys()) if (fanIds.has(userId)) causes.push([userId, 'identity-verified']);
  const causeKeys = new Set(causes.map(([userId, source]) => `${userId}|${source}`));
  for (const key of causeKeys) if (!awardKeys.has(key)) add('c', 'a cause without its award', key);
  const ruled =
    /^(artist-added|venue-added|artist-verified|venue-duplicate-confirmed|artist-vote|artist-vote-withdrawn|venue-vote|venue-vote-withdrawn|fan-message):|^identity-verified$/;
  for (const key of awardKeys) {
    if (ruled.test(key.split('|')[1]) && !causeKeys.has(key)) add('c', 'an award without its cause in the log', key);
  }

  // ---- d: nothing held twice
  const artistKeys = new Map();
  for (const e of ofType('ArtistAdded', 'ArtistLinksAdded')) {
    for (const link of e.data.links) {
      const key = `${link.platform}:${link.key}`;
      if (!artistKeys.has(key)) artistKeys.set(key, new Set());
      artistKeys.get(key).add(e.data.artistId);
    }
  }
  for (const [key, holders] of artistKeys) {
    if (holders.size > 1) {
      const names = [...holders].map((id) => `${artistAdded.get(id)?.[0]?.data.name ?? '?'} (${id})`);
      add('d', `artist link ${key} held by ${holders.size} artists`, names.join(', '));
    }
  }
  for (const row of state.artistLinkKeys) {
    const holders = artistKeys.get(`${row.platform}:${row.key}`);
    if (holders && !holders.has(row.artist_id)) {
      add(
        'd',
        `artist_link_keys gives ${row.platform}:${row.key} to an artist whose events do not hold it`,
        row.artist_id,
      );
    }
  }
  const venueKeys = new Map();
  const currentVenue = new Map();
  for (const e of ofType('VenueAdded', 'VenueUpdated')) currentVenue.set(e.data.venueId, e.data);
  for (const [venueId, venue] of currentVenue) {
    const keys = [
      `place:${foldName(venue.name)}|${foldName(venue.city)}|${venue.state}`,
      ...venue.links.map((l) => `${l.platform}:${l.key}`),
    ];
    for (const key of keys) {
      if (!venueKeys.has(key)) venueKeys.set(key, new Set());
      venueKeys.get(key).add(venueId);
    }
  }
  for (const [key, holders] of venueKeys) {
    if (holders.size > 1) add('d', `venue key ${key} held by ${holders.size} venues`, [...holders].join(', '));
  }
  for (const [email, count] of accountsByEmail) if (count > 1) add('d', `email ${email} held by ${count} accounts`);
  const finalNames = new Map();
  for (const [userId, list] of usernameEvents) finalNames.set(userId, list.at(-1).data.username);
  for (const [name, holders] of groupBy([...finalNames], ([, n]) => n)) {
    if (holders.length > 1)
      add('d', `username ${name} held by ${holders.length} users`, holders.map(([u]) => u).join(', '));
  }
  for (const row of state.usernameReservations) {
    if (finalNames.get(row.user_id) !== row.username) {
      add(
        'd',
        `username_reservations gives ${row.username} to a user whose name is ${finalNames.get(row.user_id)}`,
        row.user_id,
      );
    }
  }
  const numbers = ofType('PaymentCompleted')
    .map((e) => e.data.foundingFanNumber)
    .filter((n) => n !== null);
  for (const [number, count] of countBy(numbers, (n) => n)) {
    if (count > 1) add('d', `founding fan number ${number} given ${count} times`);
  }
  const sorted = [...new Set(numbers)].sort((x, y) => x - y);
  if (sorted.some((n, i) => n !== i + 1)) {
    add('d', 'founding fan numbers are not 1..N', `${sorted.length} numbers, largest ${sorted.at(-1)}`);
  }
  const numberOf = new Map(ofType('PaymentCompleted').map((e) => [e.data.userId, e.data.foundingFanNumber]));
  for (const row of state.foundingFans) {
    if (numberOf.get(row.user_id) !== row.number) {
      add('d', `founding_fans gives #${row.number}, the log #${numberOf.get(row.user_id)}`, row.user_id);
    }
  }
  for (const [userId, number] of numberOf) {
    if (users.has(userId) && users.get(userId).founding_fan_number !== number) {
      add('d', `the user's founding number is ${users.get(userId).founding_fan_number}, the log's ${number}`, userId);
    }
  }

  // ---- e: no 2xx followed by a denial of the same user's later action
  for (const list of byUser.values()) {
    let signedIn = null;
    let paid = null;
    let approved = null;
    for (const entry of list) {
      if (entry.outcome === 'answered') {
        const at = (ack) => `${ack.action} ${ack.status} at ${(ack.t1 / 1000).toFixed(2)}s`;
        const deny = (title, ack) => add('e', title, `${describe(entry)}, after ${at(ack)}`);
        const after = (ack) => ack && ack.t1 < entry.t0;
        if (after(signedIn) && entry.status === 401)
          deny(`${entry.action} 401 after the sign-in was confirmed`, signedIn);
        if (after(signedIn) && entry.status === 403 && /csrf/i.test(entry.message ?? '')) {
          deny(`${entry.action} 403 (CSRF token refused) after sign-in`, signedIn);
        }
        if (after(paid) && entry.status === 403 && MEMBER_ACTIONS.has(entry.action)) {
          deny(`${entry.action} 403 after the payment was acknowledged`, paid);
        }
        if (after(approved) && entry.status === 403 && VERIFIED_ACTIONS.has(entry.action)) {
          deny(`${entry.action} 403 after the identity approval was acknowledged`, approved);
        }
        if (entry.action === 'auth-check' && entry.status === 200 && entry.body?.user) {
          if (after(paid) && !entry.body.user.paymentCompleted) {
            deny('auth check says unpaid after the payment was acknowledged', paid);
          }
          if (after(approved) && !entry.body.user.verified) {
            deny('auth check says unverified after the identity approval was acknowledged', approved);
          }
        }
      }
      // Signed in: a log-in, or an auth check that says so (a sign-up may answer 201 without a session).
      if (
        (entry.action === 'log-in' && ok(entry)) ||
        (entry.action === 'auth-check' && ok(entry) && entry.body?.authenticated)
      ) {
        signedIn ??= entry;
      }
      if (
        !paid &&
        ((entry.action === 'pay' && ok(entry)) || (entry.action === 'payment-intent' && entry.status === 409))
      ) {
        paid = entry;
      }
      if (!paid && entry.action === 'confirm-payment' && ok(entry) && entry.body?.paymentCompleted) paid = entry;
      if (!approved && entry.action === 'approve-identity' && ok(entry) && entry.body?.status === 'approved') {
        approved = entry;
      }
    }
  }

  // ---- b: read models equal a fresh replay
  if (!skipVerify) {
    const verify = opsVerify(url);
    if (verify.status !== 0) {
      const lines = verify.output.split('\n').filter((line) => line.trim() && !/\d+%\s*\|/.test(line));
      add('b', `ops verify exited ${verify.status ?? verify.error}`, lines.slice(-25).join('\n'));
    }
  }
  return anomalies;
}

/** The log's order, in which projectors apply events: transaction id (xid8, as text), then position. */
function inLogOrder(x, y) {
  const tx = BigInt(x.tx ?? 0) - BigInt(y.tx ?? 0);
  return tx !== 0n ? (tx < 0n ? -1 : 1) : x.position - y.position;
}
