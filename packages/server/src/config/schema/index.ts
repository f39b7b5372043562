/** The config file as TypeBox schemas, one module per part; messages.ts words their failures. */
export { ConfigFileSchema } from './file.js';
export { SiteSchema } from './site.js';
export { byKeyPath, schemaProblems, showValue } from './messages.js';
