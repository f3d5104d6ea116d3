// What other modules may ask membership, as query classes that import nothing of the modules: identity
// assembles a member's data export, and membership's index imports identity (its guards), so identity
// importing that index would close an import circle. Handlers are registered by MembershipModule.
export { ExportMembershipData } from './payments/application/queries/export-membership-data/export-membership-data.query.js';
