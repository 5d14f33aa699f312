export * from './sessions.js';
