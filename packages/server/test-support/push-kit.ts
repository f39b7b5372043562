import type { PushConfig } from '../src/config/types.js';
import { trustCaForTests } from '../src/http/outbound/index.js';
import { memberCalls, PASSWORD, startMfaServer, type MfaHarness } from './mfa-kit.js';
import type { TestServerOptions } from './server.js';

/** A desktop Chrome's user agent: push approvals show it as "Chrome on Linux". */
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36';

/** Push approval (issue #32): a harness whose site has `push` (a few seconds to approve unless set). */
export async function startPushServer(
  push: Partial<PushConfig> = {},
  options: TestServerOptions = {},
): Promise<MfaHarness> {
  return startMfaServer(
    {},
    {
      ...options,
      site: (s) => ({
        ...(options.site ? options.site(s) : s),
        push: { expirySeconds: 120, placeHeader: 'x-client-country', vapid: undefined, ...push },
      }),
    },
  );
}

/** Makes this harness's Web Push deliveries trust `ca` too: a test's own HTTPS push service, TLS still checked. */
export function trustPushService(h: MfaHarness, ca: string): void {
  trustCaForTests(h.server.ctx, ca);
}

/** A member who turned on push approval from one signed-in browser (`token`). */
export async function withPush(h: MfaHarness, tag: string, body: Record<string, unknown> = {}) {
  const member = await memberCalls(h).register(tag);
  const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
    token: member.token,
    headers: { 'user-agent': CHROME_UA },
    body: { factorType: 'PUSH', currentPassword: PASSWORD, ...body },
  });
  if (added.status !== 200) throw new Error(`add PUSH: ${added.status} ${added.text}`);
  return { ...member, factorId: added.body.factor.factorId as string, added: added.body };
}

/** Signs in with the password and starts a push approval: the stateToken, transaction id and number shown. */
export async function startPushSignIn(h: MfaHarness, email: string, headers: Record<string, string> = {}) {
  const login = await memberCalls(h).login(email);
  if (login.body.state !== 'REQUIRE_MFA') throw new Error(`login: ${login.status} ${login.text}`);
  const stateToken = login.body.stateToken as string;
  const started = await h.call('POST', '/_api/iam/authentication/v2/push/verify', {
    token: h.visitor,
    headers: { 'user-agent': CHROME_UA, ...headers },
    body: { stateToken },
  });
  const pushData = started.body.mfaChallengeData?.verificationChallengeData?.pushData;
  if (!pushData) throw new Error(`push/verify: ${started.status} ${started.text}`);
  return {
    login,
    started,
    stateToken,
    transactionId: pushData.transactionId as string,
    matchNumber: pushData.matchNumber as number,
  };
}
