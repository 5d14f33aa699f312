export { buildServer, type AppServer, type BuildOptions } from './app.js';
export { loadConfig } from './config.js';
