export { MediaModule } from './media.module.js';
export { MEDIA_PROJECTION } from './media-names.js';
export { mediaProjection } from './projections/media.projection.js';
export { createMediaErasureReactor, memberObjectKeys, MEDIA_ERASURE_REACTOR } from './jobs/erase-member-media.js';
export {
  cleanupUnattachedMedia,
  MEDIA_CLEANUP_JOB,
  MEDIA_CLEANUP_QUEUE,
  MEDIA_CLEANUP_SCHEDULE,
} from './jobs/cleanup-unattached-media.js';
