export * from './events/define-event.js';
export * from './events/catalog.js';
export * from './events/identity.events.js';
export * from './http/error.js';
export * from './http/auth.js';
export * from './http/account.js';
export * from './http/health.js';
