/**
 * The server the route fuzz runs against, set up as a shop in use: a member with a password and an
 * authenticator app, a visitor, the admin key, a site API key, an owner signed in to the console, a webhook
 * endpoint on a real receiver, an OIDC provider (a real one, on a local port), and a product.
 */
import { Secret, TOTP } from 'otpauth';
import type { Rand } from './fuzz-values.js';
import type { FuzzWorld } from './fuzz-requests.js';
import { signedIn } from './owners-kit.js';
import { API_KEY, APP } from './redirect-kit.js';
import type { TestServer, TestServerOptions } from './server.js';
import { IDP, startSso, type SsoKit } from './sso-kit.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

export interface FuzzServer {
  server: TestServer;
  world: FuzzWorld;
  close(): Promise<void>;
}

const OWNER_EMAIL = 'fuzz-owner@example.com';

async function json(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`fuzz setup: ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const GRAPHQL = [
  '{ products(limit: 2) { items { _id title } } }',
  'query($id: ID!) { productsById(id: $id) { _id } }',
  'mutation($v: ProductsInput!) { insertProducts(data: $v) { _id } }',
  'query($n: Int, $s: Int, $c: String, $l: String) { products(limit: $n, offset: $s, cursor: $c, language: $l) { items { _id } } }',
  'query($f: JSON) { products(filter: $f) { items { _id } } }',
  '{ me { _id } }',
  '{ __typename }',
  '{',
];

export async function startFuzzServer(routes?: TestServerOptions['routes']): Promise<FuzzServer> {
  const receiver: Receiver = await startReceiver();
  let sso: SsoKit | undefined;
  try {
    sso = await startSso({
      site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off', captcha: 'off' } }),
      config: (c) => ({ ...c, webhooks: { ...c.webhooks, allowPrivateNetworks: true } }),
      routes,
    });
    const { server } = sso.kit;
    const visitor = (await sso.kit.visitor()).access_token;
    const registered = await sso.kit.member();
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, {
        siteId: server.siteId,
        clientId: APP.clientId,
        memberId: registered.memberId,
      }),
    );
    const member = session.accessToken;
    const added = await json(
      server,
      'POST',
      '/_api/iam/mfa/v1/factors',
      { authorization: member },
      { factorType: 'TOTP' },
    );
    const secret = Secret.fromBase32(added.totp.secret as string);
    const factorId = added.factor.factorId as string;
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret }).generate();
    await json(server, 'POST', `/_api/iam/mfa/v1/factors/${factorId}/activate`, { authorization: member }, { code });
    const admin = { authorization: `Bearer ${server.adminKey}` };
    const hook = await json(server, 'POST', '/_admin/v1/webhooks', admin, {
      siteId: server.siteId,
      url: receiver.url,
      events: ['*'],
    });
    const item = await json(server, 'POST', '/wix-data/v2/items', admin, {
      dataCollectionId: 'Products',
      dataItem: { data: { title: 'fuzz mug' } },
    });
    const owner = await signedIn(server, OWNER_EMAIL, 'owner');
    const itemId = item.dataItem.id as string;
    const webhookId = hook.webhook.id as string;
    const found = { memberId: registered.memberId, factorId, itemId, webhookId };
    for (const [name, value] of Object.entries(found))
      if (typeof value !== 'string') throw new Error(`fuzz setup: no ${name} (${JSON.stringify({ hook, item })})`);
    const ids: Record<string, string[]> = {
      id: [registered.memberId, webhookId, factorId, itemId, 'Products', IDP.id],
      memberId: [registered.memberId],
      // By the segment before the parameter: `/members/:id` takes a member's id.
      'members/:id': [registered.memberId],
      'webhooks/:id': [webhookId],
      'collections/:id': ['Products'],
      'items/:id': [itemId],
      factorId: [factorId],
      itemId: [itemId],
      webhookId: [webhookId],
      collectionId: ['Products'],
      dataCollectionId: ['Products'],
      idpConnectionId: [IDP.id],
      tenantId: [server.siteId],
      siteId: [server.siteId],
      apiVersion: ['v1'],
      language: ['fr'],
      '*': [itemId, 'index.html', 'x'],
    };
    const email = (r: Rand) => `fuzz-${r.int(1e9)}@example.com`;
    const hints: Record<string, (r: Rand) => unknown> = {
      email: (r) => r.pick([registered.email, OWNER_EMAIL, email(r)]),
      loginId: (r) => ({ email: r.pick([registered.email, email(r)]) }),
      password: (r) => r.pick([registered.password, 'another password 42']),
      currentPassword: () => registered.password,
      newPassword: () => 'a new password 42',
      clientId: (r) => r.pick([APP.clientId, server.clientId]),
      url: () => receiver.url,
      events: (r) => r.pick([['*'], ['member.created'], ['nope']]),
      returnUrl: () => APP.redirectUri,
      redirectUri: () => APP.redirectUri,
      postFlowUrl: () => APP.redirectUri,
      factorType: (r) => r.pick(['TOTP', 'EMAIL', 'PASSKEY', 'SMS']),
      code: (r) => r.pick(['123456', '000000', 'abcd-efgh-jk']),
      grantType: (r) => r.pick(['anonymous', 'refresh_token', 'authorization_code', 'authorized_client']),
      query: (r) => (r.chance(0.5) ? r.pick(GRAPHQL) : { filter: { title: { $eq: 'fuzz mug' } } }),
      variables: (r) =>
        r.pick([
          { id: itemId },
          { v: { title: 'x', _extra: { k: 1 } } },
          { n: 2147483647, s: -1 },
          { n: -5, s: 2147483647, c: 'x', l: '../x' },
          { n: 1e308 },
          { f: { title: { $regex: '(' } } },
          { f: { $or: [] } },
          {},
        ]),
      language: (r) => r.pick(['fr', 'en', 'ar', 'de']),
      role: (r) => r.pick(['owner', 'editor', 'support']),
      csv: (r) => r.pick(['title\nmug', '_id,title\n,=cmd', 'title,price\n"a\nb",1']),
      name: () => 'fuzz',
    };
    const callers: Record<string, () => Record<string, string>> = {
      none: () => ({}),
      visitor: () => ({ authorization: visitor }),
      member: () => ({ authorization: member }),
      'site API key': () => ({ authorization: API_KEY }),
      'admin key': () => admin,
      owner: () => ({ cookie: owner.cookie ?? '', 'x-vitrine-csrf': owner.csrf ?? '' }),
    };
    const started = sso;
    return {
      server,
      world: { ids, hints, callers },
      async close() {
        await started.close();
        await receiver.close();
      },
    };
  } catch (error) {
    await sso?.close();
    await receiver.close();
    throw error;
  }
}
