// What the web app imports: types only plus the shared catalogue and schemas (no server code).
export type { AppRouter } from './routers/index.js';
export * from './plans/catalogue.js';
export type { PublicUser } from './services/users.js';
// Plain constants the entry chunk needs (the schemas barrel would pull zod into every page).
export { TRPC_MAX_BATCH_SIZE } from './schemas/limits.js';
// Error codes (plain constants) for entry-chunk code such as the header's team lookup.
export { ERROR_CODES } from './schemas/error-codes.js';
