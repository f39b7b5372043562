import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyMemberEmail } from '../../members/index.js';
import { memberCalls, startMfaServer, totpCode, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { SoftwarePasskey } from '../../../test-support/software-passkey.js';
import { FACTOR_STATUSES } from '../schemas.js';

/**
 * `identity.factors` in every identity answer (docs/wire-format.md §6.3): the password and each ACTIVE
 * second factor under the wire's FactorType names, never one still being set up; and the factor
 * statuses /openapi.json documents are exactly the wire's `Status` enum, which holds every status sent.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
});
afterAll(() => h.server.close());

const password = (memberId: string) => ({ factorId: `${memberId}-password`, type: 'PASSWORD', status: 'ACTIVE' });

/** A member with an authenticator app, email codes and a passkey, all enrolled through the real endpoints. */
async function withEveryFactor() {
  const member = await m.withTotp('all-factors');
  await h.server.ctx.db.transaction((tx) => verifyMemberEmail(tx, h.server.siteId, member.memberId, Date.now()));
  const email = await h.call('POST', '/_api/iam/mfa/v1/factors', {
    token: member.token,
    body: { factorType: 'EMAIL' },
  });
  expect(email.body.factor).toMatchObject({ factorType: 'EMAIL', status: 'ACTIVE' });
  const options = await h.call('POST', '/_api/iam/mfa/v1/passkeys/registration-options', {
    token: member.token,
    body: {},
  });
  const origin = new URL(h.server.ctx.config.publicUrl).origin;
  const passkey = await h.call('POST', '/_api/iam/mfa/v1/passkeys', {
    token: member.token,
    body: {
      challengeId: options.body.challengeId,
      credential: new SoftwarePasskey().register(options.body.publicKeyCredentialCreationOptionsJson, { origin }),
    },
  });
  expect(passkey.body.factor).toMatchObject({ factorType: 'WEBAUTHN', status: 'ACTIVE' });
  const factors = [
    password(member.memberId),
    { factorId: member.factorId, type: 'TOTP', status: 'ACTIVE' },
    { factorId: email.body.factor.factorId as string, type: 'EMAIL', status: 'ACTIVE' },
    { factorId: passkey.body.factor.factorId as string, type: 'WEBAUTHN', status: 'ACTIVE' },
  ];
  return { ...member, factors };
}

describe('identity.factors', () => {
  it('lists the password and every active second factor in the second step and in the SUCCESS answer', async () => {
    const member = await withEveryFactor();
    const login = await m.login(member.email);
    expect(login.body.state).toBe('REQUIRE_MFA');
    expect(login.body.identity.factors).toEqual(member.factors);

    const wrong = await m.verify('totp/verify', { stateToken: login.body.stateToken, totpData: { code: '000000' } });
    expect(wrong.body).toMatchObject({ state: 'REQUIRE_MFA', identity: { factors: member.factors } });
    const chosen = await m.verify('email/verify', { stateToken: login.body.stateToken });
    expect(chosen.body).toMatchObject({ state: 'MFA_CHALLENGE', identity: { factors: member.factors } });

    h.clock.offset += 30_000;
    const ok = await m.verify('totp/verify', {
      stateToken: login.body.stateToken,
      totpData: { code: totpCode(h, member.secret) },
    });
    expect(ok.body.state).toBe('SUCCESS');
    expect(ok.body.identity.factors).toEqual(member.factors);
  });

  it('leaves out a factor still being set up, and one the member removed', async () => {
    const member = await m.register('setting-up');
    const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'TOTP' },
    });
    expect(added.body.factor.status).toBe('INACTIVE');
    const login = await m.login(member.email);
    expect(login.body).toMatchObject({ state: 'SUCCESS', identity: { factors: [password(member.memberId)] } });

    const removing = await m.withTotp('removed');
    const removed = await h.call('DELETE', `/_api/iam/mfa/v1/factors/${removing.factorId}`, { token: removing.token });
    expect(removed.status).toBe(200);
    const after = await m.login(removing.email);
    expect(after.body).toMatchObject({ state: 'SUCCESS', identity: { factors: [password(removing.memberId)] } });
  });
});

describe('factor statuses in /openapi.json', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking a JSON document
  const at = (node: any, ...keys: string[]) => keys.reduce((n, k) => n?.[k], node);
  const json = (op: unknown) => at(op, 'responses', '200', 'content', 'application/json', 'schema');

  it("are the wire's Status enum wherever a factor is described, and hold every status the server sends", async () => {
    expect(FACTOR_STATUSES).toEqual(['INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL']);
    const doc = (await h.call('GET', '/openapi.json')).body;
    const mfa = '/_api/iam/mfa/v1';
    const documented = {
      list: at(json(doc.paths[`${mfa}/factors`].get), 'properties', 'factors', 'items', 'properties', 'status'),
      add: at(json(doc.paths[`${mfa}/factors`].post), 'properties', 'factor', 'properties', 'status'),
      activate: at(
        json(doc.paths[`${mfa}/factors/{factorId}/activate`].post),
        'properties',
        'factor',
        'properties',
        'status',
      ),
      passkey: at(json(doc.paths[`${mfa}/passkeys`].post), 'properties', 'factor', 'properties', 'status'),
      identity: at(
        json(doc.paths['/_api/iam/authentication/v2/login'].post),
        'properties',
        'identity',
        'properties',
        'factors',
        'items',
        'properties',
        'status',
      ),
    };
    for (const schema of Object.values(documented)) expect(schema.enum).toEqual([...FACTOR_STATUSES]);

    // What the server sends: INACTIVE and ACTIVE from factor management; REQUIRE_REENROLL for a password
    // that must be reset (here in the second step of a sign-in that began before the reset was required).
    const member = await m.register('statuses');
    const added = await h.call('POST', `${mfa}/factors`, { token: member.token, body: { factorType: 'TOTP' } });
    const activated = await h.call('POST', `${mfa}/factors/${added.body.factor.factorId}/activate`, {
      token: member.token,
      body: { code: totpCode(h, added.body.totp.secret) },
    });
    const login = await m.login(member.email);
    await h.server.ctx.db.query('update members set password_reset_required = true where id = $1', [member.memberId]);
    const step = await m.verify('totp/verify', { stateToken: login.body.stateToken, totpData: { code: '000000' } });
    const sent = [
      added.body.factor.status,
      activated.body.factor.status,
      ...step.body.identity.factors.map((f: { status: string }) => f.status),
    ];
    expect(sent).toEqual(['INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL', 'ACTIVE']);
    for (const status of sent) expect(documented.list.enum).toContain(status);
  });
});
