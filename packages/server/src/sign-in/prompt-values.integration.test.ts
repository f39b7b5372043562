/** The `prompt` values of an authorization request that the hosted pages treat as a plain sign-in. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce } from '../../test-support/redirect-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

describe('prompt values', () => {
  it.each(['consent', 'select_account'])('prompt %s is accepted and shows the sign-in form', async (prompt) => {
    const { res, body } = await kit.redirectSession(kit.authRequest(pkce(), {}, prompt));
    expect(res.status).toBe(200);
    expect(await (await kit.open(body.redirectSession.fullUrl)).text()).toContain('name="password"');
  });
});
