import { useSuspenseQuery } from '@tanstack/react-query';
import { opsSessionQueryOptions } from '../api/ops';
import { OpsDashboard } from './ops-dashboard';
import { SecondFactorSetup } from './second-factor-setup';
import { SecondFactorVerify } from './second-factor-verify';

/** /ops: set-up of the second factor, then once per session its check, then the console. */
export function OpsPage() {
  const { data: session } = useSuspenseQuery(opsSessionQueryOptions());
  if (session.secondFactor === 'enrol') return <SecondFactorSetup />;
  if (session.secondFactor === 'verify') return <SecondFactorVerify />;
  return <OpsDashboard />;
}
