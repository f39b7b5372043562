import { startTestServer, type TestServer, type TestServerOptions } from '@vitrine/server/test-support';

type SiteChange = NonNullable<TestServerOptions['site']>;
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll } from 'vitest';
import { OAuthStrategy } from '../src/auth/oauth-strategy.js';

/** A real @vitrine/server for the SDK's second-factor suites, on a clock the test can move forward. */
export interface MfaTestServer {
  /** Set in beforeAll. */
  server: TestServer;
  /** A fresh OAuthStrategy (no tokens) for the demo client. */
  strategy(): ReturnType<typeof OAuthStrategy>;
  /** The authenticator app's code for `secret` at the server's current time. */
  code(secret: string): string;
  /** Moves the server's clock `ms` forward (one 30 s TOTP step when not given), so a code is never the one just used. */
  advance(ms?: number): void;
}

/**
 * Starts the server for this file (beforeAll / afterAll): anyone may register and sign in at once, no
 * email check, owner approval or captcha, so every test reaches the second step directly.
 */
/** `site`: a change to the site (e.g. `withDevPhone`), applied after the suite's own policies. */
export function useMfaTestServer(site: SiteChange = (s) => s): MfaTestServer {
  let offsetMs = 0;
  const harness: MfaTestServer = {
    server: undefined as unknown as TestServer,
    strategy: () => OAuthStrategy({ clientId: harness.server.clientId, baseUrl: harness.server.url }),
    code: (secret) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs }),
    advance: (ms = 30_000) => {
      offsetMs += ms;
    },
  };
  beforeAll(async () => {
    harness.server = await startTestServer({
      now: () => Date.now() + offsetMs,
      site: (s) =>
        site({
          ...s,
          policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
        }),
    });
  });
  afterAll(() => harness.server?.close());
  return harness;
}
