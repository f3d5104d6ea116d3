import type { EventOfType } from '@app/contracts';
import { membershipMonth } from '@app/domain';

/** The payment's events that start and end a fan's monthly membership (a renewal after a lapse starts it again). */
export const MEMBERSHIP_EVENT_TYPES = ['MembershipStarted', 'MembershipEnded'] as const;
export type MembershipEvent = EventOfType<(typeof MEMBERSHIP_EVENT_TYPES)[number]>;

/**
 * The UTC calendar months in which each fan's membership was active at some moment, up to and
 * including the month of `now`: what the monthly grant owes, before subtracting what it paid.
 * `events` are the membership events in log order. A membership runs from its `startedAt` up to,
 * not including, its `endedAt`: one that ended at 00:00 UTC on 1 April was not active in April, one
 * that ended at noon on 1 April was. A start while already active (not decided today) keeps the
 * first start; an end without a start is ignored.
 */
export function membershipMonthsByUser(events: readonly MembershipEvent[], now: Date): Map<string, string[]> {
  const months = new Map<string, Set<string>>();
  const activeSince = new Map<string, Date>();
  const owe = (userId: string, from: Date, until: Date) => {
    const to = new Date(Math.min(until.getTime(), now.getTime()));
    if (to < from) return;
    const owed = months.get(userId) ?? new Set<string>();
    for (const month of monthsFromTo(from, to)) owed.add(month);
    months.set(userId, owed);
  };
  for (const event of events) {
    const { userId } = event.data;
    if (event.type === 'MembershipStarted') {
      if (!activeSince.has(userId)) activeSince.set(userId, new Date(event.data.startedAt));
      continue;
    }
    const since = activeSince.get(userId);
    if (!since) continue;
    activeSince.delete(userId);
    // The last moment it was active: the end itself no longer counts.
    owe(userId, since, new Date(new Date(event.data.endedAt).getTime() - 1));
  }
  for (const [userId, since] of activeSince) owe(userId, since, now);
  return new Map([...months].map(([userId, owed]) => [userId, [...owed].sort()]));
}

/** Every UTC calendar month from the one of `from` to the one of `to`, both included ("2026-03", ...). */
function monthsFromTo(from: Date, to: Date): string[] {
  const months: string[] = [];
  const last = membershipMonth(to);
  for (let cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); ;) {
    const month = membershipMonth(cursor);
    months.push(month);
    if (month >= last) return months;
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
  }
}
