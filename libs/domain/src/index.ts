export * from './payola/reward-policy.js';
