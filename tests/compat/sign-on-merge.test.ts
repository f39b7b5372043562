/**
 * `signOn`'s `mergeExistingContact` through the unmodified `@wix/identity` with `ApiKeyStrategy`
 * (identity/flows/sign-on.ts, docs/members.md): the default (true) and an explicit true sign on the one member of
 * the address; false is refused by name, CONTACT_MERGE_REQUIRED, and creates nothing. A member without a credential
 * of their own answers OFFLINE.
 */
import { authentication } from '@wix/identity';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

const API_KEY = 'merge-compat-key-0123456789-abcdef';
let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer(undefined, (s) => ({
    ...s,
    apiKeys: [...(s.apiKeys ?? []), { name: 'compat', key: API_KEY }],
  }));
});
afterAll(() => env?.close());

const keyClient = () =>
  createClient({ modules: { authentication }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: env.server.siteId }) });
const unique = () => `merge-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;

describe('@wix/identity signOn and mergeExistingContact', () => {
  it('merges by default and when asked: one member per address', async () => {
    const email = unique();
    const first = await keyClient().authentication.signOn({ email });
    const again = await keyClient().authentication.signOn({ email }, { mergeExistingContact: true });
    expect(first.identity?._id).toEqual(expect.any(String));
    expect(again.identity?._id).toBe(first.identity?._id);
    expect(again.sessionToken).toEqual(expect.any(String));
    // No password, second factor or provider of their own: an offline member (docs/members.md#identity-status).
    expect(first.identity?.status?.name).toBe('OFFLINE');
  });

  it('answers ACTIVE for a member who has a password of their own', async () => {
    const email = unique();
    const visitor = createClient({
      modules: { authentication },
      auth: OAuthStrategy({ clientId: env.server.clientId }),
    });
    const registered = await visitor.authentication.registerV2({ email }, { password: 'a long enough password' });
    expect(registered.identity?.status?.name).toBe('ACTIVE');
    const signedOn = await keyClient().authentication.signOn({ email });
    expect(signedOn.identity?._id).toBe(registered.identity?._id);
    expect(signedOn.identity?.status?.name).toBe('ACTIVE');
  });

  it('refuses false by name, for a new address too, and creates no member', async () => {
    const email = unique();
    const error = (await keyClient()
      .authentication.signOn({ email }, { mergeExistingContact: false })
      .catch((e: unknown) => e)) as { details?: { applicationError?: { code?: string } } };
    expect(error).toBeInstanceOf(Error);
    expect(error.details?.applicationError?.code).toBe('CONTACT_MERGE_REQUIRED');
    const members = await env.server.ctx.db.query('select id from members where site_id = $1 and email = $2', [
      env.server.siteId,
      email,
    ]);
    expect(members.rows).toEqual([]);
  });
});
