export * from './store.js';
export * from './streams.js';
export * from './exchange.js';
export * from './pending.js';
export * from './sweeper.js';
