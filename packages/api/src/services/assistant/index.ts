export * from './sessions.js';
export * from './store.js';
export * from './send.js';
export * from './plan-features.js';
export * from './prompts.js';
export * from './artifact-answer.js';
