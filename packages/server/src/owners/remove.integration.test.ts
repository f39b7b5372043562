import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../mail/outbox.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { consoleClient, signedIn } from '../../test-support/owners-kit.js';

/** Owners invite and remove each other from the console (issue #31), on a real server. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const code = (res: { body: { details?: { applicationError?: { code?: string } } } }) =>
  res.body.details?.applicationError?.code;
const asAdmin = (method: string, path: string) =>
  fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${server.adminKey}` } });

describe('removing owners', () => {
  it('an owner invites an editor, who sets up; removing the editor ends their session at once; audited', async () => {
    const owner = await signedIn(server, unique('boss'), 'owner');
    const email = unique('editor');
    const invited = await owner.call('POST', '/_admin/v1/owners', { email, role: 'editor' });
    expect(invited.status).toBe(200);
    // From the console the invitee gets the link by mail too.
    const mails = await listMail(server.ctx.db, { to: email });
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['owner-invitation', 'Vitrine console: activate your account'],
    ]);
    expect(mails[0]!.text).toContain(invited.body.setupUrl);
    const editor = consoleClient(server.url);
    const token = new URL(invited.body.setupUrl as string).searchParams.get('token');
    expect(
      (await editor.call('POST', '/_admin/v1/console/setup', { token, password: 'an editor password' })).status,
    ).toBe(200);
    expect((await editor.call('GET', '/_admin/v1/console/session')).body.owner).toMatchObject({
      email,
      role: 'editor',
    });

    // The editor may not remove anyone; the owner may.
    const editorTries = await editor.call('DELETE', `/_admin/v1/owners/${invited.body.owner.id}`);
    expect(editorTries.status).toBe(403);
    const removed = await owner.call('DELETE', `/_admin/v1/owners/${invited.body.owner.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.owner).toMatchObject({ email, role: 'editor' });
    expect((await editor.call('GET', '/_admin/v1/console/session')).status).toBe(401);
    const list = await owner.call('GET', '/_admin/v1/owners');
    expect(list.body.owners.map((o: { email: string }) => o.email)).not.toContain(email);
    expect(code(await owner.call('DELETE', `/_admin/v1/owners/${invited.body.owner.id}`))).toBe('OWNER_NOT_FOUND');

    const events = await fetch(
      `${server.url}/_admin/v1/auth-events?siteId=${server.siteId}&type=owner_action&limit=50`,
      {
        headers: { authorization: `Bearer ${server.adminKey}` },
      },
    ).then((r) => r.json() as Promise<{ events: { detail: Record<string, unknown> }[] }>);
    expect(
      events.events.find((e) => e.detail.action === 'remove_owner' && e.detail.target === email)?.detail,
    ).toMatchObject({
      role: 'editor',
      by: 'owner',
    });
  });

  it('never yourself, nor the last owner who can manage owners', async () => {
    const email = unique('only');
    const only = await signedIn(server, email, 'owner');
    const me = (await only.call('GET', '/_admin/v1/console/session')).body.owner.id as string;
    const self = await only.call('DELETE', `/_admin/v1/owners/${me}`);
    expect(self.status).toBe(409);
    expect(code(self)).toBe('OWNER_REMOVE_REFUSED');
    // The admin key may remove owners, but not the last one with a password and the owner role.
    const owners = (await (await asAdmin('GET', '/_admin/v1/owners')).json()) as {
      owners: { id: string; role: string; passwordSet: boolean }[];
    };
    const active = owners.owners.filter((o) => o.role === 'owner' && o.passwordSet && o.id !== me);
    for (const o of active) expect((await asAdmin('DELETE', `/_admin/v1/owners/${o.id}`)).status).toBe(200);
    const last = await asAdmin('DELETE', `/_admin/v1/owners/${me}`);
    expect(last.status).toBe(409);
    expect((await only.call('GET', '/_admin/v1/console/session')).status).toBe(200);
    expect((await asAdmin('DELETE', '/_admin/v1/owners/not-an-id')).status).toBe(404);
  });
});
