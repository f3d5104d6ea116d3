import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PRIVACY_SETTINGS,
  type TAuthUser,
  type TNotificationSettings,
  type TPrivacySettings,
  type TRole,
  type TVeriffStatus,
} from '@app/contracts';
import { EventSourcedRepository, EventStore } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { GetPayolaStats } from '../../../../payola/queries.js';
import {
  STANDING_EVENT_TYPES,
  evolveStanding,
  standingStreamIds,
  type Standing,
  type StandingEvent,
} from '../../../domain/standing.js';
import { userFold, userStreamId } from '../../../domain/user.js';
import { GetAuthUser } from './get-auth-user.query.js';

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: TRole;
  payola_balance: number;
  payment_completed: boolean;
  founding_fan_number: number | null;
  verified: boolean;
  kyc_completed: boolean;
  veriff_status: TVeriffStatus | null;
  username: string | null;
  phone: string | null;
  profile_image_url: string | null;
  genres: string[];
  privacy_settings: Partial<TPrivacySettings>;
  notification_settings: Partial<TNotificationSettings>;
}

function toAuthUser(row: UserRow): TAuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    profileImageUrl: row.profile_image_url,
    payolaBalance: row.payola_balance,
    foundingFanNumber: row.founding_fan_number,
    paymentCompleted: row.payment_completed,
    verified: row.verified,
    kycCompleted: row.kyc_completed,
    veriffStatus: row.veriff_status,
    username: row.username,
    phone: row.phone,
    genres: row.genres,
    // Stored as changed: the defaults of the spec fill the rest.
    privacySettings: { ...DEFAULT_PRIVACY_SETTINGS, ...row.privacy_settings },
    notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...row.notification_settings },
  };
}

/** What identity's own read model holds: the rest is the standing (from the log) and the balance (Payola's). */
type ProfileRow = Omit<UserRow, keyof ReturnType<typeof standingColumns> | 'payola_balance'>;

function standingColumns(standing: Standing) {
  return {
    role: standing.role,
    payment_completed: standing.paymentCompleted,
    founding_fan_number: standing.foundingFanNumber,
    verified: standing.verified,
    kyc_completed: standing.kycCompleted,
    veriff_status: standing.veriffStatus,
  };
}

@QueryHandler(GetAuthUser)
export class GetAuthUserHandler implements IQueryHandler<GetAuthUser> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  /**
   * The user as the auth check shows it and as every permission check decides on it. What the user
   * may do (role, payment, identity check, founding number) comes from the write side (the user's,
   * payment's and identity check's streams, read in one statement), so a payment or an approval that answered 2xx is honoured by the very next request even
   * while the worker lags; names and settings come from identity's read model, the balance from Payola's.
   */
  async execute({ userId }: GetAuthUser): Promise<TAuthUser | null> {
    const [row, standing, balance] = await Promise.all([
      this.projectedRow(userId),
      this.standing(userId),
      this.balance(userId),
    ]);
    // A suspended member is signed in nowhere: their sessions were ended, and this refuses one another
    // api process still holds in its session cache for a moment (session-cache.ts).
    if (!standing || standing.suspended) return null;
    if (row) return toAuthUser({ ...row, payola_balance: balance, ...standingColumns(standing) });
    // The projection may lag a moment behind a brand-new account: the stream is the truth.
    const { state } = await this.repository.load(userStreamId(userId), userFold);
    return state
      ? toAuthUser({
          id: state.id,
          email: state.email,
          first_name: state.firstName,
          last_name: state.lastName,
          payola_balance: balance,
          username: state.username,
          phone: state.phone,
          profile_image_url: null,
          genres: [...state.genres],
          privacy_settings: state.privacySettings,
          notification_settings: state.notificationSettings,
          ...standingColumns(standing),
        })
      : null;
  }

  private async projectedRow(userId: string): Promise<ProfileRow | undefined> {
    const { rows } = await this.pool.query<ProfileRow>(
      `select id, email, first_name, last_name, username, phone, profile_image_url, genres, privacy_settings,
              notification_settings
       from identity_users where id = $1`,
      [userId],
    );
    return rows[0];
  }

  /** Payola's read model answers it (payola_balances), through the query Payola exports. */
  private async balance(userId: string): Promise<number> {
    return (await this.queries.execute(new GetPayolaStats(userId))).currentBalance;
  }

  private async standing(userId: string): Promise<Standing | null> {
    const events = await this.store.readStreams<StandingEvent>(
      standingStreamIds(userId),
      undefined,
      STANDING_EVENT_TYPES,
    );
    return events.reduce<Standing | null>(evolveStanding, null);
  }
}
