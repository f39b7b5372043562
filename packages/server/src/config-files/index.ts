export { loadConfig, type LoadConfigOptions } from './load.js';
export { ConfigError } from '../config/validate.js';
export { demoSite } from '../config/demo.js';
export type * from '../config/types.js';
