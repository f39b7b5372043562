import { translator } from '../i18n/index.js';

/**
 * What a member receives: the text message and the script of a call, in the member's language (the
 * hosted pages' catalogs). The text's last line is the domain-bound one-time code
 * (`@shop.example #123456`, WICG origin-bound one-time codes) so phones autofill it only on that site.
 */
export function codeText(language: string, siteName: string, domain: string, code: string, minutes: number): string {
  const t = translator(language);
  return `${t.t('mail.code.intro', { site: siteName, code })} ${t.t('mail.code.expires', { minutes })}\n\n@${domain} #${code}`;
}

/** The call's lines: the code is read twice, digit by digit, with pauses between the digits. */
export function callScript(language: string, siteName: string, code: string): { lines: string[]; language: string } {
  const t = translator(language);
  const digits = code.split('').join(', ');
  return {
    language,
    lines: [t.t('phone.call.intro', { site: siteName }), `${digits}.`, t.t('phone.call.repeat'), `${digits}.`],
  };
}

/** Amazon Polly voices Twilio offers for the shipped languages: they honour `<prosody rate="slow">`. */
const VOICES: Record<string, { voice: string; language: string }> = {
  en: { voice: 'Polly.Joanna', language: 'en-US' },
  fr: { voice: 'Polly.Lea', language: 'fr-FR' },
  de: { voice: 'Polly.Vicki', language: 'de-DE' },
  es: { voice: 'Polly.Lucia', language: 'es-ES' },
  ar: { voice: 'Polly.Zeina', language: 'arb' },
};

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** TwiML for the Calls API: each line in `<Say>`, slowly, a pause between them. */
export function callTwiml(lines: string[], language: string): string {
  const v = VOICES[language.split('-')[0]!.toLowerCase()] ?? VOICES.en!;
  const says = lines.map(
    (line) =>
      `<Say voice="${v.voice}" language="${v.language}"><prosody rate="slow">${xml(line)}</prosody></Say><Pause length="1"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Pause length="1"/>${says.join('')}</Response>`;
}
