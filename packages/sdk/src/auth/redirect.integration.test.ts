import { describe, expect, it, vi } from 'vitest';
import type { VitrineError } from '../http/errors.js';
import { toHttpError } from '../http/errors.js';
import { ORIGIN, fakeBrowser } from '../../test-support/fake-browser.js';
import { recorder } from '../../test-support/recorder.js';
import { generateCodeChallenge } from './pkce.js';
import { generateOAuthData, parseFromUrl } from './oauth-data.js';
import { createRedirectFlows } from './redirect.js';
import { memoryStorage } from './storage.js';
import { createTokenManager } from './tokens.js';
import type { Tokens } from './types.js';

const session = (fullUrl = 'https://api.test/oauth2/authorize?s=1') => ({
  redirectSession: {
    id: 'r1',
    fullUrl,
    sessionToken: 'RS',
    urlDetails: { endpoint: 'https://api.test/oauth2/authorize' },
  },
});
const tokenAnswer = { access_token: 'MEMBER-AT', refresh_token: 'MEMBER-RT', expires_in: 14400 };

function setup(answers: unknown[], tokens?: Tokens) {
  const { http, calls } = recorder(answers, ORIGIN);
  const manager = createTokenManager({ clientId: 'CID', http, storage: memoryStorage(tokens) });
  return { calls, manager, flows: createRedirectFlows(http, 'CID', manager) };
}

describe('generateOAuthData', () => {
  it('creates a verifier, its S256 challenge and a 43-char state', async () => {
    const d = await generateOAuthData('https://shop/callback', '/cart');
    expect(d.codeVerifier).toHaveLength(43);
    expect(d.codeChallenge).toBe(await generateCodeChallenge(d.codeVerifier));
    expect(d.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.state).not.toBe(d.codeChallenge);
    expect(d).toMatchObject({ redirectUri: 'https://shop/callback', originalUri: '/cart' });
  });
});

describe('parseFromUrl', () => {
  it('reads the fragment by default and the query on request', () => {
    expect(parseFromUrl('https://shop/cb#code=C&state=S')).toEqual({ code: 'C', state: 'S' });
    expect(parseFromUrl('https://shop/cb?code=C&state=S', 'query')).toEqual({ code: 'C', state: 'S' });
    expect(parseFromUrl('https://shop/cb#state=S&error=access_denied&error_description=No%20way')).toEqual({
      code: '',
      state: 'S',
      error: 'access_denied',
      errorDescription: 'No way',
    });
  });
});

describe('redirect flows', () => {
  it('getAuthUrl posts the body of docs/wire-format.md §4.2 and returns the session URLs', async () => {
    const { flows, calls } = setup([session()]);
    const oauthData = {
      codeVerifier: 'v',
      codeChallenge: 'CH',
      state: 'ST',
      redirectUri: 'https://shop/cb',
      originalUri: '',
    };
    expect(await flows.getAuthUrl(oauthData)).toEqual({
      authUrl: 'https://api.test/oauth2/authorize?s=1',
      authorizationEndpoint: 'https://api.test/oauth2/authorize',
      sessionToken: 'RS',
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/_api/redirects-api/v1/redirect-session' });
    expect(JSON.stringify(calls[0]!.body)).toBe(
      '{"auth":{"authRequest":{"redirectUri":"https://shop/cb","clientId":"CID","codeChallenge":"CH","codeChallengeMethod":"S256",' +
        '"responseMode":"fragment","responseType":"code","scope":"offline_access","state":"ST"},"prompt":"login"}}',
    );
  });

  it('getAuthUrl passes prompt, responseMode and sessionToken', async () => {
    const { flows, calls } = setup([session()]);
    const oauthData = { codeVerifier: 'v', codeChallenge: 'CH', state: 'ST', redirectUri: '', originalUri: '' };
    await flows.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'query', sessionToken: 'SESS' });
    expect(calls[0]!.body).toEqual({
      auth: {
        authRequest: expect.objectContaining({ responseMode: 'query', sessionToken: 'SESS', redirectUri: undefined }),
        prompt: 'none',
      },
    });
  });

  it('getMemberTokens checks code and state before any request', async () => {
    const { flows, calls } = setup([]);
    const data = await generateOAuthData('https://shop/cb');
    await expect(flows.getMemberTokens('', data.state, data)).rejects.toMatchObject({
      message: 'Missing code or _state',
      code: 'MISSING_CODE_OR_STATE',
    });
    await expect(flows.getMemberTokens('C', '', data)).rejects.toThrow('Missing code or _state');
    await expect(flows.getMemberTokens('C', 'wrong', data)).rejects.toMatchObject({
      message: 'Invalid _state',
      code: 'INVALID_STATE',
    });
    expect(calls).toHaveLength(0);
  });

  it('getMemberTokens exchanges the code with the verifier, returning member tokens unstored', async () => {
    const { flows, calls, manager } = setup([tokenAnswer]);
    const data = await generateOAuthData('https://shop/cb');
    const tokens = await flows.getMemberTokens('CODE', data.state, data);
    expect(tokens.refreshToken).toEqual({ value: 'MEMBER-RT', role: 'member' });
    expect(tokens.accessToken.value).toBe('MEMBER-AT');
    expect(calls[0]).toMatchObject({ path: '/oauth2/token', anonymous: true });
    expect(JSON.stringify(calls[0]!.body)).toBe(
      `{"clientId":"CID","grantType":"authorization_code","redirectUri":"https://shop/cb","code":"CODE","codeVerifier":"${data.codeVerifier}"}`,
    );
    expect(manager.loggedIn()).toBe(false);
  });

  it('getMemberTokens wraps a refused exchange', async () => {
    const { flows } = setup([toHttpError(400, 'Bad Request', { error: 'invalid_grant' }, 'REQ')]);
    const data = await generateOAuthData('https://shop/cb');
    const error = (await flows.getMemberTokens('C', data.state, data).catch((e: unknown) => e)) as VitrineError;
    expect(error.message).toBe('Failed to get member tokens');
    expect(error.code).toBe('TOKEN_EXCHANGE_FAILED');
    expect(error.requestId).toBe('REQ');
    expect((error.cause as VitrineError).code).toBe('invalid_grant');
  });

  it('silent login: prompt none + web_message, frame message, exchange without redirectUri', async () => {
    const b = fakeBrowser();
    const { flows, calls } = setup([session('https://api.test/oauth2/authorize?silent'), tokenAnswer]);
    const p = flows.getMemberTokensForDirectLogin('SESSION', b.deps);
    await vi.waitFor(() => expect(b.frames).toHaveLength(1));
    const authRequest = (calls[0]!.body as { auth: { authRequest: Record<string, string>; prompt: string } }).auth;
    expect(authRequest.prompt).toBe('none');
    expect(authRequest.authRequest).toMatchObject({
      responseMode: 'web_message',
      sessionToken: 'SESSION',
      clientId: 'CID',
    });
    expect(authRequest.authRequest).not.toHaveProperty('redirectUri', expect.anything());
    expect(b.log).toEqual(['listen:message', 'append-frame:https://api.test/oauth2/authorize?silent']);
    b.post({ code: 'CODE', state: authRequest.authRequest.state });
    const tokens = await p;
    expect(tokens.refreshToken.role).toBe('member');
    expect(calls[1]!.body).not.toHaveProperty('redirectUri');
    expect(calls[1]!.body).toMatchObject({ grantType: 'authorization_code', code: 'CODE' });
    expect(b.frames[0]!.removed).toBe(true);
  });

  it('silent login: a matching message without code fails with Missing code or _state', async () => {
    const b = fakeBrowser();
    const { flows, calls } = setup([session()]);
    const p = flows.getMemberTokensForDirectLogin('SESSION', b.deps);
    await vi.waitFor(() => expect(b.frames).toHaveLength(1));
    const state = (calls[0]!.body as { auth: { authRequest: { state: string } } }).auth.authRequest.state;
    b.post({ state });
    await expect(p).rejects.toThrow('Missing code or _state');
  });

  it('logout posts the logout session and clears the tokens', async () => {
    const member: Tokens = {
      accessToken: { value: 'AT', expiresAt: 4e9 },
      refreshToken: { value: 'RT', role: 'member' },
    };
    const { flows, calls, manager } = setup([session('https://api.test/logout')], member);
    expect(manager.loggedIn()).toBe(true);
    expect(await flows.logout('https://shop/')).toEqual({ logoutUrl: 'https://api.test/logout' });
    expect(JSON.stringify(calls[0]!.body)).toBe(
      '{"logout":{"clientId":"CID"},"callbacks":{"postFlowUrl":"https://shop/"}}',
    );
    expect(manager.getTokens().refreshToken).toEqual({ value: '', role: 'none' });
    expect(manager.loggedIn()).toBe(false);
  });

  it('external login sends snake_case with "<token>,<apiKey>"', async () => {
    const visitor: Tokens = {
      accessToken: { value: 'VAT', expiresAt: 4e9 },
      refreshToken: { value: 'VRT', role: 'visitor' },
    };
    const { flows, calls } = setup([tokenAnswer], visitor);
    const tokens = await flows.getMemberTokensForExternalLogin('M1', 'KEY');
    expect(tokens.refreshToken.role).toBe('member');
    expect(JSON.stringify(calls[0]!.body)).toBe(
      '{"grant_type":"authorized_client","scope":"offline_access","member_id":"M1"}',
    );
    expect(calls[0]!.headers).toEqual({ Authorization: 'VAT,KEY' });
    expect(calls[0]!.body).not.toHaveProperty('clientId');
  });

  it('external login with session signs on first', async () => {
    const visitor: Tokens = {
      accessToken: { value: 'VAT', expiresAt: 4e9 },
      refreshToken: { value: 'VRT', role: 'visitor' },
    };
    const { flows, calls } = setup([{ sessionToken: 'ST', identity: { id: 'M9' } }, tokenAnswer], visitor);
    await flows.getMemberTokensForExternalLoginWithSession('a@b.c', 'KEY');
    expect(calls[0]).toMatchObject({
      path: '/_api/iam/authentication/v2/sign-on',
      body: { loginId: { email: 'a@b.c' } },
      headers: { Authorization: 'VAT,KEY' },
    });
    expect(JSON.stringify(calls[1]!.body)).toBe(
      '{"grant_type":"authorized_client","member_id":"M9","session_token":"ST"}',
    );
    expect(calls[1]!.headers).toEqual({ Authorization: 'VAT,KEY' });
  });
});
