export { MembershipModule } from './membership.module.js';
export { testModeSecret } from './test-mode-secrets.js';
