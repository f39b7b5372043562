import type { ServerConfig } from '../src/config/types.js';
import { createApp, type VitrineApp } from '../src/app.js';
import { openDatabase } from '../src/store/open.js';
import { createPostgresTestDatabase } from './database.js';
import { startTestServer, type TestServer } from './server.js';

/** A second instance of the server: its app, its address and how to stop it. */
export interface SecondInstance {
  app: VitrineApp;
  url: string;
  close(): Promise<void>;
}

/**
 * Two instances of the server on one database, as behind a load balancer: what tests of work that must happen
 * once across instances use. On PostgreSQL (`VITRINE_TEST_DATABASE_URL`) each instance has its own pool on a
 * database made for the pair; on PGlite they share the one embedded database. `close` stops both.
 */
export async function startTwoInstances(
  config: (c: ServerConfig) => ServerConfig,
): Promise<{ server: TestServer; second: SecondInstance; close(): Promise<void> }> {
  const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
  const database = adminUrl ? await createPostgresTestDatabase(adminUrl) : undefined;
  const server = await startTestServer({ config, ...(database ? { databaseUrl: database.url } : {}) });
  const db = database ? await openDatabase({ databaseUrl: database.url }) : server.ctx.db;
  const app = await createApp({ config: server.ctx.config, db, logLevel: 'silent' });
  const url = (await app.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const second: SecondInstance = {
    app,
    url,
    close: async () => {
      await app.close();
      if (database) await db.close();
    },
  };
  return {
    server,
    second,
    async close() {
      await second.close();
      await server.close();
      await database?.drop();
    },
  };
}
