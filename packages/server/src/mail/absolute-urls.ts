/**
 * Mail is rendered where the server's public address may not be known (inside a flow's transaction, a test server
 * that learns its port late), so its own images and links are written as paths (`src="/_media/…"`) and made
 * absolute here, when the mail leaves (delivery.ts) or is shown (the dev mailbox). Only the attribute forms the
 * templates write are touched: every value they interpolate is escaped by the `html` tag, so a shopper's or owner's
 * text cannot contain a literal `src="/` for this to rewrite.
 */
export function absoluteUrls(html: string, base: string | undefined): string {
  if (!base) return html;
  const origin = base.replace(/\/+$/, '');
  return html.replace(/\b(src|href)="\/(?!\/)/g, (_match, attribute: string) => `${attribute}="${origin}/`);
}
