// Every procedure's input schemas, for the web forms (pure zod: no server code reaches the browser).
export * from '../routers/auth.schemas.js';
export * from '../routers/chat.schemas.js';
export * from '../routers/registration.schemas.js';
export * from '../routers/subscriptions.schemas.js';
export * from '../routers/billing.schemas.js';
export * from '../routers/assistant.schemas.js';
