/**
 * A site's own mail server (`sites[].mail.smtpHost…`, set by its owners in the console). Its address is one
 * a tenant chooses, so it is reached as the guarded outbound client reaches a webhook (docs/security.md): the
 * host is resolved first and every address it resolves to must be public, unless the operator allows
 * private networks (`webhooks.allowPrivateNetworks`); the connection then goes to that checked address
 * (no second lookup to rebind), with TLS still verifying the host's name. Short timeouts keep a slow relay
 * from holding the delivery loop.
 */
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { SiteSmtpConfig } from '../config/types.js';
import { guardedLookup } from '../http/outbound/index.js';
import type { MailSender } from './delivery.js';
import { nodemailer } from './nodemailer.js';

export interface RelayOptions {
  allowPrivate: boolean;
  /** A private CA for relays (VITRINE_SMTP_CA_FILE), added to the public roots. */
  ca?: string | undefined;
}

/** The first address `host` resolves to, refused when any of them is private, loopback or reserved. */
export function resolveRelay(host: string, allowPrivate: boolean): Promise<string> {
  return new Promise((resolve, reject) =>
    guardedLookup(allowPrivate)(host, {}, (err, address) => (err ? reject(err) : resolve(String(address)))),
  );
}

/** "smtp.example:587 (STARTTLS)": how a sentence names the relay. */
export const describeRelay = (smtp: SiteSmtpConfig) =>
  `${smtp.host}:${smtp.port} (${smtp.security === 'none' ? 'no encryption' : smtp.security.toUpperCase()})`;

export function siteRelaySender(smtp: SiteSmtpConfig, options: RelayOptions): MailSender {
  return {
    async send({ language, siteId: _siteId, ...mail }) {
      const address = await resolveRelay(smtp.host, options.allowPrivate);
      const transport = nodemailer().createTransport({
        host: address,
        port: smtp.port,
        secure: smtp.security === 'tls',
        requireTLS: smtp.security === 'starttls',
        ignoreTLS: smtp.security === 'none',
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
        tls: {
          // The certificate is checked against the name the owner typed, not the address it resolved to.
          ...(isIP(smtp.host) ? {} : { servername: smtp.host }),
          ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
        },
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      try {
        await transport.sendMail({ ...mail, headers: language ? { 'Content-Language': language } : {} });
      } finally {
        transport.close();
      }
    },
    close: () => {},
  };
}
