import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { opsSessionQueryOptions } from '../api/ops';
import { SecondFactorSetup } from './second-factor-setup';
import { SecondFactorVerify } from './second-factor-verify';

/** /ops and its screens: set-up of the second factor, then once per session its check, then the screen. */
export function OpsPage() {
  const { data: session } = useSuspenseQuery(opsSessionQueryOptions());
  if (session.secondFactor === 'enrol') return <SecondFactorSetup />;
  if (session.secondFactor === 'verify') return <SecondFactorVerify />;
  return <Outlet />;
}
