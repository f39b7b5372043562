import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advance,
  appError,
  memberCalls,
  PASSWORD,
  startMfaServer,
  type MfaHarness,
} from '../../../test-support/mfa-kit.js';

/**
 * Secrets travel in bodies only (audit S-16): a password in a query string ends up in proxies' and servers'
 * access logs, so removing a factor reads `currentPassword` from the body and never from the address.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
});
afterAll(() => h.server.close());

describe('removing a factor after the fresh sign-in window', () => {
  it('refuses a currentPassword in the query string; takes the same password in the body', async () => {
    const member = await m.withTotp('query-secret');
    await advance(h, 11 * 60_000);
    try {
      const path = `/_api/iam/mfa/v1/factors/${member.factorId}`;
      const viaQuery = await h.call('DELETE', `${path}?currentPassword=${encodeURIComponent(PASSWORD)}`, {
        token: member.token,
      });
      expect([viaQuery.status, appError(viaQuery)]).toEqual([403, 'REAUTHENTICATION_REQUIRED']);
      const listed = await h.call('GET', '/_api/iam/mfa/v1/factors', { token: member.token });
      expect(listed.body.factors.map((f: { factorId: string }) => f.factorId)).toEqual([member.factorId]);
      const viaBody = await h.call('DELETE', path, { token: member.token, body: { currentPassword: PASSWORD } });
      expect(viaBody.status).toBe(200);
    } finally {
      await advance(h, -11 * 60_000);
    }
  });
});
