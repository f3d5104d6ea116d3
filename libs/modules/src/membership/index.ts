export { MembershipModule } from './membership.module.js';
export { testModeSecret } from './test-mode-secrets.js';
export {
  membershipStatusProjection,
  MEMBERSHIP_STATUS_PROJECTION,
} from './projections/membership-status.projection.js';
export { fanNumberOf, fanNumbersOf, findUserIdByFanNumber } from './founding-fans/founding-fan-numbers.js';
