/** What stands between the server and PostgreSQL, judged from the two ends of one connection. */
import { describe, expect, it } from 'vitest';
import { connectionPath } from './pooler-probe.js';

describe('connectionPath', () => {
  it('is direct when PostgreSQL sees both ports of our socket', () => {
    expect(connectionPath({ client: 51_234, server: 5432 }, { client: 51_234, server: 5432 })).toBe('direct');
  });

  it('is a pooler when PostgreSQL sees another client port', () => {
    expect(connectionPath({ client: 40_001, server: 5432 }, { client: 51_234, server: 5432 })).toBe('pooler');
  });

  // CI once drew the same ephemeral port for PgBouncer's connection to PostgreSQL as for ours to PgBouncer.
  it('is a pooler when only the client port coincides: the pooler listens elsewhere', () => {
    expect(connectionPath({ client: 51_234, server: 5432 }, { client: 51_234, server: 6432 })).toBe('pooler');
  });

  it('is unknown on a Unix socket, where PostgreSQL reports no port', () => {
    expect(connectionPath({ client: null, server: null }, { client: undefined, server: undefined })).toBe('unknown');
    expect(connectionPath({ client: null, server: null }, { client: 51_234, server: 5432 })).toBe('unknown');
  });
});
