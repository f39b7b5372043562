import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit } from '../../test-support/redirect-kit.js';

/** Audit F-8: every redirect target is parsed, checked and re-serialised before it becomes a Location. */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const logoutGet = (target: string, token?: string) =>
  fetch(
    `${kit.server.url}/_api/iam/authentication/v1/logout?${new URLSearchParams({ clientId: APP.clientId, postLogoutRedirectUri: target }).toString()}`,
    {
      redirect: 'manual',
      headers: token ? { authorization: token } : {},
    },
  );

async function logoutSession(postFlowUrl: string) {
  const { res, body } = await kit.redirectSession({ logout: { clientId: APP.clientId }, callbacks: { postFlowUrl } });
  return { status: res.status, body };
}

describe('redirect targets are normalised (F-8)', () => {
  it.each([
    ['CR/LF header injection', `${APP.origin}/\r\nSet-Cookie: x=1`],
    ['NUL', `${APP.origin}/a\u0000b`],
    ['tab', `${APP.origin}/a\tb`],
    ['DEL', `${APP.origin}/a\u007fb`],
    ['C1 control', `${APP.origin}/a\u0085b`],
    ['leading space', ` ${APP.origin}/`],
  ])('v1/logout refuses %s with a 400 envelope, never a 500', async (_, target) => {
    const res = await logoutGet(target);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; details: unknown };
    expect(body.message).toContain('postLogoutRedirectUri');
    expect(res.headers.get('location')).toBeNull();
    expect((await logoutSession(target)).status).toBe(400);
  });

  it('sends a non-Latin-1 IRI percent-encoded by the URL parser', async () => {
    const res = await logoutGet(`${APP.origin}/商品?q=café#x`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${APP.origin}/%E5%95%86%E5%93%81?q=caf%C3%A9#x`);
    const { status, body } = await logoutSession(`${APP.origin}/商品`);
    expect(status).toBe(200);
    const page = await kit.open(body.redirectSession.fullUrl);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`${APP.origin}/%E5%95%86%E5%93%81`);
  });

  it('sends the backslash form as the URL parser reads it', async () => {
    const res = await logoutGet(`${APP.origin}\\@evil.test/`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${APP.origin}/@evil.test/`);
  });

  it('a login intent goes to the normalised postFlowUrl', async () => {
    const m = await kit.member();
    const visitor = await kit.visitor();
    const { body } = await kit.redirectSession(
      { login: {}, callbacks: { postFlowUrl: `${APP.origin}/konto/ü商` } },
      visitor.access_token,
    );
    const page = await kit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    const res = await kit.submitForm(body.redirectSession.fullUrl, page, html, {
      redirectSessionId: body.redirectSession.id,
      action: 'signin',
      email: m.email,
      password: m.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${APP.origin}/konto/%C3%BC%E5%95%86`);
  });

  it('a row stored raw by an older version is still answered with a clean Location, or a page', async () => {
    const { body } = await logoutSession(`${APP.origin}/bye`);
    await kit.server.ctx.db.query('update redirect_sessions set post_flow_url = $2 where id = $1', [
      body.redirectSession.id,
      `${APP.origin}/商品\r\nx: y`,
    ]);
    const page = await kit.open(body.redirectSession.fullUrl);
    expect(page.status).toBeLessThan(500);
    expect(page.headers.get('location')).toBeNull();
  });
});

/** A small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pools = [
    '\u0000',
    '\r',
    '\n',
    '\t',
    '\u007f',
    '\u0085',
    '\u2028',
    '\ud800',
    '\\',
    '@',
    '%',
    '%0d%0a',
    '#',
    '?',
    ' ',
    'é',
    '商',
    '😀',
    '/..',
    ':',
  ];
  const chars = () => {
    let out = '';
    const n = Math.floor(next() * 12);
    for (let i = 0; i < n; i++)
      out +=
        next() < 0.5 ? pools[Math.floor(next() * pools.length)] : String.fromCharCode(32 + Math.floor(next() * 95));
    return out;
  };
  const prefixes = [`${APP.origin}/`, APP.origin, APP.redirectUri, 'https://', '', 'myapp://cb', `${APP.origin}\\`];
  return () => {
    const prefix = prefixes[Math.floor(next() * prefixes.length)]!;
    return next() < 0.5 ? `${prefix}${chars()}` : `${chars()}${prefix}${chars()}`;
  };
}

describe('fuzz: random redirect targets never cause a 5xx', () => {
  it('through v1/logout, logout and login redirect sessions and their pages', async () => {
    const random = generator(20240917);
    const visitor = await kit.visitor();
    const statuses: number[] = [];
    for (let round = 0; round < 100; round++) {
      const targets = [random(), random(), random()];
      const results = await Promise.all([
        logoutGet(targets[0]!).then(async (r) => {
          if (r.status === 302) expect(r.headers.get('location')).toMatch(/^[\x21-\x7e]+$/);
          return r.status;
        }),
        logoutSession(targets[1]!).then(async ({ status, body }) => {
          if (status !== 200) return status;
          const page = await kit.open(body.redirectSession.fullUrl);
          if (page.status === 302) expect(page.headers.get('location')).toMatch(/^[\x21-\x7e]+$/);
          return Math.max(status, page.status);
        }),
        kit
          .redirectSession({ login: {}, callbacks: { postFlowUrl: targets[2] } }, visitor.access_token)
          .then(({ res }) => res.status),
      ]);
      statuses.push(...results);
    }
    expect(statuses).toHaveLength(300);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // The generator really produced both kinds.
    expect(statuses.some((s) => s === 400)).toBe(true);
    expect(statuses.some((s) => s === 302 || s === 200)).toBe(true);
  });
});
