/**
 * What the commerce suites share: products saved through the module's one write path (`saveProduct`), discount
 * codes, visitor and member tokens, and a JSON client. Members are written directly with a session, as the
 * suites need a buyer, not a sign-in.
 */
import { randomUUID } from 'node:crypto';
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

  async stock(productId: string, variantId?: string): Promise<number> {
    const { rows } = await this.server.ctx.db.query<{ stock: number }>(
      `select stock from commerce_variants where site_id = $1 and product_id = $2 ${variantId ? 'and id = $3' : ''}
       order by position limit 1`,
      variantId ? [this.server.siteId, productId, variantId] : [this.server.siteId, productId],
    );
    return Number(rows[0]?.stock);
  }
}
