import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { RoleSelectionPage } from '@/features/onboarding/components/role-selection-page';

export const Route = createFileRoute('/role-selection')({
  head: () => ({ meta: [{ title: `Choose Your Role · ${APP_NAME}` }] }),
  component: RoleSelectionPage,
});
