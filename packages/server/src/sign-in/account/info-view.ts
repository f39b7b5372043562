/**
 * The ACCOUNT_INFO page's markup: plain HTML forms that work without JavaScript, every text from the
 * page's catalog and every value escaped by `html`. Each form posts its `action` to the same page.
 */
import { COUNTRY_CODES, toAlpha2 } from '../../config/countries.js';
import { html, type Html } from '../../http/html.js';
import { siteLanguages, translator } from '../../i18n/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../security/index.js';
import type { AccountPageContext } from './context.js';
import type { AccountInfoData } from './info-data.js';
import type { InfoState } from './info-state.js';
import { ACCOUNT_PATHS } from '../../oauth/account-paths.js';
import { renderMethods, type TotpSetup } from './methods-view.js';
import { shippingAddressOf, firstPhoneOf } from './profile-form.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function field(st: InfoState, name: string, label: string, type: string, attrs: Html, value = '', hint = ''): Html {
  const error = st.errors?.[name];
  const first = st.errors && Object.keys(st.errors)[0] === name;
  const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return html`<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" ${attrs}${value && html` value="${value}"`}${error && html` aria-invalid="true"`}${
    described && html` aria-describedby="${described}"`
  }${first && html` autofocus`}>${hint && html`<p class="hint" id="${name}-hint">${hint}</p>`}${
    error && html`<p class="error" id="${name}-error">${error}</p>`
  }`;
}

/**
 * The address's country as one list of ISO codes named in the page's language (as the storefront's address book
 * and checkout offer it): a saved `FRA` shows as France, and a value that is no country is kept as its own choice
 * so that saving the rest of the form does not lose it.
 */
function countryField(st: InfoState, label: string, language: string, saved: string, none: string): Html {
  const error = st.errors?.country;
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const chosen = saved ? (toAlpha2(saved) ?? saved) : '';
  const countries = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((x, y) =>
    x.name.localeCompare(y.name, language),
  );
  const option = (value: string, name: string) =>
    html`<option value="${value}"${value === chosen ? html` selected` : ''}>${name}</option>`;
  return html`<label for="country">${label}</label>
<select id="country" name="country" autocomplete="shipping country"${error && html` aria-invalid="true" aria-describedby="country-error"`}>${option('', none)}${
    chosen && !COUNTRY_CODES.includes(chosen) ? option(chosen, chosen) : ''
  }${countries.map((c) => option(c.code, c.name))}</select>${error && html`<p class="error" id="country-error">${error}</p>`}`;
}

export function form(
  a: AccountPageContext,
  csrf: string,
  st: InfoState,
  name: string,
  body: Html,
  script?: { id: string; hidden?: boolean },
): Html {
  const action = `${ACCOUNT_PATHS.ACCOUNT_INFO}${a.lang.explicit ? `?lang=${encodeURIComponent(a.lang.explicit)}` : ''}`;
  const error = st.formError?.form === name ? st.formError.text : '';
  const notice = st.notice?.form === name ? st.notice.text : '';
  return html`<form method="post" action="${action}"${script && html` id="${script.id}"${script.hidden && html` hidden`}`} novalidate>${error && html`<p class="alert" role="alert">${error}</p>`}${
    notice && html`<p class="notice" role="status">${notice}</p>`
  }<input type="hidden" name="redirectSessionId" value="${a.s.id}"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="action" value="${name}">${body}</form>`;
}

export function renderInfo(
  a: AccountPageContext,
  csrf: string,
  data: AccountInfoData,
  st: InfoState = {},
  totp?: TotpSetup,
): Html {
  const { t } = a.lang;
  const p = a.member.profile;
  const shipping = shippingAddressOf(p);
  const when = new Intl.DateTimeFormat(t.language, { dateStyle: 'medium', timeStyle: 'short' });
  const languages = siteLanguages(a.site);
  // No language of their own yet: the page's (what they are reading now), so Save keeps it.
  const current = str(p.language) || t.language;
  const optional = t.t('account.password.currentHint');

  const profile = form(
    a,
    csrf,
    st,
    'profile',
    html`${field(st, 'firstName', t.t('account.field.firstName'), 'text', html`autocomplete="given-name" maxlength="200"`, str(p.firstName))}
${field(st, 'lastName', t.t('account.field.lastName'), 'text', html`autocomplete="family-name" maxlength="200"`, str(p.lastName))}
${field(st, 'phone', t.t('account.field.phone'), 'tel', html`autocomplete="tel" maxlength="40" inputmode="tel"`, firstPhoneOf(p))}
<label for="language">${t.t('account.field.language')}</label><select id="language" name="language">${languages.map(
      (l) =>
        html`<option value="${l}"${l === current ? html` selected` : ''}>${translator(l).t('language.name')}</option>`,
    )}</select>
<fieldset><legend>${t.t('account.shipping.legend')}</legend>
${field(st, 'addressLine', t.t('account.field.addressLine'), 'text', html`autocomplete="shipping address-line1" maxlength="200"`, str(shipping.addressLine))}
${field(st, 'city', t.t('account.field.city'), 'text', html`autocomplete="shipping address-level2" maxlength="200"`, str(shipping.city))}
${field(st, 'postalCode', t.t('account.field.postalCode'), 'text', html`autocomplete="shipping postal-code" maxlength="20"`, str(shipping.postalCode))}
${countryField(st, t.t('account.field.country'), t.language, str(shipping.country), t.t('account.field.countryNone'))}
</fieldset><button type="submit">${t.t('account.button.save')}</button>`,
  );

  const pending = data.pendingEmail;
  const email = html`<p>${a.member.email} · <strong>${
    a.member.emailVerified ? t.t('account.email.verified') : t.t('account.email.notVerified')
  }</strong></p>${
    pending
      ? html`${form(
          a,
          csrf,
          st,
          'email-confirm',
          html`<p role="status">${t.t('account.email.codeSent', { email: pending })}</p>
${field(st, 'emailCode', t.t('account.email.code'), 'text', html`inputmode="numeric" autocomplete="one-time-code" maxlength="10" required`)}
<button type="submit">${t.t('account.email.confirm')}</button>`,
        )}${form(a, csrf, st, 'email-cancel', html`<button type="submit" class="inline">${t.t('account.email.cancel')}</button>`)}`
      : form(
          a,
          csrf,
          st,
          'email',
          html`${field(st, 'newEmail', t.t('account.email.newEmail'), 'email', html`autocomplete="email" maxlength="254" required`)}
${field(st, 'emailPassword', t.t('account.field.currentPassword'), 'password', html`autocomplete="current-password" maxlength="${PASSWORD_MAX_LENGTH}"`, '', optional)}
<button type="submit">${t.t('account.email.change')}</button>`,
        )
  }`;

  const password = form(
    a,
    csrf,
    st,
    'password',
    html`${field(st, 'currentPassword', t.t('account.field.currentPassword'), 'password', html`autocomplete="current-password" maxlength="${PASSWORD_MAX_LENGTH}"`, '', optional)}
${field(st, 'newPassword', t.t('account.field.newPassword'), 'password', html`autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" required`, '', t.t('field.passwordHint', { min: PASSWORD_MIN_LENGTH }))}
<button type="submit">${t.t('account.button.changePassword')}</button>`,
  );

  const methods = renderMethods(a, (name, body, script) => form(a, csrf, st, name, body, script), data, st, totp);

  const sessions = html`<ul>${data.sessions.map(
    (s) =>
      html`<li>${s.clientId} · ${t.t('account.sessions.since', { date: when.format(s.createdAt) })}${
        s.id === a.caller.sessionId && html` · <strong>${t.t('account.sessions.thisBrowser')}</strong>`
      }</li>`,
  )}</ul>${form(a, csrf, st, 'signout-all', html`<button type="submit">${t.t('account.button.signOutEverywhere')}</button>`)}`;

  const remove = form(
    a,
    csrf,
    st,
    'delete',
    html`<p>${t.t('account.delete.text')}</p>
${field(st, 'deletePassword', t.t('account.field.currentPassword'), 'password', html`autocomplete="current-password" maxlength="${PASSWORD_MAX_LENGTH}"`, '', optional)}
<label class="check" for="confirm"><input id="confirm" name="confirm" type="checkbox" value="yes"${
      st.errors?.confirm && html` aria-invalid="true" aria-describedby="confirm-error"`
    }${st.errors && Object.keys(st.errors)[0] === 'confirm' && html` autofocus`}>${t.t('account.delete.confirm')}</label>${
      st.errors?.confirm && html`<p class="error" id="confirm-error">${st.errors.confirm}</p>`
    }
<button type="submit" class="danger">${t.t('account.button.delete')}</button>`,
  );

  const section = (id: string, title: string, body: Html) =>
    html`<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;
  return html`${section('profile-h', t.t('account.profile.title'), profile)}${section('email-h', t.t('account.email.title'), email)}${section(
    'password-h',
    t.t('account.password.title'),
    password,
  )}${section('methods-h', t.t('account.methods.title'), methods)}${section('sessions-h', t.t('account.sessions.title'), sessions)}${section(
    'delete-h',
    t.t('account.delete.title'),
    remove,
  )}`;
}
