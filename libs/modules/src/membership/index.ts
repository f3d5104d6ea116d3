export { MembershipModule } from './membership.module.js';
