/**
 * Audit S-8: `\u212A…@` (KELVIN SIGN) lower-cased to `k…@`, so a look-alike address signed into another
 * member's account, linked to it through a provider, or squatted it at registration. Now every entry point
 * reads addresses through one key (security/email-key.ts) and refuses a spelling that is read as another
 * address until the caller sends that address; stored keys are brought to the rule without merging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, appError, startMfaServer, type MfaHarness } from '../../test-support/index.js';
import type { IdentityProviderConfig } from '../config/types.js';
import { resolveMember } from './sso/linking.js';
import { rekeyEmails, findMemberByEmail, insertMember } from '../members/index.js';

let h: MfaHarness;
const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  h = await startMfaServer();
});
afterAll(() => h?.server.close());

const register = (email: string) =>
  h.call('POST', '/_api/iam/authentication/v2/register', {
    token: h.visitor,
    body: { loginId: { email }, password: PASSWORD },
  });
const login = (email: string) =>
  h.call('POST', '/_api/iam/authentication/v2/login', {
    token: h.visitor,
    body: { loginId: { email }, password: PASSWORD },
  });

/** The validation body that names what the address is read as. */
const readAs = (field: string, normalizedEmail: string) => ({
  message: expect.any(String),
  details: {
    validationError: {
      fieldViolations: [
        {
          field,
          description: `is read as ${normalizedEmail}; send that address to use it`,
          violatedRule: 'FORMAT',
          ruleName: 'EMAIL_NEEDS_CONFIRMATION',
          data: { type: 'EMAIL', normalizedEmail },
        },
      ],
    },
  },
});

// Each look-alike spelling, and the plain address it is read as.
const confusables = [
  { name: 'KELVIN SIGN', typed: (t: string) => `\u212A${t}@example.com`, plain: (t: string) => `k${t}@example.com` },
  {
    name: 'fullwidth letters',
    typed: (t: string) => `\uFF4B\uFF41${t}@example.com`,
    plain: (t: string) => `ka${t}@example.com`,
  },
  { name: 'ligature ff', typed: (t: string) => `o\uFB00${t}@example.com`, plain: (t: string) => `off${t}@example.com` },
  { name: 'LONG S', typed: (t: string) => `\u017F${t}@example.com`, plain: (t: string) => `s${t}@example.com` },
  {
    name: 'ANGSTROM SIGN',
    typed: (t: string) => `\u212B${t}@example.com`,
    plain: (t: string) => `\u00E5${t}@example.com`,
  },
];

describe('a look-alike address never reaches the account it stands for (audit S-8)', () => {
  it.each(confusables)('$name: sign-in is refused, naming the address it is read as', async ({ typed, plain }) => {
    const t = tag();
    expect((await register(plain(t))).body.state).toBe('SUCCESS');
    const response = await login(typed(t));
    expect(response.status).toBe(400);
    expect(response.body.details.applicationError).toEqual({
      code: 'EMAIL_NEEDS_CONFIRMATION',
      description: `This address is read as ${plain(t)}; sign in with that address`,
      data: { normalizedEmail: plain(t) },
    });
    expect((await login(plain(t))).body.state).toBe('SUCCESS');
  });

  it.each(confusables)(
    '$name: registering it first squats nothing; the form it is read as registers',
    async ({ typed, plain }) => {
      const t = tag();
      const squat = await register(typed(t));
      expect({ status: squat.status, body: squat.body }).toEqual({
        status: 400,
        body: readAs('loginId.email', plain(t)),
      });
      expect((await register(plain(t))).body.state).toBe('SUCCESS');
    },
  );

  it('dotted and dotless I stay apart from i: İ is read as i + U+0307 and asks to confirm, ı is its own letter', async () => {
    const t = tag();
    expect((await register(`i${t}@example.com`)).body.state).toBe('SUCCESS');
    const dotted = await login(`\u0130${t}@example.com`);
    expect(dotted.body.details.applicationError.data).toEqual({ normalizedEmail: `i\u0307${t}@example.com` });
    expect(appError(await login(`\u0131${t}@example.com`))).toBe('-19976');
  });

  it('ASCII case alone needs no confirmation (control)', async () => {
    const t = tag();
    expect((await register(`case${t}@example.com`)).body.state).toBe('SUCCESS');
    expect((await login(`CASE${t}@EXAMPLE.COM`)).body.state).toBe('SUCCESS');
  });

  it('password recovery and owner invitations name the normalised form too', async () => {
    const t = tag();
    const recovery = await h.call('POST', '/_api/iam/recovery/v1/send-email', {
      token: h.visitor,
      body: { email: `\u212A${t}@example.com` },
    });
    expect({ status: recovery.status, body: recovery.body }).toEqual({
      status: 400,
      body: readAs('email', `k${t}@example.com`),
    });
    const invite = await h.call('POST', '/_admin/v1/owners', {
      token: `Bearer ${h.server.adminKey}`,
      body: { email: `\uFF4F${t}@example.com` },
    });
    expect({ status: invite.status, body: invite.body }).toEqual({
      status: 400,
      body: readAs('email', `o${t}@example.com`),
    });
  });

  it('a provider asserting a look-alike of a member address, verified and trusted to link, does not sign in as that member', async () => {
    const t = tag();
    expect((await register(`k${t}@example.com`)).body.state).toBe('SUCCESS');
    const site = h.server.ctx.sites.get(h.server.siteId)!;
    const idp = { id: 'corp', name: 'Corp', linkByVerifiedEmail: true } as IdentityProviderConfig;
    const resolution = await h.server.ctx.db.transaction((tx) =>
      resolveMember(tx, h.server.ctx, {
        site,
        idp,
        issuer: 'https://idp.example',
        claims: { sub: `sub-${t}`, email: `\u212A${t}@example.com`, email_verified: true },
        visitorId: undefined,
        now: Date.now(),
      }),
    );
    expect(resolution).toEqual({
      kind: 'lookalike-email',
      email: `\u212A${t}@example.com`,
      normalizedEmail: `k${t}@example.com`,
    });
  });

  it('the admin search finds a member by a fullwidth spelling of the address', async () => {
    const t = tag();
    expect((await register(`find${t}@example.com`)).body.state).toBe('SUCCESS');
    const response = await h.call(
      'GET',
      `/_admin/v1/members?siteId=${h.server.siteId}&search=${encodeURIComponent(`\uFF46ind${t}`)}`,
      { token: `Bearer ${h.server.adminKey}` },
    );
    expect(response.body.members.map((m: { email: string }) => m.email)).toEqual([`find${t}@example.com`]);
  });
});

describe('stored keys follow the rule at start; a clash is reported, never merged', () => {
  it('re-keys a lone look-alike, and leaves two addresses with the same new key apart', async () => {
    const { db } = h.server.ctx;
    const siteId = h.server.siteId;
    const t = tag();
    // Rows as the old rule (trim + lower case) stored them, before migration 16's rule existed.
    const old = async (email: string) => {
      const member = await db.transaction((tx) =>
        insertMember(tx, {
          siteId,
          email,
          passwordHash: null,
          emailVerified: true,
          approved: true,
          profile: {},
          now: Date.now(),
        }),
      );
      await db.query('update members set email_key = $3, email_key_version = 1 where site_id = $1 and id = $2', [
        siteId,
        member!.id,
        email.trim().toLowerCase(),
      ]);
      return member!.id;
    };
    const lone = await old(`\uFF5Aoe${t}@example.com`);
    const lookalike = await old(`\uFF41nn${t}@example.com`);
    const plain = await old(`ann${t}@example.com`);
    const warnings: unknown[] = [];
    const log = { warn: (fields: unknown) => warnings.push(fields) } as never;

    const report = await rekeyEmails(db, log, new Date());
    expect(report).toMatchObject({ rekeyed: 1, collisions: 1 });
    expect((await findMemberByEmail(db, siteId, `zoe${t}@example.com`))?.id).toBe(lone);
    expect((await findMemberByEmail(db, siteId, `ann${t}@example.com`))?.id).toBe(plain);
    const { rows } = await db.query<{ id: string; conflicting_id: string; normalized_key: string }>(
      "select id, conflicting_id, normalized_key from email_key_collisions where kind = 'member' and site_id = $1",
      [siteId],
    );
    expect(rows).toEqual([{ id: lookalike, conflicting_id: plain, normalized_key: `ann${t}@example.com` }]);
    expect(warnings).toEqual([{ kind: 'member', siteId, id: lookalike }]);
    // Nothing left to do on the next start.
    expect(await rekeyEmails(db, log, new Date())).toEqual({ rekeyed: 0, collisions: 0 });
  });
});
