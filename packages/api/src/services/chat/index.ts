export * from './sessions.js';
export * from './send.js';
export * from './search.js';
export * from './store.js';
