export { loadConfig, type LoadConfigOptions } from './load.js';
export { ConfigError } from './validate.js';
export { demoSite } from './demo.js';
export type * from './types.js';
