/**
 * "Send a test mail" (Settings → Mail): one mail, now, to the signed-in owner's own address, through the
 * relay the site's mail would take (its own mail server, else the operator's SMTP_URL), answered as a
 * sentence. Owners only and a few an hour per site: the address is the caller's, so it mails no stranger,
 * and the relay's address went through the outbound guard (mail/site-relay.ts). The outbox's own error
 * column keeps the relay's full answer for the operator (mail/delivery.ts).
 */
import type { AppContext } from '../context.js';
import { httpErrors } from '../errors/wire.js';
import { serverSender } from '../mail/index.js';
import { smtpSender, type MailSender } from '../mail/delivery.js';
import { describeRelay, siteRelaySender } from '../mail/site-relay.js';
import { describeFailure, privateNetworksAllowed } from '../http/outbound/index.js';

const PER_SITE = { limit: 5, windowSeconds: 3600 };

/** nodemailer's codes for what the relay itself said (`EAUTH`…), in words an owner acts on. */
const SMTP_FAILURES: Record<string, string> = {
  EAUTH: 'the mail server refused the user name or password',
  EENVELOPE: 'the mail server refused the sender or the recipient',
  EMESSAGE: 'the mail server refused the message',
  ETLS: 'the encrypted connection could not be set up (check the encryption setting)',
  ETIMEDOUT: 'no answer in time',
};

/**
 * Why a test mail failed, in fixed words and a code (audit V5-7, as "Test connection" says it): never the
 * address a name resolved to, the relay's own text or a TLS detail, so the test cannot map networks.
 */
function failureWords(error: unknown): string {
  if (!(error instanceof Error)) return 'the mail could not be sent';
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  if (code && SMTP_FAILURES[code]) return `${SMTP_FAILURES[code]} (${code}${responseCode ? ` ${responseCode}` : ''})`;
  // nodemailer files socket errors under ESOCKET/ECONNECTION; the system's code inside says which.
  const inner = /\b(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)\b/.exec(
    error.message,
  );
  if (inner) return describeFailure(Object.assign(new Error(inner[1]), { code: inner[1] }));
  if (code === 'ESOCKET' || code === 'ECONNECTION' || code === 'EDNS') return `could not connect (${code})`;
  return describeFailure(error);
}

export async function sendTestMail(
  ctx: AppContext,
  siteId: string,
  to: string,
): Promise<{ ok: boolean; message: string }> {
  const limited = await ctx.limiter.hit(`test-mail:${siteId}`, PER_SITE);
  if (!limited.allowed)
    throw httpErrors.tooManyRequests(limited.retryAfterSeconds, 'Five test mails an hour per site: try again later');
  const site = ctx.sites.get(siteId)!;
  const smtp = site.mail?.smtp;
  let sender: MailSender;
  let via: string;
  if (smtp) {
    sender = siteRelaySender(smtp, { allowPrivate: privateNetworksAllowed(ctx.config), ca: ctx.config.smtpCa });
    via = `the shop's mail server ${describeRelay(smtp)}`;
  } else if (ctx.config.smtpUrl) {
    sender = smtpSender(ctx.config.smtpUrl, { ca: ctx.config.smtpCa });
    via = "the server's mail server (SMTP_URL)";
  } else {
    return {
      ok: false,
      message: 'No mail server is set: fill in the mail server above, or ask the operator to set SMTP_URL.',
    };
  }
  try {
    await sender.send({
      siteId,
      from: site.mail?.from ?? serverSender(ctx),
      to,
      subject: `${site.name}: test mail`,
      text: `This test mail was sent from the console of ${site.name}. The mail server works.\n`,
      html: `<!doctype html><html lang="en"><body><p>This test mail was sent from the console. The mail server works.</p></body></html>`,
      language: 'en',
    });
    return { ok: true, message: `Sent to ${to} through ${via}. Check that inbox (and its spam folder).` };
  } catch (error) {
    return { ok: false, message: `Not sent through ${via}: ${failureWords(error)}` };
  } finally {
    sender.close();
  }
}
