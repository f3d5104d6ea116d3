import { createFileRoute } from '@tanstack/react-router';
import { OpsDashboard } from '@/features/ops/components/ops-dashboard';

/** The console's first screen (the /ops route above has checked the operator and the second factor). */
export const Route = createFileRoute('/ops/')({ component: OpsDashboard });
