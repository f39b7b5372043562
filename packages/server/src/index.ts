export { createApp, type CreateAppOptions, type VitrineApp } from './app.js';
export { loadConfig, ConfigError, type LoadConfigOptions } from './config-files/index.js';
export type * from './config/types.js';
export type { AppContext } from './context.js';
export type { Caller } from './http/caller.js';
export { openDatabase, migrate, type Database } from './store/index.js';
