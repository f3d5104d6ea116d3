import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { OpsMembers } from '@/features/ops/components/ops-members';

/** The console's Members screen: find a member, suspend or lift (behind the /ops route's checks). */
export const Route = createFileRoute('/ops/members')({
  head: () => ({ meta: [{ title: `Members · Console · ${APP_NAME}` }] }),
  component: OpsMembers,
});
