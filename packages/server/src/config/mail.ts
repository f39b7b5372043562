/**
 * `sites[].mail` read (config/schema/mail.ts holds the shape): the sender, and the site's own relay when
 * `smtpHost` is set. The port follows the security when not given (465 for TLS, else 587).
 */
import type { SiteConfig, SiteSmtpConfig } from './types.js';
import { take } from './validate.js';

export function buildMail(raw: unknown): SiteConfig['mail'] {
  if (raw === undefined) return undefined;
  const o = take.object(raw);
  const from = typeof o.from === 'string' ? o.from : undefined;
  let smtp: SiteSmtpConfig | undefined;
  if (typeof o.smtpHost === 'string' && o.smtpHost) {
    const security = o.smtpSecurity === 'tls' || o.smtpSecurity === 'none' ? o.smtpSecurity : 'starttls';
    smtp = {
      host: o.smtpHost,
      port: typeof o.smtpPort === 'number' ? o.smtpPort : security === 'tls' ? 465 : 587,
      security,
      ...(typeof o.smtpUser === 'string' ? { user: o.smtpUser } : {}),
      ...(typeof o.smtpPassword === 'string' ? { password: o.smtpPassword } : {}),
    };
  }
  if (from === undefined && !smtp) return undefined;
  return { ...(from !== undefined ? { from } : {}), ...(smtp ? { smtp } : {}) };
}
