/**
 * The register flow's rules, called as a function (issue #49): no server, no HTTP, a pooled PGlite
 * (test-support/flow-world.ts). An `.integration` file only because it opens a database; the answers on the
 * wire stay with identity/auth.integration.test.ts and identity/password-policy.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFlowWorld, type FlowWorld } from '../../../test-support/flow-world.js';
import { findMemberByEmail } from '../../members/index.js';
import { register } from './register.js';

let world: FlowWorld;
beforeAll(async () => {
  world = await openFlowWorld({ policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } });
});
afterAll(() => world.close());

let n = 0;
const unique = (tag: string) => `${tag}-${++n}@example.com`;
const PASSWORD = 'correct horse battery';
const signUp = (email: string, password: string, scope = world.scope()) =>
  register(world.deps, scope, { loginId: { email }, password });
/** The field violations of a validation error (ValidationError: `violations`). */
const violationsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => [],
    (e: { violations?: { field: string; description: string }[] }) => e.violations ?? [],
  );

describe('register flow', () => {
  it('a new address gets a member and SUCCESS with a session token when verification is off', async () => {
    const email = unique('new');
    const answer = await signUp(email, PASSWORD);
    expect(answer.state).toBe('SUCCESS');
    expect(answer.sessionToken).toBeTypeOf('string');
    const stored = await findMemberByEmail(world.deps.ctx.db, world.site.id, email);
    expect(stored).toMatchObject({ id: answer.identity.id, emailVerified: false, approved: true });
    expect(await world.mails(email)).toEqual([]);
  });

  it('with verification required the new member gets the verification state and a code mail', async () => {
    const email = unique('verify');
    const answer = await signUp(email, PASSWORD, world.scope({ policies: { emailVerification: 'required' } }));
    expect(answer.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(answer.sessionToken).toBeUndefined();
    expect((await world.mails(email)).map((m) => m.kind)).toEqual(['verification-code']);
  });

  it('a taken address, in any case, is refused with -19995 and the first member is untouched', async () => {
    const email = unique('taken');
    const first = await signUp(email, PASSWORD);
    const again = await signUp(email.toUpperCase(), 'another good password').catch((e: unknown) => e);
    expect(again).toMatchObject({ code: '-19995' });
    expect((await findMemberByEmail(world.deps.ctx.db, world.site.id, email))?.id).toBe(first.identity.id);
  });

  it('the password policy: too short, too common, or the shop’s name or the address is a violation on password', async () => {
    const email = unique('policy');
    for (const password of ['short', 'password123', world.site.name, email])
      expect((await violationsOf(signUp(email, password))).map((v) => v.field)).toEqual(['password']);
    expect(await findMemberByEmail(world.deps.ctx.db, world.site.id, email)).toBeUndefined();
  });

  it('with manual approval the new member waits for the owner', async () => {
    const email = unique('approval');
    const answer = await signUp(email, PASSWORD, world.scope({ policies: { memberApproval: 'manual' } }));
    expect(answer.state).toBe('REQUIRE_OWNER_APPROVAL');
    expect(await findMemberByEmail(world.deps.ctx.db, world.site.id, email)).toMatchObject({ approved: false });
  });
});
