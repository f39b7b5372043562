import { CommerceKit } from './commerce-kit.js';
import type { Kit } from './redirect-kit.js';
import { APP, fragmentOf, pkce } from './redirect-kit.js';
import type { Browser } from './sso-kit.js';

/** The account-pages tests' helpers (issue #34): member tokens, account links, pages opened in a cookie browser. */
export class AccountKit {
  private seq = 0;
  constructor(readonly kit: Kit) {}

  /** A new member and the app's member tokens (code flow with the member's session token). */
  async member() {
    const m = await this.kit.member();
    const p = pkce();
    const { body } = await this.kit.redirectSession(this.kit.authRequest(p, { sessionToken: m.sessionToken }, 'none'));
    const code = fragmentOf((await this.kit.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')!;
    const res = await this.kit.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri });
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    return { ...m, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  }

  link(section: string, token: string | undefined, extra: Record<string, unknown> = {}) {
    return this.kit.redirectSession(
      { membersAccount: { section }, callbacks: { postFlowUrl: `${APP.origin}/account-done` }, ...extra },
      token,
    );
  }

  /** Opens a link's fullUrl in `browser` and follows the one redirect to the section's page. */
  async open(browser: Browser, fullUrl: string) {
    const first = await browser.go(fullUrl);
    if (first.status !== 302) return { first, page: first, html: await first.text() };
    const page = await browser.go(new URL(first.headers.get('location')!, this.kit.server.url).href);
    return { first, page, html: await page.text() };
  }

  /** Posts an ACCOUNT_INFO form with the page's hidden fields. */
  post(browser: Browser, html: string, fields: Record<string, string>) {
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
    return browser.go(`${this.kit.server.url}/members-account/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        redirectSessionId: hidden('redirectSessionId'),
        csrf: hidden('csrf'),
        ...fields,
      }).toString(),
    });
  }

  /**
   * An order placed through the commerce module as the storefront places one: a product priced `price` (decimal,
   * in the site's currency), `quantity` of it in the member's cart, a checkout with a delivery to France, placed.
   */
  async order(accessToken: string, _memberId: string, title: string, price: number, quantity: number) {
    const shop = new CommerceKit(this.kit.server);
    const productId = await shop.product({
      name: title,
      slug: `acct-${title.toLowerCase()}-${++this.seq}-${Date.now()}`,
      variants: [{ price: Math.round(price * 100), stock: 100 }],
    });
    const id = await shop.order(accessToken, productId, quantity);
    const res = await shop.call('GET', `/ecom/v1/orders/${id}`, { token: accessToken });
    if (res.status !== 200) throw new Error(`order: ${res.status} ${res.text}`);
    return { id, number: res.body.order.number as string };
  }
}
