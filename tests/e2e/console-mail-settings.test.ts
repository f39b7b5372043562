/**
 * Mail in the console (review t5: "Mail sending needs the SMTP_URL environment variable… Approving a member
 * sends them no mail"), in headless Chromium against the BUILT console at 1280 px and 390 px, with a real
 * SMTP relay (smtp-server) on 127.0.0.1 (the operator allows private networks, as other outbound tests do):
 * an owner sets the shop's mail server, the password disappears once saved, "Send a test mail" answers a
 * sentence and the relay receives it; approving a waiting member then mails them through that relay. The
 * Mail page points to the setting. No serious axe violation, nothing wider than the screen, no console
 * error or warning.
 */
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addOwner,
  startTestServer,
  startTestSmtp,
  waitFor,
  withLoopbackPeers,
  type TestServer,
} from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { consoleSignIn, registerMember, uniqueEmail } from './support/console.js';

const SHOTS = '/work/notes/shots/settings';
const PASSWORD = 'console mail settings password';
const RELAY_PASSWORD = 'relay-password-typed-once-0451';
let browser: Browser;
let server: TestServer;
let relay: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  relay = await startTestSmtp();
  server = await startTestServer({
    config: (c) => ({ ...withLoopbackPeers(c), consoleDir: builtApps().console, smtpUrl: undefined }),
    site: (s) => ({
      ...s,
      name: 'Mail Shop',
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'manual', captcha: 'off' },
    }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await relay?.close();
});

describe('console mail settings, test mail and the approval mail', () => {
  for (const width of [1280, 390]) {
    it(`at ${width} px`, { timeout: 120_000 }, async () => {
      const size = width > 800 ? 'desk' : 'phone';
      const email = uniqueEmail('owner');
      await addOwner(server, email, 'owner', PASSWORD);
      const page = await (await browser.newContext({ viewport: { width, height: width > 800 ? 860 : 844 } })).newPage();
      page.setDefaultTimeout(15_000);
      await consoleSignIn(page, server, email, PASSWORD);
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));

      // The Mail page says where mail is set up now (the first run, before any relay).
      if (size === 'desk') {
        await page.goto(`${server.url}/console/mail`);
        await page.getByRole('link', { name: 'Set the shop’s mail server' }).click();
      } else await page.goto(`${server.url}/console/settings/mail`);
      const form = page.getByRole('form', { name: 'Sender and mail server' });
      await form.getByLabel('Mail server (SMTP host, e.g. smtp.mail.example)').fill('127.0.0.1');
      await form.getByLabel('Port (587 for STARTTLS, 465 for TLS)').fill(new URL(relay.url).port);
      await form.getByLabel('Encryption').selectOption({ label: 'None (only for a relay on your own network)' });
      await form.getByLabel('Password', { exact: true }).fill(RELAY_PASSWORD);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      // Write-only: the field is empty again and says a password is set.
      expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await form.getByText('Set (never shown). Type a new one to replace it.').waitFor();
      expect(await page.content()).not.toContain(RELAY_PASSWORD);

      const before = relay.received.filter((m) => m.to.includes(email)).length;
      await form.getByRole('button', { name: 'Send a test mail' }).click();
      const sentence = form.getByRole('status').filter({ hasText: `Sent to ${email}` });
      await sentence.waitFor();
      expect(await sentence.innerText()).toBe(
        `Sent to ${email} through the shop's mail server 127.0.0.1:${new URL(relay.url).port} (no encryption). Check that inbox (and its spam folder).`,
      );
      expect(relay.received.filter((m) => m.to.includes(email)).length).toBe(before + 1);
      await expectAccessible(page, { where: `mail settings at ${width}` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/${size}-04-mail-settings-test-sent.png`, fullPage: true });

      // A member waiting for approval, approved in the console, is told through the shop's relay.
      const member = await registerMember(server);
      expect(member.state).toBe('REQUIRE_OWNER_APPROVAL');
      await page.goto(`${server.url}/console/members/${member.id}`);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
      const raw = await waitFor(() => relay.received.find((m) => m.to.includes(member.email))?.raw);
      const mail = await simpleParser(raw);
      expect(mail.subject).toBe('Mail Shop: your account is approved');
      expect(mail.text).toContain('An owner of Mail Shop approved your account. You can sign in now.');
      await expectAccessible(page, { where: `member approved at ${width}` });
      await page.screenshot({ path: `${SHOTS}/${size}-05-member-approved.png` });
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
