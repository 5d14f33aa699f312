export * from './sessions.js';
export * from './store.js';
export * from './send.js';
export * from '../entitlements/session-types.js';
export * from './prompts.js';
export * from './artifact-answer.js';
