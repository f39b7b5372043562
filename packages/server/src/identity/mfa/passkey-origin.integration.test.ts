import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, memberCalls, startMfaServer, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { FLAG_UP, SoftwarePasskey } from '../../../test-support/software-passkey.js';

/**
 * Passkeys against a real server with a software authenticator (issue #14, security: "origin and RP ID
 * from publicUrl, user verification preferred, sign counter checked"). Each refusal forges exactly one
 * field of an otherwise honest ceremony, and an honest answer right after it on the same member (and,
 * for the second step, the same stateToken) is accepted — so the refusal is due to that field alone.
 */
const EVIL = 'https://evil.example';

let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
let origin: string;
let rpId: string;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
  origin = new URL(h.server.ctx.config.publicUrl).origin;
  rpId = new URL(h.server.ctx.config.publicUrl).hostname;
});
afterAll(() => h.server.close());

const registrationOptions = async (token: string) => {
  const res = await h.call('POST', '/_api/iam/mfa/v1/passkeys/registration-options', { token, body: {} });
  expect(res.status).toBe(200);
  return res.body as { challengeId: string; publicKeyCredentialCreationOptionsJson: string };
};

/** A member with a passkey enrolled through the real management endpoints. */
async function withPasskey(tag: string) {
  const member = await m.register(tag);
  const passkey = new SoftwarePasskey();
  const options = await registrationOptions(member.token);
  const added = await h.call('POST', '/_api/iam/mfa/v1/passkeys', {
    token: member.token,
    body: {
      challengeId: options.challengeId,
      credential: passkey.register(options.publicKeyCredentialCreationOptionsJson, { origin }),
      name: 'Software key',
    },
  });
  expect(added.status).toBe(200);
  expect(added.body.factor).toMatchObject({ factorType: 'WEBAUTHN', status: 'ACTIVE' });
  return { ...member, passkey };
}

/** The second step's WEBAUTHN challenge for a stateToken. */
async function secondStepOptions(stateToken: string) {
  const res = await m.verify('webauthn/verify', { stateToken });
  expect(res.body).toMatchObject({ state: 'MFA_CHALLENGE', mfaChallengeData: { factorType: 'WEBAUTHN' } });
  return res.body.mfaChallengeData.verificationChallengeData.webauthnData as {
    challengeId: string;
    publicKeyCredentialRequestOptionsJson: string;
  };
}

async function passwordFreeOptions() {
  const res = await h.call('POST', '/_api/iam/authentication/v2/webauthn/challenge', { token: h.visitor, body: {} });
  expect(res.status).toBe(200);
  return res.body.webauthn as { challengeId: string; publicKeyCredentialRequestOptionsJson: string };
}

const passwordFree = async (
  passkey: SoftwarePasskey,
  overrides: Partial<Parameters<SoftwarePasskey['assert']>[1]> = {},
) => {
  const options = await passwordFreeOptions();
  return m.verify('webauthn/verify', {
    webauthnData: {
      challengeId: options.challengeId,
      credential: passkey.assert(options.publicKeyCredentialRequestOptionsJson, { origin, ...overrides }),
    },
  });
};

const factorCount = async (token: string) =>
  ((await h.call('GET', '/_api/iam/mfa/v1/factors', { token })).body.factors as unknown[]).length;

describe('options sent to the browser', () => {
  it('registration: RP ID is the publicUrl host and authenticatorSelection.userVerification is "preferred"', async () => {
    const member = await m.register('reg-options');
    const options = JSON.parse((await registrationOptions(member.token)).publicKeyCredentialCreationOptionsJson);
    expect(options.rp.id).toBe(rpId);
    expect(options.authenticatorSelection).toMatchObject({ userVerification: 'preferred' });
  });

  it('authentication (second step and password-free): rpId is the publicUrl host and userVerification is "preferred"', async () => {
    const member = await withPasskey('auth-options');
    const login = await m.login(member.email);
    const secondStep = JSON.parse(
      (await secondStepOptions(login.body.stateToken)).publicKeyCredentialRequestOptionsJson,
    );
    expect(secondStep).toMatchObject({ rpId, userVerification: 'preferred' });
    expect(secondStep.allowCredentials.map((c: { id: string }) => c.id)).toEqual([member.passkey.id]);
    const free = JSON.parse((await passwordFreeOptions()).publicKeyCredentialRequestOptionsJson);
    expect(free).toMatchObject({ rpId, userVerification: 'preferred' });
  });
});

describe('registration', () => {
  it('a passkey created on a foreign origin is refused and not stored; the same authenticator on publicUrl is accepted', async () => {
    const member = await m.register('reg-evil');
    const passkey = new SoftwarePasskey();
    const evil = await registrationOptions(member.token);
    const refused = await h.call('POST', '/_api/iam/mfa/v1/passkeys', {
      token: member.token,
      body: {
        challengeId: evil.challengeId,
        credential: passkey.register(evil.publicKeyCredentialCreationOptionsJson, { origin: EVIL }),
      },
    });
    expect([refused.status, appError(refused)]).toEqual([400, 'WEBAUTHN_FAILED']);
    expect(await factorCount(member.token)).toBe(0);

    const other = await registrationOptions(member.token);
    const wrongRp = await h.call('POST', '/_api/iam/mfa/v1/passkeys', {
      token: member.token,
      body: {
        challengeId: other.challengeId,
        credential: passkey.register(other.publicKeyCredentialCreationOptionsJson, { origin, rpId: 'evil.example' }),
      },
    });
    expect([wrongRp.status, appError(wrongRp)]).toEqual([400, 'WEBAUTHN_FAILED']);
    expect(await factorCount(member.token)).toBe(0);

    const honest = await registrationOptions(member.token);
    const added = await h.call('POST', '/_api/iam/mfa/v1/passkeys', {
      token: member.token,
      body: {
        challengeId: honest.challengeId,
        credential: passkey.register(honest.publicKeyCredentialCreationOptionsJson, { origin }),
      },
    });
    expect(added.status).toBe(200);
    expect(await factorCount(member.token)).toBe(1);
  });
});

describe('second step with a passkey', () => {
  it('a foreign origin or another RP ID is refused (REQUIRE_MFA, no session); publicUrl on the same stateToken → SUCCESS', async () => {
    const member = await withPasskey('second-step');
    const login = await m.login(member.email);
    expect(login.body.requireMfaData.availableFactors).toEqual(
      expect.arrayContaining([{ factorType: 'WEBAUTHN', factorStatus: 'ENABLED' }]),
    );
    const { stateToken } = login.body;

    const answer = async (overrides: Partial<Parameters<SoftwarePasskey['assert']>[1]>) => {
      const options = await secondStepOptions(stateToken);
      const credential = member.passkey.assert(options.publicKeyCredentialRequestOptionsJson, { origin, ...overrides });
      return m.verify('webauthn/verify', {
        stateToken,
        webauthnData: { challengeId: options.challengeId, credential },
      });
    };

    for (const forged of [{ origin: EVIL }, { rpId: 'evil.example' }]) {
      const refused = await answer(forged);
      expect(refused.body).toMatchObject({
        state: 'REQUIRE_MFA',
        stateToken,
        additionalData: { failure: { strValue: 'WRONG_CODE' } },
      });
      expect(refused.body.sessionToken).toBeUndefined();
    }

    const accepted = await answer({});
    expect(accepted.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(accepted.body.identity.id).toBe(member.memberId);
  });
});

describe('password-free sign-in with a passkey', () => {
  it('an assertion for publicUrl signs the member in', async () => {
    const member = await withPasskey('free-ok');
    const res = await passwordFree(member.passkey);
    expect(res.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(res.body.identity.id).toBe(member.memberId);
  });

  it('a foreign origin or an rpIdHash of another RP ID is refused with WEBAUTHN_FAILED', async () => {
    const member = await withPasskey('free-forged');
    for (const forged of [
      { origin: EVIL },
      { origin: 'http://evil.example' },
      { rpId: 'evil.example' },
      { rpId: `${rpId}.evil.example` },
    ]) {
      const refused = await passwordFree(member.passkey, forged);
      expect([refused.status, appError(refused), refused.body.sessionToken]).toEqual([
        400,
        'WEBAUTHN_FAILED',
        undefined,
      ]);
    }
    expect((await passwordFree(member.passkey)).body.state).toBe('SUCCESS');
  });

  it('user verification is preferred, not required: user presence alone is accepted, no presence is refused', async () => {
    const member = await withPasskey('free-uv');
    expect((await passwordFree(member.passkey, { flags: FLAG_UP })).body.state).toBe('SUCCESS');
    const absent = await passwordFree(member.passkey, { flags: 0 });
    expect([absent.status, appError(absent)]).toEqual([400, 'WEBAUTHN_FAILED']);
  });

  it('the sign counter must grow: a repeated or lower counter (a cloned authenticator) is refused', async () => {
    const member = await withPasskey('free-counter');
    expect((await passwordFree(member.passkey, { signCount: 10 })).body.state).toBe('SUCCESS');
    for (const signCount of [10, 9]) {
      const cloned = await passwordFree(member.passkey, { signCount });
      expect([cloned.status, appError(cloned)]).toEqual([400, 'WEBAUTHN_FAILED']);
    }
    expect((await passwordFree(member.passkey, { signCount: 11 })).body.state).toBe('SUCCESS');
  });
});
