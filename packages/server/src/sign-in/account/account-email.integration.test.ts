import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountKit } from '../../../test-support/account-kit.js';
import { Browser } from '../../../test-support/sso-kit.js';
import { Kit } from '../../../test-support/redirect-kit.js';

/**
 * Changing the sign-in email address on the ACCOUNT_INFO page (issue #34, docs/account-pages.md#email-address):
 * a code to the new address, the change only with it, a notice to the old address, and no answer that
 * tells whether the new address already has an account.
 */
let kit: Kit;
let acct: AccountKit;
let clock = Date.now();
beforeAll(async () => {
  kit = await Kit.start(() => clock);
  acct = new AccountKit(kit);
});
afterAll(() => kit.server.close());

const mailTo = async (email: string) =>
  (
    (await (await fetch(`${kit.server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { subject: string; text: string }[];
    }
  ).messages;
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function infoPage() {
  const m = await acct.member();
  const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
  const browser = new Browser();
  const { html } = await acct.open(browser, body.redirectSession.fullUrl);
  return { m, browser, html };
}

describe('email change on the ACCOUNT_INFO page', () => {
  it('sends a code to the new address; only the code changes it; the old address gets a notice', async () => {
    const { m, browser, html } = await infoPage();
    const next = unique('new');
    const sent = await acct.post(browser, html, { action: 'email', newEmail: next });
    expect(sent.status).toBe(200);
    const step = await sent.text();
    expect(step).toContain(`If ${next} can be used, a code is on its way`);
    const [mail] = await mailTo(next);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const wrong = await acct.post(browser, step, {
      action: 'email-confirm',
      emailCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('This code is not correct.');
    const done = await acct.post(browser, step, { action: 'email-confirm', emailCode: code });
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(page).toContain('Your sign-in address is changed.');
    expect(page).toContain(`${next} · <strong>Verified`);
    const notice = (await mailTo(m.email)).find((x) => x.subject.includes('sign-in email address was changed'));
    expect(notice?.text).toContain(`is now ${next}`);
    expect(await kit.sessionToken(next, m.password)).toMatch(/\S{20,}/);
    // The old address no longer signs in.
    expect(await kit.sessionToken(m.email, m.password)).toBeUndefined();
    // In the audit log: the wrong code, then the change.
    await kit.server.ctx.authEvents.flush();
    const events = await kit.server.ctx.db.query<{ outcome: string; detail: Record<string, unknown> }>(
      `select outcome, detail from auth_events where member_id = $1 and type = 'email_changed' order by created_at`,
      [m.memberId],
    );
    expect(events.rows).toEqual([
      { outcome: 'failure', detail: { reason: 'INVALID_CODE' } },
      { outcome: 'success', detail: {} },
    ]);
  });

  it('an address that has an account gets a mail saying so, no code; the page answers the same', async () => {
    const other = await acct.member();
    const { m, browser, html } = await infoPage();
    const sent = await acct.post(browser, html, { action: 'email', newEmail: other.email });
    expect(sent.status).toBe(200);
    const step = await sent.text();
    expect(step).toContain(`If ${other.email} can be used, a code is on its way`);
    const mails = await mailTo(other.email);
    expect(mails.map((x) => x.subject)).toContain('Demo Store: this address already has an account');
    expect(mails.some((x) => /\b\d{6}\b/.test(x.text))).toBe(false);
    const refused = await acct.post(browser, step, { action: 'email-confirm', emailCode: '123456' });
    expect(refused.status).toBe(400);
    const rows = await kit.server.ctx.db.query('select email from members where id = $1', [m.memberId]);
    expect(rows.rows).toEqual([{ email: m.email }]);
  });

  it('needs the current password after the fresh-sign-in window; five wrong codes end the change', async () => {
    const { m, browser, html } = await infoPage();
    clock += 11 * 60 * 1000;
    try {
      const next = unique('later');
      const refused = await acct.post(browser, html, { action: 'email', newEmail: next });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('Enter your current password');
      expect(await mailTo(next)).toEqual([]);
      const sent = await acct.post(browser, html, { action: 'email', newEmail: next, emailPassword: m.password });
      expect(sent.status).toBe(200);
      const step = await sent.text();
      const code = /\b(\d{6})\b/.exec((await mailTo(next))[0]!.text)![1]!;
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await acct.post(browser, step, { action: 'email-confirm', emailCode: wrongCode });
      const late = await acct.post(browser, step, { action: 'email-confirm', emailCode: code });
      expect(late.status).toBe(400);
      expect(await late.text()).toContain('Start again.');
    } finally {
      clock -= 11 * 60 * 1000;
    }
    const rows = await kit.server.ctx.db.query('select email from members where id = $1', [m.memberId]);
    expect(rows.rows).toEqual([{ email: m.email }]);
  });

  it('refuses an invalid address and the current one', async () => {
    const { m, browser, html } = await infoPage();
    for (const newEmail of ['not-an-address', m.email.toUpperCase()]) {
      const res = await acct.post(browser, html, { action: 'email', newEmail });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Enter a valid email address that is not your current one.');
    }
  });
});
