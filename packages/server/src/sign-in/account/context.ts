/**
 * Who an account page is for (docs/account-pages.md): the account link named in the address, opened
 * (spent) within the last hour, and this browser's hosted sign-in being the member who opened it. Any
 * other request gets a page saying the link has ended, with the way back to the shop.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig, SiteConfig } from '../../config/types.js';
import type { MemberCaller } from '../../identity/index.js';
import { html, type Html } from '../../http/html.js';
import { pageLanguage, type PageLanguage } from '../../http/pages/language.js';
import { newNonce, page, pageHeaders, type PageSite } from '../../http/pages/layout.js';
import { findMemberById, type Member } from '../../members/index.js';
import { browserMember } from '../browser-session.js';
import { entryOf, invalidLink, type Scope } from '../pages.js';
import { findRedirectSession, type RedirectSession } from '../../oauth/redirect-store.js';
import { ACCOUNT_LINK_TTL_SECONDS, accountPath } from '../../oauth/account-paths.js';

export interface AccountPageContext {
  s: RedirectSession;
  site: SiteConfig;
  client: ClientConfig;
  member: Member;
  /** The member session of this browser's sign-in: the caller the identity flows act for. */
  caller: MemberCaller;
  lang: PageLanguage;
  /** The shop's way back (callbacks.postFlowUrl), re-checked against the client. */
  back: string | undefined;
}

export async function accountContext(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  id: unknown,
): Promise<AccountPageContext | { answer: string }> {
  const { ctx } = scope;
  const s = await findRedirectSession(ctx.db, id);
  const entry = s?.account ? entryOf(ctx, s) : undefined;
  if (!s || !entry) return { answer: invalidLink(reply, ctx, request) };
  const back = s.postFlowUrl ? ctx.sites.normalizeRedirect(entry.client, s.postFlowUrl) : undefined;
  const now = ctx.now();
  const opened = s.usedAt !== null && s.usedAt.getTime() + ACCOUNT_LINK_TTL_SECONDS * 1000 > now;
  const browser = opened && s.memberId ? await browserMember(ctx, request, entry.site, now) : undefined;
  const member = browser?.memberId === s.memberId ? await findMemberById(ctx.db, s.siteId, s.memberId!) : undefined;
  if (!browser || !member || member.status !== 'ACTIVE') {
    const lang = pageLanguage(entry.site, request);
    return { answer: ended(reply, entry.site, lang, back) };
  }
  return {
    s,
    ...entry,
    member,
    caller: {
      kind: 'member',
      siteId: s.siteId,
      clientId: s.clientId,
      memberId: member.id,
      sessionId: browser.sessionId,
    },
    lang: pageLanguage(entry.site, request, member.profile.language),
    back,
  };
}

/** The account pages' end: signed out, deleted, or a link past its hour. */
export function ended(
  reply: FastifyReply,
  site: PageSite,
  lang: PageLanguage,
  back: string | undefined,
  title = lang.t.t('account.ended.title'),
  text = lang.t.t('account.ended.text'),
  status = 400,
): string {
  const nonce = newNonce();
  pageHeaders(reply, nonce);
  reply.code(status);
  const content = html`<p role="${status >= 400 ? 'alert' : 'status'}">${text}</p>${
    back && html`<nav><a href="${back}">${lang.t.t('account.nav.back')}</a></nav>`
  }`;
  return page(nonce, site, title, content, '', lang.t);
}

/** An account page: the sections' navigation, the content, the way back to the shop. */
export function accountPage(
  reply: FastifyReply,
  a: AccountPageContext,
  section: string,
  title: string,
  content: Html,
  status = 200,
  options: { script?: string; formAction?: string } = {},
): string {
  const nonce = newNonce();
  pageHeaders(reply, nonce, { formAction: options.formAction });
  reply.code(status);
  const { t } = a.lang;
  const current = (name: string) => (name === section ? html` aria-current="page"` : '');
  const nav = html`<nav aria-label="${t.t('account.nav.label')}"><a href="${accountPath('ACCOUNT_INFO', a.s.id, a.lang.explicit)}"${current('ACCOUNT_INFO')}>${t.t('account.info.title')}</a><a href="${accountPath('ORDERS', a.s.id, a.lang.explicit)}"${current('ORDERS')}>${t.t('account.orders.title')}</a>${a.back && html`<a href="${a.back}">${t.t('account.nav.back')}</a>`}</nav>`;
  return page(nonce, a.site, title, html`${nav}${content}`, options.script ?? '', t);
}
