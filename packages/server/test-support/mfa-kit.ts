import { Secret, TOTP } from 'otpauth';
import { ipLimits } from '../src/identity/common.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from './identity-server.js';
import type { TestServerOptions } from './server.js';
import type { SiteConfig } from '../src/config/types.js';

/**
 * The second-factor suites' harness: a real server with a movable clock, a visitor token, and the
 * calls a member makes. TOTP codes come from the otpauth library (an independent RFC 6238 generator).
 */
export const PASSWORD = 'second factor pass 1';
export const CLIENT = 'mfa-app';

export interface MfaHarness {
  server: IdentityTestServer;
  call: ReturnType<typeof api>;
  visitor: string;
  clock: { offset: number };
}

export async function startMfaServer(
  policies: Partial<SiteConfig['policies']> = {},
  options: TestServerOptions = {},
): Promise<MfaHarness> {
  // Many verify calls from one address in one suite: the per-address limits are not under test here. Put back
  // when the server closes: files share a worker's modules (isolate: false), and a later file reads the defaults.
  const saved = { verification: ipLimits.verification.limit, login: ipLimits.login.limit };
  ipLimits.verification.limit = 10_000;
  ipLimits.login.limit = 10_000;
  const clock = { offset: 0 };
  const started = await startIdentityServer({
    now: () => Date.now() + clock.offset,
    ...options,
    site: (s) =>
      (options.site ?? ((x: SiteConfig) => x))({
        ...s,
        policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off', ...policies },
        clients: [
          ...s.clients,
          {
            clientId: CLIENT,
            redirectUris: ['https://mfa.test/callback'],
            allowedOrigins: ['https://mfa.test'],
            refreshTokenRotation: true,
          },
        ],
      }),
  });
  const server: IdentityTestServer = {
    ...started,
    async close() {
      Object.assign(ipLimits.verification, { limit: saved.verification });
      Object.assign(ipLimits.login, { limit: saved.login });
      await started.close();
    },
  };
  return { server, call: api(server.url), visitor: await visitorToken(server.url, server.clientId), clock };
}

/** Moves the server's clock; a fresh visitor token, as a client would refresh after days away. */
export async function advance(h: MfaHarness, ms: number): Promise<void> {
  h.clock.offset += ms;
  h.visitor = await visitorToken(h.server.url, h.server.clientId);
}

/** One mail the development mailbox holds: its subject and plain-text body. */
export interface DevMail {
  subject: string;
  text: string;
}

/** The mails the harness's server has sent to `email`, read from the development mailbox (`/_dev/mail.json`). */
export async function mailTo(h: MfaHarness, email: string): Promise<DevMail[]> {
  return (await h.call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`)).body.messages as DevMail[];
}

export const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

export const totpCode = (h: MfaHarness, secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + h.clock.offset,
  });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test helper: bodies are asserted shape by shape
export const appError = (res: { body: any }) => res.body?.details?.applicationError?.code as string | undefined;

export function memberCalls(h: MfaHarness) {
  const { call, server } = h;
  const login = (email: string, clientMetaData?: Record<string, unknown>) =>
    call('POST', '/_api/iam/authentication/v2/login', {
      token: h.visitor,
      body: { loginId: { email }, password: PASSWORD, ...(clientMetaData ? { clientMetaData } : {}) },
    });
  const verify = (factorPath: string, body: Record<string, unknown>) =>
    call('POST', `/_api/iam/authentication/v2/${factorPath}`, { token: h.visitor, body });
  async function register(tag: string) {
    const email = unique(tag);
    const reg = await call('POST', '/_api/iam/authentication/v2/register', {
      token: h.visitor,
      body: { loginId: { email }, password: PASSWORD },
    });
    if (reg.status !== 200) throw new Error(`register: ${reg.status} ${reg.text}`);
    const memberId = reg.body.identity.id as string;
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: CLIENT, memberId }),
    );
    return { email, memberId, token: session.accessToken };
  }
  /** A member with an active authenticator app: its secret and recovery codes. */
  async function withTotp(tag: string) {
    const m = await register(tag);
    const added = await call('POST', '/_api/iam/mfa/v1/factors', { token: m.token, body: { factorType: 'TOTP' } });
    if (added.status !== 200) throw new Error(`add factor: ${added.status} ${added.text}`);
    const secret = added.body.totp.secret as string;
    const activated = await call('POST', `/_api/iam/mfa/v1/factors/${added.body.factor.factorId}/activate`, {
      token: m.token,
      body: { code: totpCode(h, secret) },
    });
    if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${activated.text}`);
    return {
      ...m,
      secret,
      factorId: added.body.factor.factorId as string,
      recoveryCodes: activated.body.recoveryCodes as string[],
    };
  }
  return { login, verify, register, withTotp };
}
