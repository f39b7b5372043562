/**
 * What the commerce suites share: products saved through the module's one write path (`saveProduct`), discount
 * codes, visitor and member tokens, and a JSON client. Members are written directly with a session, as the
 * suites need a buyer, not a sign-in.
 */
import { randomUUID } from 'node:crypto';
import { addToCollection, saveCollection } from '../src/commerce/catalog/collection-store.js';
import { saveProduct, type ProductInput } from '../src/commerce/catalog/store.js';
import { createDiscount, type DiscountInput } from '../src/commerce/discounts/store.js';
import { insertMember } from '../src/members/store.js';
import { api, visitorToken } from './identity-server.js';
import type { TestServer } from './server.js';

export class CommerceKit {
  readonly call: ReturnType<typeof api>;
  private seq = 0;
  constructor(readonly server: TestServer) {
    this.call = api(server.url);
  }

  /** A product with the given variants (default: one variant at 1000 minor units, 10 in stock). */
  async product(input: Partial<ProductInput> = {}): Promise<string> {
    const n = ++this.seq;
    const full: ProductInput = {
      slug: `product-${n}-${randomUUID().slice(0, 8)}`,
      name: `Product ${n}`,
      variants: [{ price: 1000, stock: 10 }],
      ...input,
    };
    return this.server.ctx.db.transaction((tx) => saveProduct(tx, this.server.siteId, full, Date.now()));
  }

  /** A T-shirt with a size and a colour; its variants priced apart (L costs more), `stock` units each. */
  async tee(stock = 10): Promise<string> {
    const sizes = [
      { value: 'S', description: 'Small' },
      { value: 'M', description: 'Medium' },
      { value: 'L', description: 'Large' },
    ];
    const colours = [
      { value: '#1f3a5f', description: 'Navy' },
      { value: '#ffffff', description: 'White' },
    ];
    return this.product({
      name: 'Tee',
      options: [
        { name: 'Size', optionType: 'drop_down', choices: sizes },
        { name: 'Colour', optionType: 'color', choices: colours },
      ],
      media: [{ id: 'tee-1', url: '/_media/tee.jpg', width: 800, height: 1000, altText: 'A tee' }],
      variants: sizes.flatMap((s) =>
        colours.map((c) => ({
          choices: { Size: s.value, Colour: c.value },
          sku: `TEE-${s.value}-${c.description.toUpperCase()}`,
          price: s.value === 'L' ? 2400 : 1850,
          stock,
        })),
      ),
    });
  }

  /** A collection holding `productIds`, in that order; its id. */
  async collection(slug: string, name: string, productIds: string[]): Promise<string> {
    return this.server.ctx.db.transaction(async (tx) => {
      const id = await saveCollection(tx, this.server.siteId, { slug, name }, Date.now());
      await addToCollection(tx, this.server.siteId, id, productIds);
      return id;
    });
  }

  async discount(input: Partial<DiscountInput> & { code: string }): Promise<string> {
    const full: DiscountInput = {
      kind: 'percentage',
      value: 10,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      active: true,
      ...input,
    };
    return (await createDiscount(this.server.ctx.db, this.server.siteId, full, Date.now())).id;
  }

  visitor(): Promise<string> {
    return visitorToken(this.server.url, this.server.clientId);
  }

  /** A verified member and an access token of a session of theirs. */
  async member(email = `buyer-${++this.seq}-${randomUUID().slice(0, 6)}@example.com`) {
    const { ctx, siteId, clientId } = this.server;
    return ctx.db.transaction(async (tx) => {
      const member = await insertMember(tx, {
        siteId,
        email,
        passwordHash: null,
        emailVerified: true,
        approved: true,
        profile: {},
        now: Date.now(),
      });
      const tokens = await ctx.tokens.createMemberSession(tx, { siteId, clientId, memberId: member!.id });
      return { memberId: member!.id, email, token: tokens.accessToken };
    });
  }

  /**
   * An order placed through the eCom wire as a shopper places one (cart, checkout, buyer's email, a delivery to
   * Paris, create-order); its id. `variantId` picks a variant of a product with options.
   */
  async order(
    token: string,
    productId: string,
    quantity = 1,
    options: { email?: string; variantId?: string; language?: string; country?: string } = {},
  ) {
    const headers = options.language ? { 'accept-language': options.language } : undefined;
    const reference = {
      catalogItemId: productId,
      ...(options.variantId ? { options: { variantId: options.variantId } } : {}),
    };
    const added = await this.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      headers,
      body: { lineItems: [{ catalogReference: reference, quantity }] },
    });
    if (added.status !== 200) throw new Error(`add-to-cart: ${added.status} ${added.text}`);
    const created = await this.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      headers,
      body: { channelType: 'WEB' },
    });
    const checkoutId = created.body?.checkoutId as string;
    const method = this.server.ctx.sites.get(this.server.siteId)?.shipping?.methods[0]?.id;
    const filled = await this.call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      token,
      headers,
      body: {
        checkout: {
          ...(options.email ? { buyerInfo: { email: options.email } } : {}),
          shippingInfo: {
            shippingDestination: {
              address: {
                country: options.country ?? 'FR',
                city: 'Paris',
                postalCode: '75001',
                addressLine: '1 rue de Rivoli',
              },
              contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
            },
            ...(method ? { selectedCarrierServiceOption: { code: method } } : {}),
          },
        },
      },
    });
    if (filled.status !== 200) throw new Error(`checkout: ${filled.status} ${filled.text}`);
    const placed = await this.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      token,
      headers,
      body: {},
    });
    if (placed.status !== 200) throw new Error(`create-order: ${placed.status} ${placed.text}`);
    return placed.body.orderId as string;
  }

  /** The text of the confirmation mail of order `number` (the outbox keeps every mail). */
  async confirmationMail(number: string): Promise<{ to: string; text: string }> {
    const { rows } = await this.server.ctx.db.query<{ to_address: string; text_body: string }>(
      `select to_address, text_body from mail_outbox where kind = 'order-confirmation' and text_body like $1`,
      [`%${number}%`],
    );
    if (!rows[0]) throw new Error(`no confirmation mail for ${number}`);
    return { to: rows[0].to_address, text: rows[0].text_body };
  }

  async stock(productId: string, variantId?: string): Promise<number> {
    const { rows } = await this.server.ctx.db.query<{ stock: number }>(
      `select stock from commerce_variants where site_id = $1 and product_id = $2 ${variantId ? 'and id = $3' : ''}
       order by position limit 1`,
      variantId ? [this.server.siteId, productId, variantId] : [this.server.siteId, productId],
    );
    return Number(rows[0]?.stock);
  }
}
