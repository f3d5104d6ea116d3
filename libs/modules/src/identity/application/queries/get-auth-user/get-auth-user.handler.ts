import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PRIVACY_SETTINGS,
  type TAuthUser,
  type TNotificationSettings,
  type TPrivacySettings,
  type TRole,
  type TVeriffStatus,
} from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
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

@QueryHandler(GetAuthUser)
export class GetAuthUserHandler implements IQueryHandler<GetAuthUser> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
  ) {}

  async execute({ userId }: GetAuthUser): Promise<TAuthUser | null> {
    const { rows } = await this.pool.query<UserRow>(
      `select id, email, first_name, last_name, role, payola_balance, payment_completed, founding_fan_number,
              verified, kyc_completed, veriff_status, username, phone, profile_image_url, genres, privacy_settings,
              notification_settings
       from identity_users where id = $1`,
      [userId],
    );
    if (rows[0]) return toAuthUser(rows[0]);
    // The projection may lag a moment behind a brand-new account: the stream is the truth.
    const { state } = await this.repository.load(userStreamId(userId), userFold);
    return state
      ? toAuthUser({
          id: state.id,
          email: state.email,
          first_name: state.firstName,
          last_name: state.lastName,
          role: state.role,
          payola_balance: 0,
          payment_completed: false,
          founding_fan_number: null,
          verified: false,
          kyc_completed: false,
          veriff_status: null,
          username: state.username,
          phone: state.phone,
          profile_image_url: null,
          genres: [...state.genres],
          privacy_settings: state.privacySettings,
          notification_settings: state.notificationSettings,
        })
      : null;
  }
}
