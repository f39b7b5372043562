import type { SiteConfig } from '../../config/types.js';
import { mailLanguage } from '../../i18n/index.js';
import { enqueueMail } from '../../mail/outbox.js';
import { verificationCodeMail } from '../../mail/templates.js';
import type { Member } from '../../members/index.js';
import type { IdentityDeps, StateResponse } from '../common.js';
import { loadWireIdentity } from '../identity-view.js';
import { MFA_STATE_TTL_SECONDS, setEmailCode, type MfaChallenge } from './challenge.js';
import { listFactors } from './factors.js';
import type { AvailableFactor } from './gate.js';
import { authenticationOptions } from './webauthn.js';

/**
 * The second step's MFA_CHALLENGE answers that verify.ts hands out before an answer: the emailed code
 * (EMAIL without a code) and the passkey challenge (WEBAUTHN without a credential).
 */
export async function mailCode(
  deps: IdentityDeps,
  site: SiteConfig,
  member: Member,
  challenge: MfaChallenge,
  stateToken: string,
  factors: AvailableFactor[],
): Promise<StateResponse> {
  const { ctx } = deps;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // One mail a minute per step: choosing EMAIL again sooner answers the same challenge without a new mail.
    if (challenge.emailSentAt && now - challenge.emailSentAt.getTime() < 60_000) return;
    const code = await setEmailCode(tx, site.id, challenge.id, now);
    await enqueueMail(
      tx,
      {
        siteId: site.id,
        kind: 'mfa-code',
        to: member.email,
        ...verificationCodeMail(mailLanguage(site, { member }), site, code, MFA_STATE_TTL_SECONDS / 60),
      },
      now,
    );
  });
  return {
    state: 'MFA_CHALLENGE',
    stateToken,
    identity: await loadWireIdentity(ctx.db, site, member),
    additionalData: {},
    mfaChallengeData: {
      factorType: 'EMAIL',
      verificationChallengeData: { hint: maskEmail(member.email) },
      availableFactors: factors,
      reason: 'USER_SETTINGS',
    },
  };
}

export async function passkeyChallenge(
  deps: IdentityDeps,
  site: SiteConfig,
  member: Member,
  stateToken: string,
  factors: AvailableFactor[],
): Promise<StateResponse> {
  const { ctx } = deps;
  const passkeys = (await listFactors(ctx.db, site.id, member.id, true)).filter((f) => f.type === 'WEBAUTHN');
  const webauthnData = await ctx.db.transaction((tx) =>
    authenticationOptions(tx, ctx, site, member.id, passkeys, ctx.now()),
  );
  return {
    state: 'MFA_CHALLENGE',
    stateToken,
    identity: await loadWireIdentity(ctx.db, site, member),
    additionalData: {},
    mfaChallengeData: {
      factorType: 'WEBAUTHN',
      verificationChallengeData: { webauthnData },
      availableFactors: factors,
      reason: 'USER_SETTINGS',
    },
  };
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
