import { membershipMonthsByUser, type MembershipEvent } from './membership-months.js';

const started = (userId: string, startedAt: string): MembershipEvent => ({
  type: 'MembershipStarted',
  data: { userId, subscriptionId: 'sub_1', startedAt },
});
const ended = (userId: string, endedAt: string): MembershipEvent => ({
  type: 'MembershipEnded',
  data: { userId, endedAt },
});

describe('the months a membership was active in (what the monthly grant owes)', () => {
  const may20 = new Date('2026-05-20T12:00:00Z');

  it('counts March and May for a membership that ended as April began and started again in May', () => {
    const owed = membershipMonthsByUser(
      [
        started('fan', '2026-03-10T09:00:00Z'),
        ended('fan', '2026-04-01T00:00:00Z'),
        started('fan', '2026-05-03T09:00:00Z'),
      ],
      may20,
    );
    expect(owed).toEqual(new Map([['fan', ['2026-03', '2026-05']]]));
  });

  it('counts a month the membership was active in for any part of it, and no month before the start', () => {
    const owed = membershipMonthsByUser(
      [
        started('late', '2026-03-31T23:59:00Z'),
        ended('late', '2026-04-01T00:00:01Z'),
        started('long', '2025-12-15T00:00:00Z'),
      ],
      may20,
    );
    expect(owed.get('late')).toEqual(['2026-03', '2026-04']);
    expect(owed.get('long')).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
  });

  it('owes nothing after now, and nothing for an end without a start', () => {
    const owed = membershipMonthsByUser(
      [
        started('future', '2026-06-01T00:00:00Z'),
        ended('never-started', '2026-04-01T00:00:00Z'),
        started('today', '2026-05-20T12:00:00Z'),
      ],
      may20,
    );
    expect(owed).toEqual(new Map([['today', ['2026-05']]]));
  });

  it('keeps the first start when a start repeats, and reads each fan apart', () => {
    const owed = membershipMonthsByUser(
      [
        started('a', '2026-02-10T00:00:00Z'),
        started('b', '2026-04-10T00:00:00Z'),
        started('a', '2026-04-10T00:00:00Z'),
        ended('a', '2026-04-11T00:00:00Z'),
      ],
      may20,
    );
    expect(owed).toEqual(
      new Map([
        ['a', ['2026-02', '2026-03', '2026-04']],
        ['b', ['2026-04', '2026-05']],
      ]),
    );
  });
});
