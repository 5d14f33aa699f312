export * from './sessions.js';
export * from './send.js';
export * from './search.js';
