export * from './events/define-event.js';
export * from './events/catalog.js';
export * from './http/error.js';
export * from './http/auth.js';
export * from './http/health.js';
