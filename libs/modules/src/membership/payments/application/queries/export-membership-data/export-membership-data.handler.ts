import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventOfType } from '@app/contracts';
import { EventStore, type StoredEvent } from '@app/event-store';
import { type DataExportSections, type ExportRow } from '@app/platform';
import { kycStreamId } from '../../../../kyc/domain/kyc.js';
import { preSplitUserStreamId } from '../../../../pre-split-streams.js';
import { paymentStreamId } from '../../../domain/payment.js';
import { ExportMembershipData } from './export-membership-data.query.js';

const TYPES = [
  'PaymentCompleted',
  'PaymentAmountMismatched',
  'MembershipStarted',
  'MembershipRenewed',
  'MembershipEnded',
  'KycSessionStarted',
  'KycApproved',
  'KycDeclined',
  'KycExpired',
] as const;
type MembershipEvent = EventOfType<(typeof TYPES)[number]>;

const COLUMNS = ['date', 'what', 'amountCents', 'currency', 'foundingFanNumber', 'detail'] as const;

/**
 * One row per fact about the member's payments and identity check, from their streams (a member has a
 * handful: read whole). No card data: the card's brand and last digits and the provider's ids stay out.
 */
function toRow(event: StoredEvent<MembershipEvent>): ExportRow {
  const row = (what: string, fields: Partial<Record<(typeof COLUMNS)[number], string | number | null>> = {}) => ({
    date: event.recordedAt.toISOString(),
    what,
    amountCents: null,
    currency: null,
    foundingFanNumber: null,
    detail: null,
    ...fields,
  });
  switch (event.type) {
    case 'PaymentCompleted':
      return row('payment completed', {
        date: event.data.paidAt,
        amountCents: event.data.amountCents,
        currency: event.data.currency,
        foundingFanNumber: event.data.foundingFanNumber,
      });
    case 'PaymentAmountMismatched':
      return row('payment of another amount than due (not completed)', {
        amountCents: event.data.paidAmountCents,
        currency: event.data.paidCurrency,
        detail: `due: ${event.data.dueAmountCents} ${event.data.dueCurrency}`,
      });
    case 'MembershipStarted':
      return row('monthly membership started', { date: event.data.startedAt });
    case 'MembershipRenewed':
      return row('monthly membership renewed', { detail: `paid until ${event.data.paidUntil}` });
    case 'MembershipEnded':
      return row('monthly membership ended', { date: event.data.endedAt });
    case 'KycSessionStarted':
      return row('identity check started');
    case 'KycApproved':
      return row('identity check approved', { date: event.data.decisionTime });
    case 'KycDeclined':
      return row('identity check not approved', { date: event.data.decisionTime, detail: event.data.status });
    case 'KycExpired':
      return row('identity check not finished', { date: event.data.decisionTime, detail: event.data.status });
  }
}

@QueryHandler(ExportMembershipData)
export class ExportMembershipDataHandler implements IQueryHandler<ExportMembershipData> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ userId, db }: ExportMembershipData): Promise<DataExportSections> {
    const events = await this.store.readStreams<MembershipEvent>(
      [paymentStreamId(userId), kycStreamId(userId), preSplitUserStreamId(userId)],
      db,
      TYPES,
    );
    const rows = events.map(toRow);
    return [
      {
        file: 'membership',
        about:
          'Your verification payment, monthly membership and identity check, one line per step in the ' +
          'order it happened: the amount paid (in cents) and its currency, and your founding fan number. ' +
          'No card details are kept here: the payment provider holds them.',
        columns: COLUMNS,
        rows: () => rows,
      },
    ];
  }
}
