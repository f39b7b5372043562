import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushServer, startPushSignIn, trustPushService, withPush } from '../../test-support/push-kit.js';
import type { MfaHarness } from '../../test-support/mfa-kit.js';

/**
 * Web Push delivery (issue #32) to a real receiver: a local HTTPS push service with a certificate made
 * here (openssl), trusted by this app's sender only through the test-only `trustPushService`, and reached on
 * loopback only because the test turns on `webhooks.allowPrivateNetworks` (the SSRF guard's own switch).
 * The receiver checks the VAPID JWT (ES256 signature with the site's public key, aud = its origin, exp)
 * and decrypts the aes128gcm payload with the subscription's private key (`http_ece`, which web-push uses).
 */
const b64url = (b: Buffer) => b.toString('base64url');
const vapid = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:security@shop.example';
let h: MfaHarness;
let receiver: Server;
let origin = '';
let certDir = '';
const received: { authorization: string; encoding: string; ttl: string; body: Buffer }[] = [];

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'push-receiver-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(certDir, 'cert.pem'), 'utf8');
  receiver = createServer({ key: readFileSync(join(certDir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        authorization: String(req.headers.authorization ?? ''),
        encoding: String(req.headers['content-encoding'] ?? ''),
        ttl: String(req.headers.ttl ?? ''),
        body: Buffer.concat(chunks),
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  h = await startPushServer(
    { vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: SUBJECT } },
    { config: (c) => ({ ...c, webhooks: { ...c.webhooks, allowPrivateNetworks: true } }) },
  );
  trustPushService(h, cert);
}, 60_000);

afterAll(async () => {
  await h?.server.close();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(certDir, { recursive: true, force: true });
});

/** The VAPID `Authorization: vapid t=<JWT>, k=<public key>` checked as a push service does. */
function checkVapid(authorization: string) {
  const t = /t=([^,\s]+)/.exec(authorization)?.[1];
  const k = /k=([^,\s]+)/.exec(authorization)?.[1];
  expect(k).toBe(vapid.publicKey);
  const [header, claims, signature] = t!.split('.');
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const jwt = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(jwt.aud).toBe(origin);
  expect(jwt.sub).toBe(SUBJECT);
  const now = Math.floor(Date.now() / 1000);
  expect(jwt.exp).toBeGreaterThan(now);
  expect(jwt.exp).toBeLessThanOrEqual(now + 24 * 3600);
}

describe('Web Push delivery of a push approval', () => {
  it('POSTs to the subscription with a valid VAPID JWT and an aes128gcm payload naming the transaction', async () => {
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const auth = b64url(randomBytes(16));
    const member = await withPush(h, 'web-push', {
      pushSubscription: {
        endpoint: `${origin}/push/${b64url(randomBytes(8))}`,
        keys: { p256dh: b64url(browserKey.getPublicKey()), auth },
      },
    });
    const waiting = await startPushSignIn(h, member.email);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    const [push] = received;
    checkVapid(push!.authorization);
    expect(push!.encoding).toBe('aes128gcm');
    expect(Number(push!.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(
      ece.decrypt(push!.body, { version: 'aes128gcm', privateKey: browserKey, authSecret: auth }).toString('utf8'),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({ type: 'sign_in_approval', transactionId: waiting.transactionId });
    // The number is matched on the page, never sent to the device.
    expect(JSON.stringify(payload)).not.toContain(`"${waiting.matchNumber}"`);
    expect(payload).not.toHaveProperty('matchNumber');
  });

  it('without webhooks.allowPrivateNetworks a push endpoint on loopback receives nothing; the sign-in still waits', async () => {
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const member = await withPush(h, 'web-push-private', {
      pushSubscription: {
        endpoint: `${origin}/push/${b64url(randomBytes(8))}`,
        keys: { p256dh: b64url(browserKey.getPublicKey()), auth: b64url(randomBytes(16)) },
      },
    });
    const config = h.server.ctx.config;
    config.webhooks = { ...config.webhooks!, allowPrivateNetworks: false };
    try {
      const before = received.length;
      // The push is sent (or refused) before push/verify answers: nothing can arrive later.
      const waiting = await startPushSignIn(h, member.email);
      expect(waiting.transactionId).toEqual(expect.any(String));
      expect(received).toHaveLength(before);
    } finally {
      config.webhooks = { ...config.webhooks!, allowPrivateNetworks: true };
    }
  });
});
