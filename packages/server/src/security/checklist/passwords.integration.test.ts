import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  startIdentityServer,
  visitorToken,
  type IdentityTestServer,
} from '../../../test-support/identity-server.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_PARAMS } from '../passwords.js';

/**
 * Audit checklist #27 (the exact password, no truncation, trimming, case folding or Unicode
 * normalisation), #28 (huge passwords refused up front) and #31 (weaker stored hashes upgraded at
 * login; a foreign hash format fails closed), all over HTTP. See docs/security-checklist.md.
 */
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const register = (email: string, password: string) =>
  call('POST', '/_api/iam/authentication/v2/register', { token: visitor, body: { loginId: { email }, password } });
const login = (email: string, password: string) =>
  call('POST', '/_api/iam/authentication/v2/login', { token: visitor, body: { loginId: { email }, password } });
const codeOf = (res: Awaited<ReturnType<typeof login>>) =>
  res.status === 200 ? res.body.state : res.body?.details?.applicationError?.code;

async function member(password: string): Promise<{ email: string; id: string }> {
  const email = unique('pw');
  const res = await register(email, password);
  expect(res.body.state).toBe('SUCCESS');
  return { email, id: res.body.identity.id as string };
}

const storedHash = async (id: string) =>
  (
    await server.ctx.db.query<{ password_hash: string }>(
      'select password_hash from members where site_id = $1 and id = $2',
      [server.siteId, id],
    )
  ).rows[0]!.password_hash;
const plantHash = (id: string, passwordHash: string) =>
  server.ctx.db.query('update members set password_hash = $3 where site_id = $1 and id = $2', [
    server.siteId,
    id,
    passwordHash,
  ]);

describe('#27 the password is used exactly as typed', () => {
  // 100 characters, both cases, spaces inside: every variant below differs from it.
  const LONG = 'Quartz Lantern 7 Meridian drift over Osprey Bay, 42 violet Kestrels hum; Juniper-Fog ledger XII ok!!';

  it('a 100-character password: its first 72 characters, an added space, lower or upper case are all refused', async () => {
    expect(LONG).toHaveLength(100);
    const m = await member(LONG);
    for (const variant of [LONG.slice(0, 72), `${LONG} `, LONG.toLowerCase(), LONG.toUpperCase()]) {
      expect([variant.length, codeOf(await login(m.email, variant))]).toEqual([variant.length, '-19976']);
    }
    expect(codeOf(await login(m.email, LONG))).toBe('SUCCESS');
  });

  it('surrounding spaces are part of the password: the trimmed forms are refused', async () => {
    const spaced = '  Harbour Quince Nimbus 93  ';
    const m = await member(spaced);
    for (const variant of [spaced.trim(), spaced.trimEnd(), spaced.trimStart()])
      expect(codeOf(await login(m.email, variant))).toBe('-19976');
    expect(codeOf(await login(m.email, spaced))).toBe('SUCCESS');
  });

  it('no Unicode normalisation: NFC and NFD spellings are different passwords', async () => {
    const nfc = 'Crème brûlée façade naïve Zoë'.normalize('NFC');
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    const a = await member(nfc);
    expect(codeOf(await login(a.email, nfd))).toBe('-19976');
    expect(codeOf(await login(a.email, nfc))).toBe('SUCCESS');
    const b = await member(nfd);
    expect(codeOf(await login(b.email, nfc))).toBe('-19976');
    expect(codeOf(await login(b.email, nfd))).toBe('SUCCESS');
  });
});

describe('#28 a huge password is refused before any work', () => {
  const ONE_MB = 'a'.repeat(1024 * 1024);
  const ONE_MB_EMOJI = '😀'.repeat(256 * 1024); // 1 MB of UTF-8

  it('register: 400 on the password field (too long), and no account is created', async () => {
    for (const password of [ONE_MB, ONE_MB_EMOJI, 'b'.repeat(PASSWORD_MAX_LENGTH + 1)]) {
      const email = unique('huge');
      const res = await register(email, password);
      expect(res.status).toBe(400);
      expect(res.body.details.validationError.fieldViolations).toContainEqual(
        expect.objectContaining({ field: 'password', ruleName: 'VALUE_TOO_LONG' }),
      );
      const { rows } = await server.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from members where site_id = $1 and lower(email) = lower($2)',
        [server.siteId, email],
      );
      expect(rows[0]!.n).toBe(0);
    }
  });

  it('login: 400 with the same -19976 answer as a wrong password, for known and unknown addresses', async () => {
    const m = await member('Tidal Marmot Obsidian 55');
    for (const email of [m.email, unique('nobody')]) {
      for (const password of [ONE_MB, ONE_MB_EMOJI]) {
        const res = await login(email, password);
        expect(res.status).toBe(400);
        expect(res.body.details.applicationError.code).toBe('-19976');
      }
    }
    expect(codeOf(await login(m.email, 'Tidal Marmot Obsidian 55'))).toBe('SUCCESS');
  });

  it('the hosted sign-in form does not take a 1 MB body at all (413)', async () => {
    const res = await fetch(`${server.url}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'signin', email: 'x@example.com', password: ONE_MB }).toString(),
    });
    expect(res.status).toBe(413);
  });
});

describe('#31 stored hashes: weaker ones are upgraded at login, foreign ones fail closed', () => {
  const weak = (password: string, algorithm: number, memoryCost: number, timeCost: number) =>
    hash(password, { algorithm: algorithm as Algorithm, memoryCost, timeCost, parallelism: 1 });

  it.each([
    ['argon2id m=8192,t=1,p=1', 2, 8192, 1],
    ['argon2i at the current cost', 1, PASSWORD_PARAMS.memoryCost, PASSWORD_PARAMS.timeCost],
  ])(
    'a planted %s hash signs in and is replaced by one at the current parameters',
    async (_name, algorithm, memoryCost, timeCost) => {
      const password = 'Velvet Comet Sparrow 318';
      const m = await member('Placeholder Heron Dune 11');
      const planted = await weak(password, algorithm, memoryCost, timeCost);
      await plantHash(m.id, planted);
      // A wrong password changes nothing.
      expect(codeOf(await login(m.email, 'Velvet Comet Sparrow 319'))).toBe('-19976');
      expect(await storedHash(m.id)).toBe(planted);

      expect(codeOf(await login(m.email, password))).toBe('SUCCESS');
      const upgraded = await storedHash(m.id);
      expect(upgraded).not.toBe(planted);
      expect(upgraded.startsWith('$argon2id$')).toBe(true);
      const p = parseOptions(upgraded);
      expect([p.memoryCost, p.timeCost, p.parallelism]).toEqual([
        PASSWORD_PARAMS.memoryCost,
        PASSWORD_PARAMS.timeCost,
        PASSWORD_PARAMS.parallelism,
      ]);
      expect(await verify(upgraded, password)).toBe(true);
      // And the upgraded hash keeps working.
      expect(codeOf(await login(m.email, password))).toBe('SUCCESS');
      expect(await storedHash(m.id)).toBe(upgraded);
    },
  );

  it.each([
    ['bcrypt', '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy'],
    ['truncated argon2id', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ'],
    ['plain text', 'Velvet Comet Sparrow 318'],
  ])('a %s value in the hash column fails closed and is left alone', async (_name, foreign) => {
    const m = await member('Placeholder Heron Dune 12');
    await plantHash(m.id, foreign);
    for (const password of ['Velvet Comet Sparrow 318', 'Placeholder Heron Dune 12', 'U*U']) {
      const res = await login(m.email, password);
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('-19976');
    }
    expect(await storedHash(m.id)).toBe(foreign);
  });
});
