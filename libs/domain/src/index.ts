export * from './payola/reward-policy.js';
export * from './domain-error.js';
export * from './catalog/fold-name.js';
export * from './catalog/canonical-link.js';
export * from './catalog/name-similarity.js';
export * from './catalog/enumerations.js';
export * from './catalog/search-words.js';
export * from './identity/reserved-usernames.js';
