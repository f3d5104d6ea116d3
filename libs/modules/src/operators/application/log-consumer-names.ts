import { logStatsProjection } from '@app/event-store';
import { ARTISTS_PROJECTION, CLAIMS_PROJECTION, REPORTS_PROJECTION, VENUES_PROJECTION } from '../../catalog/index.js';
import { USERS_PROJECTION } from '../../identity/index.js';
import { MEDIA_ERASURE_REACTOR, MEDIA_PROJECTION } from '../../media/index.js';
import { MEMBERSHIP_STATUS_PROJECTION } from '../../membership/index.js';
import {
  LISTENER_INVITATIONS_REACTOR,
  MILESTONE_PROGRESS_PROJECTION,
  MILESTONE_RECORDER_REACTOR,
} from '../../outreach/index.js';
import { PAYOLA_LEDGER_PROJECTION } from '../../payola/index.js';
import { SHOP_OFFERS_PROJECTION } from '../../shop/index.js';
import { OPS_DAILY_ACTIVITY_PROJECTION } from '../operators-names.js';

/**
 * Every projection and reactor the worker runs, by checkpoint name, for the console's lag table. The
 * api does not build the worker's consumers, so the names are listed here from each module's index;
 * worker/src/log-consumer-names.unit.spec.ts fails when this list and the worker's differ.
 */
export const LOG_CONSUMER_NAMES: readonly string[] = [
  logStatsProjection.name,
  USERS_PROJECTION,
  MEMBERSHIP_STATUS_PROJECTION,
  PAYOLA_LEDGER_PROJECTION,
  ARTISTS_PROJECTION,
  VENUES_PROJECTION,
  REPORTS_PROJECTION,
  CLAIMS_PROJECTION,
  MILESTONE_PROGRESS_PROJECTION,
  MEDIA_PROJECTION,
  OPS_DAILY_ACTIVITY_PROJECTION,
  SHOP_OFFERS_PROJECTION,
  MILESTONE_RECORDER_REACTOR,
  LISTENER_INVITATIONS_REACTOR,
  MEDIA_ERASURE_REACTOR,
];
