/**
 * login-with-token-params takes each ID token once, and only one meant for this site now (audit S-9):
 * a replayed token (also with the nonce the token itself shows), a multi-audience token issued to another
 * client (`azp`), and a token "issued" a year from now are refused; a fresh, valid token signs in.
 * Real tokens come from the local oidc-provider, on its defaults (thin ID tokens: the shoppers who sign in are
 * known to the site) and with claims in the ID token (new shoppers); the forms it never mints (azp, future
 * iat) are signed with its own key, so only the claim under test differs, and they are checked once.
 */
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  IDP,
  idTokenFrom,
  serverNonce,
  signingKeys,
  startSso,
  tokenShopper,
  type SsoKit,
} from '../../../test-support/sso-kit.js';

const PATH = '/_api/iam/authentication/v1/sso/login-with-token-params';

describe.each([
  { variant: "oidc-provider's defaults (thin ID tokens)", claimsInIdToken: false },
  { variant: 'claims in the ID token', claimsInIdToken: true },
])(
  'login-with-token-params: one use, our client, not from the future — a provider with $variant',
  ({ claimsInIdToken }) => {
    let sso: SsoKit;
    let jwks: { keys: Record<string, unknown>[] };

    beforeAll(async () => {
      jwks = await signingKeys();
      sso = await startSso({ provider: { jwks, claimsInIdToken } });
    });
    afterAll(async () => {
      await sso?.close();
    });

    async function loginWithIdToken(idToken: string, nonce?: string) {
      const visitor = (await sso.kit.visitor()).access_token;
      const res = await sso.kit.post(
        PATH,
        { idpConnectionId: IDP.id, tokenParams: { idToken, ...(nonce ? { nonce } : {}) } },
        { authorization: visitor },
      );
      return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    }

    /** A token as the provider would sign it (with a nonce Vitrine issued), with `claims` over the usual ones. */
    async function signed(claims: JWTPayload & { aud?: string | string[] }) {
      const key = await importJWK(jwks.keys[0]!, 'RS256');
      const now = Math.floor(Date.now() / 1000);
      const sub = account(sso.provider, { email: `forged-${Math.random().toString(36).slice(2)}@shop.test` });
      return new SignJWT({
        email: `${sub}@shop.test`,
        email_verified: true,
        iss: sso.provider.issuer,
        sub,
        aud: sso.provider.clientId,
        iat: now,
        exp: now + 600,
        nonce: await serverNonce(sso),
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'shared-test-key' })
        .sign(key);
    }

    /** A shopper whose token-params sign-in succeeds (known to the site when the ID token is thin). */
    const fresh = () =>
      tokenShopper(
        sso,
        { email: `fresh-${Date.now()}-${Math.random()}@shop.test`, email_verified: true },
        { claimsInIdToken },
      );

    it('signs in with a fresh, valid token (the positive control), then refuses the same token posted again', async () => {
      const token = await idTokenFrom(sso, await fresh());
      const first = await loginWithIdToken(token);
      expect(first.status).toBe(200);
      expect(first.body.state).toBe('SUCCESS');
      for (let i = 0; i < 2; i++) {
        const again = await loginWithIdToken(token);
        expect(again.status).toBe(400);
        expect(again.body.details.applicationError.code).toBe('INVALID_ID_TOKEN');
        expect(again.body.message).toBe('The ID token was refused: the ID token was already used');
      }
      const events = await sso.kit.server.ctx.authEvents.list(sso.kit.server.siteId, { type: 'sign_in' });
      expect(events.filter((e) => (e.detail as { reason?: string }).reason === 'invalid_id_token').length).toBe(2);
    });

    it('refuses a replay that sends the nonce copied from the token itself', async () => {
      const nonce = await serverNonce(sso);
      const token = await idTokenFrom(sso, await fresh(), { nonce });
      expect((await loginWithIdToken(token, nonce)).body.state).toBe('SUCCESS');
      const replay = await loginWithIdToken(token, nonce);
      expect(replay.status).toBe(400);
      expect(replay.body.message).toBe('The ID token was refused: the ID token was already used');
    });
    it('keeps a spent token only for its lifetime: rows past their exp go at the next spend', async () => {
      const { db } = sso.kit.server.ctx;
      await db.query(
        `insert into sso_used_id_tokens (site_id, issuer, token_hash, expires_at) values ($1, $2, $3, $4)`,
        [sso.kit.server.siteId, sso.provider.issuer, Buffer.from('old'), new Date(Date.now() - 1000)],
      );
      expect((await loginWithIdToken(await idTokenFrom(sso, await fresh()))).status).toBe(200);
      const { rows } = await db.query('select 1 from sso_used_id_tokens where token_hash = $1', [Buffer.from('old')]);
      expect(rows).toEqual([]);
    });

    // The forged tokens carry every claim themselves, whatever the provider's settings: checked once.
    if (claimsInIdToken) return;

    it('refuses a token for several audiences issued to another client (azp), and takes one issued to us', async () => {
      const aud = [sso.provider.otherClientId, sso.provider.clientId];
      const theirs = await loginWithIdToken(await signed({ aud, azp: sso.provider.otherClientId }));
      expect(theirs.status).toBe(400);
      expect(theirs.body.message).toBe("The ID token was refused: the ID token's azp is not for this site");
      const noAzp = await loginWithIdToken(await signed({ aud }));
      expect(noAzp.body.message).toBe("The ID token was refused: the ID token's azp is not for this site");
      const ours = await loginWithIdToken(await signed({ aud, azp: sso.provider.clientId }));
      expect(ours.status).toBe(200);
      expect(ours.body.state).toBe('SUCCESS');
    });

    it('refuses an iat a year ahead, and takes one within the 5-minute skew', async () => {
      const now = Math.floor(Date.now() / 1000);
      const ahead = await loginWithIdToken(await signed({ iat: now + 365 * 86_400 }));
      expect(ahead.status).toBe(400);
      expect(ahead.body.message).toBe("The ID token was refused: the ID token's iat is in the future");
      expect((await loginWithIdToken(await signed({ iat: now + 60 }))).body.state).toBe('SUCCESS');
    });
  },
);
