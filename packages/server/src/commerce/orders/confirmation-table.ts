/**
 * The order confirmation mail's lines and totals as mail clients draw them (a table, inline styles): a thumbnail
 * per line, its name and choices as stored on the order (in the language bought), quantity and amount, then the
 * totals with the total in bold. Thumbnails are the product's own image on this server only (a path, made absolute
 * when the mail leaves: mail/absolute-urls.ts); an image elsewhere is left out, so the mail makes no reader's
 * client call an address the shop did not serve.
 */
import { html, type Html } from '../../http/html.js';
import type { Order, OrderLine } from './store.js';

const THUMB = 56;

/** "T-shirt (Medium, Navy)": the name with the choices as the shopper read them. */
export const lineTitle = (line: Pick<OrderLine, 'name' | 'options'>): string =>
  line.options.length ? `${line.name} (${line.options.map((o) => o.description || o.value).join(', ')})` : line.name;

/** The line's image as a path of this server (media library files at their smallest stored width), or none. */
export function thumbnailPath(line: Pick<OrderLine, 'media'>): string | undefined {
  const url = line.media?.url;
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return undefined;
  return url.startsWith('/_media/') && !url.includes('?') ? `${url}?w=160` : url;
}

const cell = 'padding:10px 0;border-bottom:1px solid #eee;vertical-align:middle';

function lineRow(line: OrderLine, amount: (minor: number) => string): Html {
  const thumb = thumbnailPath(line);
  return html`<tr><td style="${cell};width:${THUMB + 12}px">${
    thumb &&
    html`<img src="${thumb}" alt="" width="${THUMB}" height="${THUMB}" style="display:block;width:${THUMB}px;height:${THUMB}px;object-fit:cover;border-radius:6px;border:1px solid #eee">`
  }</td><td style="${cell}"><bdi>${lineTitle(line)}</bdi><br><span style="color:#6b6b6b;font-size:.9rem">× ${line.quantity}</span></td><td style="${cell};text-align:end;white-space:nowrap">${amount(line.subtotal)}</td></tr>`;
}

/** `totals`: the mail's total lines, already worded ("Subtotal: $36.00"…); `grandTotal`, one of them, is in bold. */
export function orderTable(
  order: Order,
  totals: string[],
  grandTotal: string,
  amount: (minor: number) => string,
): Html {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
${order.lines.map((line) => lineRow(line, amount))}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 8px">
${totals.map(
  (line) =>
    html`<tr><td style="padding:3px 0;text-align:end;${line === grandTotal ? 'font-weight:700;font-size:1.1rem;color:#1a1a1a' : 'color:#444'}">${line}</td></tr>`,
)}
</table>`;
}
