import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../config/types.js';
import { API_KEY, APP, Kit, pkce } from '../../../test-support/redirect-kit.js';
import { ApiKeyVerifier } from '../api-keys.js';

/**
 * Audit checklist #8 (only the code, refresh, anonymous and authorized_client grants exist; implicit
 * and hybrid response types are refused) and #11 (authorized_client: every bad key or session token
 * is refused, and keys are compared in constant time). See docs/security-checklist.md.
 */
let kit: Kit;
let clock = Date.now();
beforeAll(async () => {
  kit = await Kit.start(() => clock);
});
afterAll(() => kit.server.close());

const tokenEndpoint = (body: Record<string, unknown>, authorization?: string) =>
  kit.post('/oauth2/token', body, authorization ? { authorization } : {});
const form = (fields: Record<string, string>) =>
  fetch(`${kit.server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('#8 grants and response types that do not exist here', () => {
  const GRANTS = [
    'password',
    'client_credentials',
    'implicit',
    'urn:ietf:params:oauth:grant-type:jwt-bearer',
    'token',
    'urn:ietf:params:oauth:grant-type:device_code',
    'urn:ietf:params:oauth:grant-type:token-exchange',
  ];

  it.each(GRANTS)('grant_type %s is unsupported_grant_type, as JSON and as a form', async (grantType) => {
    const extra = {
      username: 'a@example.com',
      password: 'correct horse battery',
      client_secret: 'x',
      assertion: 'a.b.c',
      scope: 'offline_access',
    };
    for (const res of [
      await tokenEndpoint({ clientId: APP.clientId, grantType, ...extra }),
      await tokenEndpoint({ client_id: APP.clientId, grant_type: grantType, ...extra }, `,${API_KEY}`),
      await form({ client_id: APP.clientId, grant_type: grantType, ...extra }),
    ]) {
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; access_token?: string };
      expect(body.error).toBe('unsupported_grant_type');
      expect(body.access_token).toBeUndefined();
    }
  });

  it.each(['token', 'id_token', 'code token', 'code id_token', 'id_token token', 'none'])(
    'responseType %j is refused for both prompts',
    async (responseType) => {
      for (const prompt of ['login', 'none']) {
        const { res, body } = await kit.redirectSession(kit.authRequest(pkce(), { responseType }, prompt));
        expect(res.status).toBe(400);
        const fields = (
          body as unknown as {
            details: { validationError: { fieldViolations: { field: string; ruleName: string }[] } };
          }
        ).details.validationError.fieldViolations;
        expect(fields).toContainEqual(
          expect.objectContaining({ field: 'auth.authRequest.responseType', ruleName: 'UNSUPPORTED_RESPONSE_TYPE' }),
        );
      }
    },
  );
});

describe('#11 authorized_client refuses every bad credential', () => {
  const grant = (body: Record<string, unknown>, authorization?: string) =>
    tokenEndpoint({ grant_type: 'authorized_client', ...body }, authorization);

  it('no Authorization header at all, or a token without a key: 401 invalid_client', async () => {
    const m = await kit.member();
    for (const authorization of [undefined, m.visitor.access_token, `Bearer ${m.visitor.access_token}`, ',']) {
      const res = await grant({ member_id: m.memberId }, authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('near misses of the key, the admin key and keys in the wrong place: 401, and nothing is issued', async () => {
    const m = await kit.member();
    const near = [
      API_KEY.slice(0, -1),
      `${API_KEY}x`,
      API_KEY.toUpperCase(),
      `x${API_KEY.slice(1)}`,
      API_KEY.slice(0, -1) + String.fromCharCode(API_KEY.charCodeAt(API_KEY.length - 1) + 1),
      'a'.repeat(API_KEY.length),
      'k'.repeat(10_000),
      kit.server.adminKey,
    ];
    for (const key of near) {
      const res = await grant({ member_id: m.memberId }, `,${key}`);
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: string; access_token?: string };
      expect(body).toMatchObject({ error: 'invalid_client' });
      expect(body.access_token).toBeUndefined();
    }
    // The key in the body instead of the header counts for nothing.
    const inBody = await grant({ member_id: m.memberId, client_secret: API_KEY, api_key: API_KEY });
    expect(inBody.status).toBe(401);
    const { rows } = await kit.server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from api_key_audit where member_id = $1 and outcome like 'granted%'",
      [m.memberId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('a replayed, expired, garbage or foreign session token is refused; the right one once is granted', async () => {
    const signOn = async (email: string) =>
      (await (
        await kit.post('/_api/iam/authentication/v2/sign-on', { loginId: { email } }, { authorization: `,${API_KEY}` })
      ).json()) as { sessionToken: string; identity: { id: string } };
    const a = await signOn(`ct-a-${Date.now()}@example.com`);
    const b = await signOn(`ct-b-${Date.now()}@example.com`);
    for (const sessionToken of [
      '',
      'x',
      'x'.repeat(43),
      `${a.sessionToken}x`,
      b.sessionToken.slice(0, 42),
      b.sessionToken,
    ]) {
      const res = await grant({ member_id: a.identity.id, session_token: sessionToken }, `,${API_KEY}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    }
    expect((await grant({ member_id: a.identity.id, session_token: a.sessionToken }, `,${API_KEY}`)).status).toBe(200);
    const replay = await grant({ member_id: a.identity.id, session_token: a.sessionToken }, `,${API_KEY}`);
    expect(replay.status).toBe(400);

    const c = await signOn(`ct-c-${Date.now()}@example.com`);
    clock += 5 * 60 * 1000 + 1000;
    try {
      const late = await grant({ member_id: c.identity.id, session_token: c.sessionToken }, `,${API_KEY}`);
      expect(late.status).toBe(400);
      expect(await late.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      clock = Date.now();
    }
  });
});

describe('#11 API keys are compared in constant time', () => {
  const KEYS = { admin: 'admin-key-0123456789abcdefghij', a: 'site-a-key-0123456789abcdef', b: 'site-b-key-xyz' };
  const site = (id: string, key: string) => ({ id, apiKeys: [{ name: `${id}-key`, key }] }) as unknown as SiteConfig;
  const verifier = new ApiKeyVerifier(KEYS.admin, [site('a', KEYS.a), site('b', KEYS.b)]);

  it('candidates of any length are compared without throwing (digests of equal length, never the raw strings)', () => {
    // timingSafeEqual throws on buffers of different lengths: raw-key comparison would fail here.
    for (const candidate of ['', 'x', KEYS.a.slice(0, -1), `${KEYS.a}x`, 'é'.repeat(40), 'z'.repeat(100_000)]) {
      expect(verifier.isAdminKey(candidate)).toBe(false);
      expect(verifier.findSiteKey(candidate)).toBeUndefined();
    }
    expect(verifier.isAdminKey(KEYS.admin)).toBe(true);
    expect(verifier.findSiteKey(KEYS.a)).toEqual({ siteId: 'a', keyName: 'a-key' });
    expect(verifier.findSiteKey(KEYS.b)).toEqual({ siteId: 'b', keyName: 'b-key' });
  });

  it('keeps no key text in memory, only digests', () => {
    const dump = inspect(verifier, { depth: 10, showHidden: true, maxArrayLength: 1_000, maxStringLength: 100_000 });
    for (const key of Object.values(KEYS)) {
      expect(dump).not.toContain(key);
      // A Buffer of the raw key would print as its bytes.
      expect(dump).not.toContain(
        Buffer.from(key)
          .subarray(0, 8)
          .toString('hex')
          .replace(/(..)(?!$)/g, '$1 '),
      );
    }
  });

  it('the verifier source compares only with crypto.timingSafeEqual over digests and never stops early', () => {
    const report = compareReport(readFileSync(new URL('../api-keys.ts', import.meta.url), 'utf8'));
    expect(report.importsTimingSafeEqual).toBe(true);
    expect(report.safeEqualCalls).toBeGreaterThanOrEqual(2);
    expect(report.nonDigestArguments).toEqual([]);
    expect(report.equality).toEqual([]);
    expect(report.shortCircuitingCalls).toEqual([]);
    expect(report.earlyExitsInLoops).toEqual([]);
  });

  it('(control) the source check flags a leaky verifier', () => {
    const leaky = `import { timingSafeEqual } from 'node:crypto';
      export function find(keys: { key: string }[], candidate: string) {
        for (const k of keys) { if (k.key === candidate) return k; }
        return keys.find((k) => Buffer.from(k.key).equals(Buffer.from(candidate))) ?? timingSafeEqual(Buffer.from(candidate), Buffer.from('x'));
      }`;
    const report = compareReport(leaky);
    expect(report.equality).toEqual(['k.key === candidate']);
    expect(report.shortCircuitingCalls.length).toBe(2);
    expect(report.earlyExitsInLoops).toEqual(['return k;']);
    expect(report.nonDigestArguments).toEqual(['Buffer.from(candidate)', "Buffer.from('x')"]);
  });
});

/** What a constant-time review of a key verifier looks for, read from its TypeScript syntax tree. */
function compareReport(text: string) {
  const source = ts.createSourceFile('verifier.ts', text, ts.ScriptTarget.ES2022, true);
  const imported = source.statements
    .filter(ts.isImportDeclaration)
    .find((d) => (d.moduleSpecifier as ts.StringLiteral).text === 'node:crypto')?.importClause?.namedBindings;
  const equalityOps = new Set([
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ]);
  // Comparisons that return at the first differing byte or element.
  const shortCircuiting = new Set([
    'equals',
    'compare',
    'includes',
    'indexOf',
    'startsWith',
    'endsWith',
    'localeCompare',
    'find',
    'some',
    'findIndex',
  ]);
  const report = {
    importsTimingSafeEqual:
      !!imported && ts.isNamedImports(imported) && imported.elements.some((e) => e.name.text === 'timingSafeEqual'),
    safeEqualCalls: 0,
    nonDigestArguments: [] as string[],
    equality: [] as string[],
    shortCircuitingCalls: [] as string[],
    earlyExitsInLoops: [] as string[],
  };
  const visit = (node: ts.Node, inLoop: boolean): void => {
    if (ts.isBinaryExpression(node) && equalityOps.has(node.operatorToken.kind)) report.equality.push(node.getText());
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (shortCircuiting.has(name)) report.shortCircuitingCalls.push(node.getText());
      if (name === 'timingSafeEqual') {
        report.safeEqualCalls++;
        // Both sides must be SHA-256 digests (equal length): a fresh digest(…) or a stored digest.
        for (const arg of node.arguments)
          if (!/^(digest\(candidate\)|hash|this\.admin|key\.hash)$/.test(arg.getText()))
            report.nonDigestArguments.push(arg.getText());
      }
    }
    if (inLoop && (ts.isReturnStatement(node) || ts.isBreakStatement(node)))
      report.earlyExitsInLoops.push(node.getText());
    const loop =
      inLoop ||
      ts.isForOfStatement(node) ||
      ts.isForStatement(node) ||
      ts.isForInStatement(node) ||
      ts.isWhileStatement(node) ||
      ts.isDoStatement(node);
    ts.forEachChild(node, (child) => visit(child, loop));
  };
  visit(source, false);
  return report;
}
