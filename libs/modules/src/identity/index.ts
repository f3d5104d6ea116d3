export { IdentityModule } from './identity.module.js';
export { configureSessions, createCsrfTokens, type CsrfTokens } from './http/configure-sessions.js';
export { CSRF_TOKENS } from './http/csrf-tokens.js';
export { SignedInGuard } from './http/guards.js';
export { usersProjection, USERS_PROJECTION } from './projections/users.projection.js';
export { RATE_LIMITS } from './http/rate-limit.js';
