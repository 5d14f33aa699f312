// What the web app imports: types only plus the shared catalogue and schemas (no server code).
export type { AppRouter } from './routers/index.js';
export * from './plans/catalogue.js';
export type { PublicUser } from './services/users.js';
