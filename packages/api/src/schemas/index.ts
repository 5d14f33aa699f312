// Every procedure's input schemas, for the web forms (pure zod: no server code reaches the browser).
export * from './auth.js';
export * from './chat.js';
export * from './registration.js';
export * from './subscriptions.js';
export * from './billing.js';
export * from './assistant.js';
export * from './files.js';
export * from './admin.js';
export * from './error-codes.js';
export * from './text.js';
export * from './limits.js';
export * from './artifacts.js';
export * from './artifact-paths.js';
export * from './workspaces.js';
export * from './review.js';
