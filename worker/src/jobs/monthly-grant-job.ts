import {
  grantMonthlyMembership,
  MONTHLY_GRANT_JOB,
  MONTHLY_GRANT_QUEUE,
  MONTHLY_GRANT_SCHEDULE,
} from '@app/modules/payola';
import { defineScheduledJob } from './scheduled-job.js';

/** Scheduled Payola grants: each run catches up every month still owed and pays each (user, month) once. */
export const monthlyGrantJob = defineScheduledJob({
  name: MONTHLY_GRANT_JOB,
  queue: MONTHLY_GRANT_QUEUE,
  schedule: MONTHLY_GRANT_SCHEDULE,
  async handler({ pool, store, logger, pokeProjections }) {
    const granted = await grantMonthlyMembership(pool, store);
    if (granted > 0) pokeProjections();
    logger.info({ granted }, 'monthly membership Payola granted');
    return { granted };
  },
});
