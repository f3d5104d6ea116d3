import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type DataExportSections, type ExportRow } from '@app/platform';
import { ExportAccountData } from './export-account-data.query.js';

interface UserRow {
  id: string;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  role: string;
  zip_code: string;
  phone: string | null;
  genres: string[];
  profile_image_url: string | null;
  privacy_settings: Record<string, unknown>;
  notification_settings: Record<string, unknown>;
  created_at: Date;
}

const COLUMNS = [
  'userId',
  'email',
  'username',
  'firstName',
  'lastName',
  'role',
  'zipCode',
  'phone',
  'genres',
  'profilePhoto',
  'privacySettings',
  'notificationSettings',
  'memberSince',
] as const;

/** From identity's users read model: the account and everything My Profile shows and saves. */
@QueryHandler(ExportAccountData)
export class ExportAccountDataHandler implements IQueryHandler<ExportAccountData> {
  async execute({ userId, db }: ExportAccountData): Promise<DataExportSections> {
    const { rows } = await db.query<UserRow>(
      `select id, email, username, first_name, last_name, role, zip_code, phone, genres, profile_image_url,
              privacy_settings, notification_settings, created_at
       from identity_users where id = $1`,
      [userId],
    );
    const account: ExportRow[] = rows.map((user) => ({
      userId: user.id,
      email: user.email,
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      role: user.role,
      zipCode: user.zip_code,
      phone: user.phone,
      genres: user.genres,
      profilePhoto: user.profile_image_url,
      privacySettings: user.privacy_settings,
      notificationSettings: user.notification_settings,
      memberSince: user.created_at.toISOString(),
    }));
    return [
      {
        file: 'account',
        about:
          'Your account and profile: email, username, names, role, zip code, phone, favourite genres, ' +
          'profile photo, visibility and notification settings, and when you joined.',
        columns: COLUMNS,
        rows: () => account,
      },
    ];
  }
}
