/**
 * The first start's setup link is in the start log, so it stops working once any owner has a password, by
 * any route (audit V5-13): its pending owner is removed with it. Invitations made otherwise keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwnerCommand, firstStartInvite } from '../../test-support/boot.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { addOwner, consoleClient } from '../../test-support/owners-kit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const describeLink = (url: string) =>
  consoleClient(server.url).call('GET', `/_admin/v1/console/setup?token=${tokenOf(url)}`);
const ownerNamed = async (email: string) =>
  (await server.ctx.db.query('select email from owners where email = $1', [email])).rows[0];

describe('the first-start setup link (audit V5-13)', () => {
  it('stops working, and its placeholder owner is gone, once the admin API gives another owner a password', async () => {
    const { config, db } = server.ctx;
    const first = (await firstStartInvite(config, db, 'owner@localhost', Date.now()))!;
    expect(first).toMatchObject({ email: 'owner@localhost', created: true });
    expect((await describeLink(first.setupUrl)).status).toBe(200);
    // An invitation made another way, still pending: it must keep working.
    const invited = await fetch(`${server.url}/_admin/v1/owners`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'helper@shop.test', role: 'support' }),
    });
    const { setupUrl: helperLink } = (await invited.json()) as { setupUrl: string };

    await addOwner(server, 'ops@shop.test', 'owner', 'an owner password 1');

    const res = await describeLink(first.setupUrl);
    expect(res.status).toBe(400);
    expect(res.body.details.applicationError.code).toBe('INVALID_SETUP_LINK');
    const set = await consoleClient(server.url).call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(first.setupUrl),
      password: 'i read the start log 1',
    });
    expect(set.status).toBe(400);
    expect(await ownerNamed('owner@localhost')).toBeUndefined();
    expect((await describeLink(helperLink)).body).toMatchObject({ email: 'helper@shop.test', purpose: 'setup' });
    expect(await firstStartInvite(config, db, 'owner@localhost', Date.now())).toBeUndefined();
  });

  it('a pending owner the first start gave its link to goes too, and can be invited again', async () => {
    await server.ctx.db.query('delete from owners');
    const { config, db } = server.ctx;
    await addOwnerCommand(config, 'later@shop.test', 'owner', { db });
    const first = (await firstStartInvite(config, db, 'owner@localhost', Date.now()))!;
    expect(first).toMatchObject({ email: 'later@shop.test', created: false });
    await addOwner(server, 'boss@shop.test', 'owner', 'an owner password 1');
    expect((await describeLink(first.setupUrl)).status).toBe(400);
    expect(await ownerNamed('later@shop.test')).toBeUndefined();
    const again = await addOwnerCommand(config, 'later@shop.test', 'owner', { db });
    expect((await describeLink(again.setupUrl)).status).toBe(200);
  });

  it('the first-start link itself still sets up its owner', async () => {
    await server.ctx.db.query('delete from owners');
    const { config, db } = server.ctx;
    const first = (await firstStartInvite(config, db, 'owner@localhost', Date.now()))!;
    const set = await consoleClient(server.url).call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(first.setupUrl),
      password: 'first owner password',
    });
    expect(set.status).toBe(200);
    expect(await ownerNamed('owner@localhost')).toEqual({ email: 'owner@localhost' });
  });
});
