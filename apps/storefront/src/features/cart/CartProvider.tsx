import { useQuery, useSession } from '@vitrine/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Cart, LineItem } from '../../app/ecom-types.js';
import { useRuntimeConfig } from '../../config/config-context.js';
import {
  addToCart,
  clampQuantity,
  countItems,
  fetchCart,
  removeLine,
  setLineQuantity,
  type AddItem,
} from './cart-api.js';
import { CartContext } from './cart-context.js';
import { useCartMemory } from './use-cart-memory.js';
import { applyCoupon as applyCartCoupon, removeCoupon as removeCartCoupon } from './cart-extras.js';
import type { CartContextValue } from './cart-context.js';
import { holds, lineMax, roomFor } from './cart-limits.js';
import { useEcom } from './use-ecom.js';

/**
 * Holds the shopper's eCom cart. Changes are sent one after another (quick repeated clicks never race each other
 * into duplicate lines) and each answer is the whole cart as the server priced it; quantity changes and removals
 * show at once (optimistic), and a failure reloads the truth. Quantities stay within the site's caps
 * (`cartLimits` of the run-time config), so the server never refuses the cart for them. A shopper this browser
 * knows to have no cart is not asked for one (cart-memory.ts); `reload` always asks.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const ecom = useEcom();
  const { cartLimits: limits } = useRuntimeConfig();
  const { identity, isMember } = useSession();
  const memory = useCartMemory();
  const askAnyway = useRef(false);
  const query = useQuery(['cart'], async () => {
    const ask = askAnyway.current || memory.mayHaveCart(identity, isMember);
    askAnyway.current = false;
    if (!ask) return null;
    const cart = await fetchCart(ecom);
    memory.remember(identity, cart != null);
    return cart;
  });
  const { setData, refetch } = query;
  const reload = useCallback(() => {
    askAnyway.current = true;
    return refetch();
  }, [refetch]);
  const [error, setError] = useState<string>();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef<Cart | null>(null);
  latest.current = query.data ?? null;

  /** Shows `optimistic` at once (when given), then sends the change; the server's cart replaces it. */
  const change = useCallback(
    (send: () => Promise<Cart>, optimistic?: (cart: Cart) => Cart, rethrow = false) => {
      setError(undefined);
      if (optimistic) setData((cart) => (cart ? (latest.current = optimistic(cart)) : (cart ?? null)));
      const run = queue.current.then(async () => {
        const cart = await send();
        memory.remember(identity, true);
        setData(() => (latest.current = cart));
      });
      queue.current = run.catch(() => undefined);
      return run.catch(async (cause: unknown) => {
        await reload().catch(() => undefined);
        if (rethrow) throw cause;
        console.error('Cart change failed', cause);
        setError('cart.updateFailed'); // a catalog id: shown in the shopper's language
      });
    },
    [setData, reload, memory, identity],
  );

  // Adds not answered yet, shown on top of the server's cart (the count moves at the click).
  const [pending, setPending] = useState<PendingAdd[]>([]);
  const pendingRef = useRef<PendingAdd[]>([]);
  const seq = useRef(0);
  const lines = useMemo(() => withPending(query.data?.lineItems ?? [], pending), [query.data, pending]);

  const add = useCallback(
    (item: AddItem) => {
      // Only what the caps leave room for; nothing at all when the cart is full (the add button says why).
      const shown = withPending(latest.current?.lineItems ?? [], pendingRef.current);
      const units = clampQuantity(item.quantity ?? 1, roomFor(shown, item.productId, limits, item.variantId).room);
      if (units == 0) return Promise.resolve();
      const mine: PendingAdd = { seq: ++seq.current, item: { ...item, quantity: units } };
      setPending((list) => (pendingRef.current = [...list, mine]));
      const done = () => setPending((list) => (pendingRef.current = list.filter((p) => p != mine)));
      // Dropped once the server's cart (or, on a failure, the reloaded one) is in place: no flicker between.
      return change(() => addToCart(ecom, mine.item)).finally(done);
    },
    [change, ecom, limits],
  );

  const remove = useCallback(
    (lineId: string) =>
      // A line still travelling has no id on the server yet: its controls wait for it.
      lineId.startsWith('pending-')
        ? Promise.resolve()
        : change(
            () => removeLine(ecom, lineId),
            (cart) => ({ ...cart, lineItems: cart.lineItems.filter((l) => l.id != lineId) }),
          ),
    [change, ecom],
  );

  const setQuantity = useCallback(
    (lineId: string, quantity: number) => {
      if (lineId.startsWith('pending-')) return Promise.resolve();
      const all = latest.current?.lineItems ?? [];
      const line = all.find((l) => l.id == lineId);
      const q = clampQuantity(quantity, line ? lineMax(all, line, limits) : 0);
      if (q == 0) return remove(lineId);
      return change(
        () => setLineQuantity(ecom, lineId, q),
        (cart) => ({ ...cart, lineItems: cart.lineItems.map((l) => (l.id == lineId ? { ...l, quantity: q } : l)) }),
      );
    },
    [change, ecom, remove, limits],
  );

  const applyCoupon = useCallback(
    (code: string) => change(() => applyCartCoupon(ecom, code), undefined, true),
    [change, ecom],
  );
  const removeCoupon = useCallback(() => change(() => removeCartCoupon(ecom)), [change, ecom]);
  const ordered = useCallback(() => {
    memory.remember(identity, false);
    setData(() => (latest.current = null));
  }, [memory, identity, setData]);

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      cart: query.data ?? null,
      status: query.status == 'success' || query.data !== undefined ? 'success' : query.status,
      count: countItems(lines),
      error,
      limits,
      room: (productId: string, variantId?: string) => roomFor(lines, productId, limits, variantId),
      add,
      setQuantity,
      remove,
      applyCoupon,
      removeCoupon,
      reload,
      ordered,
    }),
    [
      lines,
      query.data,
      query.status,
      error,
      limits,
      add,
      setQuantity,
      remove,
      applyCoupon,
      removeCoupon,
      reload,
      ordered,
    ],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

interface PendingAdd {
  seq: number;
  item: AddItem;
}

/** The server's lines with the adds still travelling: a line they add to grows, a new one shows as pending. */
function withPending(lines: LineItem[], pending: readonly PendingAdd[]): LineItem[] {
  let out = lines;
  for (const { seq, item } of pending) {
    const units = item.quantity ?? 1;
    const line = out.find((l) => holds(l, item.productId, item.variantId));
    out = line
      ? out.map((l) => (l == line ? { ...l, quantity: l.quantity + units } : l))
      : [
          ...out,
          {
            id: `pending-${seq}`,
            quantity: units,
            catalogReference: {
              catalogItemId: item.productId,
              ...(item.variantId ? { options: { variantId: item.variantId } } : {}),
            },
            productName: { original: '' },
            price: { amount: '0', formattedAmount: '' },
            descriptionLines: [],
          },
        ];
  }
  return out;
}
