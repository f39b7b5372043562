/** Token lifecycle against a real @vitrine/server (embedded database, demo site). */
import { startTestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationError } from '../http/errors.js';
import { OAuthStrategy } from './oauth-strategy.js';
import type { AuthEvent, Tokens } from './types.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const strategy = (tokens?: Tokens) => OAuthStrategy({ clientId: server.clientId, baseUrl: server.url, tokens });

const subject = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** Counts token requests by watching the real fetch (requests still reach the server). */
function countTokenRequests() {
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => real(input, init));
  return {
    count: () => spy.mock.calls.filter(([u]) => String(u).endsWith('/oauth2/token')).length,
    restore: () => spy.mockRestore(),
  };
}

describe('against @vitrine/server', () => {
  it('obtains visitor tokens once for parallel calls', async () => {
    const counter = countTokenRequests();
    try {
      const auth = strategy();
      const all = await Promise.all(Array.from({ length: 8 }, () => auth.getAuthHeaders()));
      expect(counter.count()).toBe(1);
      const token = all[0]!.headers.Authorization;
      expect(token.split('.')).toHaveLength(3);
      expect(all.every((h) => h.headers.Authorization === token)).toBe(true);
      const t = auth.getTokens();
      expect(t.refreshToken.role).toBe('visitor');
      expect(t.refreshToken.value).not.toBe('');
      expect(t.accessToken.expiresAt - Date.now() / 1000).toBeGreaterThan(14_000);
      expect(auth.loggedIn()).toBe(false);
    } finally {
      counter.restore();
    }
  });

  it('generateVisitorTokens returns tokens without storing them', async () => {
    const auth = strategy();
    const tokens = await auth.generateVisitorTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(auth.getTokens().accessToken.value).toBe('');
    // Fresh tokens come back unchanged.
    expect(await auth.generateVisitorTokens(tokens)).toBe(tokens);
  });

  it('refreshes an expired access token for the same visitor and stores the returned refresh token', async () => {
    const first = await strategy().generateVisitorTokens();
    const auth = strategy({ ...first, accessToken: { value: first.accessToken.value, expiresAt: 0 } });
    const real = globalThis.fetch;
    const answers: { refresh_token?: string }[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const res = await real(input, init);
      answers.push((await res.clone().json()) as { refresh_token?: string });
      return res;
    });
    try {
      const { Authorization } = (await auth.getAuthHeaders()).headers;
      expect(Authorization).not.toBe(first.accessToken.value);
      expect(subject(Authorization)).toBe(subject(first.accessToken.value));
      expect(answers).toHaveLength(1);
      expect(auth.getTokens().refreshToken).toEqual({ value: answers[0]!.refresh_token, role: 'visitor' });
    } finally {
      spy.mockRestore();
    }
  });

  it('a member whose refresh token is refused is told, then continues as a new visitor', async () => {
    const auth = strategy({
      accessToken: { value: 'expired', expiresAt: 0 },
      refreshToken: { value: 'garbage-refresh-token', role: 'member' },
    });
    const events: AuthEvent[] = [];
    auth.onStatusChange((e) => events.push(e));
    const { Authorization } = (await auth.getAuthHeaders()).headers;
    expect(Authorization.split('.')).toHaveLength(3);
    expect(events.map((e) => e.type)).toEqual(['member-session-ended', 'role-changed']);
    const ended = events[0] as Extract<AuthEvent, { type: 'member-session-ended' }>;
    expect(ended.reason).toBeInstanceOf(ApplicationError);
    // The server's request id (x-wix-request-id): a UUID.
    expect((ended.reason as ApplicationError).requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(auth.loggedIn()).toBe(false);
  });

  it('a visitor with a refused refresh token silently gets a new visitor', async () => {
    const auth = strategy({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: 'garbage', role: 'visitor' },
    });
    const events: AuthEvent[] = [];
    auth.onStatusChange((e) => events.push(e));
    await auth.getAuthHeaders();
    expect(events).toEqual([]);
    expect(auth.getTokens().refreshToken.value).not.toBe('garbage');
  });

  it('surfaces a refused client as an application error with the request id', async () => {
    const auth = OAuthStrategy({ clientId: 'no-such-client', baseUrl: server.url });
    const error = (await auth.getAuthHeaders().catch((e: unknown) => e)) as ApplicationError;
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    expect(typeof error.code).toBe('string');
    expect(error.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
