import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../test-support/boot.js';
import { ConfigError } from '../config/validate.js';
import { startTestServer } from '../../test-support/server.js';
import { APP, Kit, fragmentOf, pkce, withRedirectClient } from '../../test-support/redirect-kit.js';

/** Audit F-12: member sessions and the hosted sign-in cookie end after an idle time (default 7 days). */
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
let offset = 0;
const now = () => Date.now() + offset;

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start(now);
});
afterAll(() => kit.server.close());

const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const cookiePair = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

async function appSession(k: Kit) {
  const m = await k.member();
  const p = pkce();
  const { body } = await k.redirectSession(k.authRequest(p, { sessionToken: m.sessionToken }, 'none'));
  const code = fragmentOf((await k.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')!;
  const tokens = (await (
    await k.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri })
  ).json()) as { access_token: string; refresh_token: string };
  return { m, tokens };
}

const refresh = (k: Kit, refreshToken: string) =>
  k.post('/oauth2/token', { clientId: APP.clientId, grantType: 'refresh_token', refreshToken });
const myMember = (k: Kit, token: string) =>
  fetch(`${k.server.url}/_api/members/v1/members/my`, { headers: { authorization: token } });
const sid = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
const lastUsed = async (k: Kit, sessionId: string) =>
  new Date(
    (
      await k.server.ctx.db.query<{ last_used_at: Date | string }>('select last_used_at from sessions where id = $1', [
        sessionId,
      ])
    ).rows[0]!.last_used_at,
  ).getTime();

describe('member sessions: idle timeout', () => {
  it('each refresh keeps the session alive; 7 days without one end it (invalid_grant), with a session_revoked idle event', async () => {
    offset = 0;
    const { m, tokens } = await appSession(kit);
    let current = tokens.refresh_token;
    for (const day of [6, 12, 18]) {
      offset = day * DAY;
      const res = await refresh(kit, current);
      expect(res.status).toBe(200);
      current = ((await res.json()) as { refresh_token: string }).refresh_token;
    }
    offset = 25 * DAY + 1000;
    const ended = await refresh(kit, current);
    expect(ended.status).toBe(400);
    expect(await ended.json()).toEqual({ error: 'invalid_grant', error_description: 'the session has ended' });
    const events = await kit.server.ctx.authEvents.list(kit.server.siteId, { type: 'session_revoked' });
    expect(events.find((e) => e.memberId === m.memberId)?.detail).toMatchObject({
      reason: 'idle',
      sessionId: sid(tokens.access_token),
    });
    offset = 0;
  });

  it('the absolute lifetime still ends a session that is used every day', async () => {
    offset = 0;
    const { tokens } = await appSession(kit);
    let current = tokens.refresh_token;
    for (let day = 5; day < 30; day += 5) {
      offset = day * DAY;
      const res = await refresh(kit, current);
      expect(res.status).toBe(200);
      current = ((await res.json()) as { refresh_token: string }).refresh_token;
    }
    offset = 30 * DAY + 1000;
    expect((await refresh(kit, current)).status).toBe(400);
    offset = 0;
  });

  it('the hosted sign-in cookie: used within 7 days it keeps signing in; after 7 idle days, login_required', async () => {
    offset = 0;
    const m = await kit.member();
    const p = pkce();
    const { body } = await kit.redirectSession(kit.authRequest(p));
    const page = await kit.open(body.redirectSession.fullUrl);
    const fields = {
      redirectSessionId: body.redirectSession.id,
      csrf: hiddenValue(await page.text(), 'csrf')!,
      action: 'signin',
      email: m.email,
      password: m.password,
    };
    const signedIn = await fetch(body.redirectSession.fullUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiePair(page, 'vitrine_csrf')! },
      body: new URLSearchParams(fields).toString(),
    });
    const sso = cookiePair(signedIn, 'vitrine_sso')!;
    const silent = async () => {
      const { body: s } = await kit.redirectSession(kit.authRequest(pkce(), {}, 'none'));
      return fragmentOf((await kit.open(s.redirectSession.fullUrl, sso)).headers.get('location'));
    };
    offset = 6 * DAY;
    // An authorization code: 256 random bits, base64url.
    expect((await silent()).get('code')).toMatch(/^[\w-]{43}$/);
    offset = 12 * DAY;
    expect((await silent()).get('code')).toMatch(/^[\w-]{43}$/);
    offset = 19 * DAY + 1000;
    expect((await silent()).get('error')).toBe('login_required');
    const events = await kit.server.ctx.authEvents.list(kit.server.siteId, { type: 'session_revoked' });
    expect(events.find((e) => e.memberId === m.memberId)?.detail).toMatchObject({ reason: 'idle' });
    offset = 0;
  });
});

describe('member access tokens of an idle session', () => {
  let short: Kit;
  beforeAll(async () => {
    // A two-hour idle time (below the config's whole-day unit) so a 4-hour access token outlives it.
    short = new Kit(
      await startTestServer({
        site: (s) => {
          const w = withRedirectClient(s);
          return { ...w, tokens: { ...w.tokens, memberIdleTtl: 2 * 3600 } };
        },
        now,
      }),
    );
  });
  afterAll(() => short.server.close());

  it('are refused once the session is idle; the per-request check never writes the last use', async () => {
    offset = 0;
    const { tokens } = await appSession(short);
    offset = 90 * 60 * 1000;
    const renewed = await refresh(short, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    const access = ((await renewed.json()) as { access_token: string }).access_token;
    const used = await lastUsed(short, sid(access));
    offset = 90 * 60 * 1000 + 2 * HOUR - 60_000;
    expect((await myMember(short, access)).status).toBe(200);
    expect(await lastUsed(short, sid(access))).toBe(used);
    offset = 90 * 60 * 1000 + 2 * HOUR + 1000;
    const refused = await myMember(short, access);
    expect(refused.status).toBe(401);
    offset = 0;
  });
});

describe('config: sessions.absoluteDays / idleDays', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-sessions-'));
  const load = (sessions: unknown, tokens?: unknown) => {
    const path = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
    const site = {
      id: 'shop',
      clients: [
        { clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] },
      ],
      sessions,
      ...(tokens ? { tokens } : {}),
    };
    writeFileSync(path, JSON.stringify({ sites: [site] }));
    return () => loadConfig({ configPath: path, env: {}, dataDir: dir });
  };
  const problems = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('defaults to 30 days absolute and 7 days idle; both can be set', () => {
    expect(load(undefined)().sites[0]!.tokens).toMatchObject({
      memberSessionTtl: 30 * 86_400,
      memberIdleTtl: 7 * 86_400,
    });
    expect(load({ absoluteDays: 90, idleDays: 14 })().sites[0]!.tokens).toMatchObject({
      memberSessionTtl: 90 * 86_400,
      memberIdleTtl: 14 * 86_400,
    });
    expect(load({ idleDays: 0 })().sites[0]!.tokens.memberIdleTtl).toBe(0);
  });

  it('names what is wrong', () => {
    expect(problems(load({ absoluteDays: 10, idleDays: 20 }))).toEqual([
      'sites[0].sessions.idleDays must not be longer than the absolute lifetime of 10 days (got 20)',
    ]);
    expect(problems(load({ idleDays: 'week' }))).toEqual([
      'sites[0].sessions.idleDays must be a whole number from 0 to 30 (got "week")',
    ]);
    expect(problems(load({ absoluteDays: 0 }))).toEqual([
      'sites[0].sessions.absoluteDays must be a whole number from 1 to 400 (got 0)',
    ]);
    expect(problems(load({ idle: 3 }))).toEqual([
      'sites[0].sessions.idle is not a known key (allowed: absoluteDays, idleDays)',
    ]);
    expect(problems(load({ absoluteDays: 30 }, { memberSessionTtl: 3600 }))).toEqual([
      'sites[0].sessions.absoluteDays and tokens.memberSessionTtl set the same lifetime: keep only sessions.absoluteDays',
    ]);
  });
});
