import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../test-support/boot.js';
import { waitFor } from '../../test-support/smtp.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';
import { enqueueMail } from './outbox.js';
import { deliverPending, smtpSender } from './delivery.js';

/**
 * The strict twin of test-support/smtp.ts: smtp-server with its defaults (STARTTLS offered, AUTH
 * required, no AUTH before TLS), as a real relay runs. Its certificate is signed by a CA made here,
 * which Vitrine trusts only through VITRINE_SMTP_CA_FILE (docs/operating.md).
 */
const USER = 'shop-relay';
const PASSWORD = 'relay-secret-9f3a';

interface Received {
  to: string[];
  raw: string;
  secure: boolean;
  user: unknown;
}

let dir: string;
let relay: SMTPServer;
let port: number;
const received: Received[] = [];
let server: IdentityTestServer;

/** A CA and a leaf for 127.0.0.1/localhost signed by it, made fresh for each run. */
function makeCertificates(folder: string): { caFile: string; key: string; cert: string } {
  const file = (name: string) => join(folder, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-subj',
    '/CN=Strict relay test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
  );
  openssl('req', ...ec, '-subj', '/CN=localhost', '-keyout', file('relay.key'), '-out', file('relay.csr'));
  writeFileSync(file('relay.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('relay.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('relay.ext'),
    '-out',
    file('relay.pem'),
  );
  return {
    caFile: file('ca.pem'),
    key: readFileSync(file('relay.key'), 'utf8'),
    cert: readFileSync(file('relay.pem'), 'utf8'),
  };
}

let caFile: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-smtp-strict-'));
  const tls = makeCertificates(dir);
  caFile = tls.caFile;
  relay = new SMTPServer({
    key: tls.key,
    cert: tls.cert,
    logger: false,
    // The relay's account, not leniency: every other setting is smtp-server's default.
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  port = (relay.server.address() as AddressInfo).port;
  // The setting as an operator gives it: read and checked by the config loader.
  const loaded = loadConfig({
    env: { SMTP_URL: relayUrl(PASSWORD), VITRINE_SMTP_CA_FILE: caFile },
    ephemeral: true,
    dataDir: dir,
  });
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      name: 'Strict Relay Shop',
      policies: { ...s.policies, emailVerification: 'required', memberApproval: 'auto', captcha: 'off' },
    }),
    config: (c) => ({ ...c, smtpUrl: loaded.smtpUrl, smtpCa: loaded.smtpCa }),
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const relayUrl = (password?: string, query = '') =>
  `smtp://${password === undefined ? '' : `${USER}:${password}@`}127.0.0.1:${port}${query}`;
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/**
 * One delivery attempt of one mail, outside the app's own loop: the mail is enqueued in the future so
 * the running server never picks it up, and delivered at that time with the given sender.
 */
async function deliverOnce(url: string, ca: string | undefined) {
  const at = Date.now() + 1_000_000_000;
  const to = unique('strict');
  const id = await server.ctx.db.transaction((tx) =>
    enqueueMail(tx, { siteId: 's1', kind: 'test', to, subject: 'Strict', text: 'body', html: '<p>body</p>' }, at),
  );
  const logged: object[] = [];
  const sender = smtpSender(url, { ca });
  const before = received.length;
  const sent = await deliverPending(server.ctx.db, sender, {
    from: 'shop@example.com',
    now: () => at,
    scrubDelivered: false,
    maxAttempts: 1,
    log: { warn: (obj, msg) => void logged.push({ ...obj, msg }) },
  });
  sender.close();
  const { rows } = await server.ctx.db.query<{ sent_at: unknown; failed_at: unknown; last_error: string | null }>(
    'select sent_at, failed_at, last_error from mail_outbox where id = $1',
    [id],
  );
  return { sent, row: rows[0]!, logged: JSON.stringify(logged), newMail: received.slice(before) };
}

describe('SMTP delivery against a strict relay (STARTTLS offered, AUTH required)', () => {
  it('a register call mails the verification code over STARTTLS, authenticated, trusting VITRINE_SMTP_CA_FILE', async () => {
    const call = api(server.url);
    const visitor = await visitorToken(server.url, server.clientId);
    const email = unique('register');
    const reg = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'correct horse battery' },
    });
    expect(reg.status).toBe(200);
    expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const delivered = await waitFor(() => received.find((m) => m.to.includes(email)));
    expect(delivered.secure).toBe(true);
    expect(delivered.user).toBe(USER);
    expect(delivered.raw).toContain('Strict Relay Shop');
    expect(delivered.raw).toMatch(/\b\d{6}\b/);
  });

  it('a wrong password ends as a failed delivery with a clear stored error and no password anywhere', async () => {
    const wrong = 'not-the-relay-secret';
    const { sent, row, logged, newMail } = await deliverOnce(relayUrl(wrong), readFileSync(caFile, 'utf8'));
    expect(sent).toBe(0);
    expect(newMail).toEqual([]);
    expect(row.sent_at).toBeNull();
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toBe('Invalid login: 535 Invalid username or password');
    for (const text of [row.last_error, logged]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(PASSWORD);
    }
    expect(logged).toContain('mail delivery failed');
  });

  it('without the CA the relay certificate is refused: no fallback to plaintext', async () => {
    const { sent, row, newMail } = await deliverOnce(relayUrl(PASSWORD), undefined);
    expect(sent).toBe(0);
    expect(newMail).toEqual([]);
    expect(row.last_error).toBe('unable to verify the first certificate');
  });

  // The twin is only worth having if it is strict: a client that skips STARTTLS or AUTH is refused.
  it('the relay refuses a delivery that ignores STARTTLS', async () => {
    const { sent, row, newMail } = await deliverOnce(
      relayUrl(PASSWORD, '?ignoreTLS=true'),
      readFileSync(caFile, 'utf8'),
    );
    expect(sent).toBe(0);
    expect(newMail).toEqual([]);
    expect(row.last_error).toBe('Invalid login: 538 Error: Must issue a STARTTLS command first');
  });

  it('the relay refuses a delivery without AUTH', async () => {
    const { sent, row, newMail } = await deliverOnce(relayUrl(), readFileSync(caFile, 'utf8'));
    expect(sent).toBe(0);
    expect(newMail).toEqual([]);
    expect(row.last_error).toBe('Mail command failed: 530 Error: authentication Required');
  });
});
