import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStartInvite } from '../cli-owners.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { addOwner, consoleClient } from '../../test-support/owners-kit.js';

/** One-time owner links (issue #31): the first start's link, what a link says before use, used and expired links. */
let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const code = (res: { body: { details?: { applicationError?: { code?: string } } } }) =>
  res.body.details?.applicationError?.code;

describe('first start', () => {
  it('makes the first owner and a link while no owner has a password, and nothing after', async () => {
    const { config, db } = server.ctx;
    const first = await firstStartInvite(config, db, 'owner@localhost', clock);
    expect(first).toMatchObject({ email: 'owner@localhost', role: 'owner', created: true });
    // A second start before the link is used: a new link for the same owner; the first stops working.
    const again = await firstStartInvite(config, db, 'someone-else@example.com', clock);
    expect(again).toMatchObject({ email: 'owner@localhost', role: 'owner', created: false });
    const client = consoleClient(server.url);
    expect(code(await client.call('GET', `/_admin/v1/console/setup?token=${tokenOf(first!.setupUrl)}`))).toBe(
      'INVALID_SETUP_LINK',
    );

    const described = await client.call('GET', `/_admin/v1/console/setup?token=${tokenOf(again!.setupUrl)}`);
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ email: 'owner@localhost', role: 'owner', purpose: 'setup' });
    expect(described.body.twoFactorNext).toBe(false);

    // Setting the password signs the owner in here: the session answers at once.
    const set = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(again!.setupUrl),
      password: 'first owner password',
    });
    expect(set.status).toBe(200);
    expect(set.body.csrfToken).toEqual(expect.any(String));
    const session = await client.call('GET', '/_admin/v1/console/session');
    expect(session.status).toBe(200);
    expect(session.body.owner).toMatchObject({ email: 'owner@localhost', role: 'owner', passwordSet: true });

    expect(await firstStartInvite(config, db, 'owner@localhost', clock)).toBeUndefined();
  });
});

describe('a one-time link says what it is', () => {
  it('a used link names the account and points to signing in, not to a command', async () => {
    const email = `used-${Date.now()}@example.com`;
    const { setupUrl } = await addOwner(server, email, 'editor', 'an editor password');
    const res = await consoleClient(server.url).call('GET', `/_admin/v1/console/setup?token=${tokenOf(setupUrl)}`);
    expect(res.status).toBe(410);
    expect(code(res)).toBe('SETUP_LINK_USED');
    expect(res.body.message).toBe(
      `This link was used already: ${email} has a password. Sign in with it, or choose "Forgot your password?" on the sign-in page.`,
    );
  });

  it('an expired link says it expired and how to get a new one; an unknown one is a 400', async () => {
    const email = `late-${Date.now()}@example.com`;
    const invited = await fetch(`${server.url}/_admin/v1/owners`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'support' }),
    });
    const { setupUrl } = (await invited.json()) as { setupUrl: string };
    clock += 25 * 3600 * 1000;
    const client = consoleClient(server.url);
    const res = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(setupUrl),
      password: 'a support password',
    });
    expect(res.status).toBe(410);
    expect(code(res)).toBe('SETUP_LINK_EXPIRED');
    expect(res.body.message).toContain(`This setup link for ${email} expired (it lasts 24 hours)`);
    const unknown = await client.call('GET', `/_admin/v1/console/setup?token=${'b'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(code(unknown)).toBe('INVALID_SETUP_LINK');
  });
});
