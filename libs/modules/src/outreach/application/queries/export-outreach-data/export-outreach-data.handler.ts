import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventOfType } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { type DataExportSections, type ExportRow } from '@app/platform';
import { waitlistStreamId } from '../../../domain/waitlist.js';
import { ExportOutreachData } from './export-outreach-data.query.js';

/**
 * The waitlist keeps sign-ups by address (one stream per address), not by account: the member's is the
 * one made with their account's email. Contact-form messages are not kept by address here (support has
 * them by email), so they are not part of the export.
 */
@QueryHandler(ExportOutreachData)
export class ExportOutreachDataHandler implements IQueryHandler<ExportOutreachData> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ email, db }: ExportOutreachData): Promise<DataExportSections> {
    const joined = await this.store.readStream<EventOfType<'WaitlistJoined'>>(waitlistStreamId(email), db, [
      'WaitlistJoined',
    ]);
    const rows: ExportRow[] = joined.map(({ data, recordedAt }) => ({
      joinedAt: recordedAt.toISOString(),
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      country: data.country,
      state: data.state,
      city: data.city,
      musicGenres: data.musicGenres,
      customGenres: data.customGenres,
      preferredContactMethods: data.preferredContactMethods,
      mobilePhone: data.mobilePhone,
      whatsappNumber: data.whatsappNumber,
    }));
    return [
      {
        file: 'waitlist',
        about:
          "Your sign-up to the Listener waitlist, if you joined it with your account's email: what you " +
          'told us then and when. Empty if you never joined.',
        columns: [
          'joinedAt',
          'firstName',
          'lastName',
          'email',
          'country',
          'state',
          'city',
          'musicGenres',
          'customGenres',
          'preferredContactMethods',
          'mobilePhone',
          'whatsappNumber',
        ],
        rows: () => rows,
      },
    ];
  }
}
