export type { Database, Migration, Queryable, QueryResult, Row } from './types.js';
export { openDatabase, type OpenDatabaseOptions } from './open.js';
export { migrate } from './migrate.js';
