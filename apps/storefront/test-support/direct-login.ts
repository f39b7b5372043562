/**
 * jsdom cannot run the hidden sign-in frame (it does not execute the server's page), so the tests
 * replace only that transport: the same redirect session the SDK creates (prompt none, web_message,
 * the session token), the same authorize page fetched over HTTP, and the `{code, state}` message that
 * page would post to the parent read from its script. The code exchange is the SDK's own.
 */
import type { ShopClient } from '../src/app/shop-client.js';

export function installHttpSilentLogin(client: ShopClient): void {
  const auth = client.auth;
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
}
