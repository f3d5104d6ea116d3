import { createHash } from 'node:crypto';
import { ARTIST_ATTESTATION, MILESTONES, type DomainEvent, type TEventMetadata } from '@app/contracts';
import {
  ARTIST_GENRES,
  ARTIST_TYPES,
  US_STATES,
  VENUE_AGE_RESTRICTIONS,
  VENUE_SOUND_SYSTEMS,
  VENUE_TYPES,
  type RewardRule,
} from '@app/domain';
import { milestoneStreamId, waitlistStreamId, type Milestone } from '@app/modules/outreach';
import { decideAward, payolaStreamId } from '@app/modules/payola';

/**
 * A realistic, deterministic stream of the product's commands as the log records them: what sign-ups,
 * payments, identity checks, catalogue work, votes, favourites, fan messages, uploads, the waitlist and the
 * scheduled jobs append, with the real event contracts, stream ids and the data the write side decides
 * (founding fan numbers in payment order, an artist's fan numbers, Payola amounts from the real reward
 * policy, each (user, source) paid once). A vote only names an entry added earlier, a withdrawal a vote
 * that is on, a verification a fan not yet on the artist, and so on, so every projection sees what
 * production writes. Write-side tables (reservations, dedupe rows) are not filled: no projection reads them.
 *
 * The proportions are the weights below (per command, with the pipeline of a sign-up: payment, identity
 * check); what a run really produced is counted per event type (`counts`).
 */

/** One event of a command, with the stream version the writer must give it. */
export interface MixEvent {
  streamId: string;
  /** The stream's version before this event (0: the stream starts here). */
  expectedVersion: number;
  event: DomainEvent;
  metadata: TEventMetadata;
  recordedAt: Date;
}

/** What one request (or one job step) appends in one transaction. */
export type MixCommand = MixEvent[];

/** The commands and how often each is picked (the sign-up pipeline keeps up with sign-ups). */
export const COMMAND_WEIGHTS = {
  signUp: 50,
  pay: 46,
  startIdentityCheck: 44,
  identityDecision: 44,
  editProfile: 20,
  addArtist: 40,
  verifyArtist: 45,
  addVenue: 20,
  updateVenue: 4,
  confirmVenue: 8,
  vote: 230,
  withdrawVote: 40,
  favorite: 110,
  unfavorite: 20,
  fanMessage: 22,
  profilePhoto: 12,
  failedUpload: 6,
  waitlist: 25,
  contact: 4,
  endMembership: 3,
  report: 4,
  dismissReports: 1,
  claimEntry: 2,
  // The Payola shop: a few offers, redemptions of them, codes used at the door, a rare withdrawal.
  createOffer: 3,
  redeem: 16,
  useCode: 6,
  withdrawOffer: 1,
} as const;

type CommandName = keyof typeof COMMAND_WEIGHTS;

/** mulberry32: a small seeded PRNG, so the same seed gives the same log. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface User {
  id: string;
  index: number;
  role: 'fan' | 'artist' | 'venue' | 'service-provider' | 'industry-pro';
  email: string;
  firstName: string;
  lastName: string;
  foundingFanNumber: number | null;
  memberSince: Date | null;
  kycSession: string | null;
  /** Payola sources already paid and awards per rule: the state decideAward reads. */
  sources: Set<string>;
  awardsByRule: Map<string, number>;
  /** Awards - spends + refunds, as the fold on `payola-<id>` has it (decideAward clamps a withdrawal at it). */
  balance: number;
}

interface Offer {
  id: string;
  title: string;
  price: number;
  stock: number;
  perFanLimit: number;
  withdrawn: boolean;
  /** Redeemed and not yet used nor refunded: what a withdrawal refunds, what the door may mark. */
  open: { redemptionId: string; codeId: string; user: User }[];
  redeemed: number;
  byUser: Map<string, number>;
}

interface Entry {
  id: string;
  name: string;
  /** Who is on the entry: the adder (#1) and each verifier or confirmer. */
  fans: Set<number>;
  addedBy: number;
  linkCount: number;
}

/** The operator the mix's console decisions name. */
const OPERATOR_ID = '00000000-0000-4000-8000-00000000c0de';

const SYLLABLES = ['ka', 'lo', 'mi', 're', 'su', 'ta', 'ven', 'dor', 'bel', 'ix', 'an', 'ro', 'sa', 'tri', 'mo', 'el'];
const FIRST_NAMES = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gia', 'Hal', 'Ivy', 'Jon', 'Kim', 'Leo', 'Mia'];
const CITIES = ['Austin', 'Nashville', 'Chicago', 'Seattle', 'Denver', 'Atlanta', 'Portland', 'Boston'];
const SONG_WORDS = ['Midnight', 'Echo', 'River', 'Neon', 'Velvet', 'Static', 'Golden', 'Wild', 'Paper', 'Stone'];

export class RealMix {
  private readonly random: () => number;
  private readonly versions = new Map<string, number>();
  private readonly users: User[] = [];
  private readonly awaitingPayment: number[] = [];
  private readonly awaitingCheck: number[] = [];
  private readonly awaitingDecision: number[] = [];
  private readonly verifiedFans: number[] = [];
  private readonly members = new Set<number>();
  private readonly artists: Entry[] = [];
  private readonly venues: Entry[] = [];
  private readonly userIds = new Map<string, number>();
  private readonly entryIds = new Map<string, Entry>();
  /** Mark streams that are on (vote or favourite), by stream id, with where they sit in `onMarks`. */
  private readonly marksOn = new Map<string, number>();
  private readonly onMarks: { vote: string[]; favorite: string[] } = { vote: [], favorite: [] };
  /** Uploads waiting for the cleanup job (never attached). */
  private readonly unattached: string[] = [];
  private readonly offers: Offer[] = [];
  private nextCodeId = 1;
  private readonly queued: MixCommand[] = [];
  private readonly milestonesLeft: Milestone[] = [...MILESTONES];
  private readonly countedArtists = new Set<string>();
  /** Entries with open reports (by kind and id), and the entries a member has claimed. */
  private readonly reported = new Map<string, { kind: 'artist' | 'venue'; entry: Entry }>();
  private readonly reportStreams = new Set<string>();
  private readonly claimed = new Set<string>();
  private approvedFans = 0;
  private nextFoundingFan = 1;
  private emitted = 0;
  private month: string | null = null;
  private readonly weights: [CommandName, number][] = Object.entries(COMMAND_WEIGHTS) as [CommandName, number][];
  private readonly totalWeight = Object.values(COMMAND_WEIGHTS).reduce((sum, w) => sum + w, 0);
  /** Whether the mix appends MilestoneReached (as the recorder reactor would) or leaves it to a running one. */
  recordMilestones = true;
  /** Events per type so far. */
  readonly counts = new Map<string, number>();

  /**
   * `clock(emitted)` is the time of the next command: the bulk log spreads `target` events over a span
   * (so the monthly jobs run at month ends); the paced lag phase passes the real time.
   */
  constructor(
    seed: number,
    public clock: (emitted: number) => Date,
  ) {
    this.random = seededRandom(seed);
  }

  get events(): number {
    return this.emitted;
  }

  /** The next command, in log order. */
  next(): MixCommand {
    const now = this.clock(this.emitted);
    const month = now.toISOString().slice(0, 7);
    if (this.month !== null && month !== this.month) this.monthEnd(now, month);
    this.month = month;
    const command = this.queued.shift() ?? this.pick(now);
    for (const event of command) {
      event.recordedAt = now;
      this.counts.set(event.event.type, (this.counts.get(event.event.type) ?? 0) + 1);
    }
    this.emitted += command.length;
    return command;
  }

  private pick(now: Date): MixCommand {
    for (let attempt = 0; attempt < 20; attempt++) {
      let roll = this.random() * this.totalWeight;
      let name: CommandName = 'signUp';
      for (const [candidate, weight] of this.weights) {
        roll -= weight;
        if (roll < 0) {
          name = candidate;
          break;
        }
      }
      const command = this.run(name, now);
      if (command) return command;
    }
    return this.signUp();
  }

  /** A command, or null when its precondition does not hold yet (nobody to verify, nothing voted). */
  private run(name: CommandName, now: Date): MixCommand | null {
    switch (name) {
      case 'signUp':
        return this.signUp();
      case 'pay':
        return this.pay(now);
      case 'startIdentityCheck':
        return this.startIdentityCheck();
      case 'identityDecision':
        return this.identityDecision(now);
      case 'editProfile':
        return this.editProfile(now);
      case 'addArtist':
        return this.addArtist();
      case 'verifyArtist':
        return this.verifyArtist();
      case 'addVenue':
        return this.addVenue();
      case 'updateVenue':
        return this.updateVenue();
      case 'confirmVenue':
        return this.confirmVenue();
      case 'vote':
        return this.setMark('vote', true);
      case 'withdrawVote':
        return this.setMark('vote', false);
      case 'favorite':
        return this.setMark('favorite', true);
      case 'unfavorite':
        return this.setMark('favorite', false);
      case 'fanMessage':
        return this.upload('fan-video');
      case 'profilePhoto':
        return this.upload('profile-photo');
      case 'failedUpload':
        return this.failedUpload();
      case 'waitlist':
        return this.waitlist();
      case 'contact':
        return this.contact();
      case 'endMembership':
        return this.endMembership(now);
      case 'report':
        return this.report();
      case 'dismissReports':
        return this.dismissReports();
      case 'claimEntry':
        return this.claimEntry(now);
      case 'createOffer':
        return this.createOffer(now);
      case 'redeem':
        return this.redeem();
      case 'useCode':
        return this.useCode(now);
      case 'withdrawOffer':
        return this.withdrawOffer();
    }
  }

  // --- the operators' console: reports and claims --------------------------------------------------

  /** A verified fan reports an artist or venue once (its own (entry, member) stream), as moderation does. */
  private report(): MixCommand | null {
    const user = this.verifiedFan();
    const artist = this.chance(0.7) || this.venues.length === 0;
    const entries = artist ? this.artists : this.venues;
    if (!user || entries.length === 0) return null;
    const entry = this.one(entries);
    const kind = artist ? 'artist' : 'venue';
    const stream = `${kind}-report-${entry.id}-${user.id}`;
    if (this.reportStreams.has(stream)) return null;
    this.reportStreams.add(stream);
    this.reported.set(`${kind}:${entry.id}`, { kind, entry });
    const reason = this.one(['wrong-info', 'duplicate', 'offensive', 'other'] as const);
    const text = reason === 'other' || this.chance(0.5) ? this.words(6) : null;
    const event: DomainEvent = artist
      ? { type: 'ArtistReported', data: { artistId: entry.id, userId: user.id, reason, text } }
      : { type: 'VenueReported', data: { venueId: entry.id, userId: user.id, reason, text } };
    return [this.event(stream, event, this.request(user))];
  }

  /** An operator dismisses an entry's open reports, on the entry's moderation stream. */
  private dismissReports(): MixCommand | null {
    const open = [...this.reported.keys()];
    if (open.length === 0) return null;
    const key = this.one(open);
    const { kind, entry } = this.reported.get(key)!;
    this.reported.delete(key);
    const decided = { operatorId: OPERATOR_ID, reason: 'Checked: the details are right' };
    const event: DomainEvent =
      kind === 'artist'
        ? { type: 'ArtistReportsDismissed', data: { artistId: entry.id, ...decided } }
        : { type: 'VenueReportsDismissed', data: { venueId: entry.id, ...decided } };
    return [this.event(`${kind}-moderation-${entry.id}`, event, { actingUserId: OPERATOR_ID, requestId: this.uuid() })];
  }

  /**
   * An artist- or venue-role member claims an unclaimed entry of their kind: the code, then (as the next
   * commands) the link it was put on and an operator's decision, mostly an approval; all on the entry's stream.
   */
  private claimEntry(now: Date): MixCommand | null {
    const claimants = this.users.filter((user) => user.role === 'artist' || user.role === 'venue');
    if (claimants.length === 0) return null;
    const user = this.one(claimants);
    const kind = user.role === 'artist' ? 'artist' : 'venue';
    const entries = kind === 'artist' ? this.artists : this.venues;
    if (entries.length === 0) return null;
    const entry = this.one(entries);
    if (this.claimed.has(entry.id)) return null;
    this.claimed.add(entry.id);
    const stream = `${kind}-${entry.id}`;
    const claim = { kind, entryId: entry.id, claimId: this.uuid(), userId: user.id } as const;
    const code =
      `PAYOLA-${this.uuid().slice(0, 4)}-${this.uuid().slice(0, 4)}-${this.uuid().slice(0, 4)}`.toUpperCase();
    const slug = entry.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const approved = this.chance(0.85);
    const decided = {
      ...claim,
      operatorId: OPERATOR_ID,
      reason: approved ? 'Code found on the link' : 'No code found',
    };
    const expiresAt = new Date(now.getTime() + 7 * 86_400_000).toISOString();
    // In stream order: the code now, the link and the decision as the next two commands.
    const issued = this.event(
      stream,
      { type: 'EntryClaimCodeIssued', data: { ...claim, code, expiresAt } },
      this.request(user),
    );
    const submitted = this.event(
      stream,
      {
        type: 'EntryClaimSubmitted',
        data: { ...claim, link: { platform: 'website', url: `https://${slug}.example/` } },
      },
      this.request(user),
    );
    const decision = this.event(
      stream,
      approved ? { type: 'EntryClaimApproved', data: decided } : { type: 'EntryClaimRefused', data: decided },
      { actingUserId: OPERATOR_ID, requestId: this.uuid() },
    );
    this.queued.push([submitted], [decision]);
    return [issued];
  }

  // --- the pieces every command uses -------------------------------------------------------------

  private uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.random() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(this.random() * 4)]!;
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  private int(below: number): number {
    return Math.floor(this.random() * below);
  }

  private chance(probability: number): boolean {
    return this.random() < probability;
  }

  private one<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  private words(count: number): string {
    return Array.from({ length: count }, () => {
      const word = Array.from({ length: 2 + this.int(2) }, () => this.one(SYLLABLES)).join('');
      return word[0]!.toUpperCase() + word.slice(1);
    }).join(' ');
  }

  /** An event on a stream at the stream's next version; recordedAt is set when the command is emitted. */
  private event(streamId: string, event: DomainEvent, metadata: TEventMetadata): MixEvent {
    const expectedVersion = this.versions.get(streamId) ?? 0;
    this.versions.set(streamId, expectedVersion + 1);
    return { streamId, expectedVersion, event, metadata, recordedAt: new Date(0) };
  }

  private request(user: User): TEventMetadata {
    return { actingUserId: user.id, requestId: this.uuid() };
  }

  /** What awardPayola appends (or nothing when the source already paid or the rule pays 0 here). */
  private award(
    user: User,
    rule: RewardRule,
    description: string,
    source: string,
    context?: { newLinks: number },
  ): MixEvent[] {
    const events = decideAward(
      {
        awardedSources: user.sources,
        awardsByRule: user.awardsByRule,
        balance: user.balance,
        redemptionsByOffer: new Map(),
        refundable: new Map(),
      },
      { userId: user.id, rule, description, source, context },
    );
    const award = events[0];
    if (!award) return [];
    user.sources.add(source);
    user.awardsByRule.set(rule, (user.awardsByRule.get(rule) ?? 0) + 1);
    user.balance += award.data.amount;
    return [this.event(payolaStreamId(user.id), award, { actingUserId: user.id, causationId: source })];
  }

  private addEntry(entries: Entry[], entry: Entry): void {
    entries.push(entry);
    this.entryIds.set(entry.id, entry);
  }

  private verifiedFan(): User | null {
    return this.verifiedFans.length > 0 ? this.users[this.one(this.verifiedFans)]! : null;
  }

  private takeRandom(queue: number[]): number | null {
    if (queue.length === 0) return null;
    const at = this.int(queue.length);
    const taken = queue[at]!;
    queue[at] = queue[queue.length - 1]!;
    queue.pop();
    return taken;
  }

  // --- identity and membership -------------------------------------------------------------------

  private signUp(): MixCommand {
    const index = this.users.length;
    const roll = this.random();
    const role =
      roll < 0.86
        ? 'fan'
        : roll < 0.91
          ? 'artist'
          : roll < 0.95
            ? 'venue'
            : roll < 0.98
              ? 'industry-pro'
              : 'service-provider';
    const firstName = this.one(FIRST_NAMES);
    const lastName = this.words(1);
    const user: User = {
      id: this.uuid(),
      index,
      role,
      email: `user${index}@bench.example`,
      firstName,
      lastName,
      foundingFanNumber: null,
      memberSince: null,
      kycSession: null,
      sources: new Set(),
      awardsByRule: new Map(),
      balance: 0,
    };
    this.users.push(user);
    this.userIds.set(user.id, index);
    // Most who sign up go on to pay; the rest stop at the payment page.
    if (this.chance(0.92)) this.awaitingPayment.push(index);
    const created = this.event(
      `user-${user.id}`,
      {
        type: 'AccountCreated',
        data: {
          userId: user.id,
          email: user.email,
          firstName,
          lastName,
          role,
          zipCode: String(10000 + this.int(89999)),
          passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${createHash('sha256').update(user.id).digest('base64')}`,
        },
      },
      this.request(user),
    );
    return [created];
  }

  private pay(now: Date): MixCommand | null {
    const index = this.takeRandom(this.awaitingPayment);
    if (index === null) return null;
    const user = this.users[index]!;
    const stream = `payment-${user.id}`;
    const metadata = { causationId: `stripe:evt_${this.uuid().slice(0, 18)}` };
    const fan = user.role === 'fan';
    if (this.chance(0.005)) {
      // A checkout reported paid with the wrong amount: no payment, the user may try again.
      this.awaitingPayment.push(index);
      return [
        this.event(
          stream,
          {
            type: 'PaymentAmountMismatched',
            data: {
              userId: user.id,
              provider: 'stripe',
              providerPaymentId: `pi_${this.uuid().slice(0, 24)}`,
              paidAmountCents: 100,
              paidCurrency: 'usd',
              dueAmountCents: fan ? 1500 : 1000,
              dueCurrency: 'usd',
              reportedAt: now.toISOString(),
            },
          },
          metadata,
        ),
      ];
    }
    if (fan) user.foundingFanNumber = this.nextFoundingFan++;
    const subscriptionId = fan ? `sub_${this.uuid().slice(0, 24)}` : null;
    const command = [
      this.event(
        stream,
        {
          type: 'PaymentCompleted',
          data: {
            userId: user.id,
            amountCents: fan ? 1500 : 1000,
            currency: 'usd',
            provider: 'stripe',
            providerPaymentId: `pi_${this.uuid().slice(0, 24)}`,
            customerId: `cus_${this.uuid().slice(0, 14)}`,
            subscriptionId,
            cardLast4: String(1000 + this.int(9000)),
            cardBrand: this.one(['visa', 'mastercard', 'amex']),
            paidAt: now.toISOString(),
            foundingFanNumber: user.foundingFanNumber,
          },
        },
        metadata,
      ),
    ];
    if (fan) {
      command.push(
        this.event(
          stream,
          { type: 'MembershipStarted', data: { userId: user.id, subscriptionId, startedAt: now.toISOString() } },
          metadata,
        ),
      );
      user.memberSince = now;
      this.members.add(index);
      // The daily job grants the month the membership started in, soon after.
      this.queued.push(this.monthlyGrant(user, now.toISOString().slice(0, 7)));
    }
    if (this.chance(0.97)) this.awaitingCheck.push(index);
    return command;
  }

  private monthlyGrant(user: User, month: string): MixCommand {
    return this.award(user, 'monthly-membership', `Monthly membership, ${month}`, `monthly-membership:${month}`);
  }

  /** At a month's end: each active fan's subscription renews, and the job grants the new month. */
  private monthEnd(now: Date, month: string): void {
    const paidUntil = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate())).toISOString();
    for (const index of this.members) {
      const user = this.users[index]!;
      this.queued.push([
        this.event(
          `payment-${user.id}`,
          { type: 'MembershipRenewed', data: { userId: user.id, paidUntil } },
          { causationId: `stripe:evt_${this.uuid().slice(0, 18)}` },
        ),
      ]);
      this.queued.push(this.monthlyGrant(user, month));
    }
  }

  private endMembership(now: Date): MixCommand | null {
    if (this.members.size === 0) return null;
    const index = [...this.members][this.int(Math.min(this.members.size, 64))]!;
    this.members.delete(index);
    const user = this.users[index]!;
    return [
      this.event(
        `payment-${user.id}`,
        { type: 'MembershipEnded', data: { userId: user.id, endedAt: now.toISOString() } },
        { causationId: `stripe:evt_${this.uuid().slice(0, 18)}` },
      ),
    ];
  }

  private startIdentityCheck(): MixCommand | null {
    const index = this.takeRandom(this.awaitingCheck);
    if (index === null) return null;
    const user = this.users[index]!;
    user.kycSession = this.uuid();
    this.awaitingDecision.push(index);
    return [
      this.event(
        `identity-check-${user.id}`,
        { type: 'KycSessionStarted', data: { userId: user.id, sessionId: user.kycSession, provider: 'veriff' } },
        this.request(user),
      ),
    ];
  }

  private identityDecision(now: Date): MixCommand | null {
    const index = this.takeRandom(this.awaitingDecision);
    if (index === null) return null;
    const user = this.users[index]!;
    const stream = `identity-check-${user.id}`;
    const sessionId = user.kycSession!;
    const metadata = { causationId: `veriff:${sessionId}` };
    const decisionTime = now.toISOString();
    const roll = this.random();
    if (roll < 0.06) {
      this.awaitingCheck.push(index); // they start a new check later
      const status = this.chance(0.5) ? 'declined' : 'resubmission_requested';
      return [
        this.event(
          stream,
          { type: 'KycDeclined', data: { userId: user.id, sessionId, decisionTime, status } },
          metadata,
        ),
      ];
    }
    if (roll < 0.09) {
      this.awaitingCheck.push(index);
      return [
        this.event(
          stream,
          { type: 'KycExpired', data: { userId: user.id, sessionId, decisionTime, status: 'expired' } },
          metadata,
        ),
      ];
    }
    const approved = this.event(
      stream,
      {
        type: 'KycApproved',
        data: { userId: user.id, sessionId, decisionTime, firstName: user.firstName, lastName: user.lastName },
      },
      metadata,
    );
    if (user.role !== 'fan') return [approved];
    // The reward commits with the approval (handle-veriff-decision), before it in the transaction.
    const reward = this.award(
      user,
      'identity-verified',
      'Welcome bonus for verifying your identity',
      'identity-verified',
    );
    this.verifiedFans.push(index);
    this.approvedFans++;
    const command = [...reward, approved];
    this.milestones();
    return command;
  }

  private editProfile(now: Date): MixCommand | null {
    if (this.users.length === 0) return null;
    const user = this.one(this.users);
    const stream = `user-${user.id}`;
    const metadata = this.request(user);
    const roll = this.random();
    let event: DomainEvent;
    if (roll < 0.4) {
      event = {
        type: 'ProfileUpdated',
        data: {
          userId: user.id,
          phone: `+1555${String(this.int(1e7)).padStart(7, '0')}`,
          genres: [this.one(ARTIST_GENRES)],
        },
      };
    } else if (roll < 0.65) {
      event = {
        type: 'UsernameChanged',
        data: { userId: user.id, username: `fan_${user.index}_${this.int(1000)}`, previousUsername: null },
      };
    } else if (roll < 0.85) {
      event = {
        type: 'SettingsChanged',
        data: {
          userId: user.id,
          privacySettings: { showVotes: this.chance(0.5) },
          notificationSettings: { weekly: this.chance(0.5) },
        },
      };
    } else if (roll < 0.95) {
      event = {
        type: 'PasswordResetRequested',
        data: {
          tokenHash: createHash('sha256').update(this.uuid()).digest('hex'),
          expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
        },
      };
    } else {
      const previousEmail = user.email;
      user.email = `user${user.index}.${this.int(1000)}@bench.example`;
      event = { type: 'EmailChanged', data: { userId: user.id, email: user.email, previousEmail } };
    }
    return [this.event(stream, event, metadata)];
  }

  // --- the catalogue -----------------------------------------------------------------------------

  private links(
    count: number,
    name: string,
  ): { platform: 'spotify' | 'instagram' | 'website' | 'bandcamp'; key: string; url: string }[] {
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}${this.int(1e6)}`;
    const all = [
      {
        platform: 'spotify' as const,
        key: slug.padEnd(22, 'x').slice(0, 22),
        url: `https://open.spotify.com/artist/${slug.padEnd(22, 'x').slice(0, 22)}`,
      },
      { platform: 'instagram' as const, key: slug, url: `https://www.instagram.com/${slug}/` },
      { platform: 'website' as const, key: `${slug}.example`, url: `https://${slug}.example/` },
      { platform: 'bandcamp' as const, key: slug, url: `https://${slug}.bandcamp.com/` },
    ];
    return all.slice(0, count);
  }

  private addArtist(): MixCommand | null {
    const user = this.verifiedFan();
    if (!user) return null;
    const artistId = this.uuid();
    const name = this.words(1 + this.int(3));
    const links = this.links(2 + this.int(3), name);
    this.addEntry(this.artists, {
      id: artistId,
      name,
      fans: new Set([user.index]),
      addedBy: user.index,
      linkCount: links.length,
    });
    const added = this.event(
      `artist-${artistId}`,
      {
        type: 'ArtistAdded',
        data: {
          artistId,
          name,
          artistType: this.one(ARTIST_TYPES),
          genre: this.one(ARTIST_GENRES),
          secondaryGenre: this.chance(0.4) ? this.one(ARTIST_GENRES) : null,
          recordLabel: this.chance(0.3) ? `${this.words(1)} Records` : null,
          bio: this.chance(0.6)
            ? `${name} play ${this.one(SONG_WORDS).toLowerCase()} music from ${this.one(CITIES)}.`
            : null,
          links,
          addedBy: user.id,
          addedByFoundingFanNumber: user.foundingFanNumber,
          attestation: ARTIST_ATTESTATION,
        },
      },
      this.request(user),
    );
    const rewards = [
      ...this.award(user, 'artist-added', `Added ${name}`, `artist-added:${artistId}`),
      ...this.award(user, 'artist-link', `${links.length} links for ${name}`, `artist-links:${artistId}@1`, {
        newLinks: links.length,
      }),
    ];
    this.countArtist(artistId);
    return [...rewards, added];
  }

  /** A verified fan not yet on the artist confirms it ("Is this them?"), sometimes with a new link. */
  private verifyArtist(): MixCommand | null {
    const user = this.verifiedFan();
    if (!user || this.artists.length === 0) return null;
    const artist = this.one(this.artists);
    if (artist.fans.has(user.index)) return null;
    artist.fans.add(user.index);
    const stream = `artist-${artist.id}`;
    const metadata = this.request(user);
    const verified = this.event(
      stream,
      { type: 'ArtistVerified', data: { artistId: artist.id, userId: user.id, fanNumber: artist.fans.size } },
      metadata,
    );
    const command = [...this.award(user, 'artist-verified', `Verified ${artist.name}`, `artist-verified:${artist.id}`)];
    command.push(verified);
    if (this.chance(0.15) && artist.linkCount < 8) {
      const link = { platform: 'youtube' as const, key: `UC${this.uuid().replace(/-/g, '').slice(0, 22)}`, url: '' };
      link.url = `https://www.youtube.com/channel/${link.key}`;
      artist.linkCount++;
      const linksAdded = this.event(
        stream,
        { type: 'ArtistLinksAdded', data: { artistId: artist.id, userId: user.id, links: [link] } },
        metadata,
      );
      // After the verification's award: the user's Payola stream takes them in this order.
      command.splice(
        command.length - 1,
        0,
        ...this.award(
          user,
          'artist-link',
          `1 new links for ${artist.name}`,
          `artist-links:${artist.id}@${linksAdded.expectedVersion + 1}`,
          {
            newLinks: 1,
          },
        ),
      );
      command.push(linksAdded);
    }
    this.countArtist(artist.id);
    return command;
  }

  private venueDetails(name: string) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    return {
      name,
      venueType: this.one(VENUE_TYPES),
      streetAddress: this.chance(0.8) ? `${1 + this.int(9999)} ${this.words(1)} St` : null,
      city: this.one(CITIES),
      state: this.one(US_STATES),
      country: 'US',
      capacity: this.chance(0.7) ? 50 + this.int(5000) : null,
      ageRestriction: this.chance(0.8) ? this.one(VENUE_AGE_RESTRICTIONS) : null,
      soundSystem: this.chance(0.6) ? this.one(VENUE_SOUND_SYSTEMS) : null,
      bio: this.chance(0.5) ? `${name}, a room for live music.` : null,
      phoneNumber: null,
      email: this.chance(0.3) ? `booking@${slug}.example` : null,
      bookingContact: null,
      accessibility: null,
      parking: null,
      links: [
        { platform: 'website' as const, key: `${slug}${this.int(1e6)}.example`, url: `https://${slug}.example/` },
      ],
    };
  }

  private addVenue(): MixCommand | null {
    const user = this.verifiedFan();
    if (!user) return null;
    const venueId = this.uuid();
    const name = `The ${this.words(1 + this.int(2))}`;
    this.addEntry(this.venues, { id: venueId, name, fans: new Set([user.index]), addedBy: user.index, linkCount: 1 });
    const added = this.event(
      `venue-${venueId}`,
      {
        type: 'VenueAdded',
        data: {
          ...this.venueDetails(name),
          venueId,
          addedBy: user.id,
          addedByFoundingFanNumber: user.foundingFanNumber,
        },
      },
      this.request(user),
    );
    return [...this.award(user, 'venue-added', `Added ${name}`, `venue-added:${venueId}`), added];
  }

  private updateVenue(): MixCommand | null {
    if (this.venues.length === 0) return null;
    const venue = this.one(this.venues);
    const user = this.users[venue.addedBy]!;
    return [
      this.event(
        `venue-${venue.id}`,
        { type: 'VenueUpdated', data: { ...this.venueDetails(venue.name), venueId: venue.id, userId: user.id } },
        this.request(user),
      ),
    ];
  }

  private confirmVenue(): MixCommand | null {
    const user = this.verifiedFan();
    if (!user || this.venues.length === 0) return null;
    const venue = this.one(this.venues);
    if (venue.fans.has(user.index)) return null;
    venue.fans.add(user.index);
    const confirmed = this.event(
      `venue-${venue.id}`,
      { type: 'VenueDuplicateConfirmed', data: { venueId: venue.id, userId: user.id } },
      this.request(user),
    );
    return [
      ...this.award(
        user,
        'venue-duplicate-confirmed',
        `Confirmed ${venue.name}`,
        `venue-duplicate-confirmed:${venue.id}`,
      ),
      confirmed,
    ];
  }

  /**
   * A vote or favourite set (on an entry added earlier, by a fan who has not set it) or taken back (one
   * that is on). Votes pay +1 the first time and -1 for the first withdrawal (set-vote.handler.ts).
   */
  private setMark(mark: 'vote' | 'favorite', on: boolean): MixCommand | null {
    let kind: 'artist' | 'venue';
    let entry: Entry;
    let user: User;
    let stream: string;
    if (on) {
      const fan = this.verifiedFan();
      const artist = this.chance(0.75) || this.venues.length === 0;
      const entries = artist ? this.artists : this.venues;
      if (!fan || entries.length === 0) return null;
      user = fan;
      kind = artist ? 'artist' : 'venue';
      // Popular entries get more: a skew toward the newest tenth.
      entry = this.chance(0.5)
        ? entries[entries.length - 1 - this.int(Math.ceil(entries.length / 10))]!
        : this.one(entries);
      stream = `${kind}-${mark}-${entry.id}-${user.id}`;
      if (this.marksOn.has(stream)) return null;
      this.marksOn.set(stream, this.onMarks[mark].push(stream) - 1);
    } else {
      const list = this.onMarks[mark];
      if (list.length === 0) return null;
      const at = this.int(list.length);
      stream = list[at]!;
      const last = list.pop()!;
      if (at < list.length) {
        list[at] = last;
        this.marksOn.set(last, at);
      }
      this.marksOn.delete(stream);
      kind = stream.startsWith('artist-') ? 'artist' : 'venue';
      const rest = stream.slice(`${kind}-${mark}-`.length);
      const entryId = rest.slice(0, 36);
      const userId = rest.slice(37);
      entry = this.entryIds.get(entryId)!;
      user = this.users[this.userIds.get(userId)!]!;
    }
    const idField = kind === 'artist' ? { artistId: entry.id } : { venueId: entry.id };
    const type = MARK_TYPES[kind][mark][on ? 1 : 0];
    const marked = this.event(
      stream,
      { type, data: { ...idField, userId: user.id } } as DomainEvent,
      this.request(user),
    );
    if (mark === 'favorite') return [marked];
    const source = `${kind}-vote`;
    const rewards = on
      ? this.award(user, 'upvote', `Upvoted ${entry.name}`, `${source}:${entry.id}`)
      : this.award(user, 'upvote-withdrawn', `Withdrew your vote for ${entry.name}`, `${source}-withdrawn:${entry.id}`);
    return [marked, ...rewards];
  }

  // --- media -------------------------------------------------------------------------------------

  /** An upload (started, then checked), then what it is for: three requests, queued in order. */
  private upload(kind: 'fan-video' | 'profile-photo'): MixCommand | null {
    const user = this.verifiedFan();
    if (!user || (kind === 'fan-video' && this.artists.length === 0)) return null;
    const mediaId = this.uuid();
    const stream = `media-${mediaId}`;
    const video = kind === 'fan-video';
    const contentType = video ? 'video/mp4' : 'image/jpeg';
    const size = video ? 2_000_000 + this.int(6_000_000) : 100_000 + this.int(900_000);
    const started = this.event(
      stream,
      {
        type: 'MediaUploadStarted',
        data: {
          mediaId,
          userId: user.id,
          kind,
          uploadKey: `uploads/${user.id}/${mediaId}`,
          filename: video ? 'message.mp4' : 'me.jpg',
          declaredType: contentType,
          declaredSize: size,
        },
      },
      this.request(user),
    );
    const key = `media/${kind}/${mediaId}.${video ? 'mp4' : 'jpg'}`;
    this.queued.push([
      this.event(
        stream,
        {
          type: 'MediaUploadVerified',
          data: { mediaId, key, contentType, size, posterKey: video ? `media/${kind}/${mediaId}.poster.jpg` : null },
        },
        this.request(user),
      ),
    ]);
    if (video) {
      const artist = this.one(this.artists);
      const rewards = this.award(user, 'fan-message', `Fan message for ${artist.name}`, `fan-message:${artist.id}`);
      const posted = this.event(
        stream,
        {
          type: 'FanMessagePosted',
          data: {
            fanMessageId: this.uuid(),
            mediaId,
            artistId: artist.id,
            userId: user.id,
            message: `Loved the ${this.one(SONG_WORDS).toLowerCase()} show!`,
            isPublic: this.chance(0.8),
            payolaEarned: rewards.length > 0 ? 25 : 0,
          },
        },
        this.request(user),
      );
      this.queued.push([...rewards, posted]);
    } else {
      this.queued.push([
        this.event(stream, { type: 'ProfileImageSet', data: { mediaId, userId: user.id } }, this.request(user)),
      ]);
    }
    return [started];
  }

  /** An upload refused when checked, or one never attached that the cleanup job expires later. */
  private failedUpload(): MixCommand | null {
    if (this.unattached.length > 0 && this.chance(0.5)) {
      const mediaId = this.unattached.pop()!;
      return [
        this.event(`media-${mediaId}`, { type: 'MediaExpired', data: { mediaId } }, { causationId: 'media-cleanup' }),
      ];
    }
    const user = this.verifiedFan();
    if (!user) return null;
    const mediaId = this.uuid();
    const stream = `media-${mediaId}`;
    const started = this.event(
      stream,
      {
        type: 'MediaUploadStarted',
        data: {
          mediaId,
          userId: user.id,
          kind: 'profile-photo',
          uploadKey: `uploads/${user.id}/${mediaId}`,
          filename: 'photo.png',
          declaredType: 'image/png',
          declaredSize: 500_000,
        },
      },
      this.request(user),
    );
    if (this.chance(0.5)) {
      this.queued.push([
        this.event(
          stream,
          { type: 'MediaUploadRejected', data: { mediaId, reason: 'not an image' } },
          this.request(user),
        ),
      ]);
    } else {
      this.unattached.push(mediaId);
    }
    return [started];
  }

  // --- outreach ----------------------------------------------------------------------------------

  // --- the Payola shop ----------------------------------------------------------------------------

  /** An offer of an artist on file (its claimant's) or of the platform, with generated codes. */
  private createOffer(now: Date): MixCommand | null {
    const creator = this.verifiedFan();
    if (!creator) return null;
    const artist = this.artists.length > 0 && this.chance(0.8) ? this.one(this.artists) : null;
    const offer: Offer = {
      id: this.uuid(),
      title: `${this.one(SONG_WORDS)} ${artist ? 'tour shirt' : 'profile badge'} ${this.int(100)}% off`,
      price: this.one([50, 100, 250, 500]),
      stock: 20 + this.int(200),
      perFanLimit: 1 + this.int(3),
      withdrawn: false,
      open: [],
      redeemed: 0,
      byUser: new Map(),
    };
    this.offers.push(offer);
    return [
      this.event(
        `offer-${offer.id}`,
        {
          type: 'OfferCreated',
          data: {
            offerId: offer.id,
            owner: artist ? { kind: 'artist', entryId: artist.id } : { kind: 'platform' },
            createdBy: creator.id,
            kind: artist ? 'merch-discount' : 'in-app-reward',
            title: offer.title,
            description: 'From the realistic mix.',
            howToUse: 'Show this code at the merch stand.',
            price: offer.price,
            stock: offer.stock,
            perFanLimit: offer.perFanLimit,
            validFrom: now.toISOString(),
            validTo: new Date(now.getTime() + 90 * 86_400_000).toISOString(),
            codeSource: 'generated',
          },
        },
        this.request(creator),
      ),
    ];
  }

  /** A fan spends on an offer with stock left, within its limit and their balance: PayolaSpent and OfferRedeemed. */
  private redeem(): MixCommand | null {
    const offer = this.offers.length > 0 ? this.one(this.offers) : null;
    const user = this.verifiedFan();
    if (!offer || !user || offer.withdrawn || offer.redeemed >= offer.stock) return null;
    if (user.balance < offer.price || (offer.byUser.get(user.id) ?? 0) >= offer.perFanLimit) return null;
    const redemptionId = this.uuid();
    const codeId = String(this.nextCodeId++);
    const source = `redemption:${redemptionId}`;
    user.sources.add(source);
    user.balance -= offer.price;
    offer.redeemed++;
    offer.byUser.set(user.id, (offer.byUser.get(user.id) ?? 0) + 1);
    offer.open.push({ redemptionId, codeId, user });
    const metadata = this.request(user);
    return [
      this.event(
        payolaStreamId(user.id),
        {
          type: 'PayolaSpent',
          data: {
            userId: user.id,
            amount: offer.price,
            offerId: offer.id,
            redemptionId,
            action: 'Redeemed',
            category: 'shop',
            description: `Redeemed ${offer.title}`,
            source,
          },
        },
        metadata,
      ),
      this.event(
        `redemption-${redemptionId}`,
        {
          type: 'OfferRedeemed',
          data: { redemptionId, offerId: offer.id, userId: user.id, codeId, price: offer.price },
        },
        metadata,
      ),
    ];
  }

  /** The door marks a redeemed code used. */
  private useCode(now: Date): MixCommand | null {
    const offer = this.offers.find((candidate) => !candidate.withdrawn && candidate.open.length > 0);
    const code = offer?.open.shift();
    if (!offer || !code) return null;
    return [
      this.event(
        `redemption-${code.redemptionId}`,
        {
          type: 'OfferCodeUsed',
          data: {
            redemptionId: code.redemptionId,
            offerId: offer.id,
            codeId: code.codeId,
            markedBy: code.user.id,
            usedAt: now.toISOString(),
          },
        },
        this.request(code.user),
      ),
    ];
  }

  /** An offer withdrawn: each unused code's Payola back to its fan, once, then OfferWithdrawn. */
  private withdrawOffer(): MixCommand | null {
    const offer = this.offers.find((candidate) => !candidate.withdrawn && candidate.redeemed > 0);
    if (!offer) return null;
    offer.withdrawn = true;
    const refunds = offer.open.splice(0).map(({ redemptionId, user }) => {
      const source = `refund:${redemptionId}`;
      user.sources.add(source);
      user.balance += offer.price;
      return this.event(
        payolaStreamId(user.id),
        {
          type: 'PayolaRefunded',
          data: {
            userId: user.id,
            amount: offer.price,
            offerId: offer.id,
            redemptionId,
            action: 'Refunded',
            category: 'shop',
            description: `Refund: ${offer.title} (offer withdrawn)`,
            source,
          },
        },
        { requestId: this.uuid() },
      );
    });
    return [
      ...refunds,
      this.event(
        `offer-${offer.id}`,
        {
          type: 'OfferWithdrawn',
          data: {
            offerId: offer.id,
            withdrawnBy: 'operator',
            byOperator: true,
            reason: null,
            refunded: refunds.length,
          },
        },
        { requestId: this.uuid() },
      ),
    ];
  }

  private waitlist(): MixCommand {
    const n = this.int(1e9);
    const email = `listener${n}@bench.example`;
    const stream = waitlistStreamId(email);
    if (this.versions.has(stream)) return this.contact();
    return [
      this.event(
        stream,
        {
          type: 'WaitlistJoined',
          data: {
            entryId: this.uuid(),
            firstName: this.one(FIRST_NAMES),
            lastName: this.words(1),
            email,
            country: 'US',
            state: this.one(US_STATES),
            city: this.one(CITIES),
            musicGenres: [this.one(ARTIST_GENRES)],
            customGenres: [],
            preferredContactMethods: ['Email'],
            mobilePhone: null,
            whatsappNumber: null,
          },
        },
        { requestId: this.uuid() },
      ),
    ];
  }

  private contact(): MixCommand {
    const messageId = this.uuid();
    return [
      this.event(
        `contact-${messageId}`,
        {
          type: 'ContactMessageSent',
          data: {
            messageId,
            firstName: this.one(FIRST_NAMES),
            lastName: this.words(1),
            email: `contact${this.int(1e9)}@bench.example`,
            phone: null,
            role: 'fan',
            subject: 'A question',
            message: 'How do I add a venue that has two stages?',
          },
        },
        { requestId: this.uuid() },
      ),
    ];
  }

  /** Verified artists: added or verified (milestone-facts.ts counts distinct artist ids). */
  private countArtist(artistId: string): void {
    if (this.countedArtists.has(artistId)) return;
    this.countedArtists.add(artistId);
    this.milestones();
  }

  /** What the milestone recorder appends when both counts reach a threshold, right after. */
  private milestones(): void {
    if (!this.recordMilestones) return;
    const verifiedFans = this.approvedFans;
    const verifiedArtists = this.countedArtists.size;
    for (const milestone of [...this.milestonesLeft]) {
      if (verifiedFans < milestone.threshold || verifiedArtists < milestone.threshold) continue;
      this.milestonesLeft.splice(this.milestonesLeft.indexOf(milestone), 1);
      this.queued.push([
        this.event(
          milestoneStreamId(milestone.id),
          {
            type: 'MilestoneReached',
            data: { milestone: milestone.id, threshold: milestone.threshold, verifiedFans, verifiedArtists },
          },
          {},
        ),
      ]);
    }
  }
}

const MARK_TYPES = {
  artist: {
    vote: ['VoteWithdrawn', 'VoteCast'],
    favorite: ['ArtistUnfavorited', 'ArtistFavorited'],
  },
  venue: {
    vote: ['VenueVoteWithdrawn', 'VenueVoteCast'],
    favorite: ['VenueUnfavorited', 'VenueFavorited'],
  },
} as const;

/** The bulk log's clock: `target` events spread evenly over `days` ending now (rounded to the hour). */
export function spreadClock(target: number, days: number, end = new Date()): (emitted: number) => Date {
  const endMs = Math.floor(end.getTime() / 3_600_000) * 3_600_000;
  const startMs = endMs - days * 86_400_000;
  return (emitted) => new Date(startMs + ((endMs - startMs) * Math.min(emitted, target)) / target);
}
