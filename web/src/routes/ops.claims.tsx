import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { OpsClaims } from '@/features/ops/components/ops-claims';

/** The console's Claims screen: pending claims with their code and link, approved or refused with a reason. */
export const Route = createFileRoute('/ops/claims')({
  head: () => ({ meta: [{ title: `Claims · Console · ${APP_NAME}` }] }),
  component: OpsClaims,
});
