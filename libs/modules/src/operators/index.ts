export { OperatorsModule } from './operators.module.js';
export { OPS_DAILY_ACTIVITY_PROJECTION } from './operators-names.js';
export { dailyActivityProjection } from './projections/daily-activity.projection.js';
export { changeOperator, UnknownOperatorEmailError, type OperatorChange } from './application/operator-access.js';
export { LOG_CONSUMER_NAMES } from './application/log-consumer-names.js';
export { OperatorCommandRefusedError, operatorStreamId } from './domain/operator.js';
export { SECOND_FACTOR_FAILURES, SECOND_FACTOR_MESSAGES } from './application/second-factor.js';
export { hashRecoveryCode } from './application/recovery-codes.js';
export { DASHBOARD_CACHE_MS } from './application/dashboard.js';
