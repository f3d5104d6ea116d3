export { PayolaModule } from './payola.module.js';
export { payolaLedgerProjection, PAYOLA_LEDGER_PROJECTION } from './projections/payola-ledger.projection.js';
export { createVerificationRewardReactor } from './reactors/verification-reward.reactor.js';
export { awardPayola, payolaStreamId, type Award } from './application/award-payola.js';
