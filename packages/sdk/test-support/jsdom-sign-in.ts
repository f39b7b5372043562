/**
 * For tests of the SDK's users (@vitrine/react, the storefront) that run jsdom and a real
 * @vitrine/server in one process.
 *
 * jsdom replaces the global `Uint8Array` and `ArrayBuffer` with its own realm's, so Node buffers (token
 * hashes bound as bytea parameters of the embedded database, Web Crypto output) stop passing
 * `instanceof Uint8Array`, and oauth4webapi (the relying party of the SSO routes) stops telling digests
 * from strings with `instanceof ArrayBuffer`. `restoreNodeRealm()` puts Node's constructors back; call it
 * at the top of the test-support module, before a server starts (nothing in the UI depends on jsdom's).
 *
 * jsdom cannot run the hidden sign-in frame either (it does not execute the server's page), so
 * `httpSilentLogin` replaces only that transport: the same redirect session the SDK creates (prompt
 * none, web_message, the session token), the authorize page fetched over HTTP, and the `{code, state}`
 * message that page would post to the parent read from its script. The code exchange is the SDK's own.
 */
import type { createClient, OAuthStrategy } from '@vitrine/sdk';

export function restoreNodeRealm(): void {
  const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
  if (globalThis.Uint8Array !== NodeUint8Array) globalThis.Uint8Array = NodeUint8Array;
  const NodeArrayBuffer = Object.getPrototypeOf(Buffer.alloc(0).buffer).constructor as ArrayBufferConstructor;
  if (globalThis.ArrayBuffer !== NodeArrayBuffer) globalThis.ArrayBuffer = NodeArrayBuffer;
}

type Auth = ReturnType<typeof OAuthStrategy>;

export function httpSilentLogin<C extends Pick<ReturnType<typeof createClient>, 'auth'>>(client: C): C {
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
