/**
 * For @vitrine/react tests against a real @vitrine/server in jsdom.
 *
 * jsdom replaces the global `Uint8Array` with its own realm's, so Node buffers (token hashes bound as
 * bytea parameters of the embedded database, Web Crypto output) stop passing `instanceof Uint8Array`;
 * importing this module restores Node's constructors (nothing in the hooks depends on jsdom's).
 *
 * jsdom cannot run the hidden sign-in frame either, so `httpSilentLogin` replaces only that transport:
 * the same redirect session the SDK creates (prompt none, web_message, the session token), the
 * authorize page fetched over HTTP, and the `{code, state}` message that page would post read from
 * its script. The code exchange is the SDK's own.
 */
import type { createClient, OAuthStrategy } from '@vitrine/sdk';

const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
if (globalThis.Uint8Array !== NodeUint8Array) globalThis.Uint8Array = NodeUint8Array;
// Likewise ArrayBuffer: Web Crypto's digests are Node's, and oauth4webapi (openid-client, the relying
// party of the SSO routes) tells them apart from strings with `instanceof ArrayBuffer`.
const NodeArrayBuffer = Object.getPrototypeOf(Buffer.alloc(0).buffer).constructor as ArrayBufferConstructor;
if (globalThis.ArrayBuffer !== NodeArrayBuffer) globalThis.ArrayBuffer = NodeArrayBuffer;

type Auth = ReturnType<typeof OAuthStrategy>;

export function httpSilentLogin<C extends ReturnType<typeof createClient>>(client: C): C {
  const auth = client.auth as Auth;
  auth.getMemberTokensForDirectLogin = async (sessionToken: string) => {
    const oauthData = await auth.generateOAuthData('');
    const { authUrl } = await auth.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken });
    const html = await fetch(authUrl).then((r) => r.text());
    const json = /var m=(\{.*?\}),o=/.exec(html)?.[1];
    if (!json) throw new Error(`The authorize page posted no message: ${html.slice(0, 200)}`);
    const message = JSON.parse(json) as { code?: string; state?: string; error?: string };
    if (!message.code) throw new Error(`Sign-in refused: ${message.error ?? 'no code'}`);
    return auth.getMemberTokens(message.code, message.state ?? '', oauthData);
  };
  return client;
}
