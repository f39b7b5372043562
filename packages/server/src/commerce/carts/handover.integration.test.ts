/**
 * A visitor who signs in keeps their cart (docs/commerce.md → Carts → Signing in): it becomes the member's when
 * they have none, and is added to theirs (same variants added up within the caps) when they have one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { adoptVisitorCart } from './handover.js';
import { addToCart } from './service.js';
import { findCart, type CartOwner } from './store.js';

let server: TestServer;
let kit: CommerceKit;
let mug: string;
let plate: string;

beforeAll(async () => {
  server = await startTestServer({ site: (s) => ({ ...s, shop: { ...s.shop, maxUnitsPerProduct: 4 } }) });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug' });
  plate = await kit.product({ name: 'Plate' });
});

afterAll(async () => {
  await server?.close();
});

const site = () => server.ctx.sites.get(server.siteId)!;
const add = (owner: CartOwner, productId: string, quantity: number) =>
  addToCart(server.ctx, site(), owner, [{ catalogReference: { catalogItemId: productId }, quantity }]);
const signIn = (visitorId: string, memberId: string) =>
  server.ctx.db.transaction((tx) => adoptVisitorCart(tx, site(), visitorId, memberId, Date.now()));

describe('signing in with a cart', () => {
  it('makes the visitor’s cart the member’s when they have none', async () => {
    const visitor: CartOwner = { kind: 'visitor', id: `v-${Date.now()}-1` };
    const cart = await add(visitor, mug, 2);
    await signIn(visitor.id, 'member-without-cart');
    const theirs = await findCart(server.ctx.db, server.siteId, { kind: 'member', id: 'member-without-cart' });
    expect(theirs?.id).toBe(cart.id);
    expect(theirs?.lines.map((l) => l.quantity)).toEqual([2]);
    expect(await findCart(server.ctx.db, server.siteId, visitor)).toBeUndefined();
  });

  it('adds the visitor’s lines to the member’s cart within the caps, and deletes the visitor’s', async () => {
    const visitor: CartOwner = { kind: 'visitor', id: `v-${Date.now()}-2` };
    const member: CartOwner = { kind: 'member', id: 'member-with-cart' };
    await add(member, mug, 3);
    await add(visitor, mug, 3);
    await add(visitor, plate, 1);
    await signIn(visitor.id, member.id);
    const merged = await findCart(server.ctx.db, server.siteId, member);
    expect(merged?.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [mug, 4],
      [plate, 1],
    ]);
    expect(await findCart(server.ctx.db, server.siteId, visitor)).toBeUndefined();
  });
});
