import {
  cleanupUnattachedMedia,
  MEDIA_CLEANUP_JOB,
  MEDIA_CLEANUP_QUEUE,
  MEDIA_CLEANUP_SCHEDULE,
} from '@app/modules/media';
import { defineScheduledJob, type ScheduledJobDefinition } from './scheduled-job.js';

/** The hourly cleanup of uploads never attached to anything; the cleanup itself is idempotent. */
export const mediaCleanupJob: ScheduledJobDefinition<Awaited<ReturnType<typeof cleanupUnattachedMedia>>> =
  defineScheduledJob({
    name: MEDIA_CLEANUP_JOB,
    queue: MEDIA_CLEANUP_QUEUE,
    schedule: MEDIA_CLEANUP_SCHEDULE,
    jobOptions: { removeOnComplete: 24, removeOnFail: 100 },
    async handler({ pool, store, storage, logger, pokeProjections }) {
      const result = await cleanupUnattachedMedia(pool, store, storage);
      if (result.expired > 0) pokeProjections();
      logger.info(result, 'unattached media cleaned up');
      return result;
    },
  });
