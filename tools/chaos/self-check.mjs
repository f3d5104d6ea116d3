// Proof that the checks can fail: after a run, its scratch database is corrupted on purpose (the event
// log appended to through append_events, read-model rows changed behind the projections' back) and the
// journal given a denial and a hang. Each corruption names the anomaly it must cause; the self-check
// passes only if every one of them is reported.
import pg from 'pg';
import { openRows } from '@app/event-store';
import { ok, unknown } from './client.mjs';

async function append(client, stream, type, data) {
  await client.query('select * from append_events($1, -1, $2::jsonb)', [
    stream,
    JSON.stringify([{ type, data, metadata: { actingUserId: 'chaos-self-check' } }]),
  ]);
}

/**
 * Corrupts the run's database (the api and worker are stopped) and its journal (in place). Answers
 * the corruptions: {check, what, expect}, `expect` matching the title of the anomaly it must cause.
 */
export async function corrupt(url, journal) {
  const done = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (sql, params = []) => (await client.query(sql, params)).rows[0];
    // The (a) corruptions touch what a request was answered 2xx for: that is what (a) follows.
    const ackedIds = (action) => journal.filter((e) => e.action === action && ok(e)).map((e) => e.id);
    const [first, second] = (
      await client.query(
        "select data from events where type = 'ArtistAdded' order by data->>'artistId' = any($1::text[]) desc, global_position limit 2",
        [ackedIds('add-artist')],
      )
    ).rows;
    if (first) {
      // A duplicate delivery of an add: the same artist recorded twice.
      await append(client, `artist-${first.data.artistId}-copy`, 'ArtistAdded', first.data);
      done.push({
        check: 'a',
        what: `a second ArtistAdded for ${first.data.artistId}`,
        expect: /added artist in the log 2 times/,
      });
    }
    const venue = await one('select id from catalog_venues where id = any($1::text[]) limit 1', [
      ackedIds('add-venue'),
    ]);
    if (venue) {
      await client.query('delete from catalog_venues where id = $1', [venue.id]);
      done.push({ check: 'a', what: `venue ${venue.id} deleted from catalog_venues`, expect: /not in catalog_venues/ });
    }
    const vote = await one(
      'delete from catalog_artist_votes where ctid = (select ctid from catalog_artist_votes limit 1) returning artist_id',
    );
    if (vote) {
      done.push({
        check: 'a',
        what: `a vote for ${vote.artist_id} deleted from catalog_artist_votes`,
        expect: /^vote: the read model says false/,
      });
    }
    const tampered = await one(
      "update catalog_artists set bio = 'tampered by the self-check' where id = (select id from catalog_artists order by position desc limit 1) returning id",
    );
    if (tampered)
      done.push({ check: 'b', what: `catalog_artists.bio of ${tampered.id} changed`, expect: /ops verify exited 1/ });
    const award = await one(
      "select stream_id, data from events where type = 'PayolaAwarded' order by global_position limit 1",
    );
    if (award) {
      await append(client, award.stream_id, 'PayolaAwarded', award.data);
      done.push({
        check: 'c',
        what: `a second PayolaAwarded for ${award.data.userId} / ${award.data.source}`,
        expect: /2 ledger entries for one cause/,
      });
    }
    const balance = await one(
      'update payola_balances set balance = balance + 5 where user_id = (select max(user_id) from payola_balances) returning user_id',
    );
    if (balance)
      done.push({
        check: 'c',
        what: `payola_balances of ${balance.user_id} raised by 5`,
        expect: /^payola_balances says/,
      });
    if (first && second && first.data.links.length) {
      await append(client, `artist-${second.data.artistId}`, 'ArtistLinksAdded', {
        artistId: second.data.artistId,
        userId: second.data.addedBy,
        links: [first.data.links[0]],
      });
      done.push({
        check: 'd',
        what: `artist ${second.data.artistId} given a link of ${first.data.artistId}`,
        expect: /^artist link .* held by 2 artists/,
      });
    }
    const payment = await one(
      "select data from events where type = 'PaymentCompleted' order by global_position limit 1",
    );
    if (payment) {
      await append(client, 'payment-chaos-self-check', 'PaymentCompleted', {
        ...payment.data,
        userId: 'chaos-self-check',
      });
      done.push({
        check: 'd',
        what: `founding fan number ${payment.data.foundingFanNumber} given again`,
        expect: /^founding fan number \d+ given 2 times/,
      });
    }
    const numbers = await one(
      "select max((data->>'foundingFanNumber')::int) as top from events where type = 'PaymentCompleted'",
    );
    if (payment && numbers?.top) {
      await append(client, 'payment-chaos-self-check-gap', 'PaymentCompleted', {
        ...payment.data,
        userId: 'chaos-self-check-gap',
        foundingFanNumber: numbers.top + 5,
      });
      done.push({
        check: 'd',
        what: `founding fan number ${numbers.top + 5} after ${numbers.top}`,
        expect: /^founding fan numbers are not 1\.\.N/,
      });
    }
    if (first) {
      // A verification nobody was paid for.
      await append(client, `artist-${first.data.artistId}`, 'ArtistVerified', {
        artistId: first.data.artistId,
        userId: 'chaos-self-check',
        fanNumber: 99,
      });
      done.push({
        check: 'c',
        what: `an unpaid verification of ${first.data.artistId}`,
        expect: /^a cause without its award/,
      });
    }
    const venueAdded = await one(
      "select data from events where type = 'VenueAdded' and data->>'venueId' = any($1::text[]) limit 1",
      [ackedIds('add-venue')],
    );
    if (venueAdded) {
      // Venues nobody asked for, credited to a fan whose adds the journal knows: one more than the fan's
      // adds that went unanswered (and so may be in the log) can account for.
      const adder = venueAdded.data.addedBy;
      const extra = 1 + journal.filter((e) => e.action === 'add-venue' && e.userId === adder && unknown(e)).length;
      for (let i = 0; i < extra; i++) {
        const venueId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        await append(client, `venue-${venueId}`, 'VenueAdded', {
          ...venueAdded.data,
          venueId,
          name: `Self Check Hall ${i}`,
          links: [],
        });
      }
      done.push({
        check: 'a',
        what: `${extra} venue(s) added by ${adder} that no request asked for`,
        expect: /^VenueAdded: \d+ in the log for a user with/,
      });
    }
    const named = await one(
      "select data from events where type = 'UsernameChanged' order by global_position desc limit 1",
    );
    // The username is personal data, sealed in the log: the copy names it in the clear.
    if (named) await openRows(client, [named]);
    if (named) {
      await append(client, 'user-chaos-self-check', 'UsernameChanged', {
        userId: 'chaos-self-check',
        username: named.data.username,
        previousUsername: null,
      });
      done.push({
        check: 'd',
        what: `username ${named.data.username} claimed again`,
        expect: /^username .* held by 2 users/,
      });
    }
  } finally {
    await client.end();
  }
  const paid = journal.find((e) => e.action === 'pay' && ok(e) && e.userId);
  const end = Math.max(...journal.map((e) => e.t1)) + 1;
  if (paid) {
    const forged = { ...paid, body: null, outcome: 'answered', t0: end, t1: end + 1 };
    journal.push({
      ...forged,
      seq: journal.length,
      action: 'vote',
      target: 'forged',
      status: 403,
      message: 'forged denial',
    });
    journal.push({
      ...forged,
      seq: journal.length + 1,
      action: 'auth-check',
      path: '/api/auth/check',
      status: 200,
      body: { authenticated: true, user: { id: paid.userId, paymentCompleted: false, verified: true } },
    });
    done.push({
      check: 'e',
      what: `a forged 403 on a vote by paid user ${paid.userId}`,
      expect: /^vote 403 after the payment was acknowledged/,
    });
    done.push({ check: 'e', what: 'a forged auth check saying unpaid', expect: /^auth check says unpaid/ });
  }
  journal.push({
    user: -1,
    userId: null,
    action: 'read',
    method: 'GET',
    path: '/api/venues',
    status: 0,
    outcome: 'timeout',
    message: 'forged hang',
    seq: journal.length,
    t0: end,
    t1: end + 20_000,
  });
  done.push({ check: 'f', what: 'a forged request that never answered', expect: /^no answer within/ });
  return done;
}

/** Which corruptions were caught: each must have caused an anomaly of its check with its title. */
export function judge(corruptions, before, after) {
  const fresh = after.filter(
    (a) => !before.some((b) => b.check === a.check && b.title === a.title && b.detail === a.detail),
  );
  const results = corruptions.map((c) => ({
    ...c,
    expect: String(c.expect),
    caught: fresh.some((a) => a.check === c.check && c.expect.test(a.title)),
  }));
  const checks = [...new Set(['a', 'b', 'c', 'd', 'e', 'f'])].map((check) => ({
    check,
    corruptions: results.filter((r) => r.check === check).length,
    anomalies: fresh.filter((a) => a.check === check).length,
  }));
  return {
    results,
    checks,
    passed: results.length > 0 && results.every((r) => r.caught) && checks.every((c) => c.corruptions > 0),
  };
}
