import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { consoleClient, signedIn } from '../../test-support/owners-kit.js';

/**
 * GET /_admin/v1/console/session-status, the console's first question on every visit: signed out is a 200
 * answer (review t5: the 401 of …/console/session was logged by the browser on every signed-out visit), while
 * every other owner call keeps its 401.
 */
let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const SIGNED_OUT = { signedIn: false, session: null };

describe('the console session probe', () => {
  it('answers 200 "nobody" without a cookie, with an unknown cookie and with the admin key; /session stays 401', async () => {
    const stranger = consoleClient(server.url);
    const probe = await stranger.call('GET', '/_admin/v1/console/session-status');
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual(SIGNED_OUT);
    stranger.cookie = `vitrine_owner=${'x'.repeat(43)}`;
    expect((await stranger.call('GET', '/_admin/v1/console/session-status')).body).toEqual(SIGNED_OUT);
    const withKey = await fetch(`${server.url}/_admin/v1/console/session-status`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    expect(await withKey.json()).toEqual(SIGNED_OUT);

    const session = await stranger.call('GET', '/_admin/v1/console/session');
    expect(session.status).toBe(401);
    expect(session.body.details.applicationError.code).toBe('OWNER_SESSION_REQUIRED');
    expect((await stranger.call('GET', `/_admin/v1/members?siteId=${server.siteId}`)).status).toBe(401);
  });

  it('answers the session itself while signed in, and "nobody" after sign-out and after 30 idle minutes', async () => {
    const email = unique('probe');
    const owner = await signedIn(server, email, 'editor');
    const probe = await owner.call('GET', '/_admin/v1/console/session-status');
    const session = await owner.call('GET', '/_admin/v1/console/session');
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({ signedIn: true, session: session.body });
    expect(probe.body.session.owner).toMatchObject({ email, role: 'editor' });

    expect((await owner.call('POST', '/_admin/v1/console/sign-out', {})).status).toBe(200);
    expect((await owner.call('GET', '/_admin/v1/console/session-status')).body).toEqual(SIGNED_OUT);

    const idle = await signedIn(server, unique('idle'), 'support');
    const cookie = idle.cookie;
    clock += 31 * 60_000;
    expect((await idle.call('GET', '/_admin/v1/console/session-status')).body).toEqual(SIGNED_OUT);
    // The probe keeps the idle session ended: the cookie opens nothing afterwards.
    idle.cookie = cookie;
    expect((await idle.call('GET', '/_admin/v1/console/session')).status).toBe(401);
  });
});
