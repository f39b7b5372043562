/** The visitor → member hand-over at the code exchange: what the visitor owned becomes the member's. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce, postedMessage } from '../../test-support/redirect-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

describe('visitor → member at the code exchange', () => {
  it("the visitor's cart items become the member's", async () => {
    const visitor = await kit.visitor();
    const insert = await kit.post(
      '/wix-data/v2/items',
      { dataCollectionId: 'Cart', dataItem: { data: { sku: 'tee-1', qty: 2 } } },
      { authorization: visitor.access_token },
    );
    expect(insert.status).toBe(200);
    const email = `cart${Date.now()}@example.com`;
    const reg = await kit.post(
      '/_api/iam/authentication/v2/register',
      { loginId: { email }, password: 'a long enough password' },
      { authorization: visitor.access_token },
    );
    const { sessionToken, identity } = (await reg.json()) as { sessionToken: string; identity: { id: string } };
    const p = pkce();
    const { body } = await kit.redirectSession(
      kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined, sessionToken }, 'none'),
      visitor.access_token,
    );
    const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
    const tokens = (await (await kit.exchange({ code, codeVerifier: p.verifier })).json()) as { access_token: string };
    const query = await kit.post(
      '/wix-data/v2/items/query',
      { dataCollectionId: 'Cart', query: {} },
      { authorization: tokens.access_token },
    );
    const items = ((await query.json()) as { dataItems: { data: Record<string, unknown> }[] }).dataItems;
    expect(items.map((i) => i.data)).toEqual([expect.objectContaining({ sku: 'tee-1', _owner: identity.id })]);
  });
});
