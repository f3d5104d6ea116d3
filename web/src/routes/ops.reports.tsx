import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { OpsReports } from '@/features/ops/components/ops-reports';

/** The console's Reports screen: reported artists and venues, hide, restore, dismiss (behind /ops's checks). */
export const Route = createFileRoute('/ops/reports')({
  head: () => ({ meta: [{ title: `Reports · Console · ${APP_NAME}` }] }),
  component: OpsReports,
});
