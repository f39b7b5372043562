/**
 * `sites[].mail`: who the site's mail comes from and, optionally, the site's own mail server (SMTP relay).
 * Without `smtpHost` the site's mail goes through the operator's `SMTP_URL` (mail/index.ts); with it, through
 * the site's relay, reached only at public addresses unless the operator allows private networks
 * (mail/site-relay.ts). The password is write-only in the console and sealed at rest (settings/secrets.ts).
 */
import { Choice, Optional, SecretText, Strict, Text, WholeNumber } from './common.js';

export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;

export const MailSchema = Strict({
  from: Optional(
    Text({
      pattern: '^([^<>\\r\\n]*<[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+>|[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+)$',
      'x-hint': 'an address such as "Shop <no-reply@shop.example>" or "no-reply@shop.example"',
    }),
  ),
  smtpHost: Optional(
    Text({
      maxLength: 253,
      pattern: '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$',
      'x-hint': 'a host name such as "smtp.mail.example"',
    }),
  ),
  smtpPort: Optional(WholeNumber(1, 65_535)),
  smtpSecurity: Optional(Choice(SMTP_SECURITY)),
  smtpUser: Optional(Text({ maxLength: 254 })),
  smtpPassword: Optional(SecretText()),
});
