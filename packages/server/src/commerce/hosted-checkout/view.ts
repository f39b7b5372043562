/**
 * The hosted checkout page's markup (routes.ts decides what it shows): one form that works without JavaScript —
 * contact, delivery address, delivery method, discount code, the server's totals with tax, the way to pay, then
 * **Pay {total}**. Every button posts the whole form, so what was typed is kept whichever one is pressed.
 */
import { html, type Html } from '../../http/html.js';
import type { Translator } from '../../i18n/index.js';
import type { Checkout } from '../checkouts/store.js';
import { formatMoney } from '../money.js';
import type { Quote } from '../quote.js';

export interface PayOption {
  /** `dev`, `stripe` or `offline:<method id>`. */
  value: string;
  label: string;
}

export interface CheckoutView {
  action: string;
  csrf: string;
  checkout: Checkout;
  quote: Quote;
  /** The countries the delivery methods serve (all when the shop has no delivery methods: none then). */
  countries: string[];
  /** The member's email when a member checks out (no email field then). */
  memberEmail: string | undefined;
  payOptions: PayOption[];
  message?: { kind: 'alert' | 'notice'; text: string } | undefined;
  t: Translator;
}

const regionNames = (language: string) => {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  }
};

function field(name: string, label: string, value: string | undefined, type = 'text', autocomplete = ''): Html {
  return html`<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${value ?? ''}"${
    autocomplete ? html` autocomplete="${autocomplete}"` : ''
  }>`;
}

/** The ways to pay: radios when there are several, the one way as a hidden field. */
function payWith(t: Translator, options: readonly PayOption[]): Html {
  if (options.length <= 1) return html`<input type="hidden" name="payWith" value="${options[0]?.value ?? ''}">`;
  return html`<fieldset><legend>${t.t('checkout.payWith')}</legend>${options.map(
    (o, i) =>
      html`<label class="check"><input type="radio" name="payWith" value="${o.value}"${i === 0 ? ' checked' : ''}>${o.label}</label>`,
  )}</fieldset>`;
}

/**
 * A placed order awaiting its payment: a note (a payment not completed), an offline method's instructions (as
 * text), or a Pay button that starts the payment again (the same open one when the way is the same).
 */
export function renderAwaiting(a: {
  t: Translator;
  number: string;
  amount: string;
  note: string | undefined;
  instructions: { name: string; text: string } | undefined;
  action: string;
  csrf: string;
  payOptions: readonly PayOption[];
  link: Html | string;
}): Html {
  const { t } = a;
  const again = a.instructions
    ? html`<h2>${a.instructions.name}</h2><p class="instructions">${a.instructions.text}</p>${a.link}`
    : html`<form method="post" action="${a.action}"><input type="hidden" name="csrf" value="${a.csrf}">${payWith(
        t,
        a.payOptions,
      )}<button type="submit" name="action" value="pay">${t.t('checkout.pay', { amount: a.amount })}</button></form>`;
  return html`${a.note ? html`<p class="alert" role="alert">${a.note}</p>` : ''}<p>${t.t('checkout.awaiting', {
    number: a.number,
    amount: a.amount,
  })}</p>${again}`;
}

export function renderCheckout(v: CheckoutView): Html {
  const { t, checkout, quote } = v;
  const priced = quote.priced;
  const money = (minor: number) => formatMoney(minor, priced.currency, t.language);
  const address = checkout.shippingAddress ?? {};
  const names = regionNames(t.language);
  const countries = v.countries
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, t.language));
  const lines = quote.lines
    .filter((l) => l.priced)
    .map(
      ({ product, line, priced: p }) => html`<li><b>${product?.name ?? ''}</b> × ${line.quantity}
<span class="amount">${money(p!.total)}</span>${
        p!.tax > 0
          ? html`<br><span class="hint">${t.t('checkout.lineTax', { amount: money(p!.tax), rate: p!.taxRate })}</span>`
          : ''
      }</li>`,
    );
  const offers = priced.deliveryOffers.map(
    (o) =>
      html`<label class="check"><input type="radio" name="method" value="${o.id}"${
        (priced.delivery?.methodId ?? checkout.shippingMethod) === o.id ? ' checked' : ''
      }>${o.name} — ${o.amount === 0 ? t.t('checkout.free') : money(o.amount)}</label>`,
  );
  const row = (label: string, amount: string) => html`<tr><th scope="row">${label}</th><td>${amount}</td></tr>`;
  const taxLabel = priced.taxIncluded ? t.t('checkout.taxIncluded') : t.t('checkout.tax');
  const totals = html`<table class="totals"><tbody>${row(t.t('checkout.subtotal'), money(priced.subtotal))}${
    priced.discount > 0 ? row(t.t('checkout.discount'), `−${money(priced.discount)}`) : ''
  }${priced.delivery ? row(t.t('checkout.shipping'), money(priced.shipping)) : ''}${row(
    priced.taxName ? `${taxLabel} (${priced.taxName})` : taxLabel,
    money(priced.tax),
  )}${row(t.t('checkout.total'), money(priced.total))}</tbody></table>`;
  const coupon = priced.coupon
    ? html`<p>${t.t('checkout.codeApplied', { code: priced.coupon.code })}</p>
<button type="submit" name="action" value="remove-code" class="inline">${t.t('checkout.remove')}</button>`
    : html`${field('code', t.t('checkout.code'), '', 'text', 'off')}
<button type="submit" name="action" value="apply-code" class="inline">${t.t('checkout.apply')}</button>`;
  return html`${v.message ? html`<p class="${v.message.kind}" role="${v.message.kind === 'alert' ? 'alert' : 'status'}">${v.message.text}</p>` : ''}
<form method="post" action="${v.action}" novalidate><input type="hidden" name="csrf" value="${v.csrf}">
<button type="submit" name="action" value="update" class="default-action">${t.t('checkout.update')}</button>
<h2>${t.t('checkout.summary')}</h2><ul class="lines">${lines}</ul>
<fieldset><legend>${t.t('checkout.contact')}</legend>${
    v.memberEmail
      ? html`<p>${t.t('checkout.signedInAs', { email: v.memberEmail })}</p>`
      : field('email', t.t('checkout.email'), checkout.buyerEmail ?? '', 'email', 'email')
  }</fieldset>
<fieldset><legend>${t.t('checkout.address')}</legend>${field('name', t.t('checkout.fullName'), address.name, 'text', 'name')}${field(
    'street',
    t.t('checkout.street'),
    address.addressLine,
    'text',
    'address-line1',
  )}${field('postalCode', t.t('checkout.postalCode'), address.postalCode, 'text', 'postal-code')}${field(
    'city',
    t.t('checkout.city'),
    address.city,
    'text',
    'address-level2',
  )}<label for="country">${t.t('checkout.country')}</label><select id="country" name="country" autocomplete="country"><option value="">${t.t(
    'checkout.chooseCountry',
  )}</option>${countries.map(
    (c) => html`<option value="${c.code}"${address.country === c.code ? ' selected' : ''}>${c.name}</option>`,
  )}</select>
<button type="submit" name="action" value="update" class="inline">${t.t('checkout.update')}</button></fieldset>
<fieldset><legend>${t.t('checkout.delivery')}</legend>${
    offers.length ? offers : html`<p class="hint">${t.t('checkout.deliveryHint')}</p>`
  }</fieldset>
<fieldset><legend>${t.t('checkout.code')}</legend>${coupon}</fieldset>
<h2>${t.t('checkout.total')}</h2>${totals}
${payWith(t, v.payOptions)}
<button type="submit" name="action" value="pay">${t.t('checkout.pay', { amount: money(priced.total) })}</button></form>`;
}

/** Extra rules for this page (the layout's CSS covers forms, buttons, alerts). */
export const CHECKOUT_CSS = `main{max-width:34rem}.lines{list-style:none;padding:0}.lines li{padding-block:.5rem;border-block-end:1px solid #ddd}
.amount{float:inline-end}.totals{width:100%;border-collapse:collapse}.totals th{text-align:start;font-weight:400}.totals td{text-align:end}
.totals tr:last-child{font-weight:700;font-size:1.1rem}.default-action+h2{margin-block-start:0}.default-action{position:absolute;inset-inline-start:-9999px;width:1px;height:1px;overflow:hidden}`;
