import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on a free port of 127.0.0.1 for the SSO tests (oidc-provider, its own
 * issuer and signing keys). Its login "form" is a minimal interaction: POST /interaction/{uid} with
 * `login=<account id>` signs that account in and grants the scopes asked for. Accounts and their
 * claims are whatever the test puts in `accounts`.
 *
 * On oidc-provider's defaults the ID token of a code flow carries only `sub` (and the protocol claims):
 * `email` and `profile` claims come from its UserInfo endpoint (OpenID Connect Core §5.4, "thin" ID
 * tokens). `claimsInIdToken` puts them in the ID token as well, as Google and Apple do.
 */
export interface TestAccount {
  email?: string;
  /** Some providers send the flag as the string "true" / "false". */
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  /** Vitrine's client at this provider. */
  clientId: string;
  clientSecret: string;
  /** A second client of the same provider (an ID token for it has another audience). */
  otherClientId: string;
  accounts: Map<string, TestAccount>;
  /** Every request it received: what the tests check the server's outbound client sent (its user-agent). */
  requests: { method: string; path: string; userAgent: string | undefined }[];
  /** How long the ID tokens it issues from now on live (oidc-provider's `ttl.IdToken`); tests shorten it. */
  idTokenTtlSeconds: number;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  /** Signing keys (private JWKs); two providers given the same keys differ only by issuer. Default: generated. */
  jwks?: { keys: Record<string, unknown>[] };
  /** Scope claims in the ID token too (oidc-provider's `conformIdTokenClaims: false`). Default: UserInfo only. */
  claimsInIdToken?: boolean;
  /** The `sub` its UserInfo endpoint answers for an account (a misbehaving provider). Default: the account's. */
  userInfoSubject?: (sub: string) => string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req
      .setEncoding('utf8')
      .on('data', (chunk: string) => (data += chunk))
      .on('end', () => resolve(data))
      .on('error', reject);
  });

const page = (
  uid: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head><body>
<h1>Test provider</h1><form method="post" action="/interaction/${uid}"><label for="login">Account</label><input id="login" name="login"><button type="submit">Sign in at provider</button></form></body></html>`;

/**
 * Listens first (the issuer needs the port), and becomes a provider once `redirectUris` are known:
 * Vitrine's callback needs Vitrine's port, and Vitrine's config needs this issuer.
 */
export async function startTestProvider(
  options: TestProviderOptions = {},
): Promise<{ issuer: string; ready(redirectUris: string[]): TestProvider }> {
  const accounts = new Map<string, TestAccount>();
  const requests: TestProvider['requests'] = [];
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      path: new URL(req.url ?? '/', 'http://x').pathname,
      userAgent: req.headers['user-agent'],
    });
    handler!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = 'test-provider-secret-0123456789abcdef';
  const ready = (redirectUris: string[]): TestProvider => {
    const settings = { idTokenTtlSeconds: 3600 };
    const clients = ['vitrine', 'other-app'].map((client_id) => ({
      client_id,
      client_secret: clientSecret,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      redirect_uris: redirectUris,
    }));
    const provider = new Provider(issuer, {
      clients,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      scopes: ['openid', 'email', 'profile'],
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['test-provider-cookie-key-0123456789'] },
      ...(options.jwks ? { jwks: options.jwks } : {}),
      ttl: { IdToken: () => settings.idTokenTtlSeconds },
      ...(options.claimsInIdToken ? { conformIdTokenClaims: false } : {}),
      // oidc-provider answers `sub` = the account id it finds, so a lying UserInfo finds another id there.
      findAccount: async (ctx: { oidc?: { route?: string } }, sub: string) => ({
        accountId: ctx.oidc?.route === 'userinfo' && options.userInfoSubject ? options.userInfoSubject(sub) : sub,
        claims: async () => ({ sub, ...accounts.get(sub) }),
      }),
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    });
    const callback = provider.callback();
    handler = (req, res) => {
      const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '');
      if (!match) return void callback(req, res);
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          if (req.method === 'GET') {
            res.setHeader('content-type', 'text/html; charset=utf-8');
            return void res.end(page(match[1]!));
          }
          const accountId = new URLSearchParams(await readBody(req)).get('login') ?? '';
          const grant = new provider.Grant({ accountId, clientId: details.params.client_id as string });
          grant.addOIDCScope(String(details.params.scope));
          const grantId = await grant.save();
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch (error) {
          res.statusCode = 400;
          res.end(String((error as Error).message));
        }
      })();
    };
    return {
      issuer,
      clientId: 'vitrine',
      clientSecret,
      otherClientId: 'other-app',
      accounts,
      requests,
      get idTokenTtlSeconds() {
        return settings.idTokenTtlSeconds;
      },
      set idTokenTtlSeconds(seconds: number) {
        settings.idTokenTtlSeconds = seconds;
      },
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  };
  return { issuer, ready };
}
