import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { brandColours } from '../../config/brand.js';
import type { SiteBrand } from '../../config/types.js';
import { html, unsafeRawHtml, type Html } from '../html.js';

export const newNonce = (): string => randomBytes(16).toString('base64');

/** Where a form may lead: ours, plus the origins a successful sign-in redirects to (Chrome checks form-action on redirects). */
export function formActionSources(urls: readonly (string | null | undefined)[]): string {
  const sources = new Set<string>(["'self'"]);
  for (const url of urls) {
    if (!url) continue;
    try {
      const u = new URL(url);
      sources.add(u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : u.protocol);
    } catch {
      // unparsable URLs were refused when registered
    }
  }
  return [...sources].join(' ');
}

/** Headers of every hosted page: never cached, strict CSP with one nonce, not frameable. */
export function pageHeaders(reply: FastifyReply, nonce: string, options: { formAction?: string } = {}): void {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; ` +
        `form-action ${options.formAction ?? "'self'"}; base-uri 'none'; frame-ancestors 'none'`,
    );
}

/**
 * The pages' icon, inline: without one every browser asks for /favicon.ico, a 404 logged on each page (the review
 * counted them). The storefront's own (apps/storefront/index.html); `img-src data:` lets it through the CSP.
 */
export const FAVICON = html`<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%231f2937'/%3E%3C/svg%3E">`;

const CSS = html`*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1a1a1a;background:#f6f6f4;line-height:1.45}
main{max-width:26rem;margin-inline:auto;padding-block:2rem;padding-inline:1.25rem}.site{font-weight:700;font-size:1.1rem;margin-block:0 1.5rem;color:#333}
h1{font-size:1.5rem;margin-block:0 1rem}form{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1.25rem}
input,select,button,textarea{font-family:inherit}label{display:block;font-weight:600;margin-block:.9rem .3rem;margin-inline:0}input[type=email],input[type=password],input[type=text],input[type=tel],select{width:100%;padding:.7rem;font-size:1rem;border:1px solid #888;border-radius:.35rem;background:#fff}
input[aria-invalid=true]{border-color:#b00020;border-width:2px}input:focus,select:focus,button:focus,a:focus{outline:3px solid #1d5fd1;outline-offset:2px}
button{margin-block-start:1.2rem;width:100%;padding:.8rem;font-size:1rem;font-weight:600;border:0;border-radius:.35rem;background:#1a1a1a;color:#fff;cursor:pointer}
.error{color:#b00020;margin-block:.3rem 0;margin-inline:0;font-size:.95rem}.alert{border:1px solid #b00020;background:#fdecee;color:#7a0016;padding:.7rem;border-radius:.35rem}
.notice{border:1px solid #2e7d32;background:#edf7ee;padding:.7rem;border-radius:.35rem}.hint{color:#555;font-size:.9rem;margin-block:.3rem 0;margin-inline:0}
nav{margin-block-start:1.2rem;display:flex;flex-wrap:wrap;gap:1rem}a{color:#1d5fd1}
.check{font-weight:400}.check input{margin-inline-end:.5rem}
h2{font-size:1.15rem;margin-block:2rem .6rem}fieldset{border:1px solid #ddd;border-radius:.35rem;margin-block:1rem 0;padding:.2rem .8rem .8rem}legend{font-weight:600;padding-inline:.3rem}
.danger{background:#9b0019}nav a[aria-current=page]{font-weight:700;color:#1a1a1a}ul,ol{padding-inline-start:1.2rem}
.inline{width:auto;margin-block:.3rem 0;margin-inline:0;padding:.45rem .8rem;font-size:.9rem}.methods li{margin-block:.6rem}.qr{display:block;margin-block:.6rem}code{overflow-wrap:anywhere}
.sso{margin-block-start:1rem;display:grid;gap:.6rem}.sso-button{display:block;text-align:center;padding:.75rem;border:1px solid #1a1a1a;border-radius:.35rem;background:#fff;color:#1a1a1a;font-weight:600;text-decoration:none}
.push-numbers{display:flex;gap:.6rem}.push-numbers button{font-size:1.4rem}
button.reveal{width:auto;margin-block:.4rem 0;padding:.3rem .6rem;font-size:.9rem;font-weight:500;background:#fff;color:#1a1a1a;border:1px solid #888}
form.passkey{background:none;border:0;padding:0}.site a.home{color:inherit;text-decoration:none}.site a.home::before{content:"← ";color:#555}[dir=rtl] .site a.home::before{content:"→ "}.site a.home:hover span{text-decoration:underline}
form.phone-choices{background:none;border:0;padding:0}button.secondary{background:#fff;color:#1a1a1a;border:1px solid #1a1a1a}
.site,.site a.home{display:flex;align-items:center;gap:.6rem;flex-wrap:wrap}.site img.logo{display:block;height:2.5rem;width:auto;max-width:12rem;object-fit:contain}details.recovery{margin-block-start:1.2rem}details.recovery summary{color:#1d5fd1;text-decoration:underline;cursor:pointer}details.recovery form{margin-block-start:.6rem}`;

/** What a page shows of its site: the name, and the logo and colour when the site has a brand (a SiteConfig fits). */
export type PageSite = string | { name: string; brand?: SiteBrand | undefined };

const nameOf = (site: PageSite) => (typeof site === 'string' ? site : site.name);

/**
 * The brand's rules, after the page's own: buttons in the brand colour with readable text, links and outlines
 * darkened to 4.5:1 (config/brand.ts), a band of the colour on top. Class rules (`.danger`, `button.reveal`,
 * the current tab) are more specific and keep their look. The values are #rrggbb from the schema's pattern,
 * recomputed here, so nothing the owner typed reaches the style element as is.
 */
export function brandCss(brand: SiteBrand | undefined): Html {
  const c = brandColours(brand);
  if (!c) return html``;
  return html`body{border-block-start:.3rem solid ${c.accent}}button{background:${c.accent};color:${c.onAccent}}a,details.recovery summary{color:${c.link}}
input:focus,select:focus,button:focus,a:focus{outline-color:${c.link}}.sso-button,button.secondary{border-color:${c.link};color:${c.link}}.site a.home{color:#333}`;
}

/**
 * The top of the page: the logo (a file of the site's media library, loaded from this origin: CSP `img-src 'self'`)
 * and the shop's name, which leads back to the shop when the page knows where that is (a client's registered address).
 * The logo's alt is empty: the name beside it says the same.
 */
function siteHeader(site: PageSite, home: string | undefined): Html {
  const logo = typeof site === 'string' ? undefined : site.brand?.logo;
  const inner = html`${logo && html`<img class="logo" src="${logo}?w=320" alt="" height="40">`}<span>${nameOf(site)}</span>`;
  return html`<p class="site">${home ? html`<a class="home" href="${home}">${inner}</a>` : inner}</p>`;
}

/**
 * The common page: site name (and brand), heading, content. `title` is text. `language`
 * sets `<html lang dir>`; the CSS uses logical properties (margin-inline …), so rtl pages mirror.
 * `script` is the inline script's source (constants and `scriptJson` values).
 */
export function page(
  nonce: string,
  site: PageSite,
  title: string,
  content: Html,
  script = '',
  language: { language: string; dir: string } = { language: 'en', dir: 'ltr' },
  home?: string,
): string {
  const brand = typeof site === 'string' ? undefined : site.brand;
  return html`<!doctype html><html lang="${language.language}" dir="${language.dir === 'rtl' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${title} · ${nameOf(site)}</title>${FAVICON}
<style nonce="${nonce}">${CSS}${brandCss(brand)}</style></head><body><main>${siteHeader(site, home)}<h1>${title}</h1>${content}</main>${
    // A script element's content is raw text, not HTML: escaping would break it; its values come through scriptJson.
    script && html`<script nonce="${nonce}">${unsafeRawHtml(script)}</script>`
  }</body></html>`.toString();
}

const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * A JSON value safe inside an inline script (the one way a page's script takes data). No `<` can close the
 * element (`</script>`) or open a comment (`<!--`), no `>` or `&` is left for an HTML parser to read, and the
 * line separators U+2028 and U+2029 (line ends to older JavaScript engines) become escapes; the value the
 * script reads is the same.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c]!);
}
